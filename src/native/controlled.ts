/**
 * Any single-qubit unitary controlled by any number of qubits. Every
 * construction that applies is built and the one with the fewest entangling
 * gates wins (then the fewest steps):
 * - up to two controls: single-controlled.ts (one and five entangling gates);
 * - n ≥ 3, Gray code (gray-code.ts, lemma 7.1), for n ≤ 5 where it can win;
 * - n ≥ 3, SU(2) part: a group commutator (A X A† X)² = W with A = Rz(ω/4)
 *   around four multi-controlled X on the two halves of the controls, each
 *   borrowing the other half as dirty ancillas (lemma 7.2); the determinant
 *   phase e^{iα} on all-ones controls: P(α) controlled by the remaining
 *   controls, recursively. The recursion makes this quadratic in n; it is
 *   the construction that needs no wire outside the gate;
 * - reflections (x, y, z, h: trace 0, determinant -1) conjugate a
 *   multi-controlled X, which with free wires outside the gate is linear:
 *   lemma 7.2 with n - 2 of them, lemma 7.3 with one (dirty-x.ts).
 * The native lowering widens a circuit by one borrowed wire when a gate
 * fills it and the target has room (lower.ts), so that the quadratic
 * recursion remains only for programs that fill the whole target.
 */
import { EPS } from './angles.js';
import { abs, dagger, det, H, mul, phaseGate, ry, rz, type Mat2 } from './complex2.js';
import { exactMultiControlledX } from './dirty-x.js';
import { GRAY_CODE_UP_TO, grayCodeControlled } from './gray-code.js';
import {
  axisAngle,
  doublyControlled,
  entanglingCount,
  singleControlled,
  type ControlContext,
} from './single-controlled.js';
import { u, type Axis, type Step } from './steps.js';

export type { ControlContext } from './single-controlled.js';

/** A rotation G with G Z G† = n·σ. */
function zOnto(axis: Axis): Mat2 {
  const [nx, ny, nz] = axis;
  return mul(rz(Math.atan2(ny, nx)), ry(Math.atan2(Math.hypot(nx, ny), nz)));
}

/** The phase β when m = e^{iβ} I, else null. */
function scalarPhase(m: Mat2): number | null {
  if (abs(m, 0, 1) > EPS || abs(m, 1, 0) > EPS) return null;
  const b00 = Math.atan2(m[1], m[0]);
  const b11 = Math.atan2(m[7], m[6]);
  const diff = Math.atan2(Math.sin(b11 - b00), Math.cos(b11 - b00));
  return Math.abs(diff) < EPS ? b00 : null;
}

/** A Hermitian unitary n·σ (x, y, z, h): trace 0, determinant -1 (eigenvalues exactly ±1). */
function isReflection(m: Mat2): boolean {
  const [dr, di] = det(m);
  return Math.hypot(m[0] + m[6], m[1] + m[7]) < EPS && Math.abs(dr + 1) < EPS && Math.abs(di) < EPS;
}

/**
 * The axis n of a reflection m = n·σ = [[nz, nx - i ny], [nx + i ny, -nz]],
 * read from its entries. Not from {@link axisAngle}: that splits m into
 * e^{iα} exp(-iω/2 n·σ) with a sign of n that depends on which square root
 * of det m it took (Z and -Z give the same axis), and a reflection
 * controlled by others must be m itself, not m up to global phase.
 */
function reflectionAxis(m: Mat2): Axis {
  return [m[4], m[5], m[0]];
}

/** Fewest entangling gates, then fewest steps. */
function cheapest(candidates: readonly (Step[] | undefined)[]): Step[] {
  let best: Step[] | undefined;
  for (const steps of candidates) {
    if (!steps) continue;
    const better =
      !best ||
      entanglingCount(steps) < entanglingCount(best) ||
      (entanglingCount(steps) === entanglingCount(best) && steps.length < best.length);
    if (better) best = steps;
  }
  return best as Step[];
}

/** `matrix` on `target`, controlled by all of `controls` (any number, ≥ 0). */
export function controlledUnitary(
  controls: readonly number[],
  target: number,
  matrix: Mat2,
  ctx: ControlContext,
): Step[] {
  if (controls.length === 0) return [u(target, matrix)];
  const scalar = scalarPhase(matrix);
  if (scalar !== null) return phaseOnAllOnes(controls, scalar, ctx);
  if (controls.length === 1) return singleControlled(controls[0] as number, target, matrix);
  if (controls.length === 2) return doublyControlled(controls[0] as number, controls[1] as number, target, matrix, ctx);
  const { alphaRad, axis, omegaRad } = axisAngle(matrix);
  return cheapest([
    [...specialControlled(controls, target, axis, omegaRad, ctx), ...phaseOnAllOnes(controls, alphaRad, ctx)],
    controls.length <= GRAY_CODE_UP_TO ? grayCodeControlled(controls, target, matrix, ctx) : undefined,
    isReflection(matrix) ? conjugatedX(controls, target, reflectionAxis(matrix), ctx) : undefined,
  ]);
}

/** C^n(n·σ), exactly: n·σ = G X G† for G = zOnto(n) H, a multi-controlled X on borrowed wires, conjugated. */
function conjugatedX(controls: readonly number[], target: number, axis: Axis, ctx: ControlContext): Step[] | undefined {
  const mcx = exactMultiControlledX(controls, target, ctx);
  if (!mcx) return undefined;
  const g = mul(zOnto(axis), H);
  return [u(target, dagger(g)), ...mcx, u(target, g)];
}

/** Phase e^{iα} when every qubit of `qubits` is 1. */
function phaseOnAllOnes(qubits: readonly number[], alphaRad: number, ctx: ControlContext): Step[] {
  if (Math.abs(alphaRad) < EPS || qubits.length === 0) return [];
  const last = qubits[qubits.length - 1] as number;
  return controlledUnitary(qubits.slice(0, -1), last, phaseGate(alphaRad), ctx);
}

/** C^n(exp(-iω/2 n·σ)) for n ≥ 3 controls: G, then the commutator on Z rotations, then G†. */
function specialControlled(
  controls: readonly number[],
  target: number,
  axis: Axis,
  omegaRad: number,
  ctx: ControlContext,
): Step[] {
  if (Math.abs(omegaRad) < EPS) return [];
  const g = zOnto(axis);
  const half = Math.ceil(controls.length / 2);
  const p = controls.slice(0, half);
  const q = controls.slice(half);
  const a = rz(omegaRad / 4);
  const aDagger = rz(-omegaRad / 4);
  // Each half borrows the other half (and the target's complement) as dirty wires: always enough.
  const mcxP = () => exactMultiControlledX(p, target, ctx) as Step[];
  const mcxQ = () => exactMultiControlledX(q, target, ctx) as Step[];
  return [
    u(target, dagger(g)),
    ...mcxQ(),
    u(target, aDagger),
    ...mcxP(),
    u(target, a),
    ...mcxQ(),
    u(target, aDagger),
    ...mcxP(),
    u(target, a),
    u(target, g),
  ];
}
