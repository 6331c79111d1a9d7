/**
 * Unknown gate.
 *
 * Invariant: every called gate is in the catalogue (accepted or rejected) or
 * defined by the program (before or after the call: the gate-definition rule
 * judges the order).
 *
 * Spec: service-api.md "Gates" (`Unknown gate: <name>`); decisions.md section 1.
 */
import { didYouMean, suggest, unknownGate } from '../../diagnostics/index.js';
import { ACCEPTED_GATES_BY_NAME } from '../../tables/index.js';
import type { PreflightRule } from '../rule.js';

export const unknownGateRule: PreflightRule = {
  id: 'unknown-gate',
  code: 'PreflightError',
  description: 'Every called gate is a gate of the catalogue or one the program defines.',
  create(context) {
    return {
      GateCall(call, scope) {
        const name = call.name.name;
        if (context.lookupGate(name).kind !== 'unknown') return;
        if (context.laterDefinition(name) !== undefined || scope.definition?.name.name === name) return;
        const candidates = [...ACCEPTED_GATES_BY_NAME.keys(), ...context.definedGateNames()];
        const near = suggest(name, candidates);
        context.report({ reason: unknownGate(name), at: call.name, ...(near ? { hint: didYouMean(near) } : {}) });
      },
    };
  },
};
