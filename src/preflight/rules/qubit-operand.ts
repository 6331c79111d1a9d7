/**
 * Qubit operands.
 *
 * Invariant: every qubit operand names a declared qubit register (or a `let`
 * alias of one) with an integer-literal index inside it, or a whole register
 * for broadcast over registers of equal size; no physical qubit (`$0`); no
 * qubit twice in one gate. Inside a gate body, operands are the gate's own
 * qubit arguments, unindexed. (Ranges and sets: range-index.)
 *
 * Spec: service-api.md "Declarations"; decisions.md section 2 "Registers" and
 * "Gate broadcast".
 */
import type { GateCall, GateOperand } from '../../ast/nodes.js';
import { broadcastSizeMismatch, qubitUsedTwice } from '../../diagnostics/index.js';
import { aliasOperand } from '../../inline/index.js';
import type { OperandResolution } from '../../inline/index.js';
import { callName } from '../call-text.js';
import type { PreflightRule, RuleContext, StatementScope } from '../rule.js';

type Resolved = OperandResolution & { kind: 'single' | 'register' | 'argument' };

export const qubitOperandRule: PreflightRule = {
  id: 'qubit-operand',
  code: 'PreflightError',
  description: 'Qubit operands are declared registers with integer-literal indices in range, distinct within a gate.',
  create(context) {
    const check = (operand: GateOperand, scope: StatementScope): OperandResolution => {
      const resolution = context.resolve(operand, 'qubit', scope);
      if (resolution.kind === 'problem') {
        context.report({ reason: resolution.reason, at: resolution.node, ...(resolution.hint ? { hint: resolution.hint } : {}) });
      }
      return resolution;
    };
    return {
      GateCall(call, scope) {
        const resolved = call.qubits.map((q) => check(q, scope));
        checkDistinct(context, call, resolved);
      },
      MeasureStatement(statement, scope) {
        check(statement.measure.operand, scope);
      },
      Assignment(statement, scope) {
        if (statement.value.kind === 'MeasureExpression') check(statement.value.operand, scope);
      },
      ClassicalDeclaration(statement, scope) {
        if (statement.init?.kind === 'MeasureExpression') check(statement.init.operand, scope);
      },
      Reset(statement, scope) {
        check(statement.operand, scope);
      },
      Barrier(statement, scope) {
        for (const operand of statement.operands) check(operand, scope);
      },
      AliasDeclaration(statement, scope) {
        const operand = aliasOperand(statement.value);
        if (operand !== null) check(operand, scope);
      },
    };
  },
};

function checkDistinct(context: RuleContext, call: GateCall, resolutions: readonly OperandResolution[]): void {
  let broadcast: (Resolved & { kind: 'register' }) | null = null;
  for (let j = 0; j < resolutions.length; j++) {
    const current = resolutions[j] as OperandResolution;
    if (current.kind !== 'single' && current.kind !== 'register' && current.kind !== 'argument') continue;
    const operand = call.qubits[j] as GateOperand;
    if (current.kind === 'register') {
      if (broadcast !== null && broadcast.register.size !== current.register.size) {
        context.report({
          reason: broadcastSizeMismatch(callName(context.source, call), broadcast.register.name, broadcast.register.size, current.register.name, current.register.size),
          at: operand,
        });
        return;
      }
      broadcast ??= current;
    }
    for (let i = 0; i < j; i++) {
      const earlier = resolutions[i] as OperandResolution;
      if (overlaps(earlier, current)) {
        context.report({ reason: qubitUsedTwice(sharedQubit(earlier as Resolved, call.qubits[i] as GateOperand, current, operand), callName(context.source, call)), at: operand });
        break;
      }
    }
  }
}

function overlaps(a: OperandResolution, b: Resolved): boolean {
  switch (a.kind) {
    case 'single':
      return b.kind === 'single' ? a.global === b.global : b.kind === 'register' && a.register === b.register;
    case 'register':
      return (b.kind === 'single' || b.kind === 'register') && a.register === b.register;
    case 'argument':
      return b.kind === 'argument' && a.position === b.position;
    default:
      return false;
  }
}

/** The qubit two overlapping operands share, as written: the single one when there is one. */
function sharedQubit(earlier: Resolved, earlierOperand: GateOperand, current: Resolved, operand: GateOperand): string {
  return current.kind !== 'single' && earlier.kind === 'single' ? describe(earlier, earlierOperand) : describe(current, operand);
}

function describe(resolution: Resolved, operand: GateOperand): string {
  if (resolution.kind === 'single') return `${resolution.register.name}[${resolution.index}]`;
  if (resolution.kind === 'register') return resolution.register.name;
  return operand.kind === 'IndexedIdentifier' ? operand.name.name : operand.name;
}
