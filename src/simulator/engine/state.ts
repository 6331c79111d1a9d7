/**
 * The simulated state: sparse (index -> amplitude) while few amplitudes are
 * non-zero, dense split re/im Float64Arrays once it fills. Index bit q is
 * qubit q. Sparse indices use arithmetic, not 32-bit bit operations, so that
 * sparse states of more than 31 qubits stay correct.
 */
import type { UnitaryOp } from '../kernels/matrices.js';

export interface DenseState {
  readonly kind: 'dense';
  readonly qubits: number;
  readonly re: Float64Array;
  readonly im: Float64Array;
}

export interface Amplitude {
  re: number;
  im: number;
}

export interface SparseState {
  readonly kind: 'sparse';
  readonly qubits: number;
  readonly amplitudes: Map<number, Amplitude>;
}

export type SimState = DenseState | SparseState;

/** Amplitudes whose squared magnitude falls below this are dropped from a sparse state. */
const SPARSE_ZERO = 1e-32;

/** Allocates the zeroed re and im arrays of a dense state. */
export type DenseAllocator = (length: number) => { re: Float64Array; im: Float64Array };

export const plainArrays: DenseAllocator = (length) => ({ re: new Float64Array(length), im: new Float64Array(length) });

export function zeroState(qubits: number, dense: boolean, allocate: DenseAllocator = plainArrays): SimState {
  if (!dense) return { kind: 'sparse', qubits, amplitudes: new Map([[0, { re: 1, im: 0 }]]) };
  const { re, im } = allocate(2 ** qubits);
  re[0] = 1;
  return { kind: 'dense', qubits, re, im };
}

export function toDense(state: SparseState, allocate: DenseAllocator = plainArrays): DenseState {
  const { re, im } = allocate(2 ** state.qubits);
  for (const [i, a] of state.amplitudes) {
    re[i] = a.re;
    im[i] = a.im;
  }
  return { kind: 'dense', qubits: state.qubits, re, im };
}

export const bitOf = (index: number, q: number): number => Math.floor(index / 2 ** q) % 2;

/** Bit `q` of an index: 32-bit operations when every index fits, arithmetic beyond. */
const bit32 = (index: number, q: number): number => (index >>> q) & 1;

function allControlsSet(
  index: number,
  controls: readonly number[],
  bit: (index: number, q: number) => number,
): boolean {
  for (const q of controls) if (!bit(index, q)) return false;
  return true;
}

/** The gate-local index of `index`: targets[0] is the most significant bit. */
function localIndex(index: number, targets: readonly number[], bit: (index: number, q: number) => number): number {
  let local = 0;
  for (const t of targets) local = (local << 1) | bit(index, t);
  return local;
}

/** Applies a gate to a sparse state: diagonal gates scale in place, permutations move keys, others mix groups. */
export function applySparse(state: SparseState, op: UnitaryOp): void {
  const bit = state.qubits <= 31 ? bit32 : bitOf;
  const controls = op.controls;
  const targets = op.targets;
  const k = targets.length;
  const m = op.matrix;
  const size = 1 << k;
  if (op.kind === 'diagonal') {
    for (const [index, a] of state.amplitudes) {
      if (!allControlsSet(index, controls, bit)) continue;
      const d = 2 * (localIndex(index, targets, bit) * (size + 1));
      const dr = m[d] as number,
        di = m[d + 1] as number;
      const re = a.re;
      a.re = re * dr - a.im * di;
      a.im = re * di + a.im * dr;
    }
    return;
  }
  if (op.kind === 'permutation' && k === 1) {
    // X (controlled or not): flip the target bit of every amplitude whose controls are set.
    const weight = 2 ** (targets[0] as number);
    const moved: [number, Amplitude][] = [];
    for (const [index, a] of state.amplitudes) {
      if (!allControlsSet(index, controls, bit)) continue;
      moved.push([bit(index, targets[0] as number) ? index - weight : index + weight, a]);
      state.amplitudes.delete(index);
    }
    for (const [index, a] of moved) state.amplitudes.set(index, a);
    return;
  }
  // Built only past the X fast path: GHZ-like runs are mostly X and pay for no closure.
  const targetWeights = op.targets.map((q) => 2 ** q);
  const withLocal = (index: number, local: number) => {
    let out = index;
    for (let t = 0; t < k; t++) {
      const want = (local >> (k - 1 - t)) & 1;
      const has = bit(index, op.targets[t] as number);
      if (want !== has) out += want ? (targetWeights[t] as number) : -(targetWeights[t] as number);
    }
    return out;
  };
  if (op.kind === 'permutation') {
    // x and swap: row r has its single 1 in column perm[r]; an amplitude at local c moves to the row r with perm[r] = c.
    const destination = new Int32Array(size);
    for (let r = 0; r < size; r++) for (let c = 0; c < size; c++) if (m[2 * (r * size + c)] === 1) destination[c] = r;
    const entries = [...state.amplitudes];
    state.amplitudes.clear();
    for (const [index, a] of entries) {
      const moves = allControlsSet(index, controls, bit);
      state.amplitudes.set(moves ? withLocal(index, destination[localIndex(index, targets, bit)] as number) : index, a);
    }
    return;
  }
  const amps = state.amplitudes;
  const groups = new Set<number>();
  for (const index of amps.keys()) if (allControlsSet(index, controls, bit)) groups.add(withLocal(index, 0));
  const indices = new Array<number>(size);
  const vr = new Float64Array(size);
  const vi = new Float64Array(size);
  for (const base of groups) {
    for (let local = 0; local < size; local++) {
      const index = withLocal(base, local);
      indices[local] = index;
      const a = amps.get(index);
      vr[local] = a ? a.re : 0;
      vi[local] = a ? a.im : 0;
    }
    for (let r = 0; r < size; r++) {
      let sr = 0;
      let si = 0;
      for (let c = 0; c < size; c++) {
        const mr = m[2 * (r * size + c)] as number;
        const mi = m[2 * (r * size + c) + 1] as number;
        sr += mr * (vr[c] as number) - mi * (vi[c] as number);
        si += mr * (vi[c] as number) + mi * (vr[c] as number);
      }
      const index = indices[r] as number;
      if (sr * sr + si * si < SPARSE_ZERO) amps.delete(index);
      else {
        const a = amps.get(index);
        if (a) {
          a.re = sr;
          a.im = si;
        } else amps.set(index, { re: sr, im: si });
      }
    }
  }
}

/**
 * Calls `visit(index, probability)` for every amplitude that may be non-zero,
 * until it returns false; whether every amplitude was visited.
 */
export function forEachProbabilityWhile(
  state: SimState,
  visit: (index: number, probability: number) => boolean,
): boolean {
  if (state.kind === 'sparse') {
    for (const [i, a] of state.amplitudes) if (!visit(i, a.re * a.re + a.im * a.im)) return false;
    return true;
  }
  const { re, im } = state;
  for (let i = 0; i < re.length; i++) {
    const p = (re[i] as number) ** 2 + (im[i] as number) ** 2;
    if (p !== 0 && !visit(i, p)) return false;
  }
  return true;
}

/** Probability that qubit `q` reads 1. */
export function probabilityOfOne(state: SimState, q: number): number {
  let p = 0;
  if (state.kind === 'sparse') {
    for (const [i, a] of state.amplitudes) if (bitOf(i, q)) p += a.re * a.re + a.im * a.im;
    return p;
  }
  const { re, im } = state;
  const step = 1 << q;
  for (let block = 0; block < re.length; block += step << 1) {
    for (let i = block + step; i < block + 2 * step; i++) p += (re[i] as number) ** 2 + (im[i] as number) ** 2;
  }
  return p;
}

/** A copy of `state` projected on qubit `q` = `outcome` and renormalised by `1/sqrt(probability)`; with `flip`, the qubit is then set to 0 (reset). */
export function project(
  state: SimState,
  q: number,
  outcome: number,
  probability: number,
  flip: boolean,
  allocate: DenseAllocator = plainArrays,
): SimState {
  const scale = 1 / Math.sqrt(probability);
  const weight = 2 ** q;
  if (state.kind === 'sparse') {
    const amplitudes = new Map<number, Amplitude>();
    for (const [i, a] of state.amplitudes) {
      if (bitOf(i, q) !== outcome) continue;
      amplitudes.set(flip && outcome ? i - weight : i, { re: a.re * scale, im: a.im * scale });
    }
    return { kind: 'sparse', qubits: state.qubits, amplitudes };
  }
  const length = state.re.length;
  const { re, im } = allocate(length);
  const step = 1 << q;
  const shift = flip && outcome ? step : 0;
  for (let block = 0; block < length; block += step << 1) {
    const from = block + (outcome ? step : 0);
    for (let i = from; i < from + step; i++) {
      re[i - shift] = (state.re[i] as number) * scale;
      im[i - shift] = (state.im[i] as number) * scale;
    }
  }
  return { kind: 'dense', qubits: state.qubits, re, im };
}

/** ⟨a|b⟩. */
export function innerProduct(a: SimState, b: SimState): Amplitude {
  let re = 0;
  let im = 0;
  const visitA = (i: number, ar: number, ai: number) => {
    const [br, bi] = amplitudeAt(b, i);
    re += ar * br + ai * bi;
    im += ar * bi - ai * br;
  };
  if (a.kind === 'sparse') for (const [i, x] of a.amplitudes) visitA(i, x.re, x.im);
  else
    for (let i = 0; i < a.re.length; i++)
      if (a.re[i] !== 0 || a.im[i] !== 0) visitA(i, a.re[i] as number, a.im[i] as number);
  return { re, im };
}

export function amplitudeAt(state: SimState, index: number): [number, number] {
  if (state.kind === 'dense') return [state.re[index] as number, state.im[index] as number];
  const a = state.amplitudes.get(index);
  return a ? [a.re, a.im] : [0, 0];
}

/** Number of amplitudes the state stores. */
export function storedAmplitudes(state: SimState): number {
  return state.kind === 'sparse' ? state.amplitudes.size : state.re.length;
}
