/**
 * Gate definitions for the oracle, written from decisions.md section 4 in
 * operator form with mathjs, independently of src/native's arithmetic.
 * Big-endian: the first qubit of a gate is the most significant index bit.
 */
import { add, complex, identity, kron, matrix, multiply, type Complex, type Matrix } from 'mathjs';

const c = (re: number, im = 0): Complex => complex(re, im);
const m = (rows: Complex[][]): Matrix => matrix(rows);

export const I2 = m([
  [c(1), c(0)],
  [c(0), c(1)],
]);
export const PX = m([
  [c(0), c(1)],
  [c(1), c(0)],
]);
export const PY = m([
  [c(0), c(0, -1)],
  [c(0, 1), c(0)],
]);
export const PZ = m([
  [c(1), c(0)],
  [c(0), c(-1)],
]);

/** exp(-i a P) for an operator with P² = I: cos(a) I - i sin(a) P. */
export function expPauli(p: Matrix, a: number): Matrix {
  const size = p.size()[0] as number;
  return add<Matrix>(multiply(identity(size) as Matrix, Math.cos(a)), multiply(p, c(0, -Math.sin(a))));
}

/** σ(φ) = cos(2πφ) X + sin(2πφ) Y, φ in turns. */
export const sigma = (phiTurns: number): Matrix =>
  add<Matrix>(multiply(PX, Math.cos(2 * Math.PI * phiTurns)), multiply(PY, Math.sin(2 * Math.PI * phiTurns)));

export const gpi = (phi: number): Matrix => sigma(phi);
export const gpi2 = (phi: number): Matrix => expPauli(sigma(phi), Math.PI / 4);
/** ms(φ0, φ1, θ) = exp(-iπθ σ(φ0)⊗σ(φ1)), φ0 on the first (more significant) qubit. */
export const ms = (phi0: number, phi1: number, theta: number): Matrix =>
  expPauli(kron(sigma(phi0), sigma(phi1)), Math.PI * theta);
export const zz = (theta: number): Matrix => expPauli(kron(PZ, PZ), Math.PI * theta);

export const rx = (t: number): Matrix => expPauli(PX, t / 2);
export const ry = (t: number): Matrix => expPauli(PY, t / 2);
export const rz = (t: number): Matrix => expPauli(PZ, t / 2);
export const qisXX = (t: number): Matrix => expPauli(kron(PX, PX), t / 2);
export const qisYY = (t: number): Matrix => expPauli(kron(PY, PY), t / 2);
export const qisZZ = (t: number): Matrix => expPauli(kron(PZ, PZ), t / 2);

const s2 = Math.SQRT1_2;
export const H = m([
  [c(s2), c(s2)],
  [c(s2), c(-s2)],
]);
export const S = m([
  [c(1), c(0)],
  [c(0), c(0, 1)],
]);
export const SDG = m([
  [c(1), c(0)],
  [c(0), c(0, -1)],
]);
export const T = m([
  [c(1), c(0)],
  [c(0), c(s2, s2)],
]);
export const TDG = m([
  [c(1), c(0)],
  [c(0), c(s2, -s2)],
]);
/** √X. */
export const V = m([
  [c(0.5, 0.5), c(0.5, -0.5)],
  [c(0.5, -0.5), c(0.5, 0.5)],
]);
export const VI = m([
  [c(0.5, -0.5), c(0.5, 0.5)],
  [c(0.5, 0.5), c(0.5, -0.5)],
]);
export const SWAP = m([
  [c(1), c(0), c(0), c(0)],
  [c(0), c(0), c(1), c(0)],
  [c(0), c(1), c(0), c(0)],
  [c(0), c(0), c(0), c(1)],
]);

/** The QIS gate's target matrix (decisions.md section 4), before controls. */
export function qisMatrix(name: string, rotation: number | null): Matrix {
  const r = rotation ?? 0;
  const table: Record<string, () => Matrix> = {
    x: () => PX,
    y: () => PY,
    z: () => PZ,
    h: () => H,
    s: () => S,
    si: () => SDG,
    t: () => T,
    ti: () => TDG,
    v: () => V,
    vi: () => VI,
    rx: () => rx(r),
    ry: () => ry(r),
    rz: () => rz(r),
    swap: () => SWAP,
    xx: () => qisXX(r),
    yy: () => qisYY(r),
    zz: () => qisZZ(r),
  };
  const f = table[name];
  if (!f) throw new Error(`oracle: unknown QIS gate ${name}`);
  return f();
}

/** The native gate's matrix (phases and angle in turns). */
export function nativeMatrix(name: string, phases: readonly number[], angle: number | null): Matrix {
  const p = (i: number) => phases[i] ?? 0;
  switch (name) {
    case 'gpi':
      return gpi(p(0));
    case 'gpi2':
      return gpi2(p(0));
    case 'ms':
      return ms(p(0), p(1), angle ?? 0.25);
    case 'zz':
      return zz(angle ?? 0);
    default:
      throw new Error(`oracle: unknown native gate ${name}`);
  }
}
