/**
 * What inlining produces: the program as a flat list of operations with
 * gate definitions expanded, constant arguments evaluated (radians) and
 * operands resolved to global qubit and bit indices. Preflight rules,
 * capability checks and IR lowering read it.
 */
import type { RelatedLocation, Span } from '../diagnostics/index.js';
import type { AcceptedGate } from '../tables/index.js';

/** A declared register occupying global indices [offset, offset + size). */
export interface InlinedRegister {
  readonly name: string;
  readonly size: number;
  readonly offset: number;
  /** The declaration. */
  readonly span: Span;
}

/** One application of a built-in gate after expansion (broadcast expanded too). */
export interface InlinedGate {
  readonly kind: 'gate';
  readonly gate: AcceptedGate;
  /** Number of `ctrl @` / `ctrl(n) @` controls in front of the gate's own operands. */
  readonly modifierControls: number;
  /** Evaluated arguments, radians. */
  readonly params: readonly number[];
  /** Global qubit indices: modifier controls first, then the gate's operands in order. */
  readonly qubits: readonly number[];
  /** The outermost call site in the program. */
  readonly span: Span;
  /** The calls inside gate definitions that led here, outermost first. */
  readonly related: readonly RelatedLocation[];
}

export interface InlinedMeasure {
  readonly kind: 'measure';
  readonly qubit: number;
  readonly bit: number;
  /** The bit as written, `c[0]`. */
  readonly bitName: string;
  /** The whole measurement statement. */
  readonly span: Span;
}

export interface InlinedReset {
  readonly kind: 'reset';
  readonly qubit: number;
  readonly span: Span;
}

/** A barrier, widened to every qubit. */
export interface InlinedBarrier {
  readonly kind: 'barrier';
  readonly span: Span;
}

export type InlinedOp = InlinedGate | InlinedMeasure | InlinedReset | InlinedBarrier;

export interface InlinedProgram {
  readonly qubitRegisters: readonly InlinedRegister[];
  readonly bitRegisters: readonly InlinedRegister[];
  /** Sum of qubit register sizes (may be huge: nothing is allocated per qubit). */
  readonly qubitCount: number;
  readonly bitCount: number;
  readonly ops: readonly InlinedOp[];
}
