/**
 * Single-qubit fusion: each maximal run of single-qubit gates on a qubit is
 * multiplied into one 2x2 unitary and synthesised with at most two pulses
 * plus a frame update (ZYZ extraction, native-gates.md 2.3).
 */
import { abs, arg, IDENTITY, mul, rotation, rz, toSpecialUnitary, type Mat2 } from './complex2.js';
import { radToTurns, normalizeTurns } from './angles.js';
import { FUSION_SNAP as NEAR } from './tolerances.js';

/** A pulse with its physical phase in turns. */
export interface Pulse {
  readonly name: 'gpi' | 'gpi2';
  readonly phaseTurns: number;
}

export interface Synthesis {
  /** Pulses in circuit order. */
  readonly pulses: readonly Pulse[];
  /** The frame (turns) left behind: the run equals the pulses followed by Rz(2π frameTurns). */
  readonly frameTurns: number;
}

/**
 * Synthesises `w` (math order, frames already included) as pulses followed
 * by a Z rotation: w ≅ Rz(2π frame) · pulses. With w ≅ Rz(φ) Ry(θ) Rz(λ):
 * θ = 0 needs no pulse, θ = π/2 one gpi2, θ = π one gpi (absorbing the Z), anything else
 * gpi2(-λ/2π), gpi2(1/2 - (θ+λ)/2π) (Ry(θ) ≅ gpi2(0), Z(θ), gpi2(1/2) with
 * the Z pushed later through rule V1b).
 */
export function synthesize(w: Mat2): Synthesis {
  const { w: su } = toSpecialUnitary(w);
  const cosHalf = abs(su, 0, 0);
  const sinHalf = abs(su, 1, 0);
  if (sinHalf < NEAR) return { pulses: [], frameTurns: normalizeTurns(radToTurns(2 * arg(su, 1, 1))) };
  if (cosHalf < NEAR) {
    // w ≅ Rz(φ) Y: a gpi absorbs the Z (rule V2a), so no frame is left: Rz(φ) gpi(1/4) ≅ gpi(1/4 + φ/4π).
    const phi = 2 * arg(su, 1, 0);
    return { pulses: [{ name: 'gpi', phaseTurns: normalizeTurns(0.25 + radToTurns(phi) / 2) }], frameTurns: 0 };
  }
  const theta = 2 * Math.atan2(sinHalf, cosHalf);
  const phi = arg(su, 1, 1) + arg(su, 1, 0);
  const lambda = arg(su, 1, 1) - arg(su, 1, 0);
  if (Math.abs(theta - Math.PI / 2) < NEAR) {
    return {
      pulses: [{ name: 'gpi2', phaseTurns: normalizeTurns(0.25 - radToTurns(lambda)) }],
      frameTurns: normalizeTurns(radToTurns(phi + lambda)),
    };
  }
  return {
    pulses: [
      { name: 'gpi2', phaseTurns: normalizeTurns(-radToTurns(lambda)) },
      { name: 'gpi2', phaseTurns: normalizeTurns(0.5 - radToTurns(theta + lambda)) },
    ],
    frameTurns: normalizeTurns(radToTurns(phi + theta + lambda)),
  };
}

/** The not-yet-emitted single-qubit run of every qubit (math order). */
export class PendingRuns {
  private readonly runs: Mat2[];

  constructor(qubits: number) {
    this.runs = new Array<Mat2>(qubits).fill(IDENTITY);
  }

  apply(qubit: number, m: Mat2): void {
    this.runs[qubit] = mul(m, this.runs[qubit] ?? IDENTITY);
  }

  peek(qubit: number): Mat2 {
    return this.runs[qubit] ?? IDENTITY;
  }

  replace(qubit: number, m: Mat2): void {
    this.runs[qubit] = m;
  }

  /** Takes the run of `qubit` with its incoming frame in front, and clears it. */
  take(qubit: number, frameTurns: number): Mat2 {
    const run = this.runs[qubit] ?? IDENTITY;
    this.runs[qubit] = IDENTITY;
    return withFrame(run, frameTurns);
  }
}

/** A run (logical frame) with the frame its qubit carries in front: what {@link synthesize} takes. */
export const withFrame = (run: Mat2, frameTurns: number): Mat2 => mul(run, rz(2 * Math.PI * frameTurns));

/** Pulses {@link synthesize} needs for `w` (a right-hand frame does not change it). */
export function pulseCount(w: Mat2): number {
  // The moduli of a unitary's entries are those of its special-unitary part (the phase factor has modulus 1):
  // no copy needed, and this runs twelve times an MS gate (splitBeforeMs).
  const cosHalf = abs(w, 0, 0);
  const sinHalf = abs(w, 1, 0);
  if (sinHalf < NEAR || cosHalf < NEAR) return sinHalf < NEAR ? 0 : 1;
  return Math.abs(2 * Math.atan2(sinHalf, cosHalf) - Math.PI / 2) < NEAR ? 1 : 2;
}

/**
 * Splits a run that precedes an MS gate whose phase on this qubit is
 * `phaseTurns`: a rotation about that equatorial axis commutes with the MS
 * (native-gates.md S3e, generalised), so run = moved · before with `moved`
 * pushed past the MS. The rotation is chosen so `before` needs as few pulses
 * as possible (one at most: the |0> image can always be turned onto the
 * equator); `moved` joins the next run.
 */
export function splitBeforeMs(run: Mat2, phaseTurns: number): { before: Mat2; moved: Mat2 } {
  const a = 2 * Math.PI * phaseTurns;
  const [nx, ny] = [Math.cos(a), Math.sin(a)];
  // Bloch vector of run|0>.
  const [ar, ai, cr, ci] = [run[0], run[1], run[4], run[5]];
  const vx = 2 * (ar * cr + ai * ci);
  const vy = 2 * (ar * ci - ai * cr);
  const vz = ar * ar + ai * ai - (cr * cr + ci * ci);
  const phi = Math.atan2(nx * vy - ny * vx, vz);
  let best = { before: run, moved: IDENTITY, pulses: pulseCount(run) };
  // No pulse is the fewest: a run that needs none (often the identity) stays, and the search stops at the first
  // candidate that needs none (a later one could only tie).
  if (best.pulses === 0) return { before: run, moved: IDENTITY };
  for (const angle of [phi, -phi, phi + Math.PI / 2, phi - Math.PI / 2, -phi + Math.PI / 2, -phi - Math.PI / 2]) {
    const before = mul(rotation(nx, ny, 0, angle), run);
    const pulses = pulseCount(before);
    if (pulses < best.pulses) best = { before, moved: rotation(nx, ny, 0, -angle), pulses };
    if (best.pulses === 0) break;
  }
  return { before: best.before, moved: best.moved };
}
