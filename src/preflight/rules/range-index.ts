/**
 * Range and set indices.
 *
 * Invariant: operands index one element at a time: no `q[0:1]`, `q[{0, 1}]`
 * or `q[0, 1]`, wherever an operand stands (gates, measure, reset, barrier,
 * let).
 *
 * Spec: service-api.md "Other constructs" (range indexing `q[0:1]` rejected).
 */
import type { GateOperand, IndexOperator } from '../../ast/nodes.js';
import { rangeIndex } from '../../diagnostics/index.js';
import { aliasOperand, isRangeIndex, textOf } from '../../inline/index.js';
import type { PreflightRule } from '../rule.js';

function formOf(index: IndexOperator): string {
  if (index.kind === 'DiscreteSet') return 'Index set';
  return index.items.length > 1 ? 'Index list' : 'Range index';
}

export const rangeIndexRule: PreflightRule = {
  id: 'range-index',
  code: 'PreflightError',
  description: 'Operands index one qubit or bit at a time: no ranges, sets or index lists.',
  create(context) {
    const check = (operand: GateOperand | null) => {
      if (operand === null || operand.kind !== 'IndexedIdentifier') return;
      const indices = operand.indices;
      for (let i = 0; i < indices.length; i++) {
        const index = indices[i] as IndexOperator;
        if (isRangeIndex(index))
          context.report({
            reason: rangeIndex(formOf(index), textOf(context.source, operand), operand.name.name),
            at: index,
          });
      }
    };
    const checkAll = (operands: readonly GateOperand[]) => {
      for (let i = 0; i < operands.length; i++) check(operands[i] as GateOperand);
    };
    return {
      // A plain call's operands each have one integer index.
      PlainGateCall: () => true,
      GateCall(call) {
        checkAll(call.qubits);
      },
      MeasureStatement(statement) {
        check(statement.measure.operand);
        check(statement.target);
      },
      Assignment(statement) {
        if (statement.value.kind !== 'MeasureExpression') return;
        check(statement.value.operand);
        check(statement.target);
      },
      ClassicalDeclaration(statement) {
        if (statement.init?.kind === 'MeasureExpression') check(statement.init.operand);
      },
      Reset(statement) {
        check(statement.operand);
      },
      Barrier(statement) {
        checkAll(statement.operands);
      },
      AliasDeclaration(statement) {
        check(aliasOperand(statement.value));
      },
    };
  },
};
