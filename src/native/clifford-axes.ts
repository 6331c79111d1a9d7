/**
 * Single-qubit Cliffords as axis permutations, one per permutation: C σ_i C† = ±σ_π(i).
 * Conjugating both qubits by the same C carries σ_i⊗σ_i onto σ_π(i)⊗σ_π(i)
 * (the signs square away), so a canonical interaction can be put on whichever
 * axes a native family implements for free.
 */
import { dagger, H, IDENTITY, mul, phaseGate, X, Y, Z, type Mat2 } from './complex2.js';

/** 0 = X, 1 = Y, 2 = Z. */
export type PauliIndex = 0 | 1 | 2;

const PAULIS: readonly Mat2[] = [X, Y, Z];

interface AxisClifford {
  readonly matrix: Mat2;
  /** image[i] = π(i). */
  readonly image: readonly PauliIndex[];
}

/** The Pauli that m is ± of, or -1. */
function pauliIndexOf(m: Mat2): number {
  return PAULIS.findIndex((p) => {
    const plus = p.every((v, k) => Math.abs(v - (m[k] as number)) < 1e-9);
    const minus = p.every((v, k) => Math.abs(v + (m[k] as number)) < 1e-9);
    return plus || minus;
  });
}

const CLIFFORDS: readonly AxisClifford[] = (() => {
  const found = new Map<string, AxisClifford>();
  const queue: Mat2[] = [IDENTITY];
  while (queue.length > 0) {
    const c = queue.shift() as Mat2;
    const image = PAULIS.map((p) => pauliIndexOf(mul(mul(c, p), dagger(c))) as PauliIndex);
    // Signs do not matter here (they square away), so one Clifford per permutation is enough.
    const key = image.join('');
    if (found.has(key)) continue;
    found.set(key, { matrix: c, image });
    queue.push(mul(H, c), mul(phaseGate(Math.PI / 2), c));
  }
  return [...found.values()];
})();

/** A Clifford with C σ_from[k] C† = ±σ_to[k] for every k. */
export function cliffordMapping(from: readonly PauliIndex[], to: readonly PauliIndex[]): Mat2 {
  const c = CLIFFORDS.find((cl) => from.every((f, k) => cl.image[f] === to[k]));
  if (!c) throw new Error(`no Clifford maps axes ${from.join()} to ${to.join()}`);
  return c.matrix;
}
