/**
 * The numerical tolerances of the two-qubit block pass, in one place. Each
 * says what is decided with it; all are far below what any hardware resolves
 * and far above double-precision rounding of 4x4 products (~1e-15).
 */
export const BLOCK_TOLERANCES = Object.freeze({
  /** A canonical coefficient (radians) below this is zero: rounding, not an interaction. */
  coefficientZero: 1e-13,
  /** Largest off-diagonal entry accepted when diagonalising the magic-basis product UᵀU. */
  diagonalResidual: 1e-12,
  /** Largest entry-wise deviation (up to global phase) of a 4x4 rebuilt from its factors. */
  rebuild: 1e-11,
});
