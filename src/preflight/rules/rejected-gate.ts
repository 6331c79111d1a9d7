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
import { gateRewriteHint } from '../rewrite-hint.js';
import type { PreflightRule } from '../rule.js';

export const rejectedGateRule: PreflightRule = {
  id: 'rejected-gate',
  code: 'PreflightError',
  description: 'No call of a gate the service rejects (sxdg, U, u1, u2, u3, ccx, crz, ch, cp, crx, cry, cswap, cu).',
  create(context) {
    return {
      PlainGateCall: (call) => call.gate.kind !== 'rejected',
      GateCall(call, scope) {
        const found = context.lookupGate(call.name.name);
        if (found.kind !== 'rejected') return;
        const hint = gateRewriteHint(call, context, scope);
        context.report({
          reason: rejectedGate(found.gate.name, found.gate.instead),
          at: call.name,
          ...(hint !== undefined ? { hint } : {}),
        });
      },
    };
  },
};
