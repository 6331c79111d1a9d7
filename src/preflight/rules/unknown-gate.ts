/**
 * Unknown gate.
 *
 * Invariant: every called gate is in the catalogue (accepted or rejected) or
 * defined by the program (before or after the call: the gate-definition rule
 * judges the order).
 *
 * Hints lead somewhere: a gate with a known rewrite (cphase, rzz, iswap, ...)
 * gets the rewrite in accepted gates; a `def` subroutine called like a gate
 * is named; otherwise a near name of the same arity and parameter count.
 *
 * Spec: service-api.md "Gates" (`Unknown gate: <name>`); decisions.md section 1.
 */
import type { GateCall, SubroutineDefinition } from '../../ast/nodes.js';
import { didYouMean, subroutineCall, subroutineCallHint, suggest, unknownGate } from '../../diagnostics/index.js';
import { modifierControls } from '../../inline/index.js';
import { ACCEPTED_GATES_BY_NAME } from '../../tables/index.js';
import { gateRewriteHint } from '../rewrite-hint.js';
import { subroutinesOf } from '../subroutines.js';
import type { PreflightRule, RuleContext } from '../rule.js';

export const unknownGateRule: PreflightRule = {
  id: 'unknown-gate',
  code: 'PreflightError',
  description: 'Every called gate is a gate of the catalogue or one the program defines.',
  create(context) {
    // Built on the first refused call only: most programs never need it.
    let subroutines: ReadonlyMap<string, SubroutineDefinition> | null = null;
    const subroutine = (name: string) => (subroutines ??= subroutinesOf(context.program)).get(name);
    return {
      PlainGateCall: (call) => call.gate.kind !== 'unknown',
      GateCall(call, scope) {
        const name = call.name.name;
        if (context.lookupGate(name).kind !== 'unknown') return;
        if (context.laterDefinition(name) !== undefined || scope.definition?.name.name === name) return;
        const called = subroutine(name);
        if (called !== undefined) {
          context.report({
            reason: subroutineCall(name, called.span.start.line),
            at: call.name,
            hint: subroutineCallHint(name),
          });
          return;
        }
        const hint = gateRewriteHint(call, context, scope) ?? similarName(call, context);
        context.report({ reason: unknownGate(name), at: call.name, ...(hint !== undefined ? { hint } : {}) });
      },
    };
  },
};

/** A near name among gates taking as many angles and qubits as the call gives: `cnto` -> `cnot`, never `cphase` -> `xphase`. */
function similarName(call: GateCall, context: RuleContext): string | undefined {
  const params = call.args?.length ?? 0;
  const qubits = call.qubits.length - modifierControls(call.modifiers);
  const candidates: string[] = [];
  for (const [name, gate] of ACCEPTED_GATES_BY_NAME)
    if (gate.params === params && gate.qubits === qubits) candidates.push(name);
  for (const name of context.definedGateNames()) {
    const found = context.lookupGate(name);
    if (found.kind === 'user' && found.gate.params.length === params && found.gate.qubits.length === qubits)
      candidates.push(name);
  }
  const near = suggest(call.name.name, candidates);
  return near === undefined ? undefined : didYouMean(near);
}
