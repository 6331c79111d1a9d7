/**
 * Angles for hints: the value of a constant expression (sums included, which
 * the subset refuses but a hint can compute), and an angle written the way
 * the subset accepts it (`3*pi/4`, `-pi/2`, `0.25`).
 */
import type { Expression } from '../ast/nodes.js';

const PI_NAMES: ReadonlySet<string> = new Set(['pi', 'π']);

/**
 * The value of an expression of literals, pi, parentheses and + - * /; null
 * for anything else. Iterative: a sum of a hundred thousand terms is a tree
 * that deep.
 */
export function arithmeticValue(expression: Expression): number | null {
  const values: number[] = [];
  /** Post-order walk: a node is visited, then combined once its operands are on `values`. */
  const pending: { node: Expression; combined: boolean }[] = [{ node: expression, combined: false }];
  while (pending.length > 0) {
    const item = pending.pop() as { node: Expression; combined: boolean };
    const node = item.node;
    if (node.kind === 'Binary') {
      if (!item.combined) {
        pending.push(
          { node, combined: true },
          { node: node.right, combined: false },
          { node: node.left, combined: false },
        );
        continue;
      }
      const right = values.pop() as number;
      const left = values.pop() as number;
      const value = combine(node.op, left, right);
      if (value === null || !Number.isFinite(value)) return null;
      values.push(value);
    } else if (node.kind === 'Unary') {
      if (node.op !== '-') return null;
      if (!item.combined) {
        pending.push({ node, combined: true }, { node: node.operand, combined: false });
        continue;
      }
      values.push(-(values.pop() as number));
    } else {
      const leaf = leafValue(node);
      if (leaf === null) return null;
      values.push(leaf);
    }
  }
  return values.length === 1 ? (values[0] as number) : null;
}

function leafValue(expression: Expression): number | null {
  switch (expression.kind) {
    case 'IntegerLiteral':
      return Number(expression.value);
    case 'FloatLiteral':
      return expression.value;
    case 'Identifier':
      return PI_NAMES.has(expression.name) ? Math.PI : null;
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
