/**
 * Bit operands.
 *
 * Invariant: every measurement destination names a declared bit register
 * with an integer-literal index inside it. (Whole-register destinations:
 * measurement-form; ranges and sets: range-index.)
 *
 * Spec: service-api.md "Measurement and reset"; decisions.md section 2 "Registers".
 */
import type { GateOperand } from '../../ast/nodes.js';
import type { PreflightRule } from '../rule.js';

export const bitOperandRule: PreflightRule = {
  id: 'bit-operand',
  code: 'PreflightError',
  description: 'Measurement destinations are declared bit registers with integer-literal indices in range.',
  create(context) {
    const check = (operand: GateOperand | null) => {
      if (operand === null) return;
      const resolution = context.resolve(operand, 'bit', { definition: null, body: null });
      if (resolution.kind === 'problem') {
        context.report({
          reason: resolution.reason,
          at: resolution.node,
          ...(resolution.hint ? { hint: resolution.hint } : {}),
        });
      }
    };
    return {
      MeasureStatement(statement) {
        check(statement.target);
      },
      Assignment(statement) {
        if (statement.value.kind === 'MeasureExpression') check(statement.target);
      },
    };
  },
};
