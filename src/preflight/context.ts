/**
 * The rule context: one per rule per run, over the inliner's tables as they
 * stand before the statement being visited, with `report` bound to the
 * rule's id and code.
 */
import type { GateDefinition, Program } from '../ast/nodes.js';
import { createDiagnostic } from '../diagnostics/index.js';
import type { Diagnostic } from '../diagnostics/index.js';
import { evaluateConstant, resolveOperand } from '../inline/index.js';
import type { EvaluationScope, Inliner } from '../inline/index.js';
import type { PreflightRule, RuleContext, StatementScope } from './rule.js';

/** What every rule context of one run shares. */
export interface RunState {
  readonly program: Program;
  readonly inliner: Inliner;
  readonly definitionsByName: ReadonlyMap<string, GateDefinition>;
  /** Gate applications of the top-level calls and barriers so far (the driver adds each after its visit). */
  readonly counted: { gates: number };
  /** Receives every diagnostic of the run, in the order rules report them. */
  readonly sink: (diagnostic: Diagnostic) => void;
}

export function createRuleContext(rule: PreflightRule, run: RunState): RuleContext {
  const { inliner } = run;
  const { source } = inliner;
  const bodyScopes = new Map<GateDefinition, EvaluationScope>();
  const evaluationScope = (scope: StatementScope): EvaluationScope => {
    const definition = scope.definition;
    if (definition === null) return inliner.topLevelScope;
    let cached = bodyScopes.get(definition);
    if (cached === undefined) {
      const params = new Map<string, number | null>(definition.params.map((p) => [p.name, null]));
      cached = { params, isClassicalVariable: inliner.topLevelScope.isClassicalVariable };
      bodyScopes.set(definition, cached);
    }
    return cached;
  };
  return {
    source,
    program: run.program,
    maxGates: inliner.maxGates,
    symbols: inliner.symbols,
    lookupGate: (name) => inliner.gates.lookup(name),
    definedGateNames: () => inliner.gates.definitions.keys(),
    definitionDepth: (definition) => inliner.gates.depthOf(definition),
    laterDefinition: (name) => {
      const definition = run.definitionsByName.get(name);
      return definition !== undefined && !inliner.gates.definitions.has(name) ? definition : undefined;
    },
    resolve: (operand, kind, scope) =>
      scope.body === null
        ? inliner.resolveTopLevel(operand, kind)
        : resolveOperand(operand, kind, inliner.symbols, source, scope.body),
    evaluate: (expression, scope) =>
      scope.definition === null
        ? inliner.evaluateTopLevel(expression)
        : evaluateConstant(expression, evaluationScope(scope), source),
    expansionSize: (statement) => inliner.sizeOf(statement),
    get gatesBefore() {
      return run.counted.gates;
    },
    report: (init) =>
      run.sink(
        createDiagnostic({
          code: rule.code,
          rule: rule.id,
          reason: init.reason,
          span: init.at.span,
          ...(init.related ? { related: init.related } : {}),
          ...(init.hint !== undefined ? { hint: init.hint } : {}),
        }),
      ),
  };
}
