/**
 * The small vocabulary QIS gates are decomposed into before native emission:
 * a single-qubit unitary, or a two-qubit Pauli interaction
 * exp(-i θ/2 (a·σ) ⊗ (b·σ)). Every native family implements the interaction
 * with one entangling gate, so template counts are family independent.
 */
import type { Mat2 } from './complex2.js';

/** A unit vector on the Bloch sphere: the Pauli operator nx X + ny Y + nz Z. */
export type Axis = readonly [number, number, number];

export const AXIS_X: Axis = [1, 0, 0];
export const AXIS_Y: Axis = [0, 1, 0];
export const AXIS_Z: Axis = [0, 0, 1];

/** A single-qubit unitary (math matrix) on `qubit`. */
export interface UnitaryStep {
  readonly kind: 'u';
  readonly qubit: number;
  readonly matrix: Mat2;
}

/** exp(-i angleRad/2 (axisA·σ on a) ⊗ (axisB·σ on b)). */
export interface InteractionStep {
  readonly kind: 'pp';
  readonly a: number;
  readonly b: number;
  readonly axisA: Axis;
  readonly axisB: Axis;
  readonly angleRad: number;
}

export type Step = UnitaryStep | InteractionStep;

export const u = (qubit: number, matrix: Mat2): UnitaryStep => ({ kind: 'u', qubit, matrix });

export const pp = (a: number, b: number, axisA: Axis, axisB: Axis, angleRad: number): InteractionStep => ({
  kind: 'pp',
  a,
  b,
  axisA,
  axisB,
  angleRad,
});
