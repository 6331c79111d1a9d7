/**
 * One Pauli interaction exp(-i θ/2 A⊗B) as one entangling native gate of a
 * family, dressed with single-qubit conjugations (which fusion absorbs):
 * - ms: an equatorial axis σ(p) costs nothing (it becomes the MS phase p);
 *   other axes are rotated onto the equator.
 * - zz: a ±Z axis costs nothing; other axes are rotated onto Z.
 * Angles are folded into the emitted ranges (native-gates.md S3a, S3c, S3d).
 */
import { centeredTurns, EPS, radToTurns } from './angles.js';
import { dagger, gpi, inCircuitOrder, mul, ry, rz, Z as PAULI_Z, type Mat2 } from './complex2.js';
import type { NativeFamily } from './family.js';
import type { Axis, InteractionStep } from './steps.js';

/** An entangling native gate in the logical frame (phases and angle in turns). */
export interface CoreGate {
  readonly kind: 'core';
  readonly name: NativeFamily;
  readonly targets: readonly [number, number];
  /** ms: [φ0, φ1] in the logical frame; zz: []. */
  readonly phases: readonly number[];
  readonly angleTurns: number;
}

export interface LogicalPulse {
  readonly kind: 'u';
  readonly qubit: number;
  readonly matrix: Mat2;
}

export type LoweredItem = CoreGate | LogicalPulse;

interface SideConjugation {
  /** Rotation R with R (base axis) R† = the requested axis; null when none is needed. */
  readonly rotation: Mat2 | null;
  /** ms: the equatorial phase in turns; zz: ±1, the sign the axis puts on the angle. */
  readonly value: number;
}

function msSide(axis: Axis): SideConjugation {
  const [nx, ny, nz] = axis;
  const rho = Math.hypot(nx, ny);
  const azimuth = rho < EPS ? 0 : Math.atan2(ny, nx);
  if (Math.abs(nz) < EPS) return { rotation: null, value: radToTurns(azimuth) };
  // Rz(a) Ry(b) Rz(-a) tilts σ(a) about the equatorial axis perpendicular to it.
  const tilt = Math.atan2(-nz, rho);
  return { rotation: inCircuitOrder(rz(-azimuth), ry(tilt), rz(azimuth)), value: radToTurns(azimuth) };
}

function zzSide(axis: Axis): SideConjugation {
  const [nx, ny, nz] = axis;
  if (nz > 1 - EPS) return { rotation: null, value: 1 };
  if (nz < -1 + EPS) return { rotation: null, value: -1 };
  const azimuth = Math.atan2(ny, nx);
  return { rotation: mul(rz(azimuth), ry(Math.atan2(Math.hypot(nx, ny), nz))), value: 1 };
}

/** Lowers one interaction to logical pulses around one entangling gate (or none, for a zero angle). */
export function lowerInteraction(step: InteractionStep, family: NativeFamily): LoweredItem[] {
  const side = family === 'ms' ? msSide : zzSide;
  const sa = side(step.axisA);
  const sb = side(step.axisB);
  const before: LoweredItem[] = [];
  const after: LoweredItem[] = [];
  if (sa.rotation) {
    before.push({ kind: 'u', qubit: step.a, matrix: dagger(sa.rotation) });
    after.push({ kind: 'u', qubit: step.a, matrix: sa.rotation });
  }
  if (sb.rotation) {
    before.push({ kind: 'u', qubit: step.b, matrix: dagger(sb.rotation) });
    after.push({ kind: 'u', qubit: step.b, matrix: sb.rotation });
  }
  const turns = radToTurns(step.angleRad);
  const core =
    family === 'ms'
      ? foldMs(step.a, step.b, sa.value, sb.value, turns)
      : foldZz(step.a, step.b, turns * sa.value * sb.value);
  return [...before, ...core, ...after];
}

/**
 * How many entangling gates `lowerInteraction(step, family)` emits (0 or 1),
 * computed as it folds the angle but building nothing: counting walks
 * (lower.ts, blocks.ts) ask this for every interaction step.
 */
export function interactionEntanglers(step: InteractionStep, family: NativeFamily): 0 | 1 {
  const turns = radToTurns(step.angleRad);
  if (family === 'ms') {
    let t = centeredTurns(turns);
    if (Math.abs(t) < EPS) return 0;
    if (t < 0) t = -t;
    return t <= 0.25 + EPS || 0.5 - t >= EPS ? 1 : 0;
  }
  let t = centeredTurns(turns * zzSign(step.axisA) * zzSign(step.axisB));
  if (Math.abs(t) > 0.25 + EPS) t = t > 0 ? t - 0.5 : t + 0.5;
  return Math.abs(t) < EPS ? 0 : 1;
}

/** The sign zzSide puts on the angle for `axis`. */
const zzSign = (axis: Axis): number => (axis[2] < -1 + EPS ? -1 : 1);

/** MS(φ0, φ1, t) with t brought into (0, 1/4]; pulses that folding needs come after it. */
export function foldMs(a: number, b: number, phaseA: number, phaseB: number, angleTurns: number): LoweredItem[] {
  let t = centeredTurns(angleTurns);
  let pa = phaseA;
  if (Math.abs(t) < EPS) return [];
  if (t < 0) {
    pa += 0.5; // S3a
    t = -t;
  }
  if (t <= 0.25 + EPS)
    return [{ kind: 'core', name: 'ms', targets: [a, b], phases: [pa, phaseB], angleTurns: Math.min(t, 0.25) }];
  // S3c: MS(φ0, φ1, t) ≅ MS(φ0 + 1/2, φ1, 1/2 - t), then gpi(φ0) ⊗ gpi(φ1).
  const rest = 0.5 - t;
  const tail: LoweredItem[] = [
    { kind: 'u', qubit: a, matrix: gpi(pa) },
    { kind: 'u', qubit: b, matrix: gpi(phaseB) },
  ];
  if (rest < EPS) return tail;
  return [{ kind: 'core', name: 'ms', targets: [a, b], phases: [pa + 0.5, phaseB], angleTurns: rest }, ...tail];
}

/** ZZ(t) with t brought into [-1/4, 1/4]; the Z⊗Z that folding leaves is virtual. */
export function foldZz(a: number, b: number, angleTurns: number): LoweredItem[] {
  let t = centeredTurns(angleTurns);
  const tail: LoweredItem[] = [];
  if (Math.abs(t) > 0.25 + EPS) {
    // S3d: ZZ(t) ≅ ZZ(t ∓ 1/2) · (Z⊗Z).
    t = t > 0 ? t - 0.5 : t + 0.5;
    tail.push({ kind: 'u', qubit: a, matrix: PAULI_Z }, { kind: 'u', qubit: b, matrix: PAULI_Z });
  }
  if (Math.abs(t) < EPS) return tail;
  return [
    { kind: 'core', name: 'zz', targets: [a, b], phases: [], angleTurns: Math.max(-0.25, Math.min(0.25, t)) },
    ...tail,
  ];
}
