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
import { mul, X, Y, Z, type Mat2 } from './complex2.js';
import { dagger4, det4, distanceUpToPhase, entry, kron, MAGIC, MAGIC_PAULI_SIGNS, mul4, scale4, setEntry, tensorFactors, transpose4, type Mat4 } from './complex4.js';
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

/** Real combinations of Re and Im tried in turn (fixed, so compiling stays deterministic). */
const COMBINATION_ANGLES = [0.6180339887, 2.3999632297, 1.1071487178, 2.9, 0.3217505544, 4.4];

type Real4 = number[][];

/** Eigenvectors (columns of V) of a real symmetric 4x4: cyclic Jacobi rotations. */
function jacobi(input: Real4): Real4 {
  const s = input.map((row) => [...row]);
  const v: Real4 = [0, 1, 2, 3].map((i) => [0, 1, 2, 3].map((j) => (i === j ? 1 : 0)));
  const scale = Math.max(1e-300, ...s.flat().map(Math.abs));
  for (let sweep = 0; sweep < 60; sweep++) {
    let off = 0;
    for (let p = 0; p < 4; p++) for (let q = p + 1; q < 4; q++) off = Math.max(off, Math.abs(s[p]![q]!));
    if (off <= 1e-15 * scale) break;
    for (let p = 0; p < 4; p++) {
      for (let q = p + 1; q < 4; q++) {
        const apq = s[p]![q]!;
        if (Math.abs(apq) <= 1e-300) continue;
        const theta = (s[q]![q]! - s[p]![p]!) / (2 * apq);
        const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
        const c = 1 / Math.sqrt(t * t + 1);
        const sn = t * c;
        for (let k = 0; k < 4; k++) {
          const skp = s[k]![p]!, skq = s[k]![q]!;
          s[k]![p] = c * skp - sn * skq;
          s[k]![q] = sn * skp + c * skq;
        }
        for (let k = 0; k < 4; k++) {
          const spk = s[p]![k]!, sqk = s[q]![k]!;
          s[p]![k] = c * spk - sn * sqk;
          s[q]![k] = sn * spk + c * sqk;
        }
        for (let k = 0; k < 4; k++) {
          const vkp = v[k]![p]!, vkq = v[k]![q]!;
          v[k]![p] = c * vkp - sn * vkq;
          v[k]![q] = sn * vkp + c * vkq;
        }
      }
    }
  }
  return v;
}

function realToMat4(r: Real4): Mat4 {
  const m = new Float64Array(32);
  for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) setEntry(m, i, j, r[i]![j]!, 0);
  return m;
}

/** A real orthogonal P (det +1) with Pᵀ S P diagonal for the complex symmetric S, or null. */
function orthogonalDiagonaliser(sym: Mat4): Mat4 | null {
  const re: Real4 = [0, 1, 2, 3].map((i) => [0, 1, 2, 3].map((j) => entry(sym, i, j)[0]));
  const im: Real4 = [0, 1, 2, 3].map((i) => [0, 1, 2, 3].map((j) => entry(sym, i, j)[1]));
  for (const angle of COMBINATION_ANGLES) {
    const [a, b] = [Math.cos(angle), Math.sin(angle)];
    const v = jacobi(re.map((row, i) => row.map((x, j) => a * x + b * im[i]![j]!)));
    if (det4(realToMat4(v))[0] < 0) for (const row of v) row[0] = -row[0]!;
    const p = realToMat4(v);
    const d = mul4(transpose4(p), mul4(sym, p));
    let residual = 0;
    for (let i = 0; i < 4; i++) for (let j = 0; j < 4; j++) if (i !== j) residual = Math.max(residual, Math.hypot(...entry(d, i, j)));
    if (residual < BLOCK_TOLERANCES.diagonalResidual) return p;
  }
  return null;
}

/** x into (-π/4, π/4] by whole quarter turns (each a local Pauli product, pushed into the outer factors). */
function reduced(x: number): number {
  const r = x - (Math.PI / 2) * Math.round(x / (Math.PI / 2));
  const folded = r <= -Math.PI / 4 ? r + Math.PI / 2 : r;
  return Math.abs(folded) < BLOCK_TOLERANCES.coefficientZero ? 0 : folded;
}

const PAULI_MATRICES: readonly Mat2[] = [X, Y, Z];

/** exp(i Σ coefficient_k σ_axis(k) ⊗ σ_axis(k)) as a product of commuting terms. */
function interaction(terms: readonly { axis: PauliIndex; angle: number }[]): Mat4 {
  let m = kron([1, 0, 0, 0, 0, 0, 1, 0], [1, 0, 0, 0, 0, 0, 1, 0]);
  for (const { axis, angle } of terms) {
    const p = PAULI_MATRICES[axis] as Mat2;
    const pp = kron(p, p);
    // cos(θ) I + i sin(θ) P⊗P
    const term = scale4(pp, 0, Math.sin(angle));
    for (let i = 0; i < 4; i++) {
      const [r, im] = entry(term, i, i);
      setEntry(term, i, i, r + Math.cos(angle), im);
    }
    m = mul4(term, m);
  }
  return m;
}

/**
 * Decomposes u (first qubit most significant) with its interaction terms put
 * on `axes` (in preference order: the first nonzero coefficient goes on
 * axes[0], ...), or null when the numerics cannot be trusted.
 */
export function kakDecompose(u: Mat4, axes: readonly PauliIndex[] = [0, 1, 2]): KakDecomposition | null {
  const [dr, di] = det4(u);
  const quarter = Math.atan2(di, dr) / 4;
  const su = scale4(u, Math.cos(quarter), -Math.sin(quarter));
  const up = mul4(dagger4(MAGIC), mul4(su, MAGIC));
  const p = orthogonalDiagonaliser(mul4(transpose4(up), up));
  if (!p) return null;
  const d = mul4(transpose4(p), mul4(mul4(transpose4(up), up), p));
  const theta = [0, 1, 2, 3].map((k) => Math.atan2(entry(d, k, k)[1], entry(d, k, k)[0]) / 2);
  // The square roots are chosen so that Σθ ≡ 0 (mod 2π): then U' P D^{-1/2} has determinant 1 and is
  // real orthogonal, i.e. the outer part is local (with -1 it would hide a SWAP-like factor).
  if (Math.round(theta.reduce((a, b) => a + b, 0) / Math.PI) % 2 !== 0) theta[0] = (theta[0] as number) + Math.PI;
  const coefficient = (signs: readonly number[]) => reduced(signs.reduce((sum, sign, k) => sum + sign * (theta[k] as number), 0) / 4);
  const raw = [coefficient(MAGIC_PAULI_SIGNS.x), coefficient(MAGIC_PAULI_SIGNS.y), coefficient(MAGIC_PAULI_SIGNS.z)] as const;
  // Local part applied first: M Pᵀ M† (P real orthogonal with det 1, so a product of two single-qubit unitaries).
  const right = tensorFactors(mul4(MAGIC, mul4(transpose4(p), dagger4(MAGIC))));
  // Put the nonzero terms on the preferred axes by one Clifford on both qubits.
  const from = ([0, 1, 2] as const).filter((k) => raw[k] !== 0);
  const to = axes.slice(0, from.length);
  const c = cliffordMapping(from, to);
  const before: [Mat2, Mat2] = [mul(c, right.a), mul(c, right.b)];
  const terms = from.map((k, i) => ({ axis: to[i] as PauliIndex, angle: raw[k] as number }));
  const middle = interaction(terms);
  const left = tensorFactors(mul4(u, mul4(dagger4(kron(...before)), dagger4(middle))));
  const after: [Mat2, Mat2] = [left.a, left.b];
  if (distanceUpToPhase(mul4(kron(...after), mul4(middle, kron(...before))), u) > BLOCK_TOLERANCES.rebuild) return null;
  const coefficients: [number, number, number] = [0, 0, 0];
  for (const t of terms) coefficients[t.axis] = t.angle;
  return { coefficients, before, after, entanglers: terms.length };
}
