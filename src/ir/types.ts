/**
 * The circuit IR: what a validated, inlined program becomes, and what native
 * lowering, the simulator, the JSON export and the CLI all start from.
 * Qubits and classical bits are numbered globally in declaration order.
 * QIS rotations are radians; native phases and angles are turns.
 */
import type { Span } from '../diagnostics/index.js';
import type { NativeGateName, QisGateName } from '../tables/index.js';

/** A QIS gate: `targets` has 1 entry (2 for swap, xx, yy, zz); `controls` may be empty. */
export interface IrGate {
  readonly kind: 'gate';
  readonly name: QisGateName;
  readonly targets: readonly number[];
  readonly controls: readonly number[];
  /** Radians, for rx, ry, rz, xx, yy, zz; null otherwise. */
  readonly rotation: number | null;
  /** Where it came from (the call site), when it came from source text. */
  readonly span?: Span;
}

/**
 * A native gate (decisions.md section 4), in turns:
 * gpi/gpi2: `phases = [φ]`, angle null; ms: `phases = [φ0, φ1]` (φ0 on targets[0]), angle θ;
 * zz: `phases = []`, angle θ.
 */
export interface IrNativeGate {
  readonly kind: 'native';
  readonly name: NativeGateName;
  readonly targets: readonly number[];
  readonly phases: readonly number[];
  readonly angle: number | null;
  readonly span?: Span;
}

/** Z-basis measurement of `qubit` into global classical bit `bit`. */
export interface IrMeasure {
  readonly kind: 'measure';
  readonly qubit: number;
  readonly bit: number;
  readonly span?: Span;
}

export interface IrReset {
  readonly kind: 'reset';
  readonly qubit: number;
  readonly span?: Span;
}

/** A full-circuit barrier (partial barriers are widened). */
export interface IrBarrier {
  readonly kind: 'barrier';
  readonly span?: Span;
}

export type IrOp = IrGate | IrNativeGate | IrMeasure | IrReset | IrBarrier;

/** A named register occupying global indices [offset, offset + size). */
export interface IrRegister {
  readonly name: string;
  readonly size: number;
  readonly offset: number;
}

export interface IrCircuit {
  /** Name of a multicircuit entry; undefined for a single circuit. */
  readonly name?: string;
  readonly qubits: number;
  readonly clbits: number;
  readonly qubitRegisters: readonly IrRegister[];
  readonly bitRegisters: readonly IrRegister[];
  readonly ops: readonly IrOp[];
}
