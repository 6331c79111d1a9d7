/** Hand-built circuits and an independent reference simulator for the simulator tests. */
import type { IrCircuit, IrGate, IrNativeGate, IrOp, IrRegister } from '../../src/ir/types.js';
import type { QisGateName } from '../../src/tables/index.js';
import { MemoryGuard } from '../../src/simulator/engine/memory.js';
import { SeededRandom } from '../../src/simulator/engine/random.js';
import type { DenseState } from '../../src/simulator/engine/state.js';
import { allocateSimdState } from '../../src/simulator/kernels/wasm.js';
import { expect } from 'vitest';

/** Engine options the simulator tests run with: fused, small blocks, a generous memory budget. */
export const engineOptions = () =>
  ({
    sparse: 'auto',
    fuse: true,
    blockQubits: 13,
    chunkQubits: 10,
    memory: new MemoryGuard(1e9),
    maxBranches: 64,
  }) as const;

export const gate = (
  name: QisGateName,
  targets: number[],
  controls: number[] = [],
  rotation: number | null = null,
): IrGate => ({
  kind: 'gate',
  name,
  targets,
  controls,
  rotation,
});

export const native = (
  name: IrNativeGate['name'],
  targets: number[],
  phases: number[],
  angle: number | null = null,
): IrNativeGate => ({
  kind: 'native',
  name,
  targets,
  phases,
  angle,
});

export const measure = (qubit: number, bit: number): IrOp => ({ kind: 'measure', qubit, bit });
export const reset = (qubit: number): IrOp => ({ kind: 'reset', qubit });

export function circuit(
  qubits: number,
  ops: IrOp[],
  bitRegisters: IrRegister[] = [],
  qubitRegisters?: IrRegister[],
): IrCircuit {
  return {
    qubits,
    clbits: bitRegisters.reduce((n, r) => Math.max(n, r.offset + r.size), 0),
    qubitRegisters: qubitRegisters ?? [{ name: 'q', size: qubits, offset: 0 }],
    bitRegisters,
    ops,
  };
}

export type C = [number, number];
export const cmul = (a: C, b: C): C => [a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0]];
export const cadd = (a: C, b: C): C => [a[0] + b[0], a[1] + b[1]];
export const expi = (x: number): C => [Math.cos(x), Math.sin(x)];

/**
 * Reference: applies a dense matrix (rows of complex entries; targets[0] is
 * the most significant local bit) to a state given as complex pairs, by
 * summing over the basis explicitly. Slow and obvious on purpose.
 */
export function referenceApply(state: C[], matrix: C[][], targets: number[], controls: number[]): C[] {
  const k = targets.length;
  const localOf = (index: number) => targets.reduce((acc, t) => (acc << 1) | ((index >> t) & 1), 0);
  const withLocal = (index: number, local: number) =>
    targets.reduce((acc, t, pos) => {
      const bit = (local >> (k - 1 - pos)) & 1;
      return (acc & ~(1 << t)) | (bit << t);
    }, index);
  return state.map((amp, i) => {
    if (!controls.every((c) => (i >> c) & 1)) return amp;
    const row = localOf(i);
    let sum: C = [0, 0];
    for (let col = 0; col < 1 << k; col++)
      sum = cadd(sum, cmul((matrix[row] as C[])[col] as C, state[withLocal(i, col)] as C));
    return sum;
  });
}

/** A random (unnormalized) dense state of n qubits, in a WebAssembly memory or in plain arrays; the seed fixes it. */
export function randomDenseState(n: number, seed: number, inMemory: boolean): DenseState {
  const random = new SeededRandom(seed);
  const arrays = inMemory ? allocateSimdState(2 ** n)! : { re: new Float64Array(2 ** n), im: new Float64Array(2 ** n) };
  for (let i = 0; i < 2 ** n; i++) {
    arrays.re[i] = random.next() - 0.5;
    arrays.im[i] = random.next() - 0.5;
  }
  return { kind: 'dense', qubits: n, ...arrays };
}

/** Expects every amplitude of `actual` within 1e-12 of `expected`'s, real and imaginary part apart. */
export function expectSameAmplitudes(actual: DenseState, expected: DenseState): void {
  for (let i = 0; i < 2 ** expected.qubits; i++) {
    expect(Math.abs((actual.re[i] as number) - (expected.re[i] as number))).toBeLessThan(1e-12);
    expect(Math.abs((actual.im[i] as number) - (expected.im[i] as number))).toBeLessThan(1e-12);
  }
}
