/**
 * How deep a tree goes, measured without recursion: the parser uses it to
 * refuse an expression whose tree is deeper than every later walk (print,
 * inlining, evaluation) can follow on the call stack.
 */
import { foldExpression, type OperandWithPrefixes } from './build-expression.js';
import { CHILD_KEYS } from './keys.js';
import type { BinaryOperator, Expression, Node } from './nodes.js';

/** Levels below `root` on its longest path, counted up to `cap + 1` (the walk stops there). */
export function treeDepth(root: Node, cap: number): number {
  const nodes: Node[] = [root];
  const depths: number[] = [0];
  let deepest = 0;
  while (nodes.length > 0) {
    const node = nodes.pop() as Node;
    const depth = depths.pop() as number;
    if (depth > deepest) deepest = depth;
    if (deepest > cap) return deepest;
    const record = node as unknown as Record<string, unknown>;
    for (const key of CHILD_KEYS[node.kind] as readonly string[]) {
      const value = record[key];
      if (Array.isArray(value)) {
        for (const child of value as Node[]) {
          nodes.push(child);
          depths.push(depth + 1);
        }
      } else if (value !== null && value !== undefined) {
        nodes.push(value as Node);
        depths.push(depth + 1);
      }
    }
  }
  return deepest;
}

/** True when some path from `root` down passes more than `limit` levels. */
export function treeDepthExceeds(root: Node, limit: number): boolean {
  return treeDepth(root, limit) > limit;
}

/**
 * The depth the tree of a flat run `operands[0] ops[0] operands[1] ...` will
 * have once folded, without building it: the same fold, over depths.
 */
export function foldedDepth(
  operands: readonly OperandWithPrefixes[],
  ops: readonly BinaryOperator[],
  cap: number,
): number {
  const depthOf = (e: Expression) => treeDepth(e, cap) as unknown as Expression;
  const asDepths = operands.map((o) => ({ prefixes: o.prefixes, operand: depthOf(o.operand) }));
  const depth = foldExpression(asDepths, ops, {
    binary: (_op, left, right) =>
      (Math.max(left as unknown as number, right as unknown as number) + 1) as unknown as Expression,
    unary: (_op, operand) => ((operand as unknown as number) + 1) as unknown as Expression,
  });
  return depth as unknown as number;
}
