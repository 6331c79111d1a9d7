/**
 * The numerical tolerances of native lowering, in one place. Each says what
 * is decided with it. All are far below what any hardware resolves and far
 * above double-precision rounding of 2x2 and 4x4 products (~1e-15); every
 * snap they allow moves the compiled circuit by at most about their size.
 */

/** Turns: an emitted parameter or interaction angle this close to another (or to 0) is the same. */
export const EPS = 1e-10;

/**
 * Single-qubit synthesis: a run whose rotation angle is this close (radians,
 * as sin or cos of the half angle) to 0, π/2 or π is emitted as none, one
 * gpi2 or one gpi; a run this close to a bit flip moves past a ZZ whole.
 */
export const FUSION_SNAP = 1e-12;

export const BLOCK_TOLERANCES = Object.freeze({
  /** A canonical coefficient (radians) below this is zero: rounding, not an interaction. */
  coefficientZero: 1e-13,
  /** Largest off-diagonal entry of a block unitary still taken as diagonal (a pure ZZ with local Z phases: the fast path; the rebuild check still guards it). */
  diagonalBlock: 1e-14,
  /** Largest off-diagonal entry accepted when diagonalising the magic-basis product UᵀU. */
  diagonalResidual: 1e-12,
  /** Largest entry of the quadratic a spectrum of two eigenvalues satisfies, for the quick "one entangler at most" test (only ever lets more blocks through). */
  quadraticResidual: 1e-9,
  /** Largest entry-wise deviation (up to global phase) of a 4x4 rebuilt from its factors. */
  rebuild: 1e-11,
});
