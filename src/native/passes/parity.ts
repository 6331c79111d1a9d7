/**
 * Parities of path variables as phase folding keys them (phase-fold.ts,
 * term-placement.ts): Amy, Maslov and Mosca's sum-over-paths form, each wire
 * an affine parity of path variables.
 */

/**
 * A parity as a map key: each path variable gets a random 64-bit code and a
 * parity the XOR of its variables' codes (two 32-bit halves, since JS XORs
 * 32 bits), so a CNOT updates the key as it updates the parity; 30 bits of
 * it key the map. A parity
 * itself is its ascending list of variables, checked on every hash hit; the
 * rare collision goes to a second map keyed by that list. (A BigInt of one
 * bit per variable, keyed by its base-32 digits, cost a string and a BigInt
 * as long as the variables made so far per term: on a 10,000-gate program,
 * most of the fold's time went to them and to collecting their garbage.)
 */
export interface Parity {
  /** Its path variables, ascending. */
  readonly vars: readonly number[];
  /** The XOR of its variables' codes, two 32-bit halves (JS XORs 32 bits). */
  readonly high: number;
  readonly low: number;
}

/** Whether two ascending variable lists are the same parity. */
export function sameVars(x: readonly number[], y: readonly number[]): boolean {
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
}

/**
 * 30 bits of a parity's code: the key of its term. A small integer, so the map
 * neither boxes its keys nor hashes doubles; the rarer-than-rare hit on another
 * parity is caught by the exact check and goes to the collision map.
 */
export const hashOf = (p: Parity): number => (p.low ^ p.high) & 0x3fffffff;
