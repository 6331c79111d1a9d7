/**
 * The building blocks of every controlled decomposition (Barenco et al. 1995):
 * - one control: C-U = P(α) on the control, rotation(n, ω/2) on the target
 *   and one interaction exp(+iω/4 Z⊗n·σ), where U = e^{iα} exp(-iω/2 n·σ),
 *   so any singly controlled unitary costs one entangling gate;
 * - two controls: lemma 6.1 (V = √U), five entangling gates;
 * - relative-phase Toffolis (Margolus, three CNOTs; Maslov's three-control
 *   one, six), where an exact inverse follows.
 */
import { EPS } from './angles.js';
import { dagger, H, phaseGate, rotation, ry, scale, toSpecialUnitary, X, type Mat2 } from './complex2.js';
import { AXIS_Z, pp, u, type Axis, type Step } from './steps.js';

/** What controlled decompositions need from their caller. */
export interface ControlContext {
  /** Wires of the (possibly widened) circuit: wires outside a gate may be borrowed as dirty ancillas. */
  readonly qubits: number;
  /** The family's CNOT template. */
  readonly cx: (control: number, target: number) => Step[];
}

/** U = e^{iα} exp(-iω/2 n·σ). */
export interface AxisAngle {
  readonly alphaRad: number;
  readonly axis: Axis;
  readonly omegaRad: number;
}

export function axisAngle(m: Mat2): AxisAngle {
  const { alphaRad, w } = toSpecialUnitary(m);
  // W = cos(ω/2) I - i sin(ω/2) n·σ
  const sx = -w[3];
  const sy = w[4];
  const sz = -w[1];
  const s = Math.hypot(sx, sy, sz);
  const c = w[0];
  if (s < 1e-12) return { alphaRad, axis: AXIS_Z, omegaRad: c >= 0 ? 0 : 2 * Math.PI };
  return { alphaRad, axis: [sx / s, sy / s, sz / s], omegaRad: 2 * Math.atan2(s, c) };
}

/** Principal square root. */
export function sqrtUnitary(m: Mat2): Mat2 {
  const { alphaRad, axis, omegaRad } = axisAngle(m);
  return scale(rotation(axis[0], axis[1], axis[2], omegaRad / 2), Math.cos(alphaRad / 2), Math.sin(alphaRad / 2));
}

export function singleControlled(control: number, target: number, matrix: Mat2): Step[] {
  const { alphaRad, axis, omegaRad } = axisAngle(matrix);
  const steps: Step[] = [];
  if (Math.abs(omegaRad) > EPS) {
    steps.push(
      pp(control, target, AXIS_Z, axis, -omegaRad / 2),
      u(target, rotation(axis[0], axis[1], axis[2], omegaRad / 2)),
    );
  }
  if (Math.abs(alphaRad) > EPS) steps.push(u(control, phaseGate(alphaRad)));
  return steps;
}

/** Lemma 6.1: C_b(V), CX(a, b), C_b(V†), CX(a, b), C_a(V) with V² = U. */
export function doublyControlled(a: number, b: number, target: number, matrix: Mat2, ctx: ControlContext): Step[] {
  const v = sqrtUnitary(matrix);
  return [
    ...singleControlled(b, target, v),
    ...ctx.cx(a, b),
    ...singleControlled(b, target, dagger(v)),
    ...ctx.cx(a, b),
    ...singleControlled(a, target, v),
  ];
}

/** Toffoli through lemma 6.1 (five entangling gates). */
export function toffoli(a: number, b: number, target: number, ctx: ControlContext): Step[] {
  return doublyControlled(a, b, target, X, ctx);
}

/**
 * Margolus' relative-phase Toffoli: a Toffoli times a diagonal phase, with
 * three CNOTs. Usable wherever its exact inverse follows and nothing in
 * between changes its three wires' basis states other than by its own flip.
 */
export function relativePhaseToffoli(a: number, b: number, target: number, ctx: ControlContext): Step[] {
  const quarter = Math.PI / 4;
  return [
    u(target, ry(quarter)),
    ...ctx.cx(b, target),
    u(target, ry(quarter)),
    ...ctx.cx(a, target),
    u(target, ry(-quarter)),
    ...ctx.cx(b, target),
    u(target, ry(-quarter)),
  ];
}

/**
 * Maslov's relative-phase C^3 X (qelib1's rc3x): C^3 X times a diagonal
 * phase, with six CNOTs, under the same condition as Margolus' Toffoli.
 */
export function relativePhaseToffoli3(a: number, b: number, c: number, target: number, ctx: ControlContext): Step[] {
  const t = (sign: number) => u(target, phaseGate((sign * Math.PI) / 4));
  const h = u(target, H);
  return [
    h,
    t(1),
    ...ctx.cx(c, target),
    t(-1),
    h,
    ...ctx.cx(a, target),
    t(1),
    ...ctx.cx(b, target),
    t(-1),
    ...ctx.cx(a, target),
    t(1),
    ...ctx.cx(b, target),
    t(-1),
    h,
    t(1),
    ...ctx.cx(c, target),
    t(-1),
    h,
  ];
}

/** The inverse of a step list: reversed, each step inverted. */
export function inverseSteps(steps: readonly Step[]): Step[] {
  return [...steps]
    .reverse()
    .map((s) => (s.kind === 'u' ? u(s.qubit, dagger(s.matrix)) : { ...s, angleRad: -s.angleRad }));
}

/** Entangling steps: what a decomposition costs on either family. */
export const entanglingCount = (steps: readonly Step[]): number =>
  steps.reduce((n, s) => n + (s.kind === 'pp' ? 1 : 0), 0);
