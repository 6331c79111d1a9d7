/**
 * Runs a segment of unitary gates on a state: sparse gate by gate while the
 * state stays sparse, then dense: fused one-qubit runs, chunks of gates on few
 * qubits, each chunk one pass over memory in cache-sized blocks (split across
 * worker threads for large states when a pool is given).
 */
import { fuseSingleQubitRuns, scheduleChunks, type Chunk } from './fuse.js';
import type { UnitaryOp } from '../kernels/matrices.js';
import type { MemoryGuard } from './memory.js';
import { blockQubits, compileChunk, pairGateOf, runProgram } from './program.js';
import type { LocalProgram } from './local-program.js';
import { applySparse, plainArrays, toDense, type DenseAllocator, type DenseState, type SimState } from './state.js';
import { allocateSimdState } from '../kernels/wasm.js';
import type { ProgressSink } from './progress.js';

export interface EngineOptions {
  /** `auto`: sparse until it fills; `never`: dense from the start; `always`: stay sparse (tests). */
  readonly sparse: 'auto' | 'never' | 'always';
  /** Fuse and chunk (true) or run gate by gate (false, the reference path). */
  readonly fuse: boolean;
  /** Qubits per cache block (2^k amplitudes per block). */
  readonly blockQubits: number;
  /** Most distinct qubits the gates of one chunk may touch. */
  readonly chunkQubits: number;
  readonly memory: MemoryGuard;
  /** Smallest state whose lone gates run in place (default {@link IN_PLACE_MIN_QUBITS}; tests go lower). */
  readonly inPlaceMinQubits?: number;
  /** Most one-qubit gates of a chunk run as in-place passes (default {@link IN_PLACE_MAX_GATES}; the bench varies it). */
  readonly inPlaceMaxGates?: number;
  /** Runs a compiled chunk across worker threads; absent: this thread. */
  readonly parallel?: ParallelRunner;
  /** Told of each operation applied (a dense segment: in shares of its passes). */
  readonly progress?: ProgressSink;
}

export interface ParallelRunner {
  /** Whether it would run a state of this many qubits (small states stay on this thread). */
  accepts(qubits: number): boolean;
  /** Allocates a Float64Array the workers can share. */
  allocate(length: number): Float64Array;
  run(state: DenseState, program: LocalProgram): void;
}

export const DEFAULT_BLOCK_QUBITS = 14;
export const DEFAULT_CHUNK_QUBITS = 11;

/** When a sparse state holds more than this share of all amplitudes, a dense pass is cheaper. */
const SPARSE_FILL_LIMIT = 1 / 1024;

/**
 * Where dense states live: shared arrays for worker threads, else one
 * WebAssembly memory per state when the fused path will run it (the SIMD
 * kernels gather from it directly), else plain arrays.
 */
export function denseAllocator(options: EngineOptions, qubits: number): DenseAllocator {
  const parallel = options.parallel;
  // A state's WebAssembly memory is shared, so worker threads can use it as well.
  if (parallel && parallel.accepts(qubits))
    return (n) =>
      (options.fuse ? allocateSimdState(n) : null) ?? { re: parallel.allocate(n), im: parallel.allocate(n) };
  if (options.fuse && qubits >= SIMD_STATE_MIN_QUBITS) return (n) => allocateSimdState(n) ?? plainArrays(n);
  return plainArrays;
}

/**
 * Smallest state given a WebAssembly memory of its own. Below it a memory
 * (and a module instance on it) per state costs more than the JavaScript
 * gather it saves, and many short runs churn address space the collector has
 * to reclaim.
 */
export const SIMD_STATE_MIN_QUBITS = 15;

/** Applies `ops` in order; returns the state (a new dense one if the sparse one filled up). */
export function evolve(state: SimState, ops: readonly UnitaryOp[], options: EngineOptions): SimState {
  let current = state;
  let next = 0;
  if (current.kind === 'sparse') {
    const limit = options.sparse === 'always' ? Infinity : Math.max(16, 2 ** current.qubits * SPARSE_FILL_LIMIT);
    while (next < ops.length && current.amplitudes.size <= limit) {
      applySparse(current, ops[next++] as UnitaryOp);
      options.progress?.advance(1);
    }
    if (next === ops.length) return current;
    options.memory.reserve(current.qubits);
    current = toDense(current, denseAllocator(options, current.qubits));
  }
  runDense(current, next === 0 ? ops : ops.slice(next), options);
  return current;
}

function runDense(state: DenseState, ops: readonly UnitaryOp[], options: EngineOptions): void {
  const programs = compileDense(ops, state.qubits, options);
  // Fused passes do not say which gates they hold: each pass counts its share of the segment's operations.
  const share = programs.length > 0 ? ops.length / programs.length : 0;
  for (const program of programs) {
    runCompiled(program, state, options);
    options.progress?.advance(share);
  }
}

/** Fuses and chunks `ops` for dense states of `qubits` qubits (compile once, run on many states). */
export function compileDense(ops: readonly UnitaryOp[], qubits: number, options: EngineOptions): LocalProgram[] {
  if (!options.fuse) return ops.map((op) => compileChunk({ qubits: [], ops: [op] }, allQubits(qubits), 1));
  const blockSize = Math.min(qubits, options.blockQubits);
  const chunks = scheduleChunks(fuseSingleQubitRuns(ops), qubits, Math.min(options.chunkQubits, blockSize));
  return chunks.flatMap((chunk) => {
    const inPlace =
      qubits >= (options.inPlaceMinQubits ?? IN_PLACE_MIN_QUBITS)
        ? inPlacePasses(chunk, qubits, options.inPlaceMaxGates ?? IN_PLACE_MAX_GATES)
        : null;
    return inPlace ?? [stagedPass(chunk, qubits, blockSize)];
  });
}

/** A chunk as one staged pass: cache-sized blocks gathered into the SIMD kernels' buffer, every gate, scattered back. */
export function stagedPass(chunk: Chunk, qubits: number, blockSize: number): LocalProgram {
  const block = blockQubits(chunk, qubits, blockSize);
  return { ...compileChunk(chunk, block, 2 ** (qubits - block.length)), simd: true };
}

/**
 * Most one-qubit gates a chunk may hold to run as in-place passes, one pass
 * per gate, instead of one staged pass (blocks copied into the SIMD kernels'
 * buffer and back). With the in-place passes on the WebAssembly SIMD kernels
 * (kernels/wasm-in-place.ts), `bench/simulate.bench.ts --passes` (three runs
 * at load 8-17, 2^24 and 2^26 amplitudes): k gates in place took 0.34-0.51x
 * of one staged pass for k = 2, 0.21-0.70x for k = 3, 0.54-1.11x for k = 4
 * and 0.79-1.89x for k = 8; three is the most that won in every row.
 */
export const IN_PLACE_MAX_GATES = 3;

/**
 * Smallest state run in place: where a dense state gets a WebAssembly memory
 * of its own, so the SIMD kernels run the pass (at 2^16, a lone gate in place
 * took 0.25-0.3x of a staged pass, two gates 0.12x). Below it the state is in
 * plain arrays and the whole of it sits in the caches, where the staged
 * kernels' arithmetic wins over the JavaScript in-place loop.
 */
export const IN_PLACE_MIN_QUBITS = SIMD_STATE_MIN_QUBITS;

/** The chunk as in-place passes, one per gate, or null when it should stay one staged pass. */
export function inPlacePasses(chunk: Chunk, qubits: number, maxGates = IN_PLACE_MAX_GATES): LocalProgram[] | null {
  if (chunk.ops.length > maxGates) return null;
  const everyQubit = allQubits(qubits);
  const { steps } = compileChunk(chunk, everyQubit, 1);
  if (steps.length > maxGates) return null;
  const gates = steps.map(pairGateOf);
  if (gates.some((g) => g === null)) return null;
  return gates.map((gate) => ({ qubits: everyQubit, steps: [], inPlace: gate as NonNullable<typeof gate> }));
}

export function runCompiled(program: LocalProgram, state: DenseState, options: EngineOptions): void {
  if (options.parallel && options.parallel.accepts(state.qubits)) options.parallel.run(state, program);
  else runProgram(program, state.re, state.im, state.qubits);
}

function allQubits(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
