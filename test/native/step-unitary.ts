/**
 * An independent dense unitary for decomposition steps (single-qubit
 * matrices and Pauli interactions), so constructions can be proven before
 * native emission: qubit 0 is the most significant index bit, as in the oracle.
 */
import type { Step } from '../../src/native/steps.js';

/** Column-major list of state vectors: columns[j] = U|j>, as [re, im] arrays. */
export type Columns = { re: Float64Array; im: Float64Array }[];

function applyU(re: Float64Array, im: Float64Array, n: number, q: number, m: readonly number[]): void {
  const bit = 1 << (n - 1 - q);
  for (let i = 0; i < re.length; i++) {
    if (i & bit) continue;
    const j = i | bit;
    const [ar, ai, br, bi, cr, ci, dr, di] = m as [number, number, number, number, number, number, number, number];
    const xr = re[i]!,
      xi = im[i]!,
      yr = re[j]!,
      yi = im[j]!;
    re[i] = ar * xr - ai * xi + br * yr - bi * yi;
    im[i] = ar * xi + ai * xr + br * yi + bi * yr;
    re[j] = cr * xr - ci * xi + dr * yr - di * yi;
    im[j] = cr * xi + ci * xr + dr * yi + di * yr;
  }
}

/** n·σ as a 2x2 matrix in the Mat2 layout [re00, im00, re01, im01, re10, im10, re11, im11]. */
const pauli = ([x, y, z]: readonly number[]): number[] => [
  z as number,
  0,
  x as number,
  -(y as number),
  x as number,
  y as number,
  -(z as number),
  0,
];

function applyStep(re: Float64Array, im: Float64Array, n: number, s: Step): void {
  if (s.kind === 'u') return applyU(re, im, n, s.qubit, s.matrix);
  // exp(-iθ/2 A⊗B) = cos(θ/2) - i sin(θ/2) A⊗B
  const pr = Float64Array.from(re);
  const pi = Float64Array.from(im);
  applyU(pr, pi, n, s.a, pauli(s.axisA));
  applyU(pr, pi, n, s.b, pauli(s.axisB));
  const c = Math.cos(s.angleRad / 2);
  const sn = Math.sin(s.angleRad / 2);
  for (let i = 0; i < re.length; i++) {
    const r = c * re[i]! + sn * pi[i]!;
    const m = c * im[i]! - sn * pr[i]!;
    re[i] = r;
    im[i] = m;
  }
}

/** The unitary of `steps` on `n` qubits, column by column. */
export function stepsUnitary(steps: readonly Step[], n: number): Columns {
  const dim = 1 << n;
  const columns: Columns = [];
  for (let j = 0; j < dim; j++) {
    const re = new Float64Array(dim);
    const im = new Float64Array(dim);
    re[j] = 1;
    for (const s of steps) applyStep(re, im, n, s);
    columns.push({ re, im });
  }
  return columns;
}

/**
 * How far `u` is from the basis permutation `perm` times a diagonal of
 * phases: the largest amplitude outside the permuted entry, and, when
 * `samePhase`, the largest spread of the phases (0 for a global phase only).
 */
export function distanceFromPermutation(u: Columns, perm: (j: number) => number, samePhase: boolean): number {
  let worst = 0;
  let first: [number, number] | undefined;
  u.forEach(({ re, im }, j) => {
    const k = perm(j);
    for (let i = 0; i < re.length; i++) {
      const amp = Math.hypot(re[i]!, im[i]!);
      worst = Math.max(worst, i === k ? Math.abs(amp - 1) : amp);
    }
    if (!samePhase) return;
    first ??= [re[k]!, im[k]!];
    worst = Math.max(worst, Math.hypot(re[k]! - first[0], im[k]! - first[1]));
  });
  return worst;
}

/** C^m X as a permutation of basis indices: flip `target` when every control is 1. */
export function multiControlledXPermutation(
  controls: readonly number[],
  target: number,
  n: number,
): (j: number) => number {
  const bit = (q: number) => 1 << (n - 1 - q);
  const mask = controls.reduce((acc, q) => acc | bit(q), 0);
  return (j) => ((j & mask) === mask ? j ^ bit(target) : j);
}
