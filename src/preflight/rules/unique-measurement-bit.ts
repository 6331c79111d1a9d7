/**
 * One measurement per classical bit.
 *
 * Invariant: no classical bit is assigned by two measurements. The reason is
 * the fixed text naming the bit as written and where both measurement
 * statements start, earlier first; `related` points at the earlier one.
 *
 * Spec: service-api.md "Measurement and reset" and "Limits" (classical bit
 * reuse); decisions.md section 1 (fixed texts).
 */
import type { GateOperand, Statement } from '../../ast/nodes.js';
import { classicalBitReused, firstMeasurementInto } from '../../diagnostics/index.js';
import { textOf } from '../../inline/index.js';
import type { PreflightRule } from '../rule.js';

const TOP_LEVEL = { definition: null, body: null } as const;

export const uniqueMeasurementBitRule: PreflightRule = {
  id: 'unique-measurement-bit',
  code: 'PreflightError',
  description: 'Each classical bit receives at most one measurement.',
  create(context) {
    const firstMeasurement = new Map<number, Statement>();
    const check = (statement: Statement, target: GateOperand | null) => {
      if (target === null) return;
      const bit = context.resolve(target, 'bit', TOP_LEVEL);
      if (bit.kind !== 'single') return;
      const first = firstMeasurement.get(bit.global);
      if (first === undefined) {
        firstMeasurement.set(bit.global, statement);
        return;
      }
      const written = textOf(context.source, target).replace(/\s+/g, '');
      context.report({
        reason: classicalBitReused(written, first.span.start, statement.span.start),
        at: statement,
        related: [{ message: firstMeasurementInto(written), span: first.span }],
      });
    };
    return {
      MeasureStatement(statement) {
        check(statement, statement.target);
      },
      Assignment(statement) {
        if (statement.value.kind === 'MeasureExpression') check(statement, statement.target);
      },
    };
  },
};
