/**
 * Rejected gate.
 *
 * Invariant: no call of a gate the service lists as rejected (sxdg, U, u1,
 * u2, u3, ccx, crz, ch, cp, crx, cry, cswap, cu); the reason says what to
 * write instead, from the catalogue, and the hint gives that rewrite as code
 * for this very call (`p(pi/2) q[1];` for `u1(pi/2) q[1];`).
 *
 * Spec: service-api.md "Gates" (Rejected row).
 */
import { rejectedGate } from '../../diagnostics/index.js';
import { rewriteHint } from '../rewrite-hint.js';
import { GATE_REWRITES_BY_NAME } from '../rewrites.js';
import type { PreflightRule } from '../rule.js';

export const rejectedGateRule: PreflightRule = {
  id: 'rejected-gate',
  code: 'PreflightError',
  description: 'No call of a gate the service rejects (sxdg, U, u1, u2, u3, ccx, crz, ch, cp, crx, cry, cswap, cu).',
  create(context) {
    return {
      GateCall(call, scope) {
        const found = context.lookupGate(call.name.name);
        if (found.kind !== 'rejected') return;
        const rewrite = call.modifiers.length === 0 ? GATE_REWRITES_BY_NAME.get(found.gate.name) : undefined;
        const fits = rewrite !== undefined && call.qubits.length === found.gate.qubits;
        const hint =
          rewrite === undefined
            ? undefined
            : rewriteHint(call, context, scope, rewrite, (angles) => (fits && angles.length === rewrite.params ? rewrite.steps(angles, call.qubits.length) : null));
        context.report({ reason: rejectedGate(found.gate.name, found.gate.instead), at: call.name, ...(hint !== undefined ? { hint } : {}) });
      },
    };
  },
};
