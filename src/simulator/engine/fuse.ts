/**
 * Fusion before anything touches the state: runs of one-qubit gates on the
 * same qubit become one 2x2, and gates are grouped into chunks acting on at
 * most `gateQubits` qubits, so that a chunk costs one pass over memory (its
 * gates then run on cache-sized blocks). Diagonal gates commute with each
 * other, so the scheduler may pull one past earlier diagonal gates.
 */
import { isDiagonal2x2, multiply2x2, type UnitaryOp } from '../kernels/matrices.js';

/** Merges consecutive uncontrolled one-qubit gates on each qubit into one matrix. */
export function fuseSingleQubitRuns(ops: readonly UnitaryOp[]): UnitaryOp[] {
  const pending = new Map<number, UnitaryOp>();
  const out: UnitaryOp[] = [];
  const flush = (q: number) => {
    const op = pending.get(q);
    if (op) {
      out.push(op);
      pending.delete(q);
    }
  };
  for (const op of ops) {
    if (op.targets.length === 1 && op.controls.length === 0) {
      const q = op.targets[0] as number;
      const before = pending.get(q);
      if (!before) {
        pending.set(q, op);
      } else {
        const matrix = multiply2x2(op.matrix, before.matrix);
        pending.set(q, { targets: [q], controls: [], matrix, kind: isDiagonal2x2(matrix) ? 'diagonal' : 'general' });
      }
      continue;
    }
    // Controls first: a target's own gate then sits right before the controlled gate, where a kernel can fuse the two passes (simd-program.ts).
    for (const q of op.controls) flush(q);
    for (const q of op.targets) flush(q);
    out.push(op);
  }
  for (const q of [...pending.keys()].sort((a, b) => a - b)) flush(q);
  return out;
}

export function qubitsOf(op: UnitaryOp): number[] {
  return [...op.targets, ...op.controls];
}

/** A group of gates, in an order equivalent to the original, acting only on `qubits`. */
export interface Chunk {
  readonly qubits: readonly number[];
  readonly ops: readonly UnitaryOp[];
}

/**
 * Greedy chunking: each pass takes, in order, every gate that may move to the
 * front (every earlier unscheduled gate on its qubits commutes with it: both
 * diagonal) and whose qubits keep the chunk within `gateQubits`.
 */
export function scheduleChunks(ops: readonly UnitaryOp[], qubits: number, gateQubits: number): Chunk[] {
  if (qubits <= gateQubits) return ops.length ? [{ qubits: range(qubits), ops }] : [];
  let remaining = ops.map((op) => ({ op, qubits: qubitsOf(op), diagonal: op.kind === 'diagonal' }));
  const chunks: Chunk[] = [];
  while (remaining.length) {
    const inChunk = new Set<number>();
    const taken: UnitaryOp[] = [];
    const left: typeof remaining = [];
    const blockedAll = new Uint8Array(qubits);
    const blockedNonDiagonal = new Uint8Array(qubits);
    let blockedCount = 0;
    for (let k = 0; k < remaining.length; k++) {
      const item = remaining[k] as (typeof remaining)[number];
      if (blockedCount === qubits) {
        left.push(...remaining.slice(k));
        break;
      }
      const blocked = item.diagonal ? blockedNonDiagonal : blockedAll;
      let movable = item.qubits.every((q) => !blocked[q]);
      if (movable) {
        const extra = item.qubits.filter((q) => !inChunk.has(q)).length;
        // A gate wider than the limit still runs: alone, in a block of its own width.
        movable = inChunk.size + extra <= gateQubits || taken.length === 0;
      }
      if (movable) {
        taken.push(item.op);
        for (const q of item.qubits) inChunk.add(q);
      } else {
        left.push(item);
        for (const q of item.qubits) {
          if (!blockedAll[q]) blockedAll[q] = 1;
          if (!item.diagonal && !blockedNonDiagonal[q]) {
            blockedNonDiagonal[q] = 1;
            blockedCount++;
          }
        }
      }
    }
    chunks.push({ qubits: [...inChunk].sort((a, b) => a - b), ops: taken });
    remaining = left;
  }
  return chunks;
}

export function range(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
