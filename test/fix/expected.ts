/**
 * Expected unitaries for the fix tests, computed independently of src/: each
 * gate is its textbook matrix (mathjs, test/oracle/gates.ts), placed on its
 * qubits of an n-qubit register (qubit 0 most significant) where its
 * controls read `values` (1 for ctrl, 0 for negctrl); a program is the
 * product of its gates. The fixed program's unitary comes from the oracle.
 */
import { complex, matrix, multiply, type Complex, type Matrix } from 'mathjs';
import { expect } from 'vitest';
import { lowerToIr } from '../../src/ir/index.js';
import { validateProgram } from '../../src/api/validate.js';
import { fix, type FixOptions, type FixResult } from '../../src/index.js';
import { equalUpToGlobalPhase, unitaryOf } from '../oracle/unitary.js';

export interface Placed {
  readonly gate: Matrix;
  readonly targets: readonly number[];
  readonly controls?: readonly number[];
  readonly values?: readonly number[];
}

const c = (re: number, im = 0) => complex(re, im);
export const phase = (l: number): Matrix =>
  matrix([
    [c(1), c(0)],
    [c(0), complex({ r: 1, phi: l })],
  ]);
export const u3 = (t: number, p: number, l: number): Matrix =>
  matrix([
    [c(Math.cos(t / 2)), multiply(complex({ r: 1, phi: l }), -Math.sin(t / 2)) as Complex],
    [
      multiply(complex({ r: 1, phi: p }), Math.sin(t / 2)) as Complex,
      multiply(complex({ r: 1, phi: p + l }), Math.cos(t / 2)) as Complex,
    ],
  ]);

function entry(m: Matrix, r: number, k: number): Complex {
  const v = m.get([r, k]) as Complex | number;
  return typeof v === 'number' ? c(v) : v;
}

/** The n-qubit matrix of one placed gate. */
export function embed(p: Placed, n: number): Matrix {
  const dim = 1 << n;
  const bit = (q: number) => 1 << (n - 1 - q);
  const k = p.targets.length;
  const rows: Complex[][] = Array.from({ length: dim }, () => Array.from({ length: dim }, () => c(0)));
  for (let col = 0; col < dim; col++) {
    const on = (p.controls ?? []).every((q, j) => ((col & bit(q)) !== 0 ? 1 : 0) === (p.values?.[j] ?? 1));
    if (!on) {
      (rows[col] as Complex[])[col] = c(1);
      continue;
    }
    const local = p.targets.reduce((acc, q, j) => acc | (((col & bit(q)) !== 0 ? 1 : 0) << (k - 1 - j)), 0);
    const rest = p.targets.reduce((acc, q) => acc & ~bit(q), col);
    for (let out = 0; out < 1 << k; out++) {
      const row = p.targets.reduce((acc, q, j) => ((out >> (k - 1 - j)) & 1 ? acc | bit(q) : acc), rest);
      (rows[row] as Complex[])[col] = entry(p.gate, out, local);
    }
  }
  return matrix(rows);
}

/** The product of placed gates, the first applied first. */
export function programMatrix(gates: readonly Placed[], n: number): Matrix {
  let u = embed(
    {
      gate: matrix([
        [c(1), c(0)],
        [c(0), c(1)],
      ]),
      targets: [0],
    },
    n,
  );
  for (const g of gates) u = multiply<Matrix>(embed(g, n), u);
  return u;
}

/** Fixes `source`, expects it accepted and proven, and returns the result with the fixed program's oracle unitary. */
export function fixedUnitary(source: string, options: FixOptions = {}): { result: FixResult; unitary: Matrix } {
  const result = fix(source, options);
  expect(result.diagnostics.map((d) => d.reason)).toEqual([]);
  expect(result.ok).toBe(true);
  const validated = validateProgram(result.source, options.target === undefined ? {} : { target: options.target });
  if (!validated.inlined) throw new Error('fixed program did not validate');
  return { result, unitary: unitaryOf(lowerToIr(validated.inlined)) };
}

/** Expects the fixed program to equal the gates up to global phase, and fix to report it proven. */
export function expectFixedEquals(source: string, gates: readonly Placed[], n: number, options: FixOptions = {}) {
  const { result, unitary } = fixedUnitary(source, options);
  expect(equalUpToGlobalPhase(unitary, programMatrix(gates, n))).toBeLessThan(1e-9);
  expect(result.equivalent).toBe(true);
  return result;
}
