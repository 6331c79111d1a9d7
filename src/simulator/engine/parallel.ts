/**
 * Both cores: a chunk's blocks are independent, so for large states the main
 * thread runs one share of them and worker threads the others, over the same
 * SharedArrayBuffer state. The main thread waits with Atomics.wait, so the
 * engine stays synchronous. Small states stay on one thread: handing work
 * over costs more than it saves there.
 */
import { platform, type SimulatorThread } from '../../platform/index.js';
import type { ParallelRunner } from './evolve.js';
import { passUnits, runProgram } from './program.js';
import type { LocalProgram } from './local-program.js';
import type { DenseState } from './state.js';
import { stateMemory, type WasmMemory } from '../kernels/wasm.js';

/** Smallest state (qubits) handed to workers; below it one thread is faster (bench/simulate.bench.ts). */
export const PARALLEL_MIN_QUBITS = 20;

/** Message to a worker: run blocks [first, end) of a compiled chunk. */
export interface WorkerTask {
  readonly re: Float64Array;
  readonly im: Float64Array;
  readonly program: LocalProgram;
  readonly qubits: number;
  readonly first: number;
  readonly end: number;
  readonly done: Int32Array;
  /** The state's WebAssembly memory, if it has one (see allocateSimdState): workers gather from it with the SIMD module. */
  readonly memory: WasmMemory | null;
  /** Names `memory` across tasks (a posted memory arrives as a new object each time). */
  readonly memoryId: number;
}

const memoryIds = new WeakMap<WasmMemory, number>();
let nextMemoryId = 1;

function idOf(memory: WasmMemory | null): number {
  if (!memory) return 0;
  let id = memoryIds.get(memory);
  if (id === undefined) {
    id = nextMemoryId++;
    memoryIds.set(memory, id);
  }
  return id;
}

export class WorkerPool implements ParallelRunner {
  private readonly workers: SimulatorThread[];
  private readonly done = new Int32Array(new SharedArrayBuffer(4));
  private readyCount = 0;
  /** Resolves once every worker has loaded its code (see {@link accepts}). */
  readonly ready: Promise<void>;

  constructor(
    threads: number,
    private readonly minQubits = PARALLEL_MIN_QUBITS,
  ) {
    this.workers = Array.from({ length: Math.max(0, threads - 1) }, () => {
      const worker = platform.startSimulatorThread();
      worker.unref();
      return worker;
    });
    this.ready = Promise.all(
      this.workers.map(
        (w) =>
          new Promise<void>((resolve, reject) => {
            w.once('message', () => {
              this.readyCount++;
              resolve();
            });
            w.once('error', reject);
          }),
      ),
    ).then(() => undefined);
  }

  /**
   * Only once every worker is ready: a worker still loading modules may need
   * the main thread's event loop (loader hooks), which Atomics.wait would block.
   */
  accepts(qubits: number): boolean {
    return this.workers.length > 0 && this.readyCount === this.workers.length && qubits >= this.minQubits;
  }

  allocate(length: number): Float64Array {
    return new Float64Array(new SharedArrayBuffer(length * 8));
  }

  run(state: DenseState, program: LocalProgram): void {
    const blocks = passUnits(program, state.qubits);
    const shares = this.workers.length + 1;
    if (
      blocks < shares ||
      !(state.re.buffer instanceof SharedArrayBuffer) ||
      !(state.im.buffer instanceof SharedArrayBuffer)
    ) {
      runProgram(program, state.re, state.im, state.qubits);
      return;
    }
    const per = Math.ceil(blocks / shares);
    const memory = stateMemory(state.re, state.im);
    const memoryId = idOf(memory);
    Atomics.store(this.done, 0, 0);
    this.workers.forEach((worker, k) => {
      const task: WorkerTask = {
        re: state.re,
        im: state.im,
        program,
        qubits: state.qubits,
        first: (k + 1) * per,
        end: Math.min(blocks, (k + 2) * per),
        done: this.done,
        memory,
        memoryId,
      };
      worker.postMessage(task);
    });
    runProgram(program, state.re, state.im, state.qubits, 0, Math.min(blocks, per));
    for (
      let finished = Atomics.load(this.done, 0);
      finished < this.workers.length;
      finished = Atomics.load(this.done, 0)
    ) {
      Atomics.wait(this.done, 0, finished);
    }
  }

  close(): Promise<number[]> {
    return Promise.all(this.workers.map((w) => w.terminate()));
  }
}

let shared: WorkerPool | null = null;

/**
 * One pool per process, using every available core; workers do not keep the
 * process alive. Created on first call; it takes part once its workers are
 * ready (await `pool.ready`, or see {@link prepareWorkers}).
 */
export function sharedWorkerPool(): WorkerPool | null {
  const threads = platform.availableParallelism();
  if (threads < 2) return null;
  shared ??= new WorkerPool(threads);
  return shared;
}

/**
 * Whether splitting passes pays now: two threads won from PARALLEL_MIN_QUBITS on a quiet machine and lost with
 * the other core busy (bench/simulate.bench.ts --threads: random-20 1.40x and random-22 1.18x slower at load 12 on
 * 2 cores), so the default wants a second idle core, as the CLI does.
 */
export function splittingPays(qubits: number): boolean {
  return qubits >= PARALLEL_MIN_QUBITS && platform.idleCores() >= 2;
}

/** Starts the shared worker pool and resolves when later simulations can use every core. */
export async function prepareWorkers(): Promise<void> {
  await sharedWorkerPool()?.ready;
}
