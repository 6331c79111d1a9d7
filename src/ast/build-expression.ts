/**
 * Operator precedence, as one table. The grammar reads an expression as a
 * flat run `operand (operator operand)*` (each operand with its prefix
 * operators); this module folds the run into a tree. Order follows the
 * reference grammar (qasm3Parser.g4), tightest first: `**` (right
 * associative, and tighter than a prefix `-`, so `-2**2` is `-(2**2)`), then
 * prefix `- ! ~`, `* / %`, `+ -`, shifts, comparisons, equality, `&`, `^`,
 * `|`, `&&`, `||`, and `++` (concatenation in `let`) loosest.
 */
import type { BinaryOperator, Expression, Unary } from './nodes.js';

/** Binding strength of each binary operator (higher binds tighter); `**` is handled apart. */
export const BINARY_PRECEDENCE: Readonly<Record<Exclude<BinaryOperator, '**'>, number>> = Object.freeze({
  '*': 10,
  '/': 10,
  '%': 10,
  '+': 9,
  '-': 9,
  '<<': 8,
  '>>': 8,
  '<': 7,
  '>': 7,
  '<=': 7,
  '>=': 7,
  '==': 6,
  '!=': 6,
  '&': 5,
  '^': 4,
  '|': 3,
  '&&': 2,
  '||': 1,
  '++': 0,
});

/** A prefix operator as written, with where it starts. */
export interface PrefixOperator {
  readonly op: Unary['op'];
  readonly startOffset: number;
}

/** One operand of the flat run: its prefix operators (outermost first) and the operand itself. */
export interface OperandWithPrefixes {
  readonly prefixes: readonly PrefixOperator[];
  readonly operand: Expression;
}

export interface ExpressionFactory {
  binary(op: BinaryOperator, left: Expression, right: Expression): Expression;
  unary(op: Unary['op'], operand: Expression, startOffset: number): Expression;
}

const NO_PREFIXES: readonly PrefixOperator[] = Object.freeze([]);
export { NO_PREFIXES };

/**
 * Folds `operands[0] ops[0] operands[1] ...` into a tree by precedence.
 * Iterative (an explicit stack), so a long flat run cannot overflow the stack.
 */
export function foldExpression(
  operands: readonly OperandWithPrefixes[],
  ops: readonly BinaryOperator[],
  make: ExpressionFactory,
): Expression {
  // First pass: power chains with their prefixes become single operands.
  const terms: Expression[] = [];
  const termOps: Exclude<BinaryOperator, '**'>[] = [];
  let i = 0;
  while (i < operands.length) {
    let j = i;
    while (j < ops.length && ops[j] === '**') j++;
    // operands i..j form a right-associative power chain; prefixes of a later
    // operand in the chain apply to the rest of the chain (`a ** -b ** c`).
    let value = applyPrefixes(operands[j] as OperandWithPrefixes, (operands[j] as OperandWithPrefixes).operand, make);
    for (let k = j - 1; k >= i; k--) {
      const item = operands[k] as OperandWithPrefixes;
      value = applyPrefixes(item, make.binary('**', item.operand, value), make);
    }
    terms.push(value);
    if (j < ops.length) termOps.push(ops[j] as Exclude<BinaryOperator, '**'>);
    i = j + 1;
  }
  // Second pass: shunting-yard over the remaining left-associative operators.
  const values: Expression[] = [terms[0] as Expression];
  const pending: Exclude<BinaryOperator, '**'>[] = [];
  for (let k = 0; k < termOps.length; k++) {
    const op = termOps[k] as Exclude<BinaryOperator, '**'>;
    const prec = BINARY_PRECEDENCE[op];
    while (
      pending.length > 0 &&
      BINARY_PRECEDENCE[pending[pending.length - 1] as Exclude<BinaryOperator, '**'>] >= prec
    ) {
      reduce(values, pending, make);
    }
    pending.push(op);
    values.push(terms[k + 1] as Expression);
  }
  while (pending.length > 0) reduce(values, pending, make);
  return values[0] as Expression;
}

function reduce(values: Expression[], pending: BinaryOperator[], make: ExpressionFactory): void {
  const right = values.pop() as Expression;
  const left = values.pop() as Expression;
  values.push(make.binary(pending.pop() as BinaryOperator, left, right));
}

function applyPrefixes(item: OperandWithPrefixes, inner: Expression, make: ExpressionFactory): Expression {
  let value = inner;
  for (let p = item.prefixes.length - 1; p >= 0; p--) {
    const prefix = item.prefixes[p] as PrefixOperator;
    value = make.unary(prefix.op, value, prefix.startOffset);
  }
  return value;
}
