/**
 * A dense-unitary oracle: the full 2^n x 2^n unitary of an IrCircuit (QIS or
 * native gates; up to 9 qubits, meant for 6), and comparison up to a global
 * phase. Qubit 0 is the most significant index bit. Measurements and
 * barriers are skipped (valid when measurements are terminal); a reset is not
 * unitary and throws.
 */
import { complex, matrix, type Complex, type Matrix } from 'mathjs';
import type { IrCircuit, IrOp } from '../../src/ir/types.js';
import { nativeMatrix, qisMatrix } from './gates.js';

/** 9: a 7-controlled X on 8 qubits, widened by the wire the native lowering borrows. */
export const MAX_ORACLE_QUBITS = 9;

/** Dense complex matrix as two Float64Arrays, row-major: n rows (2^qubits), `cols` columns. */
interface Dense {
  readonly n: number;
  readonly cols: number;
  readonly re: Float64Array;
  readonly im: Float64Array;
}

function toPlain(m: Matrix): { re: number[][]; im: number[][] } {
  const rows = m.toArray() as unknown as (Complex | number)[][];
  const re = rows.map((r) => r.map((v) => (typeof v === 'number' ? v : v.re)));
  const im = rows.map((r) => r.map((v) => (typeof v === 'number' ? 0 : v.im)));
  return { re, im };
}

/** Applies `gate` (2^k x 2^k, first qubit most significant) to `qubits`, when every control is 1. */
function applyGate(
  u: Dense,
  qubitCount: number,
  gate: Matrix,
  qubits: readonly number[],
  controls: readonly number[],
): void {
  const { re: gr, im: gi } = toPlain(gate);
  const k = qubits.length;
  const dim = 1 << k;
  const bit = (q: number) => 1 << (qubitCount - 1 - q);
  const targetMask = qubits.reduce((acc, q) => acc | bit(q), 0);
  const controlMask = controls.reduce((acc, q) => acc | bit(q), 0);
  const offsets: number[] = [];
  for (let j = 0; j < dim; j++) {
    let off = 0;
    for (let b = 0; b < k; b++) if (j & (1 << (k - 1 - b))) off |= bit(qubits[b] as number);
    offsets.push(off);
  }
  const N = u.cols;
  const mr = Float64Array.from(gr.flat());
  const mi = Float64Array.from(gi.flat());
  const re = u.re;
  const im = u.im;
  const rows = new Int32Array(dim);
  const vr = new Float64Array(dim);
  const vi = new Float64Array(dim);
  // Row-major storage: walk each affected row group across all columns (contiguous).
  for (let base = 0; base < u.n; base++) {
    if (base & targetMask || (base & controlMask) !== controlMask) continue;
    for (let j = 0; j < dim; j++) rows[j] = (base | offsets[j]!) * N;
    for (let col = 0; col < N; col++) {
      for (let j = 0; j < dim; j++) {
        const at = rows[j]! + col;
        vr[j] = re[at]!;
        vi[j] = im[at]!;
      }
      for (let r = 0; r < dim; r++) {
        let sr = 0;
        let si = 0;
        const row = r * dim;
        for (let j = 0; j < dim; j++) {
          const ar = mr[row + j]!;
          const ai = mi[row + j]!;
          const xr = vr[j]!;
          const xi = vi[j]!;
          sr += ar * xr - ai * xi;
          si += ar * xi + ai * xr;
        }
        const at = rows[r]! + col;
        re[at] = sr;
        im[at] = si;
      }
    }
  }
}

function applyOp(u: Dense, qubitCount: number, op: IrOp): void {
  switch (op.kind) {
    case 'gate':
      applyGate(u, qubitCount, qisMatrix(op.name, op.rotation), op.targets, op.controls);
      return;
    case 'native':
      applyGate(u, qubitCount, nativeMatrix(op.name, op.phases, op.angle), op.targets, []);
      return;
    case 'measure':
    case 'barrier':
      return;
    case 'reset':
      throw new Error('oracle: reset is not unitary');
  }
}

/** The circuit's unitary as a mathjs matrix of complex numbers. */
export function unitaryOf(circuit: IrCircuit): Matrix {
  return toMathjs(denseUnitary(circuit));
}

function denseUnitary(circuit: IrCircuit): Dense {
  const qubits = circuit.qubits;
  if (qubits > MAX_ORACLE_QUBITS) throw new Error(`oracle: ${qubits} qubits is over ${MAX_ORACLE_QUBITS}`);
  const n = 1 << qubits;
  const u: Dense = { n, cols: n, re: new Float64Array(n * n), im: new Float64Array(n * n) };
  for (let i = 0; i < n; i++) u.re[i * n + i] = 1;
  for (const op of circuit.ops) applyOp(u, qubits, op);
  return u;
}

/** A few normalised random states as the columns of a Dense (seeded: tests stay reproducible). */
function randomColumns(qubits: number, cols: number, seed: number): Dense {
  const n = 1 << qubits;
  const u: Dense = { n, cols, re: new Float64Array(n * cols), im: new Float64Array(n * cols) };
  let s = seed >>> 0 || 1;
  const next = () => {
    s = (Math.imul(s ^ (s >>> 15), 0x2c1b3c6d) + 0x6d2b79f5) >>> 0;
    return s / 2 ** 32 - 0.5;
  };
  for (let c = 0; c < cols; c++) {
    let norm = 0;
    for (let r = 0; r < n; r++) {
      const re = next();
      const im = next();
      u.re[r * cols + c] = re;
      u.im[r * cols + c] = im;
      norm += re * re + im * im;
    }
    for (let r = 0; r < n; r++) {
      u.re[r * cols + c] = (u.re[r * cols + c] as number) / Math.sqrt(norm);
      u.im[r * cols + c] = (u.im[r * cols + c] as number) / Math.sqrt(norm);
    }
  }
  return u;
}

/**
 * {@link circuitDistance} on `states` random input states instead of every
 * basis state: U ψ = e^{iγ} V ψ for a random ψ and a common γ holds only
 * when U = e^{iγ} V (other cases have probability 0), at a cost of
 * `states` columns instead of 2^n. For wide circuits (up to 12 qubits).
 */
export function randomStateDistance(a: IrCircuit, b: IrCircuit, states = 2, seed = 1): number {
  if (a.qubits !== b.qubits) return Infinity;
  if (a.qubits > 12) throw new Error(`oracle: ${a.qubits} qubits is over 12`);
  const da = randomColumns(a.qubits, states, seed);
  const db = randomColumns(b.qubits, states, seed);
  for (const op of a.ops) applyOp(da, a.qubits, op);
  for (const op of b.ops) applyOp(db, b.qubits, op);
  return phaseFittedDistance(da, db);
}

function toMathjs(u: Dense): Matrix {
  const rows: Complex[][] = [];
  for (let r = 0; r < u.n; r++) {
    const row: Complex[] = [];
    for (let c = 0; c < u.n; c++) row.push(complex(u.re[r * u.n + c] as number, u.im[r * u.n + c] as number));
    rows.push(row);
  }
  return matrix(rows);
}

/**
 * Max |a - e^{iγ} b| over all entries, with γ fitted on b's largest entry.
 * Returns Infinity when the shapes differ.
 */
export function equalUpToGlobalPhase(a: Matrix, b: Matrix): number {
  const sa = a.size();
  const sb = b.size();
  if (sa.length !== sb.length || sa.some((d, i) => d !== sb[i])) return Infinity;
  const pa = toPlain(a);
  const pb = toPlain(b);
  let best = -1;
  let bi = 0;
  let bj = 0;
  pb.re.forEach((row, i) =>
    row.forEach((re, j) => {
      const mag = Math.hypot(re, pb.im[i]?.[j] as number);
      if (mag > best) [best, bi, bj] = [mag, i, j];
    }),
  );
  const ar = pa.re[bi]?.[bj] as number;
  const ai = pa.im[bi]?.[bj] as number;
  const br = pb.re[bi]?.[bj] as number;
  const bImag = pb.im[bi]?.[bj] as number;
  // e^{iγ} = (a/b) / |a/b|
  let pr = ar * br + ai * bImag;
  let pim = ai * br - ar * bImag;
  const norm = Math.hypot(pr, pim) || 1;
  pr /= norm;
  pim /= norm;
  let worst = 0;
  pa.re.forEach((row, i) =>
    row.forEach((re, j) => {
      const im = pa.im[i]?.[j] as number;
      const xr = pb.re[i]?.[j] as number;
      const xi = pb.im[i]?.[j] as number;
      const dr = re - (pr * xr - pim * xi);
      const di = im - (pr * xi + pim * xr);
      worst = Math.max(worst, Math.hypot(dr, di));
    }),
  );
  return worst;
}

/** The same comparison as {@link equalUpToGlobalPhase}, for two circuits, without building mathjs matrices. */
export function circuitDistance(a: IrCircuit, b: IrCircuit): number {
  const da = denseUnitary(a);
  const db = denseUnitary(b);
  if (da.n !== db.n) return Infinity;
  return phaseFittedDistance(da, db);
}

/** Max |a - e^{iγ} b| over all entries, γ fitted on b's largest entry. */
function phaseFittedDistance(da: Dense, db: Dense): number {
  let best = -1;
  let at = 0;
  for (let i = 0; i < db.re.length; i++) {
    const mag = Math.hypot(db.re[i] as number, db.im[i] as number);
    if (mag > best) [best, at] = [mag, i];
  }
  const ar = da.re[at] as number;
  const ai = da.im[at] as number;
  const br = db.re[at] as number;
  const bImag = db.im[at] as number;
  let pr = ar * br + ai * bImag;
  let pim = ai * br - ar * bImag;
  const norm = Math.hypot(pr, pim) || 1;
  pr /= norm;
  pim /= norm;
  let worst = 0;
  for (let i = 0; i < da.re.length; i++) {
    const xr = db.re[i] as number;
    const xi = db.im[i] as number;
    worst = Math.max(
      worst,
      Math.hypot((da.re[i] as number) - (pr * xr - pim * xi), (da.im[i] as number) - (pr * xi + pim * xr)),
    );
  }
  return worst;
}
