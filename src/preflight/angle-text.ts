/**
 * Angles for hints: the value of a constant expression (sums included, which
 * the subset refuses but a hint can compute), and an angle written the way
 * the subset accepts it (`3*pi/4`, `-pi/2`, `0.25`).
 */
import type { Expression } from '../ast/nodes.js';

const PI_NAMES: ReadonlySet<string> = new Set(['pi', 'π']);

/** The value of an expression of literals, pi, parentheses and + - * /; null for anything else. */
export function arithmeticValue(expression: Expression): number | null {
  switch (expression.kind) {
    case 'IntegerLiteral':
      return Number(expression.value);
    case 'FloatLiteral':
      return expression.value;
    case 'Identifier':
      return PI_NAMES.has(expression.name) ? Math.PI : null;
    case 'Unary': {
      const operand = expression.op === '-' ? arithmeticValue(expression.operand) : null;
      return operand === null ? null : -operand;
    }
    case 'Binary': {
      const left = arithmeticValue(expression.left);
      const right = arithmeticValue(expression.right);
      if (left === null || right === null) return null;
      const value = combine(expression.op, left, right);
      return value !== null && Number.isFinite(value) ? value : null;
    }
    default:
      return null;
  }
}

function combine(op: string, left: number, right: number): number | null {
  switch (op) {
    case '+':
      return left + right;
    case '-':
      return left - right;
    case '*':
      return left * right;
    case '/':
      return right === 0 ? null : left / right;
    default:
      return null;
  }
}

/** Denominators tried for a multiple of pi: a hint prints `3*pi/4`, not 2.356194490192345. */
const PI_DENOMINATORS = [1, 2, 3, 4, 6, 8, 12, 16, 32, 64, 128];

/** `angle` as the subset accepts it: a simple multiple of pi when it is one, else a literal that round-trips. */
export function angleText(angle: number): string {
  if (angle === 0) return '0';
  const turns = angle / Math.PI;
  for (const d of PI_DENOMINATORS) {
    const n = Math.round(turns * d);
    if (n !== 0 && Math.abs(turns * d - n) < 1e-9 * Math.max(1, Math.abs(n))) return piFraction(n, d);
  }
  return String(angle);
}

function piFraction(n: number, d: number): string {
  const sign = n < 0 ? '-' : '';
  const k = Math.abs(n);
  const numerator = k === 1 ? 'pi' : `${k}*pi`;
  return d === 1 ? `${sign}${numerator}` : `${sign}${numerator}/${d}`;
}
