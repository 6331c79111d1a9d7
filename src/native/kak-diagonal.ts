/**
 * The canonical decomposition of a diagonal two-qubit unitary, without an
 * eigen-decomposition: diag(e^{iφ00}, e^{iφ01}, e^{iφ10}, e^{iφ11}) is local Z
 * phases times exp(i z ZZ) with z = (φ00 - φ01 - φ10 + φ11) / 4, the ZZ
 * eigenvalues being +1, -1, -1, +1. Exporters write controlled phases and
 * Ising ZZ rotations as cx sandwiches, so such blocks are common, and this
 * route costs a few 4x4 products where the general one runs Jacobi sweeps.
 * Same contract as kakDecompose: the result rebuilds u, or null.
 */
import { cliffordMapping, type PauliIndex } from './clifford-axes.js';
import { dagger, type Mat2 } from './complex2.js';
import { distanceUpToPhase, kron, mul4, tensorFactors, type Mat4 } from './complex4.js';
import { reduced, type KakDecomposition } from './kak.js';
import { BLOCK_TOLERANCES } from './tolerances.js';

/** Whether every off-diagonal entry of u is below `diagonalBlock`. */
export function isDiagonal4(u: Mat4): boolean {
  const limit = BLOCK_TOLERANCES.diagonalBlock * BLOCK_TOLERANCES.diagonalBlock;
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      if (r === c) continue;
      const k = 2 * (4 * r + c);
      const re = u[k] as number,
        im = u[k + 1] as number;
      if (re * re + im * im > limit) return false;
    }
  }
  return true;
}

/** The ZZ eigenvalue sign on basis state k (|00>, |01>, |10>, |11>). */
const ZZ_SIGNS = [1, -1, -1, 1] as const;

/** kakDecompose for a diagonal u (see isDiagonal4), its one possible term put on axes[0]. */
export function diagonalKak(u: Mat4, axes: readonly PauliIndex[]): KakDecomposition | null {
  let sum = 0;
  for (let k = 0; k < 4; k++) sum += (ZZ_SIGNS[k] as number) * Math.atan2(u[10 * k + 1] as number, u[10 * k] as number);
  const z = reduced(sum / 4);
  const from: PauliIndex[] = z === 0 ? [] : [2];
  const to = axes.slice(0, from.length);
  // (C⊗C) exp(i z ZZ) (C†⊗C†) = exp(i z σσ) for the Clifford C taking Z to the preferred axis σ.
  const c = cliffordMapping(from, to);
  // Applied last: L = u exp(-i z ZZ) (C†⊗C†), local because z differs from the true coefficient by whole quarter turns.
  const unwound = new Float64Array(32);
  for (let k = 0; k < 4; k++) {
    const phi = -z * (ZZ_SIGNS[k] as number);
    const re = u[10 * k] as number,
      im = u[10 * k + 1] as number;
    unwound[10 * k] = re * Math.cos(phi) - im * Math.sin(phi);
    unwound[10 * k + 1] = re * Math.sin(phi) + im * Math.cos(phi);
  }
  const cd = dagger(c);
  const left = mul4(unwound, kron(cd, cd));
  const after = tensorFactors(left);
  if (distanceUpToPhase(kron(after.a, after.b), left) > BLOCK_TOLERANCES.rebuild) return null;
  const coefficients: [number, number, number] = [0, 0, 0];
  if (z !== 0) coefficients[to[0] as PauliIndex] = z;
  const before: [Mat2, Mat2] = [c, c];
  return { coefficients, before, after: [after.a, after.b], entanglers: from.length };
}
