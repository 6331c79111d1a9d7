/**
 * Controlled single-qubit gates without ancillas (Barenco et al. 1995):
 * - one control: C-U = P(α) on the control, rotation(n, ω/2) on the target
 *   and one interaction exp(+iω/4 Z⊗n·σ), where U = e^{iα} exp(-iω/2 n·σ);
 * - two controls: Barenco lemma 6.1 (V = √U): five entangling gates;
 * - n ≥ 3 controls, SU(2) part: a group commutator (A X A† X)² = W with
 *   A = Rz(ω/4) around four multi-controlled X on the two halves of the
 *   controls, each borrowing the other half as dirty ancillas (lemma 7.2):
 *   linear in n;
 * - the determinant phase e^{iα} on all-ones controls: P(α) controlled by
 *   the remaining controls, recursively (halving angles);
 * - multi-controlled reflections (x, y, z, h) with a spare wire in the
 *   circuit: lemma 7.3 (the spare as one dirty ancilla, two halves): linear
 *   in n. Without a spare wire the determinant phase recursion makes the
 *   count grow quadratically (n ≤ 7 keeps it small).
 * Ladders use Margolus' relative-phase Toffolis where an exact inverse
 * follows, exact Toffolis (lemma 6.1, five entangling gates) elsewhere.
 */
import { EPS } from './angles.js';
import { abs, dagger, det, H, mul, phaseGate, rotation, ry, rz, scale, toSpecialUnitary, X, type Mat2 } from './complex2.js';
import { AXIS_Z, pp, u, type Axis, type Step } from './steps.js';

/** From this many controls on, a borrowed spare wire beats the phase-corrected commutator. */
const SPARE_WIRE_FROM = 5;

/** What controlled decompositions need from their caller. */
export interface ControlContext {
  /** Qubits in the circuit: wires outside a gate may be borrowed as dirty ancillas. */
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

/** Principal square root. */
function sqrtUnitary(m: Mat2): Mat2 {
  const { alphaRad, axis, omegaRad } = axisAngle(m);
  return scale(rotation(axis[0], axis[1], axis[2], omegaRad / 2), Math.cos(alphaRad / 2), Math.sin(alphaRad / 2));
}

/** `matrix` on `target`, controlled by all of `controls` (any number, ≥ 0). */
export function controlledUnitary(controls: readonly number[], target: number, matrix: Mat2, ctx: ControlContext): Step[] {
  if (controls.length === 0) return [u(target, matrix)];
  const scalar = scalarPhase(matrix);
  if (scalar !== null) return phaseOnAllOnes(controls, scalar, ctx);
  if (controls.length === 1) return singleControlled(controls[0] as number, target, matrix);
  if (controls.length === 2) return doublyControlled(controls[0] as number, controls[1] as number, target, matrix, ctx);
  const { alphaRad, axis, omegaRad } = axisAngle(matrix);
  if (isReflection(matrix) && controls.length >= SPARE_WIRE_FROM && spareWire(controls, target, ctx) !== undefined) {
    // n·σ = G X G†: conjugate a multi-controlled X.
    const g = mul(zOnto(axis), H);
    return [u(target, dagger(g)), ...multiControlledX(controls, target, ctx), u(target, g)];
  }
  return [...specialControlled(controls, target, axis, omegaRad, ctx), ...phaseOnAllOnes(controls, alphaRad, ctx)];
}

/** A Hermitian unitary n·σ (x, y, z, h): trace 0, determinant -1. */
function isReflection(m: Mat2): boolean {
  const [dr, di] = det(m);
  return Math.hypot(m[0] + m[6], m[1] + m[7]) < EPS && Math.abs(dr + 1) < EPS && Math.abs(di) < EPS;
}

function singleControlled(control: number, target: number, matrix: Mat2): Step[] {
  const { alphaRad, axis, omegaRad } = axisAngle(matrix);
  const steps: Step[] = [];
  if (Math.abs(omegaRad) > EPS) {
    steps.push(pp(control, target, AXIS_Z, axis, -omegaRad / 2), u(target, rotation(axis[0], axis[1], axis[2], omegaRad / 2)));
  }
  if (Math.abs(alphaRad) > EPS) steps.push(u(control, phaseGate(alphaRad)));
  return steps;
}

/** Barenco lemma 6.1: C_b(V), CX(a, b), C_b(V†), CX(a, b), C_a(V) with V² = U. */
function doublyControlled(a: number, b: number, target: number, matrix: Mat2, ctx: ControlContext): Step[] {
  const v = sqrtUnitary(matrix);
  return [
    ...singleControlled(b, target, v),
    ...ctx.cx(a, b),
    ...singleControlled(b, target, dagger(v)),
    ...ctx.cx(a, b),
    ...singleControlled(a, target, v),
  ];
}

/** Phase e^{iα} when every qubit of `qubits` is 1. */
function phaseOnAllOnes(qubits: readonly number[], alphaRad: number, ctx: ControlContext): Step[] {
  if (Math.abs(alphaRad) < EPS || qubits.length === 0) return [];
  const last = qubits[qubits.length - 1] as number;
  return controlledUnitary(qubits.slice(0, -1), last, phaseGate(alphaRad), ctx);
}

/** C^n(exp(-iω/2 n·σ)) for n ≥ 3 controls: G, then the commutator on Z rotations, then G†. */
function specialControlled(controls: readonly number[], target: number, axis: Axis, omegaRad: number, ctx: ControlContext): Step[] {
  if (Math.abs(omegaRad) < EPS) return [];
  const g = zOnto(axis);
  const half = Math.ceil(controls.length / 2);
  const p = controls.slice(0, half);
  const q = controls.slice(half);
  const a = rz(omegaRad / 4);
  const aDagger = rz(-omegaRad / 4);
  const mcxP = () => dirtyMultiControlledX(p, target, ctx);
  const mcxQ = () => dirtyMultiControlledX(q, target, ctx);
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

function spareWire(controls: readonly number[], target: number, ctx: ControlContext): number | undefined {
  const used = new Set([...controls, target]);
  for (let w = 0; w < ctx.qubits; w++) if (!used.has(w)) return w;
  return undefined;
}

/** Lemma 7.3: with one borrowed wire s, C^n X = [C^{|Q|+1}X(Q, s → t), C^{|P|}X(P → s)] twice. */
function multiControlledX(controls: readonly number[], target: number, ctx: ControlContext): Step[] {
  const spare = spareWire(controls, target, ctx) as number;
  const half = Math.ceil(controls.length / 2);
  const p = controls.slice(0, half);
  const q = [...controls.slice(half), spare];
  const toTarget = () => dirtyMultiControlledX(q, target, ctx);
  const toSpare = () => dirtyMultiControlledX(p, spare, ctx);
  return [...toTarget(), ...toSpare(), ...toTarget(), ...toSpare()];
}

/** Toffoli through lemma 6.1 (five entangling gates). */
function toffoli(a: number, b: number, target: number, ctx: ControlContext): Step[] {
  return doublyControlled(a, b, target, X, ctx);
}

/**
 * Margolus' relative-phase Toffoli: a Toffoli times a diagonal phase, with
 * three CNOTs. Usable wherever it is later undone by its exact inverse.
 */
function relativePhaseToffoli(a: number, b: number, target: number, ctx: ControlContext): Step[] {
  const quarter = Math.PI / 4;
  return [u(target, ry(quarter)), ...ctx.cx(b, target), u(target, ry(quarter)), ...ctx.cx(a, target), u(target, ry(-quarter)), ...ctx.cx(b, target), u(target, ry(-quarter))];
}

/** The inverse of a step list: reversed, each step inverted. */
export function inverseSteps(steps: readonly Step[]): Step[] {
  return [...steps].reverse().map((s) => (s.kind === 'u' ? u(s.qubit, dagger(s.matrix)) : { ...s, angleRad: -s.angleRad }));
}

/**
 * Lemma 7.2: C^m X with m - 2 borrowed wires (any state, restored), 4(m - 2)
 * Toffolis for m ≥ 3. The wires are taken from the circuit outside the gate.
 */
export function dirtyMultiControlledX(controls: readonly number[], target: number, ctx: ControlContext): Step[] {
  const m = controls.length;
  if (m === 0) return [u(target, X)];
  if (m === 1) return ctx.cx(controls[0] as number, target);
  if (m === 2) return toffoli(controls[0] as number, controls[1] as number, target, ctx);
  const used = new Set([...controls, target]);
  const borrowed: number[] = [];
  for (let w = 0; w < ctx.qubits && borrowed.length < m - 2; w++) if (!used.has(w)) borrowed.push(w);
  if (borrowed.length < m - 2) throw new Error(`C^${m}X needs ${m - 2} borrowed wires; ${borrowed.length} are free`);
  const c = (i: number) => controls[i] as number;
  const anc = (i: number) => borrowed[i] as number;
  // t ^= c[m-1]·a[m-3] around a block X that flips a[m-3] by the AND of the rest, then X again:
  // X never touches t, so relative phases inside it cancel against its exact inverse.
  const inner: Step[] = [];
  for (let i = m - 2; i >= 2; i--) inner.push(...relativePhaseToffoli(c(i), anc(i - 2), anc(i - 1), ctx));
  const block = [...inner, ...relativePhaseToffoli(c(0), c(1), anc(0), ctx), ...inverseSteps(inner)];
  const outer = toffoli(c(m - 1), anc(m - 3), target, ctx);
  return [...outer, ...block, ...outer, ...inverseSteps(block)];
}

