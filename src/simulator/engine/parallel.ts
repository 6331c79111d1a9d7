/**
 * Both cores: a chunk's blocks are independent, so for large states the main
 * thread and worker threads run them over the same SharedArrayBuffer state.
 * A pass is cut into pieces (PIECES_PER_THREAD per thread) that each thread
 * claims with an atomic counter until none is left (self-scheduling, as
 * OpenMP's `schedule(dynamic)`): a worker that wakes late, or that the
 * machine's load deschedules mid-pass, leaves its pieces to the others
 * instead of holding the pass up, and the main thread waits for the pieces,
 * not for the workers. The main thread waits with Atomics.wait, so the engine
 * stays synchronous. Small states stay on one thread: handing work over costs
 * more than it saves there.
 */
import { platform, type SimulatorThread } from '../../platform/index.js';
import type { ParallelRunner } from './evolve.js';
import { passUnits, runProgram } from './program.js';
import type { LocalProgram } from './local-program.js';
import type { DenseState } from './state.js';
import { stateMemory, type WasmMemory } from '../kernels/wasm.js';

/** Smallest state (qubits) handed to workers; below it one thread is faster (bench/simulate.bench.ts). */
export const PARALLEL_MIN_QUBITS = 20;

/**
 * Pieces per thread a pass is cut into. More pieces even out a late or
 * descheduled thread in finer steps; each costs a kernel call and an atomic
 * add (microseconds against a piece of a 2^20-amplitude pass, the smallest
 * split by default).
 */
export const PIECES_PER_THREAD = 8;

/** Message to a worker: claim and run pieces of a compiled chunk until none is left (see {@link runPieces}). */
export interface WorkerTask {
  readonly re: Float64Array;
  readonly im: Float64Array;
  readonly program: LocalProgram;
  readonly qubits: number;
  readonly pieces: PassPieces;
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
    const units = passUnits(program, state.qubits);
    const shares = this.workers.length + 1;
    if (
      units < shares ||
      !(state.re.buffer instanceof SharedArrayBuffer) ||
      !(state.im.buffer instanceof SharedArrayBuffer)
    ) {
      runProgram(program, state.re, state.im, state.qubits);
      return;
    }
    // Counters of this pass alone: a worker that reads its task after the pass ended finds no piece left.
    const pieces: PassPieces = {
      units,
      count: Math.min(units, shares * PIECES_PER_THREAD),
      counters: new Int32Array(new SharedArrayBuffer(8)),
    };
    const memory = stateMemory(state.re, state.im);
    const memoryId = idOf(memory);
    const task: WorkerTask = { re: state.re, im: state.im, program, qubits: state.qubits, pieces, memory, memoryId };
    for (const worker of this.workers) worker.postMessage(task);
    runPieces(task);
    const finished = pieces.counters;
    for (let done = Atomics.load(finished, FINISHED); done < pieces.count; done = Atomics.load(finished, FINISHED))
      Atomics.wait(finished, FINISHED, done);
  }

  close(): Promise<number[]> {
    return Promise.all(this.workers.map((w) => w.terminate()));
  }
}

/** A pass's units (blocks, or pairs in place) in `count` pieces, and its counters (see {@link NEXT}, {@link FINISHED}). */
export interface PassPieces {
  readonly units: number;
  readonly count: number;
  readonly counters: Int32Array;
}

/** Counter of the next piece to claim. */
const NEXT = 0;
/** Counter of pieces run; the main thread waits on it. */
const FINISHED = 1;

/**
 * Claims pieces of the task's pass and runs them until none is left (the
 * main thread and every worker run this). Piece k is units
 * [k * units / count, (k + 1) * units / count). A piece that throws still
 * counts as finished, so the waiting main thread never hangs.
 */
export function runPieces(task: WorkerTask): void {
  const { units, count, counters } = task.pieces;
  for (let k = Atomics.add(counters, NEXT, 1); k < count; k = Atomics.add(counters, NEXT, 1)) {
    try {
      runProgram(
        task.program,
        task.re,
        task.im,
        task.qubits,
        Math.floor((k * units) / count),
        Math.floor(((k + 1) * units) / count),
      );
    } finally {
      if (Atomics.add(counters, FINISHED, 1) + 1 === count) Atomics.notify(counters, FINISHED);
    }
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
