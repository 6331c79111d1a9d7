/**
 * Constant arguments.
 *
 * Invariant: every gate argument is a constant built from integer, float and
 * scientific literals, `pi`/`π`, unary minus, `*`, `/` and parentheses (and,
 * inside a gate definition, the gate's own parameters), without division by
 * zero. The reason names the offending part: `+`/`-` between terms, a
 * classical variable, `tau`/`euler`, a non-numeric literal, a call.
 *
 * Division by zero that only appears once a definition's parameters have
 * values (`g(0) q[0];` with `rz(1/a)` in g) is found by the inliner and
 * reported under this rule at the call site, with the definition in `related`.
 *
 * Spec: service-api.md "Other constructs" (gate arguments must be constant);
 * decisions.md section 2 "Constants".
 */
import { writeValueHint } from '../../diagnostics/index.js';
import { angleText, arithmeticValue } from '../angle-text.js';
import type { PreflightRule } from '../rule.js';

export const constantArgumentRule: PreflightRule = {
  id: 'constant-argument',
  code: 'PreflightError',
  description: "Gate arguments are constants: literals, pi, unary minus, * and /, and a definition's own parameters.",
  create(context) {
    return {
      // The parser folded a plain call's arguments only from what this rule accepts (literals, pi, -, * and /).
      PlainGateCall: () => true,
      GateCall(call, scope) {
        if (call.args === null) return;
        for (const arg of call.args) {
          const result = context.evaluate(arg, scope);
          if (result.ok) continue;
          // A sum of constants is refused, but its value is known: give it in the accepted form, for the part underlined.
          const value = arithmeticValue(result.problem.node);
          const hint = value === null ? undefined : writeValueHint(angleText(value));
          context.report({ reason: result.problem.reason, at: result.problem.node, ...(hint ? { hint } : {}) });
        }
      },
    };
  },
};
