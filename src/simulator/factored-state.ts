/**
 * A sparse state kept as a product of clusters, for the wide-circuit
 * equivalence check (sparse-equivalence.ts). A compiled circuit puts many
 * wires into superposition at once (each Toffoli's target between its
 * entanglers, each control between the rotations of a ZZ), and a single
 * sparse map pays for them as a product: 2^k terms for k such wires, even
 * when they are not entangled with each other. Here each cluster holds a
 * sparse map over its own wires only; a gate merges the clusters of its wires
 * (their tensor product), and after it each wire it touched is split off
 * again when the cluster factors as (that wire) ⊗ (the rest), which is the
 * 2x2 rank-one test on the amplitude pairs (a0(r), a1(r)) over the rest r.
 * So the cost follows the largest entangled cluster, not the number of wires
 * in superposition.
 *
 * A split is taken only when its residual (the part of the cluster the
 * product drops) is below SPLIT_RESIDUAL; each split changes the state by at
 * most that much, far below the comparison's tolerance (1e-8) for any
 * circuit the check accepts (limited by the term budget, not the gate count).
 */
import type { UnitaryOp } from './kernels/matrices.js';

export interface Amp {
  re: number;
  im: number;
}

/** Amplitudes by basis index: bit q of the index is wire q (the cluster's wires only). */
export type Sparse = Map<bigint, Amp>;

/** Largest residual (norm of what a product form drops) at which a wire is split off its cluster. */
const SPLIT_RESIDUAL = 1e-12;

interface Cluster {
  readonly wires: Set<number>;
  state: Sparse;
}

export class FactoredState {
  private readonly clusterOf: Cluster[] = [];

  /** `input` over `qubits` wires, each wire split off where it factors. */
  constructor(qubits: number, input: Sparse) {
    const all: Cluster = { wires: new Set(Array.from({ length: qubits }, (_, q) => q)), state: copy(input) };
    for (let q = 0; q < qubits; q++) this.clusterOf[q] = all;
    for (let q = 0; q < qubits; q++) this.trySplit(q);
  }

  /** Applies `op` with `apply` (the sparse kernel) on the product of the clusters it touches, then splits its wires off where they factor. */
  apply(op: UnitaryOp, kernel: (state: Sparse, op: UnitaryOp) => Sparse): void {
    const wires = [...op.targets, ...op.controls];
    let merged = this.clusterOf[wires[0] as number] as Cluster;
    for (const w of wires.slice(1)) {
      const other = this.clusterOf[w] as Cluster;
      if (other === merged) continue;
      merged = { wires: new Set([...merged.wires, ...other.wires]), state: tensor(merged.state, other.state) };
      for (const q of merged.wires) this.clusterOf[q] = merged;
    }
    merged.state = kernel(merged.state, op);
    if (op.kind === 'diagonal' && wires.length === 1) return;
    for (const w of wires) this.trySplit(w);
  }

  /** The whole state as one sparse map (the product of the clusters). */
  expand(): Sparse {
    const seen = new Set<Cluster>();
    let out: Sparse = new Map([[0n, { re: 1, im: 0 }]]);
    for (const c of this.clusterOf) {
      if (seen.has(c)) continue;
      seen.add(c);
      out = tensor(out, c.state);
    }
    return out;
  }

  /** Splits `wire` off its cluster when the cluster is (a state of the wire) ⊗ (a state of the rest). */
  private trySplit(wire: number): void {
    const cluster = this.clusterOf[wire] as Cluster;
    if (cluster.wires.size === 1) return;
    const bit = 1n << BigInt(wire);
    // The largest amplitude pair fixes the wire's state (α, β); every pair must be a multiple of it.
    let best = -1;
    let alpha: Amp = { re: 0, im: 0 };
    let beta: Amp = { re: 0, im: 0 };
    const pairs = new Map<bigint, [Amp | undefined, Amp | undefined]>();
    for (const [index, a] of cluster.state) {
      const rest = index & ~bit;
      let pair = pairs.get(rest);
      if (!pair) pairs.set(rest, (pair = [undefined, undefined]));
      pair[(index & bit) === 0n ? 0 : 1] = a;
    }
    for (const [a0, a1] of pairs.values()) {
      const m = norm2(a0) + norm2(a1);
      if (m > best) [best, alpha, beta] = [m, a0 ?? ZERO_AMP, a1 ?? ZERO_AMP];
    }
    const scale = 1 / Math.sqrt(best);
    alpha = { re: alpha.re * scale, im: alpha.im * scale };
    beta = { re: beta.re * scale, im: beta.im * scale };
    // Residual of pair (a0, a1) against (α, β): |a0 β - a1 α| (the 2x2 minor), summed in squares.
    let residual = 0;
    let total = 0;
    for (const [a0 = ZERO_AMP, a1 = ZERO_AMP] of pairs.values()) {
      const re = a0.re * beta.re - a0.im * beta.im - (a1.re * alpha.re - a1.im * alpha.im);
      const im = a0.re * beta.im + a0.im * beta.re - (a1.re * alpha.im + a1.im * alpha.re);
      residual += re * re + im * im;
      total += norm2(a0) + norm2(a1);
    }
    if (residual > SPLIT_RESIDUAL * SPLIT_RESIDUAL * total) return;
    // The rest's amplitude for r: the projection <α,β|(a0(r), a1(r))>.
    const rest: Sparse = new Map();
    for (const [r, [a0 = ZERO_AMP, a1 = ZERO_AMP]] of pairs) {
      const re = alpha.re * a0.re + alpha.im * a0.im + beta.re * a1.re + beta.im * a1.im;
      const im = alpha.re * a0.im - alpha.im * a0.re + beta.re * a1.im - beta.im * a1.re;
      if (re !== 0 || im !== 0) rest.set(r, { re, im });
    }
    const single: Sparse = new Map();
    if (alpha.re !== 0 || alpha.im !== 0) single.set(0n, alpha);
    if (beta.re !== 0 || beta.im !== 0) single.set(bit, beta);
    cluster.wires.delete(wire);
    cluster.state = rest;
    this.clusterOf[wire] = { wires: new Set([wire]), state: single };
  }
}

const ZERO_AMP: Amp = { re: 0, im: 0 };

const norm2 = (a: Amp | undefined): number => (a ? a.re * a.re + a.im * a.im : 0);

function copy(state: Sparse): Sparse {
  return new Map([...state].map(([i, a]) => [i, { re: a.re, im: a.im }]));
}

/** The tensor product of states on disjoint wires. */
function tensor(x: Sparse, y: Sparse): Sparse {
  const out: Sparse = new Map();
  for (const [i, a] of x)
    for (const [j, b] of y) out.set(i | j, { re: a.re * b.re - a.im * b.im, im: a.re * b.im + a.im * b.re });
  return out;
}
