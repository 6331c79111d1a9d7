/**
 * Counts oracle checks (each `expectEquivalent` call) so the suites can
 * report how many unitary comparisons they ran.
 */
import { expect } from 'vitest';
import type { Matrix } from 'mathjs';
import type { IrCircuit } from '../../src/ir/types.js';
import { circuitDistance, equalUpToGlobalPhase, randomStateDistance } from './unitary.js';

export const TOLERANCE = 1e-9;

let checks = 0;

export const oracleChecks = (): number => checks;

/** Asserts two circuits have the same unitary up to global phase. */
export function expectEquivalent(actual: IrCircuit, expected: IrCircuit, label = ''): void {
  checks++;
  const d = circuitDistance(actual, expected);
  expect(d, label).toBeLessThan(TOLERANCE);
}

/** Asserts two matrices are equal up to global phase. */
export function expectSameMatrix(actual: Matrix, expected: Matrix, label = ''): void {
  checks++;
  expect(equalUpToGlobalPhase(actual, expected), label).toBeLessThan(TOLERANCE);
}

/** Asserts two matrices differ by more than rounding, whatever the global phase (negative controls). */
export function expectDifferentMatrix(actual: Matrix, expected: Matrix, label = ''): void {
  checks++;
  expect(equalUpToGlobalPhase(actual, expected), label).toBeGreaterThan(0.1);
}

/** Asserts two circuits act alike on random input states, up to one global phase: the same unitary, for wide circuits (see randomStateDistance). */
export function expectEquivalentOnStates(actual: IrCircuit, expected: IrCircuit, label = ''): void {
  checks++;
  expect(randomStateDistance(actual, expected), label).toBeLessThan(TOLERANCE);
}
