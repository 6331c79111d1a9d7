/**
 * The simulator's in-cache kernels as WebAssembly SIMD: a block of
 * amplitudes lives interleaved (re, im) in the module's memory, one complex
 * number per v128, so a complex product takes two f64x2 multiplies and a lane
 * swap instead of four scalar multiplies. Measured on the 2-core machine, a
 * general one-qubit gate on a 2^14 block costs about 0.9 ns per amplitude
 * here against 2.1-2.4 ns in the JavaScript kernels (scalar.ts).
 *
 * Every kernel walks the addresses `i | k | fixed` (byte offsets, so amplitude
 * bit q is address bit q + 4): `k` over the subsets of a `free` bit mask, `i`
 * over a contiguous `run` below them. The fixed bits carry controls, so
 * controlled and plain gates share one loop.
 * Complex constants are stored pre-split as pairs of v128: (r, r) and (-i, i),
 * so that `a * c = a * (r, r) + swap(a) * (-i, i)`.
 */
import { IN_PLACE_VARIANTS, inPlaceKernel } from './wasm-in-place.js';
import { code, encodeModule, FunctionBuilder, I32, MAX_PAGES, op, V128, type WasmFunction } from './wasm-encoding.js';

/** Bytes per amplitude in the interleaved block. */
export const AMPLITUDE_BYTES = 16;
/** Bytes per complex constant: (r, r) then (-i, i). */
export const CONSTANT_BYTES = 32;

/** The parameters every kernel starts with, and the loop over its amplitudes. */
interface Walk {
  readonly free: number;
  readonly fixed: number;
  readonly run: number;
}

function walkParams(f: FunctionBuilder): Walk {
  return { free: f.param(I32), fixed: f.param(I32), run: f.param(I32) };
}

/**
 * Calls `body` with `index` at every `i | k | fixed`: `k` over the subsets of
 * `free`, `i` over the `run` contiguous bytes below them (the low free bits,
 * walked by a plain loop: cheaper than the subset step).
 */
function walk(f: FunctionBuilder, w: Walk, index: number, body: number[], stride = AMPLITUDE_BYTES): number[] {
  const k = f.local(I32);
  const stop = f.local(I32);
  return code(
    op.loop(),
    op.get(k),
    op.get(w.fixed),
    op.or,
    op.tee(index),
    op.get(w.run),
    op.add,
    op.set(stop),
    op.loop(),
    body,
    op.get(index),
    op.i32(stride),
    op.add,
    op.tee(index),
    op.get(stop),
    op.ltU,
    op.brIf(0),
    op.end(),
    op.get(k),
    op.get(w.free),
    op.sub,
    op.get(w.free),
    op.and,
    op.tee(k),
    op.brIf(0),
    op.end(),
  );
}

/** Pushes `value * c` for a v128 local `value`, its lane-swapped copy, and a complex constant held as locals (r, r), (-i, i). */
function times(value: number, swapped: number, c: readonly number[], at: number): number[] {
  return code(
    op.get(value),
    op.get(c[at] as number),
    op.fmul,
    op.get(swapped),
    op.get(c[at + 1] as number),
    op.fmul,
    op.fadd,
  );
}

/** Loads the amplitude at address local `address` into `value` and its lane-swapped copy into `swapped`. */
function loadAmplitude(address: number, value: number, swapped: number): number[] {
  return code(op.get(address), op.load(), op.tee(value), op.get(value), op.swapLanes(), op.set(swapped));
}

/**
 * A one-qubit kernel: for each walked `i` (target bit clear) and `j = i | target`,
 * loads a = [i], b = [j] (with lane-swapped copies sa, sb), and stores
 * `rows[0]` at `i ^ flip` and `rows[1]` at `j ^ flip`. `flip` is 0, or the
 * target bit to apply an X after the gate in the same pass (a cx whose
 * target this gate was the last to touch, see engine/simd-program.ts).
 * `rows(a, sa, b, sb, constants)` gives each row's code; `constants` v128s
 * are hoisted from the matrix pointer.
 */
function oneQubit(
  name: string,
  constants: number,
  rows: (a: number, sa: number, b: number, sb: number, c: readonly number[]) => [number[], number[]],
): WasmFunction {
  const f = new FunctionBuilder();
  const w = walkParams(f);
  const [target, m, flip] = [f.param(I32), f.param(I32), f.param(I32)];
  const [i, j] = [f.local(I32), f.local(I32)];
  const [a, sa, b, sb] = [f.local(V128), f.local(V128), f.local(V128), f.local(V128)];
  const c = f.hoist(m, constants);
  const [row0, row1] = rows(a, sa, b, sb, c.locals);
  const body = code(
    op.get(i),
    op.get(target),
    op.or,
    op.set(j),
    loadAmplitude(i, a, sa),
    loadAmplitude(j, b, sb),
    op.get(i),
    op.get(flip),
    op.xor,
    row0,
    op.store(),
    op.get(j),
    op.get(flip),
    op.xor,
    row1,
    op.store(),
  );
  return f.build(name, code(c.code, walk(f, w, i, body)));
}

/** matrix1(free, fixed, run, target, matrix, flip): a general 2x2 (four complex constants, row-major). */
export function matrix1(): WasmFunction {
  return oneQubit('matrix1', 8, (a, sa, b, sb, c) => {
    const row = (r: number) => code(times(a, sa, c, 4 * r), times(b, sb, c, 4 * r + 2), op.fadd);
    return [row(0), row(1)];
  });
}

const scaled = (value: number, constant: number) => code(op.get(value), op.get(constant), op.fmul);

/** real1(free, fixed, run, target, matrix, flip): a real 2x2 (h, ry, fused real runs), its entries stored as (x, x). */
export function real1(): WasmFunction {
  return oneQubit('real1', 4, (a, _sa, b, _sb, c) => {
    const row = (r: number) => code(scaled(a, c[2 * r] as number), scaled(b, c[2 * r + 1] as number), op.fadd);
    return [row(0), row(1)];
  });
}

/**
 * crossed1(free, fixed, run, target, matrix, flip): a 2x2 with a real
 * diagonal and an imaginary off-diagonal (rx and its fused runs), stored as
 * (m00, m00), (-y01, y01), (-y10, y10), (m11, m11): half the products of matrix1.
 */
export function crossed1(): WasmFunction {
  return oneQubit('crossed1', 4, (a, sa, b, sb, c) => [
    code(scaled(a, c[0] as number), scaled(sb, c[1] as number), op.fadd),
    code(scaled(sa, c[2] as number), scaled(b, c[3] as number), op.fadd),
  ]);
}

/** diagonal1(free, fixed, run, target, factors, flip): diag(d0, d1) (two complex constants). */
export function diagonal1(): WasmFunction {
  return oneQubit('diagonal1', 4, (a, sa, b, sb, c) => [times(a, sa, c, 0), times(b, sb, c, 2)]);
}

/** phase(free, fixed, run, factor): multiplies every amplitude walked by one complex constant. */
export function phase(): WasmFunction {
  const f = new FunctionBuilder();
  const w = walkParams(f);
  const factor = f.param(I32);
  const i = f.local(I32);
  const [a, sa] = [f.local(V128), f.local(V128)];
  const c = f.hoist(factor, 2);
  const body = code(loadAmplitude(i, a, sa), op.get(i), times(a, sa, c.locals, 0), op.store());
  return f.build('phase', code(c.code, walk(f, w, i, body)));
}

/** exchange(free, fixed, run, from, to): swaps the amplitudes at `index | from` and `index | to` (x: from = 0; swap). */
export function exchange(): WasmFunction {
  const f = new FunctionBuilder();
  const w = walkParams(f);
  const [from, to] = [f.param(I32), f.param(I32)];
  const [base, i, j] = [f.local(I32), f.local(I32), f.local(I32)];
  const a = f.local(V128);
  const body = code(
    op.get(base),
    op.get(from),
    op.or,
    op.set(i),
    op.get(base),
    op.get(to),
    op.or,
    op.set(j),
    op.get(i),
    op.load(),
    op.set(a),
    op.get(i),
    op.get(j),
    op.load(),
    op.store(),
    op.get(j),
    op.get(a),
    op.store(),
  );
  return f.build('exchange', walk(f, w, base, body));
}

/** matrix2(free, fixed, run, high, low, matrix): a general 4x4 (sixteen complex constants, row-major; local index 2*high + low). */
export function matrix2(): WasmFunction {
  const f = new FunctionBuilder();
  const w = walkParams(f);
  const [high, low, m] = [f.param(I32), f.param(I32), f.param(I32)];
  const addr = [f.local(I32), f.local(I32), f.local(I32), f.local(I32)];
  const value = [f.local(V128), f.local(V128), f.local(V128), f.local(V128)];
  const swapped = [f.local(V128), f.local(V128), f.local(V128), f.local(V128)];
  // Sixteen constants are more than the registers: they stay in memory (L1) and are loaded where used.
  const entry = (r: number, c: number) =>
    code(
      op.get(value[c] as number),
      op.get(m),
      op.load(CONSTANT_BYTES * (4 * r + c)),
      op.fmul,
      op.get(swapped[c] as number),
      op.get(m),
      op.load(CONSTANT_BYTES * (4 * r + c) + 16),
      op.fmul,
      op.fadd,
    );
  const row = (r: number) => code(entry(r, 0), entry(r, 1), op.fadd, entry(r, 2), entry(r, 3), op.fadd, op.fadd);
  const [i0, i1, i2, i3] = addr as [number, number, number, number];
  const body = code(
    op.get(i0),
    op.get(low),
    op.or,
    op.set(i1),
    op.get(i0),
    op.get(high),
    op.or,
    op.tee(i2),
    op.get(low),
    op.or,
    op.set(i3),
    ...[0, 1, 2, 3].map((c) => loadAmplitude(addr[c] as number, value[c] as number, swapped[c] as number)),
    ...[0, 1, 2, 3].map((r) => code(op.get(addr[r] as number), row(r), op.store())),
  );
  return f.build('matrix2', walk(f, w, i0, body));
}

/**
 * table(free, fixed, run, table): multiplies each amplitude walked by its
 * table entry; the table is interleaved like the block (16 bytes an entry), so
 * that a 2^14 table stays cache-sized.
 */
export function table(): WasmFunction {
  const f = new FunctionBuilder();
  const w = walkParams(f);
  const t = f.param(I32);
  const i = f.local(I32);
  const [a, entry, sign] = [f.local(V128), f.local(V128), f.local(V128)];
  const body = code(
    op.get(t),
    op.get(i),
    op.add,
    op.load(),
    op.set(entry),
    op.get(i),
    op.get(i),
    op.load(),
    op.tee(a),
    op.get(entry),
    op.get(entry),
    op.duplicateLane(0),
    op.fmul,
    op.get(a),
    op.get(a),
    op.swapLanes(),
    op.get(entry),
    op.get(entry),
    op.duplicateLane(1),
    op.get(sign),
    op.vxor,
    op.fmul,
    op.fadd,
    op.store(),
  );
  // (-0, 0) flips the sign of the low lane only: (i, i) -> (-i, i).
  return f.build('table', code(op.f64x2(-0, 0), op.set(sign), walk(f, w, i, body)));
}

/**
 * gather(free, base, run, re, im, block): copies the amplitudes at global
 * indices `base | k` (k over the subsets of `free`, all times 8: f64 byte
 * offsets) from the split re/im arrays at byte addresses `re`, `im` into the
 * interleaved block, in local index order.
 */
export function gather(): WasmFunction {
  const f = new FunctionBuilder();
  const w = walkParams(f);
  const [re, im, block] = [f.param(I32), f.param(I32), f.param(I32)];
  const p = f.local(I32);
  const body = code(
    op.get(block),
    op.get(re),
    op.get(p),
    op.add,
    op.f64Load(),
    op.splat,
    op.get(im),
    op.get(p),
    op.add,
    op.f64Load(),
    op.replaceLane(1),
    op.store(),
    op.get(block),
    op.i32(AMPLITUDE_BYTES),
    op.add,
    op.set(block),
  );
  return f.build('gather', walk(f, w, p, body, 8));
}

/** scatter(free, base, run, re, im, block): the inverse of {@link gather}. */
export function scatter(): WasmFunction {
  const f = new FunctionBuilder();
  const w = walkParams(f);
  const [re, im, block] = [f.param(I32), f.param(I32), f.param(I32)];
  const p = f.local(I32);
  const a = f.local(V128);
  const body = code(
    op.get(block),
    op.load(),
    op.set(a),
    op.get(re),
    op.get(p),
    op.add,
    op.get(a),
    op.extractLane(0),
    op.f64Store(),
    op.get(im),
    op.get(p),
    op.add,
    op.get(a),
    op.extractLane(1),
    op.f64Store(),
    op.get(block),
    op.i32(AMPLITUDE_BYTES),
    op.add,
    op.set(block),
  );
  return f.build('scatter', walk(f, w, p, body, 8));
}

/** The parts of the WebAssembly API used here (the project's type libraries do not declare it). */
export interface WasmMemory {
  readonly buffer: ArrayBuffer | SharedArrayBuffer;
  grow(pages: number): number;
}

interface WasmApi {
  validate(bytes: Uint8Array): boolean;
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { readonly exports: object };
  Memory: new (descriptor: { initial: number; maximum: number; shared: boolean }) => WasmMemory;
}

const wasmApi = (globalThis as { WebAssembly?: WasmApi }).WebAssembly;

export interface SimdExports {
  matrix1(free: number, fixed: number, run: number, target: number, matrix: number, flip: number): void;
  real1(free: number, fixed: number, run: number, target: number, matrix: number, flip: number): void;
  crossed1(free: number, fixed: number, run: number, target: number, matrix: number, flip: number): void;
  phase(free: number, fixed: number, run: number, factor: number): void;
  diagonal1(free: number, fixed: number, run: number, target: number, factors: number, flip: number): void;
  exchange(free: number, fixed: number, run: number, from: number, to: number): void;
  matrix2(free: number, fixed: number, run: number, high: number, low: number, matrix: number): void;
  table(free: number, fixed: number, run: number, table: number): void;
  gather(free: number, base: number, run: number, re: number, im: number, block: number): void;
  scatter(free: number, base: number, run: number, re: number, im: number, block: number): void;
  /** The in-place kernels of wasm-in-place.ts, by inPlaceKernelName. */
  [inPlace: `inPlace_${string}`]: (
    re: number,
    im: number,
    q: number,
    first: number,
    end: number,
    control: number,
    constants: number,
  ) => void;
}

const PAGE = 65536;
/** Address space a state's memory keeps beyond the state for the threads' blocks and constants (reserved, not touched). */
const SCRATCH_PAGES = 2048;

let compiled: object | null | undefined;

/** The compiled module, or null where WebAssembly SIMD or shared memory is not available (the JavaScript kernels run instead). */
function simdModule(): object | null {
  if (compiled === undefined) {
    try {
      const bytes = encodeModule([
        matrix1(),
        real1(),
        crossed1(),
        phase(),
        diagonal1(),
        exchange(),
        matrix2(),
        table(),
        gather(),
        scatter(),
        ...IN_PLACE_VARIANTS.map(inPlaceKernel),
      ]);
      compiled = wasmApi && wasmApi.validate(bytes) ? new wasmApi.Module(bytes) : null;
    } catch {
      compiled = null;
    }
  }
  return compiled;
}

const alignUp = (x: number, align: number) => Math.ceil(x / align) * align;

/** The kernels of one thread on one memory, with this thread's scratch region (block and constants) in it. */
export class SimdKernels {
  readonly exports: SimdExports;
  /** View of the whole memory as far as this thread has grown it. */
  view: Float64Array;
  private scratchAt = 0;
  private scratchBytes = 0;

  constructor(
    readonly memory: WasmMemory,
    module: object,
  ) {
    this.exports = new (wasmApi as WasmApi).Instance(module, { env: { memory } }).exports as SimdExports;
    this.view = new Float64Array(memory.buffer);
  }

  /**
   * Address of a scratch region of `bytes` aligned to `align` (a power of
   * two, so the block's address bits stay clear of its local bits), growing
   * the memory when the current region is too small; -1 when it cannot grow.
   */
  scratch(bytes: number, align: number): number {
    const start = alignUp(this.scratchAt, align);
    if (this.scratchBytes > 0 && start + bytes <= this.scratchAt + this.scratchBytes) return start;
    const pages = Math.ceil((bytes + align) / PAGE);
    try {
      this.scratchAt = this.memory.grow(pages) * PAGE;
    } catch {
      return -1;
    }
    this.scratchBytes = pages * PAGE;
    this.view = new Float64Array(this.memory.buffer);
    return alignUp(this.scratchAt, align);
  }
}

/** Memories holding a dense state, by the state's buffer. */
const stateMemories = new WeakMap<object, WasmMemory>();
/** This thread's kernels per memory. */
const kernelsByMemory = new WeakMap<WasmMemory, SimdKernels>();
let ownKernels: SimdKernels | null | undefined;

/**
 * Allocates a dense state's re and im arrays in one shared WebAssembly memory,
 * so that the SIMD kernels gather blocks straight from it; null without
 * WebAssembly SIMD or when the memory cannot be had (the caller allocates
 * plain arrays).
 */
export function allocateSimdState(length: number): { re: Float64Array; im: Float64Array } | null {
  if (!simdModule() || !wasmApi) return null;
  const pages = Math.ceil((16 * length) / PAGE);
  if (pages + SCRATCH_PAGES > MAX_PAGES) return null;
  let memory: WasmMemory;
  try {
    memory = new wasmApi.Memory({ initial: pages, maximum: pages + SCRATCH_PAGES, shared: true });
  } catch {
    return null;
  }
  stateMemories.set(memory.buffer, memory);
  return { re: new Float64Array(memory.buffer, 0, length), im: new Float64Array(memory.buffer, 8 * length, length) };
}

/**
 * Tells this thread that `buffer` (a state's arrays as received from another
 * thread) lives in `memory`, so that the kernels here gather from it too.
 */
export function adoptStateMemory(memory: WasmMemory, buffer: object): void {
  stateMemories.set(buffer, memory);
}

/** The memory holding both arrays of a state allocated by {@link allocateSimdState}, else null. */
export function stateMemory(re: Float64Array, im: Float64Array): WasmMemory | null {
  const memory = stateMemories.get(re.buffer);
  return memory && im.buffer === re.buffer ? memory : null;
}

/** This thread's kernels on `memory` (a state's), or on a memory of their own when `memory` is null; null without SIMD. */
export function simdKernels(memory: WasmMemory | null): SimdKernels | null {
  const module = simdModule();
  if (!module || !wasmApi) return null;
  if (memory) {
    let k = kernelsByMemory.get(memory);
    if (!k) {
      k = new SimdKernels(memory, module);
      kernelsByMemory.set(memory, k);
    }
    return k;
  }
  if (ownKernels === undefined) {
    try {
      ownKernels = new SimdKernels(new wasmApi.Memory({ initial: 0, maximum: MAX_PAGES / 4, shared: true }), module);
    } catch {
      ownKernels = null;
    }
  }
  return ownKernels;
}
