/**
 * Equivalence of wide circuits on sparse inputs. Beyond what a dense state
 * holds (the reversible-arithmetic suite reaches 96 qubits), both circuits
 * run from the same inputs as sparse states keyed by BigInt basis indices:
 * the states of reversible circuits (x, cx, Toffoli) with local h and
 * diagonal gates stay a handful of terms, however wide. Inputs are random
 * computational-basis states (each a column of the unitary, so every
 * classical input bit pattern the sample hits is checked entry by entry)
 * and random superpositions of a few such states with random complex
 * weights, which also compare the phases between the columns they mix.
 * One global phase, fitted on the first input, must serve every input.
 * Each basis state runs on its own (a superposition's output is the
 * weighted sum, by linearity) as a product of clusters of entangled wires
 * (factored-state.ts), so wires in superposition that are not entangled
 * cost a cluster each rather than doubling the state: a compiled circuit's
 * Toffoli targets and ZZ controls sit in superposition by the dozen.
 *
 * What it proves: that the two unitaries agree (up to that one phase) on the
 * span of the sampled inputs, no more. A difference confined to columns no
 * sample touches goes unseen; for a difference that changes a fixed fraction
 * f of the basis inputs, k random basis inputs miss it with probability
 * (1 - f)^k. A state that grows past `maxTerms` amplitudes stops the check
 * with a SimulationLimitError rather than a wrong answer.
 */
import type { UnitaryOp } from './kernels/matrices.js';
import { SimulationLimitError } from './engine/memory.js';
import { SeededRandom } from './engine/random.js';

import { FactoredState, type Amp, type Sparse } from './factored-state.js';

/** Amplitudes with squared magnitude below this are dropped. */
const ZERO = 1e-28;

export interface SparseComparison {
  readonly maxDeviation: number;
  /** Inputs compared: random basis states, then random few-term superpositions. */
  readonly inputs: number;
}

export interface SparseOptions {
  /** Random basis states, and as many random superpositions (default 8 each). */
  readonly samples: number;
  /** Basis states mixed in each superposition (default 4). */
  readonly termsPerSuperposition?: number;
  /** Largest state, in amplitudes, either circuit may reach (default 2^16). */
  readonly maxTerms?: number;
  readonly seed: number;
  /** Stop once the deviation exceeds this (the verdict is settled). */
  readonly giveUpAbove: number;
}

function apply(state: Sparse, op: UnitaryOp, maxTerms: number): Sparse {
  const targets = op.targets.map(BigInt);
  const controlMask = op.controls.reduce((m, q) => m | (1n << BigInt(q)), 0n);
  const k = targets.length;
  const size = 1 << k;
  const m = op.matrix;
  const targetMask = targets.reduce((acc, t) => acc | (1n << t), 0n);
  const local = (index: bigint): number => {
    let l = 0;
    for (const t of targets) l = (l << 1) | Number((index >> t) & 1n);
    return l;
  };
  const withLocal = (base: bigint, l: number): bigint => {
    let out = base;
    for (let i = 0; i < k; i++) if ((l >> (k - 1 - i)) & 1) out |= 1n << (targets[i] as bigint);
    return out;
  };
  if (op.kind === 'diagonal') {
    for (const [index, a] of state) {
      if ((index & controlMask) !== controlMask) continue;
      const d = 2 * local(index) * (size + 1);
      const dr = m[d] as number;
      const di = m[d + 1] as number;
      const re = a.re;
      a.re = re * dr - a.im * di;
      a.im = re * di + a.im * dr;
    }
    return state;
  }
  const out: Sparse = new Map();
  const groups = new Map<bigint, Amp[]>();
  for (const [index, a] of state) {
    if ((index & controlMask) !== controlMask) {
      out.set(index, a);
      continue;
    }
    const base = index & ~targetMask;
    let group = groups.get(base);
    if (!group) {
      group = Array.from({ length: size }, () => ({ re: 0, im: 0 }));
      groups.set(base, group);
    }
    group[local(index)] = a;
  }
  for (const [base, group] of groups) {
    for (let r = 0; r < size; r++) {
      let re = 0;
      let im = 0;
      for (let c = 0; c < size; c++) {
        const x = group[c] as Amp;
        if (x.re === 0 && x.im === 0) continue;
        const mr = m[2 * (r * size + c)] as number;
        const mi = m[2 * (r * size + c) + 1] as number;
        re += mr * x.re - mi * x.im;
        im += mr * x.im + mi * x.re;
      }
      if (re * re + im * im > ZERO) out.set(withLocal(base, r), { re, im });
    }
  }
  if (out.size > maxTerms)
    throw new SimulationLimitError(
      'equivalence-sparse-terms',
      `A sparse equivalence input grew to ${out.size.toLocaleString('en-US')} amplitudes; the limit is ${maxTerms.toLocaleString('en-US')}`,
      'compare fewer qubits at a time, or circuits whose intermediate states stay sparse (reversible gates with local h)',
    );
  return out;
}

/** a·b for 2x2 interleaved complex matrices. */
function mul2(a: Float64Array, b: Float64Array): Float64Array {
  const out = new Float64Array(8);
  for (let r = 0; r < 2; r++)
    for (let c = 0; c < 2; c++) {
      let re = 0;
      let im = 0;
      for (let k = 0; k < 2; k++) {
        const [ar, ai] = [a[2 * (2 * r + k)] as number, a[2 * (2 * r + k) + 1] as number];
        const [br, bi] = [b[2 * (2 * k + c)] as number, b[2 * (2 * k + c) + 1] as number];
        re += ar * br - ai * bi;
        im += ar * bi + ai * br;
      }
      out[2 * (2 * r + c)] = re;
      out[2 * (2 * r + c) + 1] = im;
    }
  return out;
}

/**
 * `ops` with each wire's run of uncontrolled single-qubit gates between two
 * of its other gates multiplied into one gate, placed where the run starts
 * (it commutes with everything on other wires until its last gate). A run
 * that returns its wire to a basis state (h; h around a CCZ's end and the
 * next one's start, a control's rotations between two ZZ) is then diagonal
 * or a bit flip and never spreads the state, whether its gates came early or
 * late.
 */
function fuseRuns(ops: readonly UnitaryOp[]): UnitaryOp[] {
  const out: UnitaryOp[] = [];
  const open = new Map<number, number>();
  for (const op of ops) {
    if (op.targets.length === 1 && op.controls.length === 0) {
      const wire = op.targets[0] as number;
      const at = open.get(wire);
      if (at === undefined) {
        open.set(wire, out.length);
        out.push({ targets: [wire], controls: [], matrix: op.matrix, kind: 'general' });
      } else {
        const run = out[at] as UnitaryOp;
        out[at] = { ...run, matrix: mul2(op.matrix, run.matrix) };
      }
      continue;
    }
    for (const w of op.controls) open.delete(w);
    for (const w of op.targets) open.delete(w);
    out.push(op);
  }
  return out;
}

/**
 * The output for `input`, by linearity: each basis state of the input runs
 * on its own and the outputs add with the input's weights. A superposition
 * run whole would tie every wire that later goes into superposition to the
 * input's branches, and no cluster would split.
 */
function run(input: Sparse, ops: readonly UnitaryOp[], qubits: number, maxTerms: number): Sparse {
  const kernel = (s: Sparse, op: UnitaryOp): Sparse => apply(s, op, maxTerms);
  const out: Sparse = new Map();
  for (const [index, weight] of input) {
    const state = new FactoredState(qubits, new Map([[index, { re: 1, im: 0 }]]));
    for (const op of ops) state.apply(op, kernel);
    for (const [i, a] of state.expand()) {
      const sum = out.get(i) ?? { re: 0, im: 0 };
      sum.re += weight.re * a.re - weight.im * a.im;
      sum.im += weight.re * a.im + weight.im * a.re;
      out.set(i, sum);
    }
  }
  return out;
}

function randomIndex(qubits: number, random: SeededRandom): bigint {
  let index = 0n;
  for (let q = 0; q < qubits; q++) if (random.next() < 0.5) index |= 1n << BigInt(q);
  return index;
}

function randomInput(qubits: number, terms: number, random: SeededRandom): Sparse {
  const state: Sparse = new Map();
  let norm = 0;
  for (let t = 0; t < terms; t++) {
    const a = terms === 1 ? { re: 1, im: 0 } : { re: random.nextGaussian(), im: random.nextGaussian() };
    state.set(randomIndex(qubits, random), a);
  }
  for (const a of state.values()) norm += a.re * a.re + a.im * a.im;
  const scale = 1 / Math.sqrt(norm);
  for (const a of state.values()) {
    a.re *= scale;
    a.im *= scale;
  }
  return state;
}

/** e^{iφ} with a ≈ e^{iφ} b, from b's largest amplitude. */
function phaseOf(a: Sparse, b: Sparse): [number, number] {
  let best = -1;
  let at = 0n;
  for (const [i, x] of b) {
    const m = x.re * x.re + x.im * x.im;
    if (m > best) [best, at] = [m, i];
  }
  const x = a.get(at) ?? { re: 0, im: 0 };
  const y = b.get(at) ?? { re: 0, im: 0 };
  const re = x.re * y.re + x.im * y.im;
  const im = x.im * y.re - x.re * y.im;
  const norm = Math.hypot(re, im);
  return norm === 0 ? [1, 0] : [re / norm, im / norm];
}

function deviation(a: Sparse, b: Sparse, [pr, pi]: [number, number]): number {
  let worst = 0;
  for (const index of new Set([...a.keys(), ...b.keys()])) {
    const x = a.get(index) ?? { re: 0, im: 0 };
    const y = b.get(index) ?? { re: 0, im: 0 };
    const dr = x.re - (pr * y.re - pi * y.im);
    const di = x.im - (pr * y.im + pi * y.re);
    worst = Math.max(worst, dr * dr + di * di);
  }
  return Math.sqrt(worst);
}

/** Runs `opsA` and `opsB` on `qubits` wires from the same sampled sparse inputs and compares the outputs. */
export function compareOnSparseInputs(
  opsA: readonly UnitaryOp[],
  opsB: readonly UnitaryOp[],
  qubits: number,
  options: SparseOptions,
): SparseComparison {
  const random = new SeededRandom(options.seed);
  const maxTerms = options.maxTerms ?? 2 ** 16;
  const terms = options.termsPerSuperposition ?? 4;
  const fusedA = fuseRuns(opsA);
  const fusedB = fuseRuns(opsB);
  let phase: [number, number] | null = null;
  let maxDeviation = 0;
  let inputs = 0;
  for (let i = 0; i < 2 * options.samples; i++) {
    const input = randomInput(qubits, i < options.samples ? 1 : terms, random);
    const a = run(input, fusedA, qubits, maxTerms);
    const b = run(input, fusedB, qubits, maxTerms);
    phase ??= phaseOf(a, b);
    maxDeviation = Math.max(maxDeviation, deviation(a, b, phase));
    inputs++;
    if (maxDeviation > options.giveUpAbove) break;
  }
  return { maxDeviation, inputs };
}
