import { afterAll, describe, expect, it } from 'vitest';
import { compileDense, runCompiled, type EngineOptions } from '../../src/simulator/engine/evolve.js';
import { unitaryOf } from '../../src/simulator/kernels/matrices.js';
import { MemoryGuard } from '../../src/simulator/engine/memory.js';
import {
  PARALLEL_MIN_QUBITS,
  prepareWorkers,
  sharedWorkerPool,
  splittingPays,
  WorkerPool,
} from '../../src/simulator/engine/parallel.js';
import { platform } from '../../src/platform/index.js';
import { SeededRandom } from '../../src/simulator/engine/random.js';
import type { DenseState } from '../../src/simulator/engine/state.js';
import { allocateSimdState, stateMemory } from '../../src/simulator/kernels/wasm.js';
import { gate } from './helpers.js';

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
