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
      for (const index of operand.indices) {
        if (isRangeIndex(index)) context.report({ reason: rangeIndex(formOf(index), textOf(context.source, operand)), at: index });
      }
    };
    return {
      GateCall(call) {
        call.qubits.forEach(check);
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
        statement.operands.forEach(check);
      },
      AliasDeclaration(statement) {
        check(aliasOperand(statement.value));
      },
    };
  },
};
