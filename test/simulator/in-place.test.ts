import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import type { IrGate } from '../../src/ir/types.js';
import {
  compileDense,
  IN_PLACE_MAX_GATES,
  IN_PLACE_MIN_QUBITS,
  runCompiled,
  SIMD_STATE_MIN_QUBITS,
  type EngineOptions,
} from '../../src/simulator/engine/evolve.js';
import { executeCircuit } from '../../src/simulator/engine/execute.js';
import { MemoryGuard } from '../../src/simulator/engine/memory.js';
import { WorkerPool } from '../../src/simulator/engine/parallel.js';
import { SeededRandom } from '../../src/simulator/engine/random.js';
import type { DenseState } from '../../src/simulator/engine/state.js';
import { amplitudeAt } from '../../src/simulator/engine/state.js';
import { applyPairs, type PairForm, type PairGate } from '../../src/simulator/kernels/in-place.js';
import { applyPairsSimd } from '../../src/simulator/kernels/in-place-simd.js';
import { allocateSimdState, simdKernels, stateMemory, type SimdExports } from '../../src/simulator/kernels/wasm.js';
import { encodeModule } from '../../src/simulator/kernels/wasm-encoding.js';
import {
  IN_PLACE_UNROLL,
  IN_PLACE_VARIANTS,
  inPlaceConstants,
  inPlaceKernel,
  inPlaceKernelName,
} from '../../src/simulator/kernels/wasm-in-place.js';
import { unitaryOf } from '../../src/simulator/kernels/matrices.js';
import { circuit, gate, randomDenseState, referenceApply, type C } from './helpers.js';

const FORMS: readonly PairForm[] = ['general', 'real', 'diagonal', 'exchange'];

/** The 2x2 each form applies, as the reference simulator reads it. */
function matrixOf(form: PairForm, m: Float64Array): C[][] {
  const entry = (k: number): C => [m[2 * k] as number, m[2 * k + 1] as number];
  switch (form) {
    case 'general':
      return [
        [entry(0), entry(1)],
        [entry(2), entry(3)],
      ];
    case 'real':
      return [
        [
          [m[0] as number, 0],
          [m[2] as number, 0],
        ],
        [
          [m[4] as number, 0],
          [m[6] as number, 0],
        ],
      ];
    case 'diagonal':
      return [
        [entry(0), [0, 0]],
        [[0, 0], entry(3)],
      ];
    case 'exchange':
      return [
        [
          [0, 0],
          [1, 0],
        ],
        [
          [1, 0],
          [0, 0],
        ],
      ];
  }
}

type ApplyPairs = (re: Float64Array, im: Float64Array, gate: PairGate, first: number, end: number) => void;

/**
 * Every form on any qubit (0 and n-1 included), any subset of the other qubits as controls, a random state made
 * by `allocate`, the pairs split into two ranges at any point: `apply` gives the reference's amplitudes.
 */
function checkAgainstReference(
  maxQubits: number,
  allocate: (length: number) => { re: Float64Array; im: Float64Array },
  apply: ApplyPairs,
  numRuns: number,
): void {
  fc.assert(
    fc.property(
      fc.integer({ min: 1, max: maxQubits }),
      fc.constantFrom(...FORMS),
      fc.nat(),
      fc.nat(),
      fc.nat(),
      fc.array(fc.double({ min: -1, max: 1, noNaN: true }), { minLength: 8, maxLength: 8 }),
      (n, form, qSeed, controlSeed, splitSeed, entries) => {
        const q = qSeed % n;
        const controlMask = (controlSeed % 2 ** n) & ~(1 << q);
        const controls = Array.from({ length: n }, (_, b) => b).filter((b) => controlMask & (1 << b));
        const m = Float64Array.from(entries);
        const random = new SeededRandom(controlSeed ^ splitSeed);
        const { re, im } = allocate(2 ** n);
        for (let i = 0; i < 2 ** n; i++) {
          re[i] = random.next() - 0.5;
          im[i] = random.next() - 0.5;
        }
        const expected = referenceApply(
          Array.from(re, (r, i): C => [r, im[i] as number]),
          matrixOf(form, m),
          [q],
          controls,
        );
        const pairs = 2 ** (n - 1);
        const split = splitSeed % (pairs + 1);
        const gate = { q, controlMask, form, m };
        apply(re, im, gate, 0, split);
        apply(re, im, gate, split, pairs);
        expected.forEach(([r, i], k) => {
          expect(re[k]).toBeCloseTo(r, 12);
          expect(im[k]).toBeCloseTo(i, 12);
        });
      },
    ),
    { numRuns },
  );
}

describe('in-place one-qubit kernels', () => {
  it('apply every form on any qubit, with controls, split into any two pair ranges, as the reference does', () => {
    checkAgainstReference(7, (k) => ({ re: new Float64Array(k), im: new Float64Array(k) }), applyPairs, 300);
  });
});

describe('in-place one-qubit kernels as WebAssembly SIMD', () => {
  it('apply every form on every qubit (0 and n-1 included), with controls, split into any two pair ranges, as the reference does', () => {
    const inMemory = (k: number) => {
      const state = allocateSimdState(k)!;
      expect(stateMemory(state.re, state.im)).not.toBeNull();
      return state;
    };
    // Both ranges through the SIMD kernels (an empty one is a no-op that still reports it ran).
    const simd: ApplyPairs = (re, im, gate, first, end) => expect(applyPairsSimd(re, im, gate, first, end)).toBe(true);
    checkAgainstReference(8, inMemory, simd, 400);
  });

  it("unrolled 1, 2 or 4 vectors a turn, give the scalar loop's amplitudes on every pair range (whole turns, leftovers, none)", () => {
    expect(IN_PLACE_UNROLL).toBe(2);
    const n = 6;
    const pairs = 2 ** (n - 1);
    const state = allocateSimdState(2 ** n)!;
    const memory = stateMemory(state.re, state.im)!;
    const kernels = simdKernels(memory)!;
    const wasm = (
      globalThis as unknown as {
        WebAssembly: {
          Module: new (b: Uint8Array) => object;
          Instance: new (m: object, i: object) => { exports: object };
        };
      }
    ).WebAssembly;
    const random = new SeededRandom(27);
    for (const unroll of [1, 2, 4]) {
      const module = new wasm.Module(encodeModule(IN_PLACE_VARIANTS.map((v) => inPlaceKernel(v, unroll))));
      const exports = new wasm.Instance(module, { env: { memory } }).exports as SimdExports;
      for (const form of FORMS) {
        for (let q = 0; q < n; q++) {
          for (const controlMask of [0, q === 0 ? 0b100 : 1]) {
            const m = Float64Array.from({ length: 8 }, () => random.next() - 0.5);
            const gate: PairGate = { q, controlMask, form, m };
            const constants = inPlaceConstants(gate);
            const at = kernels.scratch(constants.length * 8 + 16, 16);
            kernels.view.set(constants, at / 8);
            const kernel = exports[inPlaceKernelName({ form, adjacent: q === 0, controlled: controlMask !== 0 })]!;
            // The strided kernels take even pair boundaries (applyPairsSimd runs an odd end pair in JavaScript).
            const stepOf = q === 0 ? 1 : 2;
            for (let first = 0; first < pairs; first += stepOf * 3) {
              for (let end = first + stepOf; end <= pairs; end += stepOf) {
                for (let i = 0; i < 2 ** n; i++) {
                  state.re[i] = random.next() - 0.5;
                  state.im[i] = random.next() - 0.5;
                }
                const re = Float64Array.from(state.re);
                const im = Float64Array.from(state.im);
                applyPairs(re, im, gate, first, end);
                kernel(state.re.byteOffset, state.im.byteOffset, q, first, end, controlMask, at);
                for (let i = 0; i < 2 ** n; i++) {
                  expect(Math.abs((state.re[i] as number) - (re[i] as number))).toBeLessThan(1e-12);
                  expect(Math.abs((state.im[i] as number) - (im[i] as number))).toBeLessThan(1e-12);
                }
              }
            }
          }
        }
      }
    }
  });

  it('decline a state outside WebAssembly memory, so the JavaScript kernels run it', () => {
    const gate = { q: 1, controlMask: 0, form: 'real' as const, m: new Float64Array(8) };
    expect(applyPairsSimd(new Float64Array(8), new Float64Array(8), gate, 0, 4)).toBe(false);
  });
});

describe('in-place passes in the engine', () => {
  const options = (inPlaceMinQubits: number): EngineOptions => ({
    sparse: 'never',
    fuse: true,
    blockQubits: 6,
    chunkQubits: 4,
    memory: new MemoryGuard(1e9),
    inPlaceMinQubits,
  });
  /** Layers whose lone gates become passes of their own: one gate on a qubit, then cx and cz on others far apart. */
  const layered = (n: number, seed: number): IrGate[] => {
    const random = new SeededRandom(seed);
    const gates: IrGate[] = [];
    for (let k = 0; k < 40; k++) {
      const q = random.nextInt(n);
      const c = (q + 1 + random.nextInt(n - 1)) % n;
      const pick = k % 6;
      if (pick === 0) gates.push(gate('h', [q]));
      else if (pick === 1) gates.push(gate('rz', [q], [], random.next() * 6));
      else if (pick === 2) gates.push(gate('x', [q], [c]));
      else if (pick === 3) gates.push(gate('rx', [q], [c], random.next() * 6));
      else if (pick === 4) gates.push(gate('z', [q], [c]));
      else gates.push(gate('ry', [q], [], random.next() * 6));
    }
    return gates;
  };

  it('run lone gates in place, and the state matches the gate-by-gate reference path', () => {
    const n = 11;
    const gates = layered(n, 5);
    const programs = compileDense(gates.map(unitaryOf), n, { ...options(0), chunkQubits: 1, blockQubits: 1 });
    expect(programs.filter((p) => p.inPlace).length).toBeGreaterThan(10);
    const c = circuit(n, gates);
    const base = { memory: new MemoryGuard(1e9), maxBranches: 1, blockQubits: 6, chunkQubits: 1 } as const;
    const inPlace = executeCircuit(c, { ...base, sparse: 'never', fuse: true, inPlaceMinQubits: 0 }).branches[0]!.state;
    const reference = executeCircuit(c, { ...base, sparse: 'never', fuse: false }).branches[0]!.state;
    for (let i = 0; i < 2 ** n; i++) {
      const [r0, i0] = amplitudeAt(reference, i);
      const [r1, i1] = amplitudeAt(inPlace, i);
      expect(Math.abs(r1 - r0) + Math.abs(i1 - i0)).toBeLessThan(1e-12);
    }
  });

  it('run chunks of up to IN_PLACE_MAX_GATES one-qubit gates in place, and leave bigger chunks and two-qubit gates to one staged pass', () => {
    const n = 8;
    const hs = (qs: number[]) =>
      compileDense(
        qs.map((q) => unitaryOf(gate('h', [q]))),
        n,
        options(0),
      );
    const pair = hs([3, 5]);
    expect(pair.map((p) => p.inPlace?.q)).toEqual([3, 5]);
    expect(IN_PLACE_MAX_GATES).toBe(3);
    expect(hs([1, 3, 5]).map((p) => p.inPlace?.q)).toEqual([1, 3, 5]);
    expect(hs([0, 1, 3, 5]).some((p) => p.inPlace)).toBe(false);
    const wider = compileDense(
      [0, 1, 3, 5].map((q) => unitaryOf(gate('h', [q]))),
      n,
      { ...options(0), inPlaceMaxGates: 4 },
    );
    expect(wider.map((p) => p.inPlace?.q)).toEqual([0, 1, 3, 5]);
    const swap = compileDense([gate('swap', [1, 6])].map(unitaryOf), n, options(0));
    expect(swap.some((p) => p.inPlace)).toBe(false);
    const lone = compileDense([gate('h', [6])].map(unitaryOf), n, options(0));
    expect(lone.map((p) => p.inPlace?.q)).toEqual([6]);
    // Below the size where it pays, even a lone gate stays staged; by default that is where states get a WebAssembly memory.
    expect(compileDense([gate('h', [6])].map(unitaryOf), n, options(9)).some((p) => p.inPlace)).toBe(false);
    expect(IN_PLACE_MIN_QUBITS).toBe(SIMD_STATE_MIN_QUBITS);
  });

  /** Lone gates on every qubit, 0 and n-1 included, with and without controls: each an in-place pass. */
  const everyQubit = (n: number, seed: number): IrGate[] => {
    const random = new SeededRandom(seed);
    return Array.from({ length: n }, (_, q) => q).flatMap((q) => {
      const c = (q + 1 + random.nextInt(n - 1)) % n;
      return [
        gate('h', [q]),
        gate('rz', [q], [], random.next() * 6),
        gate('rx', [q], [c], random.next() * 6),
        gate('x', [q], [c]),
        gate('ry', [q], [], random.next() * 6),
        gate('z', [q], [c]),
        gate('v', [q]),
        gate('y', [q], [c]),
        gate('t', [q]),
      ];
    });
  };

  const randomState = randomDenseState;

  it('run lone gates on a state in WebAssembly memory through the SIMD kernels, as the gate-by-gate reference does', () => {
    const n = 9;
    const ops = everyQubit(n, 3).map(unitaryOf);
    const programs = compileDense(ops, n, { ...options(0), chunkQubits: 1, blockQubits: 1 });
    expect(programs.every((p) => p.inPlace)).toBe(true);
    expect(new Set(programs.map((p) => p.inPlace!.q))).toEqual(new Set(Array.from({ length: n }, (_, q) => q)));
    const simd = randomState(n, 7, true);
    const reference = randomState(n, 7, false);
    for (const program of programs) runCompiled(program, simd, options(0));
    for (const program of compileDense(ops, n, { ...options(0), fuse: false }))
      runCompiled(program, reference, options(0));
    for (let i = 0; i < 2 ** n; i++) {
      expect(Math.abs((simd.re[i] as number) - (reference.re[i] as number))).toBeLessThan(1e-12);
      expect(Math.abs((simd.im[i] as number) - (reference.im[i] as number))).toBeLessThan(1e-12);
    }
  });

  describe('across worker threads', () => {
    const pool = new WorkerPool(2, 4);
    afterAll(() => pool.close());

    it('split each in-place pass by pair ranges and give the amplitudes of one thread', async () => {
      await pool.ready;
      const n = 12;
      const programs = compileDense(layered(n, 9).map(unitaryOf), n, { ...options(0), chunkQubits: 1 });
      expect(programs.filter((p) => p.inPlace).length).toBeGreaterThan(5);
      const fresh = (allocate: (k: number) => Float64Array): DenseState => {
        const re = allocate(2 ** n);
        const im = allocate(2 ** n);
        re[0] = 1;
        return { kind: 'dense', qubits: n, re, im };
      };
      const single = fresh((k) => new Float64Array(k));
      const shared = fresh((k) => pool.allocate(k));
      expect(pool.accepts(n)).toBe(true);
      for (const program of programs) {
        runCompiled(program, single, options(0));
        runCompiled(program, shared, { ...options(0), parallel: pool });
      }
      for (let i = 0; i < 2 ** n; i++) {
        expect(shared.re[i]).toBe(single.re[i]);
        expect(shared.im[i]).toBe(single.im[i]);
      }
    });

    it('split each in-place pass over a state in WebAssembly memory, each thread on the SIMD kernels, as the reference does', async () => {
      await pool.ready;
      const n = 10;
      const ops = everyQubit(n, 11).map(unitaryOf);
      const programs = compileDense(ops, n, { ...options(0), chunkQubits: 1, blockQubits: 1 });
      expect(programs.every((p) => p.inPlace)).toBe(true);
      const threaded = randomState(n, 5, true);
      const reference = randomState(n, 5, false);
      expect(pool.accepts(n)).toBe(true);
      for (const program of programs) runCompiled(program, threaded, { ...options(0), parallel: pool });
      for (const program of compileDense(ops, n, { ...options(0), fuse: false }))
        runCompiled(program, reference, options(0));
      for (let i = 0; i < 2 ** n; i++) {
        expect(Math.abs((threaded.re[i] as number) - (reference.re[i] as number))).toBeLessThan(1e-12);
        expect(Math.abs((threaded.im[i] as number) - (reference.im[i] as number))).toBeLessThan(1e-12);
      }
    });
  });
});
