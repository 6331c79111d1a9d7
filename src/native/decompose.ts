/**
 * QIS gates to steps (single-qubit unitaries and Pauli interactions), one
 * table row per gate shape. Family-specific rows hold the CNOT templates of
 * native-gates.md (C9 on MS systems, C4 on ZZ systems); everything else is
 * family independent because an interaction costs one entangling gate on
 * either family. Controlled gates without a row go through controlled.ts.
 */
import type { IrGate, IrNativeGate } from '../ir/types.js';
import type { QisGateName } from '../tables/index.js';
import { controlledUnitary, type ControlContext } from './controlled.js';
import { dagger, gpi, gpi2, H, phaseGate, rx, ry, rz, SQRT_X, X, Y, Z, type Mat2 } from './complex2.js';
import type { NativeFamily } from './family.js';
import { AXIS_X, AXIS_Y, AXIS_Z, pp, u, type Axis, type Step } from './steps.js';

const HALF_PI = Math.PI / 2;

/** CNOT templates in circuit order, per family (native-gates.md 2.4). */
const CNOT_TEMPLATES: Readonly<Record<NativeFamily, (c: number, t: number) => Step[]>> = {
  // C9: gpi2(3/4)_c, ms(0,0,1/4), gpi2(1/4)_c, gpi2(0)_t, Z(π/2)_c
  ms: (c, t) => [
    u(c, gpi2(0.75)),
    pp(c, t, AXIS_X, AXIS_X, HALF_PI),
    u(c, gpi2(0.25)),
    u(t, gpi2(0)),
    u(c, rz(HALF_PI)),
  ],
  // C4: gpi2(3/4)_t, zz(1/4), gpi2(1/2)_t, Z(-π/2)_c, Z(3π/2)_t
  zz: (c, t) => [
    u(t, gpi2(0.75)),
    pp(c, t, AXIS_Z, AXIS_Z, HALF_PI),
    u(t, gpi2(0.5)),
    u(c, rz(-HALF_PI)),
    u(t, rz(3 * HALF_PI)),
  ],
};

/** Single-qubit QIS gates as matrices (decisions.md section 4; rotations in radians). */
const SINGLE_QUBIT: Readonly<Partial<Record<QisGateName, (rotationRad: number) => Mat2>>> = {
  x: () => X,
  y: () => Y,
  z: () => Z,
  h: () => H,
  s: () => phaseGate(HALF_PI),
  si: () => phaseGate(-HALF_PI),
  t: () => phaseGate(Math.PI / 4),
  ti: () => phaseGate(-Math.PI / 4),
  v: () => SQRT_X,
  vi: () => dagger(SQRT_X),
  rx,
  ry,
  rz,
};

/** Two-qubit Pauli rotations: xx/yy/zz(θ) = exp(-iθ P⊗P/2). */
const PAULI_ROTATIONS: Readonly<Partial<Record<QisGateName, Axis>>> = { xx: AXIS_X, yy: AXIS_Y, zz: AXIS_Z };

/** Rotations that carry P⊗P onto Z⊗Z (circuit order: `toZ` first). */
const TO_Z: Readonly<Partial<Record<QisGateName, { toZ: Mat2; back: Mat2 }>>> = {
  xx: { toZ: H, back: H },
  yy: { toZ: rx(HALF_PI), back: rx(-HALF_PI) },
  zz: { toZ: phaseGate(0), back: phaseGate(0) },
};

export interface DecomposeContext extends ControlContext {
  readonly family: NativeFamily;
}

export function decomposeContext(family: NativeFamily, qubits: number): DecomposeContext {
  return { family, qubits, cx: CNOT_TEMPLATES[family] };
}

/** The steps of one QIS gate. */
export function decomposeGate(gate: IrGate, ctx: DecomposeContext): Step[] {
  const rotationRad = gate.rotation ?? 0;
  const single = SINGLE_QUBIT[gate.name];
  const controls = gate.controls;
  if (single) {
    const target = gate.targets[0] as number;
    if (gate.name === 'x' && controls.length === 1) return ctx.cx(controls[0] as number, target);
    return controlledUnitary(controls, target, single(rotationRad), ctx);
  }
  const [a, b] = gate.targets as [number, number];
  if (gate.name === 'swap') return swap(controls, a, b, ctx);
  const axis = PAULI_ROTATIONS[gate.name] as Axis;
  if (controls.length === 0) return [pp(a, b, axis, axis, rotationRad)];
  // C^n(exp(-iθ/2 P⊗P)): rotate P⊗P onto Z⊗Z, then Z⊗Z = CX(a,b) Z_b CX(a,b).
  const { toZ, back } = TO_Z[gate.name] as { toZ: Mat2; back: Mat2 };
  return [
    u(a, toZ),
    u(b, toZ),
    ...ctx.cx(a, b),
    ...controlledUnitary(controls, b, rz(rotationRad), ctx),
    ...ctx.cx(a, b),
    u(a, back),
    u(b, back),
  ];
}

/** swap = exp(-iπ/4 (XX + YY + ZZ)) up to phase (C7); with controls, CX(b,a) C^{n+1}X CX(b,a). */
function swap(controls: readonly number[], a: number, b: number, ctx: DecomposeContext): Step[] {
  if (controls.length === 0)
    return [pp(a, b, AXIS_X, AXIS_X, HALF_PI), pp(a, b, AXIS_Y, AXIS_Y, HALF_PI), pp(a, b, AXIS_Z, AXIS_Z, HALF_PI)];
  return [...ctx.cx(b, a), ...controlledUnitary([...controls, a], b, X, ctx), ...ctx.cx(b, a)];
}

/**
 * Native gates as steps, so a native circuit can be re-lowered (re-fused, or
 * moved to the other family): ms(φ0, φ1, θ) = exp(-iπθ σ(φ0)⊗σ(φ1)).
 */
export function decomposeNative(gate: IrNativeGate): Step[] {
  const [a, b] = gate.targets as [number, number];
  const phase = (i: number) => gate.phases[i] ?? 0;
  const equator = (turns: number): Axis => [Math.cos(2 * Math.PI * turns), Math.sin(2 * Math.PI * turns), 0];
  switch (gate.name) {
    case 'gpi':
      return [u(a, gpi(phase(0)))];
    case 'gpi2':
      return [u(a, gpi2(phase(0)))];
    case 'ms':
      return [pp(a, b, equator(phase(0)), equator(phase(1)), 2 * Math.PI * (gate.angle ?? 0.25))];
    case 'zz':
      return [pp(a, b, AXIS_Z, AXIS_Z, 2 * Math.PI * (gate.angle ?? 0))];
    default: {
      const never: never = gate.name;
      return never;
    }
  }
}
