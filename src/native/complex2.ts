/**
 * 2x2 complex matrices in math order (the right factor acts first), the
 * arithmetic single-qubit fusion and synthesis need. Plain numbers, no
 * library: this runs once per gate.
 */

/** Row-major 2x2 complex matrix: [re00, im00, re01, im01, re10, im10, re11, im11]. */
export type Mat2 = readonly [number, number, number, number, number, number, number, number];

export const IDENTITY: Mat2 = [1, 0, 0, 0, 0, 0, 1, 0];

export function mul(a: Mat2, b: Mat2): Mat2 {
  // Indexed reads, not destructuring: this runs a dozen times per entangling gate, and destructuring goes
  // through the array iterator when the function is not optimised yet (issue 24, L5).
  return [
    a[0] * b[0] - a[1] * b[1] + a[2] * b[4] - a[3] * b[5],
    a[0] * b[1] + a[1] * b[0] + a[2] * b[5] + a[3] * b[4],
    a[0] * b[2] - a[1] * b[3] + a[2] * b[6] - a[3] * b[7],
    a[0] * b[3] + a[1] * b[2] + a[2] * b[7] + a[3] * b[6],
    a[4] * b[0] - a[5] * b[1] + a[6] * b[4] - a[7] * b[5],
    a[4] * b[1] + a[5] * b[0] + a[6] * b[5] + a[7] * b[4],
    a[4] * b[2] - a[5] * b[3] + a[6] * b[6] - a[7] * b[7],
    a[4] * b[3] + a[5] * b[2] + a[6] * b[7] + a[7] * b[6],
  ];
}

/** Conjugate transpose. */
export function dagger(m: Mat2): Mat2 {
  return [m[0], -m[1], m[4], -m[5], m[2], -m[3], m[6], -m[7]];
}

/** Product of matrices given in circuit order (first applied first). */
export function inCircuitOrder(...ms: readonly Mat2[]): Mat2 {
  return ms.reduce((acc, m) => mul(m, acc), IDENTITY);
}

/** exp(-i θ/2 (nx X + ny Y + nz Z)) for a unit axis n. */
export function rotation(nx: number, ny: number, nz: number, thetaRad: number): Mat2 {
  const c = Math.cos(thetaRad / 2);
  const s = Math.sin(thetaRad / 2);
  // cI - i s (nx X + ny Y + nz Z)
  return [c, -s * nz, -s * ny, -s * nx, s * ny, -s * nx, c, s * nz];
}

export const rx = (thetaRad: number): Mat2 => rotation(1, 0, 0, thetaRad);
export const ry = (thetaRad: number): Mat2 => rotation(0, 1, 0, thetaRad);
export const rz = (thetaRad: number): Mat2 => rotation(0, 0, 1, thetaRad);

/** diag(1, e^{iλ}). */
export const phaseGate = (lambdaRad: number): Mat2 => [1, 0, 0, 0, 0, 0, Math.cos(lambdaRad), Math.sin(lambdaRad)];

const SQRT1_2 = Math.SQRT1_2;
export const X: Mat2 = [0, 0, 1, 0, 1, 0, 0, 0];
export const Y: Mat2 = [0, 0, 0, -1, 0, 1, 0, 0];
export const Z: Mat2 = [1, 0, 0, 0, 0, 0, -1, 0];
export const H: Mat2 = [SQRT1_2, 0, SQRT1_2, 0, SQRT1_2, 0, -SQRT1_2, 0];
/** √X = e^{iπ/4} rx(π/2). */
export const SQRT_X: Mat2 = [0.5, 0.5, 0.5, -0.5, 0.5, -0.5, 0.5, 0.5];

/** gpi(φ) = cos(2πφ)X + sin(2πφ)Y, φ in turns. */
export function gpi(phaseTurns: number): Mat2 {
  const a = 2 * Math.PI * phaseTurns;
  return [0, 0, Math.cos(a), -Math.sin(a), Math.cos(a), Math.sin(a), 0, 0];
}

/** gpi2(φ) = exp(-iπ/4 σ(φ)), φ in turns. */
export function gpi2(phaseTurns: number): Mat2 {
  const a = 2 * Math.PI * phaseTurns;
  return rotation(Math.cos(a), Math.sin(a), 0, Math.PI / 2);
}

export function det(m: Mat2): [number, number] {
  return [
    m[0] * m[6] - m[1] * m[7] - (m[2] * m[4] - m[3] * m[5]),
    m[0] * m[7] + m[1] * m[6] - (m[2] * m[5] + m[3] * m[4]),
  ];
}

export function scale(m: Mat2, re: number, im: number): Mat2 {
  const out: number[] = [];
  for (let k = 0; k < 8; k += 2)
    out.push((m[k] as number) * re - (m[k + 1] as number) * im, (m[k] as number) * im + (m[k + 1] as number) * re);
  return out as unknown as Mat2;
}

export const abs = (m: Mat2, i: number, j: number): number =>
  Math.hypot(m[(i * 2 + j) * 2] as number, m[(i * 2 + j) * 2 + 1] as number);
export const arg = (m: Mat2, i: number, j: number): number =>
  Math.atan2(m[(i * 2 + j) * 2 + 1] as number, m[(i * 2 + j) * 2] as number);

/**
 * Splits a unitary into e^{iα} W with det W = 1 and returns α (radians) and W.
 */
export function toSpecialUnitary(m: Mat2): { alphaRad: number; w: Mat2 } {
  const [dr, di] = det(m);
  const alphaRad = Math.atan2(di, dr) / 2;
  return { alphaRad, w: scale(m, Math.cos(alphaRad), -Math.sin(alphaRad)) };
}
