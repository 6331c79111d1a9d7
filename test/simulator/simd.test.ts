import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IrCircuit, IrGate } from '../../src/ir/types.js';
import { compileDense, runCompiled, type EngineOptions } from '../../src/simulator/engine/evolve.js';
import { executeCircuit } from '../../src/simulator/engine/execute.js';
import { unitaryOf } from '../../src/simulator/kernels/matrices.js';
import { MemoryGuard } from '../../src/simulator/engine/memory.js';
import { SeededRandom } from '../../src/simulator/engine/random.js';
import { amplitudeAt, plainArrays, type DenseState } from '../../src/simulator/engine/state.js';
import { sleb, uleb } from '../../src/simulator/kernels/wasm-encoding.js';
import { allocateSimdState, simdKernels, stateMemory } from '../../src/simulator/kernels/wasm.js';
import { circuit, expi, gate, referenceApply, type C } from './helpers.js';

// Independent definitions, written out by hand.
const rx = (t: number): C[][] => [
  [
    [Math.cos(t / 2), 0],
    [0, -Math.sin(t / 2)],
  ],
  [
    [0, -Math.sin(t / 2)],
    [Math.cos(t / 2), 0],
  ],
];
const ry = (t: number): C[][] => [
  [
    [Math.cos(t / 2), 0],
    [-Math.sin(t / 2), 0],
  ],
  [
    [Math.sin(t / 2), 0],
    [Math.cos(t / 2), 0],
  ],
];
const rz = (t: number): C[][] => [
  [expi(-t / 2), [0, 0]],
  [[0, 0], expi(t / 2)],
];
const h = Math.SQRT1_2;
const H: C[][] = [
  [
    [h, 0],
    [h, 0],
  ],
  [
    [h, 0],
    [-h, 0],
  ],
];
const X: C[][] = [
  [
    [0, 0],
    [1, 0],
  ],
  [
    [1, 0],
    [0, 0],
  ],
];
const S: C[][] = [
  [
    [1, 0],
    [0, 0],
  ],
  [
    [0, 0],
    [0, 1],
  ],
];
const SWAP: C[][] = [0, 2, 1, 3].map((col) => [0, 1, 2, 3].map((c) => (c === col ? [1, 0] : [0, 0])));
const zz = (t: number): C[][] =>
  [0, 1, 2, 3].map((r) => [0, 1, 2, 3].map((c) => (r !== c ? [0, 0] : expi(r === 0 || r === 3 ? -t / 2 : t / 2))));

function independent(g: IrGate): C[][] {
  const t = g.rotation ?? 0;
  const table: Partial<Record<IrGate['name'], C[][]>> = {
    rx: rx(t),
    ry: ry(t),
    rz: rz(t),
    h: H,
    x: X,
    s: S,
    swap: SWAP,
    zz: zz(t),
  };
  return table[g.name] as C[][];
}

function referenceRun(n: number, initial: C[], gates: readonly IrGate[]): C[] {
  return gates.reduce((state, g) => referenceApply(state, independent(g), [...g.targets], [...g.controls]), initial);
}

function randomInitial(n: number, seed: number): C[] {
  const random = new SeededRandom(seed);
  return Array.from({ length: 2 ** n }, () => [random.next() - 0.5, random.next() - 0.5] as C);
}

/** Runs `gates` through the fused (SIMD) path on a state whose arrays come from `allocate`. */
function simdRun(
  n: number,
  initial: C[],
  gates: readonly IrGate[],
  arrays: { re: Float64Array; im: Float64Array },
  blockQubits: number,
  chunkQubits: number,
): DenseState {
  const state: DenseState = { kind: 'dense', qubits: n, ...arrays };
  initial.forEach(([re, im], i) => {
    state.re[i] = re;
    state.im[i] = im;
  });
  const options: EngineOptions = {
    sparse: 'never',
    fuse: true,
    blockQubits,
    chunkQubits,
    memory: new MemoryGuard(1e9),
  };
  for (const program of compileDense(gates.map(unitaryOf), n, options)) {
    expect(program.simd).toBe(true);
    runCompiled(program, state, options);
  }
  return state;
}

function expectClose(state: DenseState, expected: readonly C[]): void {
  expected.forEach(([re, im], i) => {
    expect(Math.abs((state.re[i] as number) - re) + Math.abs((state.im[i] as number) - im)).toBeLessThan(1e-12);
  });
}

const N = 7;
const qubit = fc.integer({ min: 0, max: N - 1 });
const pair = fc.uniqueArray(qubit, { minLength: 2, maxLength: 2 });
const angle = fc.double({ min: -7, max: 7, noNaN: true });
const simdGate: fc.Arbitrary<IrGate> = fc.oneof(
  fc
    .record({ name: fc.constantFrom('rx', 'ry', 'rz'), q: qubit, a: angle })
    .map(({ name, q, a }) => gate(name as IrGate['name'], [q], [], a)),
  qubit.map((q) => gate('h', [q])),
  qubit.map((q) => gate('s', [q])),
  // cx, weighted up: a cx after a one-qubit gate on its target is the fused pass.
  { arbitrary: pair.map(([c, t]) => gate('x', [t as number], [c as number])), weight: 3 },
  pair.map(([c, t]) => gate('s', [t as number], [c as number])),
  fc.record({ p: pair, a: angle }).map(({ p: [c, t], a }) => gate('ry', [t as number], [c as number], a)),
  fc.record({ p: pair, a: angle }).map(({ p, a }) => gate('zz', p, [], a)),
  pair.map((p) => gate('swap', p)),
);

describe('WebAssembly SIMD kernels', () => {
  it('are available on this Node (the fast path the bench measures)', () => {
    expect(simdKernels(null)).not.toBeNull();
  });

  it('match the independent definitions on random circuits, state in a WebAssembly memory or in plain arrays, blocked or whole', () => {
    fc.assert(
      fc.property(
        fc.array(simdGate, { minLength: 1, maxLength: 40 }),
        fc.integer({ min: 0, max: 1000 }),
        (gates, seed) => {
          const initial = randomInitial(N, seed);
          const expected = referenceRun(N, initial, gates);
          for (const [blockQubits, chunkQubits] of [
            [N, N],
            [4, 3],
            [3, 2],
          ] as const) {
            const inMemory = allocateSimdState(2 ** N)!;
            expect(stateMemory(inMemory.re, inMemory.im)).not.toBeNull();
            expectClose(simdRun(N, initial, gates, inMemory, blockQubits, chunkQubits), expected);
            expectClose(simdRun(N, initial, gates, plainArrays(2 ** N), blockQubits, chunkQubits), expected);
          }
        },
      ),
      { numRuns: 60, seed: 5 },
    );
  });

  it.each([
    ['ry', gate('ry', [2], [], 0.9)],
    ['rx', gate('rx', [2], [], -1.3)],
    ['rz', gate('rz', [2], [], 2.1)],
    ['s (a phase on one bit)', gate('s', [2])],
    ['h', gate('h', [2])],
  ])('fold a cx into the pass of the %s before it on its target', (_, oneQubit) => {
    const gates = [gate('h', [0]), gate('ry', [1], [], 0.4), oneQubit, gate('x', [2], [0]), gate('x', [1], [2])];
    const initial = randomInitial(4, 3);
    expectClose(simdRun(4, initial, gates, allocateSimdState(16)!, 4, 4), referenceRun(4, initial, gates));
    expectClose(simdRun(4, initial, gates, allocateSimdState(16)!, 2, 2), referenceRun(4, initial, gates));
  });

  it('fold runs of diagonal gates into one table when a chunk spans several blocks', () => {
    const gates = [
      gate('h', [0]),
      gate('h', [3]),
      gate('rz', [0], [], 0.3),
      gate('s', [3], [0]),
      gate('zz', [0, 3], [], 1.1),
      gate('rz', [3], [], -0.8),
      gate('h', [0]),
    ];
    const initial = randomInitial(5, 9);
    const options: EngineOptions = {
      sparse: 'never',
      fuse: true,
      blockQubits: 4,
      chunkQubits: 4,
      memory: new MemoryGuard(1e9),
    };
    expect(compileDense(gates.map(unitaryOf), 5, options).some((p) => p.steps.some((s) => s.kind === 'table'))).toBe(
      true,
    );
    expectClose(simdRun(5, initial, gates, allocateSimdState(32)!, 4, 4), referenceRun(5, initial, gates));
  });

  it('give the reference kernels the same amplitudes on a 16-qubit random circuit through the default engine', () => {
    const n = 16;
    const random = new SeededRandom(77);
    const ops: IrGate[] = [];
    for (let layer = 0; layer < 3; layer++) {
      for (let q = 0; q < n; q++)
        ops.push(gate((['rx', 'ry', 'rz'] as const)[random.nextInt(3)]!, [q], [], random.next() * 6));
      for (let q = layer % 2; q + 1 < n; q += 2) ops.push(gate('x', [q + 1], [q]));
    }
    const c: IrCircuit = circuit(n, ops);
    const base = { memory: new MemoryGuard(1e10), maxBranches: 1 } as const;
    const fused = executeCircuit(c, { ...base, sparse: 'never', fuse: true, blockQubits: 14, chunkQubits: 11 })
      .branches[0]!.state as DenseState;
    const reference = executeCircuit(c, { ...base, sparse: 'never', fuse: false, blockQubits: 14, chunkQubits: 11 })
      .branches[0]!.state;
    expect(stateMemory(fused.re, fused.im)).not.toBeNull();
    for (let i = 0; i < 2 ** n; i += 7) {
      const [re, im] = amplitudeAt(reference, i);
      expect(Math.abs((fused.re[i] as number) - re) + Math.abs((fused.im[i] as number) - im)).toBeLessThan(1e-12);
    }
  });
});

describe('WebAssembly encoding', () => {
  it('writes LEB128 as the format defines it', () => {
    expect(uleb(0)).toEqual([0]);
    expect(uleb(127)).toEqual([0x7f]);
    expect(uleb(128)).toEqual([0x80, 0x01]);
    expect(uleb(624485)).toEqual([0xe5, 0x8e, 0x26]);
    expect(sleb(-1)).toEqual([0x7f]);
    expect(sleb(63)).toEqual([0x3f]);
    expect(sleb(64)).toEqual([0xc0, 0x00]);
    expect(sleb(-123456)).toEqual([0xc0, 0xbb, 0x78]);
  });
});
