/**
 * Rejected gate.
 *
 * Invariant: no call of a gate the service lists as rejected (sxdg, U, u1,
 * u2, u3, ccx, crz, ch, cp, crx, cry, cswap, cu); the reason says what to
 * write instead, from the catalogue.
 *
 * Spec: service-api.md "Gates" (Rejected row).
 */
import { rejectedGate } from '../../diagnostics/index.js';
import type { PreflightRule } from '../rule.js';

export const rejectedGateRule: PreflightRule = {
  id: 'rejected-gate',
  code: 'PreflightError',
  description: 'No call of a gate the service rejects (sxdg, U, u1, u2, u3, ccx, crz, ch, cp, crx, cry, cswap, cu).',
  create(context) {
    return {
      GateCall(call) {
        const found = context.lookupGate(call.name.name);
        if (found.kind === 'rejected') context.report({ reason: rejectedGate(found.gate.name, found.gate.instead), at: call.name });
      },
    };
  },
};
