/**
 * Canonical (KAK, Cartan) decomposition of a two-qubit unitary:
 * U ≅ (A1 ⊗ A2) · exp(i(x XX + y YY + z ZZ)) · (B1 ⊗ B2), up to global phase,
 * with each coefficient in (-π/4, π/4]. The nonzero coefficients are the
 * entangling gates U needs (0 to 3).
 *
 * Textbook route: in the magic basis local unitaries are real orthogonal and
 * the interaction is diagonal, so with U' = M† U M, U'ᵀU' = P D Pᵀ for a real
 * orthogonal P. P diagonalises the real and imaginary parts of U'ᵀU' (real
 * symmetric, commuting) at once: Jacobi on a generic real combination of
 * them. Degenerate spectra (identity, CNOT, SWAP: eigenvalues repeat) are
 * where this goes wrong: any real basis of a repeated eigenspace is right,
 * which Jacobi gives; a combination that happens to merge two distinct
 * eigenvalues is caught by checking PᵀU'ᵀU'P diagonal, and the next
 * combination is tried. The result is rebuilt and compared with U; a
 * decomposition that does not rebuild is refused (null), never returned.
 */
import { cliffordMapping, type PauliIndex } from './clifford-axes.js';
import { dagger, mul, type Mat2 } from './complex2.js';
import {
  dagger4,
  det4,
  distanceUpToPhase,
  entry,
  kron,
  MAGIC,
  MAGIC_PAULI_SIGNS,
  mul4,
  scale4,
  setEntry,
  tensorFactors,
  transpose4,
  type Mat4,
} from './complex4.js';
import { BLOCK_TOLERANCES } from './tolerances.js';

export interface KakDecomposition {
  /** x, y, z (radians) of exp(i(x XX + y YY + z ZZ)), each in (-π/4, π/4]; zero below `coefficientZero`. */
  readonly coefficients: readonly [number, number, number];
  /** B1, B2: applied first, on the first and second qubit. */
  readonly before: readonly [Mat2, Mat2];
  /** A1, A2: applied last. */
  readonly after: readonly [Mat2, Mat2];
  /** Nonzero coefficients: the entangling gates U needs. */
  readonly entanglers: number;
}

const MAGIC_DAGGER = dagger4(MAGIC);

/** Real combinations of Re and Im tried in turn (fixed, so compiling stays deterministic). */
const COMBINATION_ANGLES = [0.6180339887, 2.3999632297, 1.1071487178, 2.9, 0.3217505544, 4.4];

/** Row-major real 4x4. */
type Real4 = Float64Array;

/** Eigenvectors (columns of the result) of a real symmetric 4x4: cyclic Jacobi rotations. */
function jacobi(input: Real4): Real4 {
  const s = Float64Array.from(input);
  const v = new Float64Array(16);
  for (let i = 0; i < 4; i++) v[5 * i] = 1;
  let scale = 1e-300;
  for (let i = 0; i < 16; i++) scale = Math.max(scale, Math.abs(s[i] as number));
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let p = 0; p < 4; p++) for (let q = p + 1; q < 4; q++) off = Math.max(off, Math.abs(s[4 * p + q] as number));
    if (off <= 1e-15 * scale) break;
    for (let p = 0; p < 4; p++) {
      for (let q = p + 1; q < 4; q++) {
        const apq = s[4 * p + q] as number;
        if (Math.abs(apq) <= 1e-300) continue;
        const theta = ((s[5 * q] as number) - (s[5 * p] as number)) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const sn = t * c;
        for (let k = 0; k < 4; k++) {
          const skp = s[4 * k + p] as number,
            skq = s[4 * k + q] as number;
          s[4 * k + p] = c * skp - sn * skq;
          s[4 * k + q] = sn * skp + c * skq;
        }
        for (let k = 0; k < 4; k++) {
          const spk = s[4 * p + k] as number,
            sqk = s[4 * q + k] as number;
          s[4 * p + k] = c * spk - sn * sqk;
          s[4 * q + k] = sn * spk + c * sqk;
        }
        for (let k = 0; k < 4; k++) {
          const vkp = v[4 * k + p] as number,
            vkq = v[4 * k + q] as number;
          v[4 * k + p] = c * vkp - sn * vkq;
          v[4 * k + q] = sn * vkp + c * vkq;
        }
      }
    }
  }
  return v;
}

function realToMat4(r: Real4): Mat4 {
  const m = new Float64Array(32);
  for (let i = 0; i < 16; i++) m[2 * i] = r[i] as number;
  return m;
}

/** Determinant of a real 4x4 by cofactors of 2x2 minors. */
function realDet(m: Real4): number {
  const a = (r: number, c: number) => m[4 * r + c] as number;
  const s0 = a(0, 0) * a(1, 1) - a(1, 0) * a(0, 1),
    s1 = a(0, 0) * a(1, 2) - a(1, 0) * a(0, 2),
    s2 = a(0, 0) * a(1, 3) - a(1, 0) * a(0, 3);
  const s3 = a(0, 1) * a(1, 2) - a(1, 1) * a(0, 2),
    s4 = a(0, 1) * a(1, 3) - a(1, 1) * a(0, 3),
    s5 = a(0, 2) * a(1, 3) - a(1, 2) * a(0, 3);
  const c5 = a(2, 2) * a(3, 3) - a(3, 2) * a(2, 3),
    c4 = a(2, 1) * a(3, 3) - a(3, 1) * a(2, 3),
    c3 = a(2, 1) * a(3, 2) - a(3, 1) * a(2, 2);
  const c2 = a(2, 0) * a(3, 3) - a(3, 0) * a(2, 3),
    c1 = a(2, 0) * a(3, 2) - a(3, 0) * a(2, 2),
    c0 = a(2, 0) * a(3, 1) - a(3, 0) * a(2, 1);
  return s0 * c5 - s1 * c4 + s2 * c3 + s3 * c2 - s4 * c1 + s5 * c0;
}

/** A real orthogonal P (det +1) with D = Pᵀ S P diagonal for the complex symmetric S, or null. */
function orthogonalDiagonaliser(sym: Mat4): { p: Real4; d: Mat4 } | null {
  const mixed = new Float64Array(16);
  for (const angle of COMBINATION_ANGLES) {
    const [a, b] = [Math.cos(angle), Math.sin(angle)];
    for (let i = 0; i < 16; i++) mixed[i] = a * (sym[2 * i] as number) + b * (sym[2 * i + 1] as number);
    const v = jacobi(mixed);
    if (realDet(v) < 0) for (let r = 0; r < 4; r++) v[4 * r] = -(v[4 * r] as number);
    const p = realToMat4(v);
    const d = mul4(transpose4(p), mul4(sym, p));
    let residual = 0;
    for (let i = 0; i < 4; i++)
      for (let j = 0; j < 4; j++) if (i !== j) residual = Math.max(residual, Math.hypot(...entry(d, i, j)));
    if (residual < BLOCK_TOLERANCES.diagonalResidual) return { p: v, d };
  }
  return null;
}

/** x into (-π/4, π/4] by whole quarter turns (each a local Pauli product, pushed into the outer factors). */
export function reduced(x: number): number {
  const r = x - (Math.PI / 2) * Math.round(x / (Math.PI / 2));
  const folded = r <= -Math.PI / 4 ? r + Math.PI / 2 : r;
  return Math.abs(folded) < BLOCK_TOLERANCES.coefficientZero ? 0 : folded;
}

/** U' = M† (U / det(U)^{1/4}) M and the symmetric U'ᵀU', which both the quick test and the decomposition start from. */
export interface MagicForm {
  readonly m2: Mat4;
}

export function magicForm(u: Mat4): MagicForm {
  const [dr, di] = det4(u);
  const quarter = Math.atan2(di, dr) / 4;
  const up = mul4(MAGIC_DAGGER, mul4(scale4(u, Math.cos(quarter), -Math.sin(quarter)), MAGIC));
  return { m2: mul4(transpose4(up), up) };
}

/**
 * Whether u may need at most one entangling gate, cheaply (no
 * diagonalisation): then U'ᵀU' has at most two distinct eigenvalues, so
 * (U'ᵀU')² - (tr/2)·U'ᵀU' + c·I = 0 with c the product of the two. Never
 * false for a unitary that needs one or none; may be true for others (a
 * three-one split of the spectrum, as √SWAP's), which the full decomposition
 * then sorts out.
 */
export function mayNeedAtMostOne(u: Mat4, magic: MagicForm = magicForm(u)): boolean {
  const { m2 } = magic;
  const sq = mul4(m2, m2);
  let t1r = 0,
    t1i = 0,
    t2r = 0,
    t2i = 0;
  for (let k = 0; k < 4; k++) {
    t1r += m2[10 * k] as number;
    t1i += m2[10 * k + 1] as number;
    t2r += sq[10 * k] as number;
    t2i += sq[10 * k + 1] as number;
  }
  // λ1 + λ2 = tr/2, λ1² + λ2² = tr(m²)/2, c = λ1 λ2 = ((tr/2)² - tr(m²)/2) / 2.
  const hr = t1r / 2,
    hi = t1i / 2;
  const cr = (hr * hr - hi * hi - t2r / 2) / 2,
    ci = (2 * hr * hi - t2i / 2) / 2;
  let worst = 0;
  for (let k = 0; k < 32; k += 2) {
    const diagonal = k % 10 === 0;
    const re = (sq[k] as number) - (hr * (m2[k] as number) - hi * (m2[k + 1] as number)) + (diagonal ? cr : 0);
    const im = (sq[k + 1] as number) - (hr * (m2[k + 1] as number) + hi * (m2[k] as number)) + (diagonal ? ci : 0);
    worst = Math.max(worst, Math.hypot(re, im));
  }
  return worst < BLOCK_TOLERANCES.quadraticResidual;
}

/**
 * Decomposes u (first qubit most significant) with its interaction terms put
 * on `axes` (in preference order: the first nonzero coefficient goes on
 * axes[0], ...), or null when the numerics cannot be trusted.
 */
export function kakDecompose(
  u: Mat4,
  axes: readonly PauliIndex[] = [0, 1, 2],
  magic: MagicForm = magicForm(u),
): KakDecomposition | null {
  const diagonalised = orthogonalDiagonaliser(magic.m2);
  if (!diagonalised) return null;
  const { p, d } = diagonalised;
  const theta = [0, 1, 2, 3].map((k) => Math.atan2(entry(d, k, k)[1], entry(d, k, k)[0]) / 2);
  // The square roots are chosen so that Σθ ≡ 0 (mod 2π): then U' P D^{-1/2} has determinant 1 and is
  // real orthogonal, i.e. the outer part is local (with -1 it would hide a SWAP-like factor).
  if (Math.round(theta.reduce((a, b) => a + b, 0) / Math.PI) % 2 !== 0) theta[0] = (theta[0] as number) + Math.PI;
  const coefficient = (signs: readonly number[]) =>
    reduced(signs.reduce((sum, sign, k) => sum + sign * (theta[k] as number), 0) / 4);
  const raw = [
    coefficient(MAGIC_PAULI_SIGNS.x),
    coefficient(MAGIC_PAULI_SIGNS.y),
    coefficient(MAGIC_PAULI_SIGNS.z),
  ] as const;
  // Applied first: R = M Pᵀ M† (P real orthogonal, det 1: a product of two single-qubit unitaries).
  const pm = realToMat4(p);
  const right = tensorFactors(mul4(MAGIC, mul4(transpose4(pm), MAGIC_DAGGER)));
  // The nonzero terms go on the preferred axes by one Clifford C on both qubits: R' = (C⊗C) R.
  const from = ([0, 1, 2] as const).filter((k) => raw[k] !== 0);
  const to = axes.slice(0, from.length);
  const c = cliffordMapping(from, to);
  const before: [Mat2, Mat2] = [mul(c, right.a), mul(c, right.b)];
  // Applied last: L = U R† N† (C†⊗C†), with R† N† = M P diag(e^{-iφ}) M† for the reduced phases φ.
  const scaled = Float64Array.from(pm);
  for (let k = 0; k < 4; k++) {
    const phi =
      raw[0] * (MAGIC_PAULI_SIGNS.x[k] as number) +
      raw[1] * (MAGIC_PAULI_SIGNS.y[k] as number) +
      raw[2] * (MAGIC_PAULI_SIGNS.z[k] as number);
    for (let r = 0; r < 4; r++) {
      const [re] = entry(pm, r, k);
      setEntry(scaled, r, k, re * Math.cos(phi), -re * Math.sin(phi));
    }
  }
  const cd = dagger(c);
  const left = mul4(mul4(u, mul4(MAGIC, mul4(scaled, MAGIC_DAGGER))), kron(cd, cd));
  const after = tensorFactors(left);
  // A decomposition whose outer part is not a product is refused, never returned.
  if (distanceUpToPhase(kron(after.a, after.b), left) > BLOCK_TOLERANCES.rebuild) return null;
  const coefficients: [number, number, number] = [0, 0, 0];
  from.forEach((k, i) => (coefficients[to[i] as PauliIndex] = raw[k]));
  return { coefficients, before, after: [after.a, after.b], entanglers: from.length };
}
