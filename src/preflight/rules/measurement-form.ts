/**
 * Measurement and reset forms.
 *
 * Invariant: measurements are `c[i] = measure q[j];` or
 * `measure q[j] -> c[i];`, resets are `reset q[j];`: one qubit into one bit.
 * Whole-register measure and reset, measure without a destination, compound
 * assignment and measurement inside a declaration are refused.
 *
 * Spec: service-api.md "Measurement and reset"; decisions.md section 2
 * ("Gate broadcast": whole-register measure and reset stay rejected).
 */
import type { GateOperand, Statement } from '../../ast/nodes.js';
import {
  compoundMeasureAssignment,
  measureInDeclaration,
  measureWithoutDestination,
  wholeRegisterDestination,
  wholeRegisterMeasurement,
  wholeRegisterReset,
} from '../../diagnostics/index.js';
import { textOf } from '../../inline/index.js';
import { statementText } from '../statement-text.js';
import type { PreflightRule } from '../rule.js';

const TOP_LEVEL = { definition: null, body: null } as const;

export const measurementFormRule: PreflightRule = {
  id: 'measurement-form',
  code: 'PreflightError',
  description: 'Measure and reset one qubit at a time, and measure into one bit.',
  create(context) {
    const isWhole = (operand: GateOperand, kind: 'qubit' | 'bit') =>
      context.resolve(operand, kind, TOP_LEVEL).kind === 'register';
    const checkMeasurement = (statement: Statement, operand: GateOperand, target: GateOperand | null) => {
      if (isWhole(operand, 'qubit'))
        context.report({ reason: wholeRegisterMeasurement(textOf(context.source, operand)), at: operand });
      else if (target !== null && isWhole(target, 'bit'))
        context.report({ reason: wholeRegisterDestination(textOf(context.source, target)), at: target });
      if (target === null)
        context.report({ reason: measureWithoutDestination(statementText(context.source, statement)), at: statement });
    };
    return {
      MeasureStatement(statement) {
        checkMeasurement(statement, statement.measure.operand, statement.target);
      },
      Assignment(statement) {
        if (statement.value.kind !== 'MeasureExpression') return;
        if (statement.op !== '=') context.report({ reason: compoundMeasureAssignment(statement.op), at: statement });
        checkMeasurement(statement, statement.value.operand, statement.target);
      },
      ClassicalDeclaration(statement) {
        if (statement.init?.kind !== 'MeasureExpression') return;
        const isBitRegister = statement.type.kind === 'ScalarType' && statement.type.name === 'bit';
        context.report({ reason: measureInDeclaration(statement.name.name, isBitRegister), at: statement.init });
      },
      Reset(statement) {
        if (isWhole(statement.operand, 'qubit'))
          context.report({
            reason: wholeRegisterReset(textOf(context.source, statement.operand)),
            at: statement.operand,
          });
      },
    };
  },
};
