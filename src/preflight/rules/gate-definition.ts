/**
 * Gate definitions.
 *
 * Invariant: a gate is defined before its first use, never redefines a
 * built-in (accepted or rejected) or an earlier definition, never calls
 * itself, names each parameter and qubit once, its body holds only gate
 * calls, `gphase` and `barrier`, and calls nest at most 1,000 definitions
 * deep (so expansion stays within the call stack).
 *
 * Spec: service-api.md "Gates" (definitions inlined at the call site);
 * decisions.md section 2 "Gate definitions".
 */
import type { Statement } from '../../ast/nodes.js';
import {
  duplicateGateArgument,
  gateNestingTooDeep,
  gateAlreadyDefined,
  gateUsedBeforeDefinition,
  recursiveGate,
  redefinesBuiltinGate,
  statementInGateBody,
} from '../../diagnostics/index.js';
import { LIMITS } from '../../tables/index.js';
import type { PreflightRule } from '../rule.js';

/** How a body statement that is not allowed is named in the reason. */
const BODY_STATEMENT_NAMES: Partial<Record<Statement['kind'], string>> = {
  MeasureStatement: 'measure',
  Assignment: 'Assignment',
  Reset: 'reset',
  QubitDeclaration: 'Qubit declaration',
  OldStyleDeclaration: 'Register declaration',
  ClassicalDeclaration: 'Classical declaration',
  ConstDeclaration: 'const declaration',
  IODeclaration: 'input/output declaration',
  AliasDeclaration: 'let',
  GateDefinition: 'Gate definition',
  SubroutineDefinition: 'def',
  ExternDeclaration: 'extern',
  Return: 'return',
  Delay: 'delay',
  Box: 'box',
  Include: 'include',
  Pragma: 'pragma',
  ExpressionStatement: 'Expression statement',
  Cal: 'cal',
  Defcal: 'defcal',
  Defcalgrammar: 'defcalgrammar',
};

export const gateDefinitionRule: PreflightRule = {
  id: 'gate-definition',
  code: 'PreflightError',
  description:
    'Gates are defined once, before use, without recursion, with bodies of gate calls, gphase and barrier only.',
  create(context) {
    return {
      GateDefinition(definition) {
        const name = definition.name.name;
        const existing = context.lookupGate(name);
        if (existing.kind === 'builtin' || existing.kind === 'rejected') {
          context.report({ reason: redefinesBuiltinGate(name), at: definition.name });
        } else if (existing.kind === 'user') {
          context.report({
            reason: gateAlreadyDefined(name, existing.gate.definition.span.start.line),
            at: definition.name,
          });
        }
        const seen = new Set<string>();
        for (const argument of [...definition.params, ...definition.qubits]) {
          if (seen.has(argument.name))
            context.report({ reason: duplicateGateArgument(argument.name, name), at: argument });
          seen.add(argument.name);
        }
        for (const statement of definition.body) {
          const what = BODY_STATEMENT_NAMES[statement.kind];
          if (what !== undefined) context.report({ reason: statementInGateBody(what, name), at: statement });
        }
        const depth = context.definitionDepth(definition);
        if (depth > LIMITS.maxNestingDepth)
          context.report({ reason: gateNestingTooDeep(name, depth, LIMITS.maxNestingDepth), at: definition.name });
      },
      // A plain call is top level: only an unknown name could be one used before its definition.
      PlainGateCall: (call) => call.gate.kind !== 'unknown',
      GateCall(call, scope) {
        const name = call.name.name;
        if (scope.definition !== null && scope.definition.name.name === name) {
          context.report({ reason: recursiveGate(name), at: call.name });
          return;
        }
        if (context.lookupGate(name).kind !== 'unknown') return;
        const later = context.laterDefinition(name);
        if (later !== undefined)
          context.report({ reason: gateUsedBeforeDefinition(name, later.span.start.line), at: call.name });
      },
    };
  },
};
