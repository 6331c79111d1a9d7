/**
 * Unitaries of small circuits on local qubits 0..n-1 (qubit 0 the most
 * significant bit), to prove a rewrite equal to the gate it replaces: each
 * basis column is run through the operations one by one.
 */
import { dimensionOf } from './complex.js';

/** `matrix` on `targets` where every control reads its value (1 for ctrl, 0 for negctrl). */
export interface LocalOp {
  readonly matrix: Float64Array;
  readonly targets: readonly number[];
  readonly controls: readonly number[];
  readonly controlValues: readonly number[];
}

/** `op` on `qubits` local qubits, ready to apply to any number of states (the index tables built once). */
export function prepared(op: LocalOp, qubits: number): (re: Float64Array, im: Float64Array) => void {
  const bit = (q: number): number => 1 << (qubits - 1 - q);
  const k = op.targets.length;
  const size = 1 << k;
  const targetMask = op.targets.reduce((m, q) => m | bit(q), 0);
  const controlMask = op.controls.reduce((m, q) => m | bit(q), 0);
  const controlWant = op.controls.reduce((m, q, j) => (op.controlValues[j] === 1 ? m | bit(q) : m), 0);
  const inRe = new Float64Array(size);
  const inIm = new Float64Array(size);
  const offsets = Array.from({ length: size }, (_, local) =>
    op.targets.reduce((o, q, j) => ((local >> (k - 1 - j)) & 1 ? o | bit(q) : o), 0),
  );
  if (dimensionOf(op.matrix) !== size) throw new RangeError('matrix does not fit its targets');
  const m = op.matrix;
  return (re, im) => {
    for (let base = 0; base < re.length; base++) {
      if ((base & targetMask) !== 0 || (base & controlMask) !== controlWant) continue;
      for (let i = 0; i < size; i++) {
        inRe[i] = re[base | (offsets[i] as number)] as number;
        inIm[i] = im[base | (offsets[i] as number)] as number;
      }
      for (let r = 0; r < size; r++) {
        let sr = 0;
        let si = 0;
        for (let j = 0; j < size; j++) {
          const mr = m[2 * (r * size + j)] as number;
          const mi = m[2 * (r * size + j) + 1] as number;
          sr += mr * (inRe[j] as number) - mi * (inIm[j] as number);
          si += mr * (inIm[j] as number) + mi * (inRe[j] as number);
        }
        re[base | (offsets[r] as number)] = sr;
        im[base | (offsets[r] as number)] = si;
      }
    }
  };
}

/** The identity of dimension `dim`, as columns. */
export function identityColumns(dim: number): { re: Float64Array; im: Float64Array }[] {
  return Array.from({ length: dim }, (_, c) => {
    const re = new Float64Array(dim);
    re[c] = 1;
    return { re, im: new Float64Array(dim) };
  });
}

/** The unitary of `ops` on `qubits` local qubits, as columns (column c is the image of basis state c). */
export function localUnitary(ops: readonly LocalOp[], qubits: number): { re: Float64Array; im: Float64Array }[] {
  const columns = identityColumns(1 << qubits);
  for (const op of ops) {
    const run = prepared(op, qubits);
    for (const { re, im } of columns) run(re, im);
  }
  return columns;
}

/**
 * The global phase α with a = e^{iα} b, and the largest amplitude deviation
 * left after removing it (0 for equal unitaries up to rounding).
 */
export function phaseAndDeviation(
  a: readonly { re: Float64Array; im: Float64Array }[],
  b: readonly { re: Float64Array; im: Float64Array }[],
): { phase: number; deviation: number } {
  let best = -1;
  let phase = 0;
  b.forEach((col, c) =>
    col.re.forEach((br, i) => {
      const bi = col.im[i] as number;
      const m = br * br + bi * bi;
      if (m > best + 1e-12) {
        best = m;
        const ar = (a[c] as { re: Float64Array }).re[i] as number;
        const ai = (a[c] as { im: Float64Array }).im[i] as number;
        phase = Math.atan2(ai * br - ar * bi, ar * br + ai * bi);
      }
    }),
  );
  const pr = Math.cos(phase);
  const pi = Math.sin(phase);
  let deviation = 0;
  b.forEach((col, c) =>
    col.re.forEach((br, i) => {
      const bi = col.im[i] as number;
      const ar = (a[c] as { re: Float64Array }).re[i] as number;
      const ai = (a[c] as { im: Float64Array }).im[i] as number;
      const dr = ar - (pr * br - pi * bi);
      const di = ai - (pr * bi + pi * br);
      // Squared here and rooted once below, instead of Math.hypot for every entry.
      deviation = Math.max(deviation, dr * dr + di * di);
    }),
  );
  return { phase, deviation: Math.sqrt(deviation) };
}
