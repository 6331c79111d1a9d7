/**
 * Gate limit.
 *
 * Invariant: the program expands to at most `maxGates` gate applications
 * (default 1,000,000; broadcasts and gate definitions counted, barriers
 * included). Counted from the definitions' sizes before anything is built,
 * so a nest that would expand to 2^60 gates fails at once; reported once,
 * at the statement that crosses the limit, with code TooManyGates.
 *
 * Spec: decisions.md sections 1 and 2 ("Expansion is bounded").
 */
import { tooManyGates, type Span } from '../../diagnostics/index.js';
import { callName } from '../call-text.js';
import type { PreflightRule } from '../rule.js';

export const tooManyGatesRule: PreflightRule = {
  id: 'too-many-gates',
  code: 'TooManyGates',
  description: 'The program expands to at most the gate limit (default 1,000,000 applications).',
  create(context) {
    let reported = false;
    // The driver counts what came before (it owns budgets, and plain calls are counted without a visit).
    const count = (size: number, construct: () => string, at: { span: Span }) => {
      const total = context.gatesBefore + size;
      if (reported || total <= context.maxGates) return;
      reported = true;
      context.report({ reason: tooManyGates(context.maxGates, total, construct()), at });
    };
    return {
      PlainGateCall: (call) => reported || context.gatesBefore + call.size <= context.maxGates,
      GateCall(call, scope) {
        if (scope.definition === null)
          count(context.expansionSize(call), () => `this call of ${callName(context.source, call)}`, call);
      },
      Barrier(barrier, scope) {
        if (scope.definition === null) count(context.expansionSize(barrier), () => 'this barrier', barrier);
      },
    };
  },
};
