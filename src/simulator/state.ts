/**
 * The simulated state: sparse (index -> amplitude) while few amplitudes are
 * non-zero, dense split re/im Float64Arrays once it fills. Index bit q is
 * qubit q. Sparse indices use arithmetic, not 32-bit bit operations, so that
 * sparse states of more than 31 qubits stay correct.
 */
import type { UnitaryOp } from './matrices.js';

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

export function zeroState(qubits: number, dense: boolean, allocate: (length: number) => Float64Array = (n) => new Float64Array(n)): SimState {
  if (!dense) return { kind: 'sparse', qubits, amplitudes: new Map([[0, { re: 1, im: 0 }]]) };
  const re = allocate(2 ** qubits);
  const im = allocate(2 ** qubits);
  re[0] = 1;
  return { kind: 'dense', qubits, re, im };
}

export function toDense(state: SparseState, allocate: (length: number) => Float64Array = (n) => new Float64Array(n)): DenseState {
  const re = allocate(2 ** state.qubits);
  const im = allocate(2 ** state.qubits);
  for (const [i, a] of state.amplitudes) {
    re[i] = a.re;
    im[i] = a.im;
  }
  return { kind: 'dense', qubits: state.qubits, re, im };
}

export const bitOf = (index: number, q: number): number => Math.floor(index / 2 ** q) % 2;

/** Applies a gate to a sparse state, group by group of the amplitudes it mixes. */
export function applySparse(state: SparseState, op: UnitaryOp): void {
  const amps = state.amplitudes;
  const targetWeights = op.targets.map((q) => 2 ** q);
  const k = op.targets.length;
  const size = 1 << k;
  const groups = new Set<number>();
  for (const index of amps.keys()) {
    if (!op.controls.every((q) => bitOf(index, q) === 1)) continue;
    let base = index;
    for (let t = 0; t < k; t++) if (bitOf(index, op.targets[t] as number)) base -= targetWeights[t] as number;
    groups.add(base);
  }
  const indices = new Array<number>(size);
  const vr = new Float64Array(size);
  const vi = new Float64Array(size);
  const m = op.matrix;
  for (const base of groups) {
    for (let local = 0; local < size; local++) {
      let index = base;
      for (let t = 0; t < k; t++) if ((local >> (k - 1 - t)) & 1) index += targetWeights[t] as number;
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

/** Calls `visit(index, probability)` for every amplitude that may be non-zero. */
export function forEachProbability(state: SimState, visit: (index: number, probability: number) => void): void {
  if (state.kind === 'sparse') {
    for (const [i, a] of state.amplitudes) visit(i, a.re * a.re + a.im * a.im);
    return;
  }
  const { re, im } = state;
  for (let i = 0; i < re.length; i++) {
    const p = (re[i] as number) ** 2 + (im[i] as number) ** 2;
    if (p !== 0) visit(i, p);
  }
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
export function project(state: SimState, q: number, outcome: number, probability: number, flip: boolean, allocate?: (length: number) => Float64Array): SimState {
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
  const re = allocate ? allocate(length) : new Float64Array(length);
  const im = allocate ? allocate(length) : new Float64Array(length);
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
  else for (let i = 0; i < a.re.length; i++) if (a.re[i] !== 0 || a.im[i] !== 0) visitA(i, a.re[i] as number, a.im[i] as number);
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
