import { afterAll, describe, expect, it } from 'vitest';
import { compileDense, runCompiled, type EngineOptions } from '../../src/simulator/engine/evolve.js';
import { unitaryOf } from '../../src/simulator/kernels/matrices.js';
import { MemoryGuard } from '../../src/simulator/engine/memory.js';
import {
  PARALLEL_MIN_QUBITS,
  PIECES_PER_THREAD,
  prepareWorkers,
  runPieces,
  sharedWorkerPool,
  splittingPays,
  WorkerPool,
} from '../../src/simulator/engine/parallel.js';
import { platform } from '../../src/platform/index.js';
import { SeededRandom } from '../../src/simulator/engine/random.js';
import type { DenseState } from '../../src/simulator/engine/state.js';
import { allocateSimdState, stateMemory } from '../../src/simulator/kernels/wasm.js';
import { expectSameAmplitudes, gate, randomDenseState } from './helpers.js';

describe('worker threads', () => {
  const pool = new WorkerPool(2, 10);
  afterAll(() => pool.close());

  it('split a chunk across threads with the same amplitudes as one thread', async () => {
    await pool.ready;
    const n = 14;
    const random = new SeededRandom(12);
    const ops = Array.from({ length: 120 }, (_, i) => {
      const q = random.nextInt(n);
      const c = (q + 1 + random.nextInt(n - 1)) % n;
      return i % 3 === 0
        ? gate('x', [q], [c])
        : i % 3 === 1
          ? gate('ry', [q], [], random.next() * 6)
          : gate('rz', [q], [c], random.next() * 6);
    }).map(unitaryOf);
    const options: EngineOptions = {
      sparse: 'never',
      fuse: true,
      blockQubits: 8,
      chunkQubits: 6,
      memory: new MemoryGuard(1e9),
    };
    const fresh = (allocate: (n: number) => Float64Array): DenseState => {
      const re = allocate(2 ** n);
      const im = allocate(2 ** n);
      re[0] = 1;
      return { kind: 'dense', qubits: n, re, im };
    };
    const single = fresh((k) => new Float64Array(k));
    const shared = fresh((k) => pool.allocate(k));
    expect(shared.re.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(pool.accepts(n)).toBe(true);
    for (const program of compileDense(ops, n, options)) {
      runCompiled(program, single, options);
      runCompiled(program, shared, { ...options, parallel: pool });
    }
    for (let i = 0; i < 2 ** n; i++) {
      expect(shared.re[i]).toBe(single.re[i]);
      expect(shared.im[i]).toBe(single.im[i]);
    }
  });

  it('split a chunk across threads over a state in a WebAssembly memory, each thread gathering with its own module instance', async () => {
    await pool.ready;
    const n = 14;
    const random = new SeededRandom(31);
    const ops = Array.from({ length: 90 }, (_, i) => {
      const q = random.nextInt(n);
      const c = (q + 1 + random.nextInt(n - 1)) % n;
      return i % 3 === 0
        ? gate('x', [q], [c])
        : i % 3 === 1
          ? gate('rx', [q], [], random.next() * 6)
          : gate('rz', [q], [], random.next() * 6);
    }).map(unitaryOf);
    const options: EngineOptions = {
      sparse: 'never',
      fuse: true,
      blockQubits: 8,
      chunkQubits: 6,
      memory: new MemoryGuard(1e9),
    };
    const single: DenseState = { kind: 'dense', qubits: n, re: new Float64Array(2 ** n), im: new Float64Array(2 ** n) };
    const inMemory: DenseState = { kind: 'dense', qubits: n, ...allocateSimdState(2 ** n)! };
    single.re[0] = 1;
    inMemory.re[0] = 1;
    expect(stateMemory(inMemory.re, inMemory.im)).not.toBeNull();
    // Twice over the same programs: the workers keep one module instance per state memory across tasks.
    for (let round = 0; round < 2; round++) {
      for (const program of compileDense(ops, n, options)) {
        runCompiled(program, single, options);
        runCompiled(program, inMemory, { ...options, parallel: pool });
      }
    }
    for (let i = 0; i < 2 ** n; i++) {
      expect(inMemory.re[i]).toBe(single.re[i]);
      expect(inMemory.im[i]).toBe(single.im[i]);
    }
  });
});

describe('a pass cut into pieces the threads claim', () => {
  const pool = new WorkerPool(2, 2);
  afterAll(() => pool.close());
  const base = { sparse: 'never', fuse: true, memory: new MemoryGuard(1e9) } as const;
  /** Every gate its own in-place pass, or staged passes of 3-qubit blocks. */
  const inPlace: EngineOptions = { ...base, blockQubits: 1, chunkQubits: 1, inPlaceMinQubits: 0 };
  const staged: EngineOptions = { ...base, blockQubits: 3, chunkQubits: 2, inPlaceMinQubits: 99 };
  /** Gates on every qubit, some controlled, and a swap (staged even where the others run in place). */
  const gatesOn = (n: number, seed: number) => {
    const random = new SeededRandom(seed);
    return Array.from({ length: n }, (_, q) => q).flatMap((q) => [
      unitaryOf(gate('h', [q])),
      unitaryOf(gate('rz', [q], [], random.next() * 6)),
      unitaryOf(gate('rx', [q], [(q + 1) % n], random.next() * 6)),
      unitaryOf(gate('swap', [q, (q + 1) % n])),
    ]);
  };

  it('give the reference amplitudes when a pass has fewer units than pieces, or pieces of one (odd) pair', async () => {
    await pool.ready;
    // 2..5 qubits: 1..16 pairs against 2 * PIECES_PER_THREAD = 16 pieces, so pieces of one pair start at odd pairs.
    expect(PIECES_PER_THREAD).toBe(8);
    for (let n = 2; n <= 5; n++) {
      const ops = gatesOn(n, n);
      const threaded = randomDenseState(n, 40 + n, true);
      const reference = randomDenseState(n, 40 + n, false);
      expect(pool.accepts(n)).toBe(true);
      const programs = [...compileDense(ops, n, inPlace), ...compileDense(ops, n, staged)];
      expect(programs.filter((p) => p.inPlace).length).toBeGreaterThan(n);
      for (const program of programs) runCompiled(program, threaded, { ...inPlace, parallel: pool });
      for (const program of compileDense([...ops, ...ops], n, { ...inPlace, fuse: false }))
        runCompiled(program, reference, inPlace);
      expectSameAmplitudes(threaded, reference);
    }
  });

  it('split units into any number of pieces, boundaries not dividing them, as one thread would run them', () => {
    const n = 7;
    const ops = gatesOn(n, 3);
    for (const count of [1, 3, 7, 13, 64]) {
      const pieced = randomDenseState(n, 8, true);
      const reference = randomDenseState(n, 8, false);
      for (const program of [...compileDense(ops, n, inPlace), ...compileDense(ops, n, staged)]) {
        const units = program.inPlace ? 2 ** (n - 1) : 2 ** (n - program.qubits.length);
        const counters = new Int32Array(new SharedArrayBuffer(8));
        const pieces = { units, count: Math.min(units, count), counters };
        runPieces({ ...pieced, program, qubits: n, pieces, memory: null, memoryId: 0 });
        expect(Array.from(counters)).toEqual([pieces.count + 1, pieces.count]);
        // A worker reading this task after the pass ended finds no piece left and changes nothing.
        const before = Float64Array.from(pieced.re);
        runPieces({ ...pieced, program, qubits: n, pieces, memory: null, memoryId: 0 });
        expect(pieced.re).toEqual(before);
      }
      for (const program of compileDense([...ops, ...ops], n, { ...inPlace, fuse: false }))
        runCompiled(program, reference, inPlace);
      expectSameAmplitudes(pieced, reference);
    }
  });
});

describe('the default choice of threads', () => {
  it('splits only states from PARALLEL_MIN_QUBITS, and only while a second core is idle', () => {
    expect(splittingPays(PARALLEL_MIN_QUBITS - 1)).toBe(false);
    expect(splittingPays(PARALLEL_MIN_QUBITS)).toBe(platform.idleCores() >= 2);
    expect(platform.idleCores()).toBeLessThanOrEqual(platform.availableParallelism());
  });

  it('starts one pool per process, whatever number of runs ask for it', async () => {
    const first = sharedWorkerPool();
    expect(sharedWorkerPool()).toBe(first);
    expect(first === null).toBe(platform.availableParallelism() < 2);
    await prepareWorkers();
    expect(sharedWorkerPool()).toBe(first);
    if (first) expect(first.accepts(PARALLEL_MIN_QUBITS)).toBe(true);
  });
});
