/**
 * Runs a compiled chunk through the WebAssembly SIMD kernels: each block is
 * gathered from the split re/im state into the module's memory, interleaved,
 * every step runs there, and the block is scattered back. The steps are
 * turned into kernel calls with their constants (matrices, diagonal tables)
 * laid out after the block, once per run of the chunk.
 */
import type { LocalProgram, Step } from './program.js';
import { AMPLITUDE_BYTES, CONSTANT_BYTES, simdKernels, stateMemory, type SimdExports } from './wasm-kernels.js';

/** Largest block (qubits) run through the SIMD kernels; wider blocks (unfused reference runs) use kernels.ts. */
export const SIMD_MAX_BLOCK_QUBITS = 20;

const enum Kernel {
  Matrix1,
  Real1,
  Phase,
  Diagonal1,
  Exchange,
  Matrix2,
  Table,
}

/** Kernel id and up to six i32 arguments per call (the walk's three first); constant addresses are relative to the constants' start. */
const CALL_WIDTH = 7;

interface SimdPlan {
  /** The calls with the block at address 0 and the constants at 0 (see {@link placed}). */
  readonly calls: Int32Array;
  /** Positions in `calls` of constant addresses. */
  readonly relocations: readonly number[];
  /** Positions of table addresses: the table kernel adds its walked address, block included, so these exclude the block's. */
  readonly tableRelocations: readonly number[];
  /** Matrices and tables, copied after the block before the calls run. */
  readonly constants: Float64Array;
}

/** Plans per program: equivalence checks run the same programs on thousands of states. */
const plans = new WeakMap<LocalProgram, SimdPlan>();

function planOf(program: LocalProgram): SimdPlan {
  let p = plans.get(program);
  if (!p) {
    const len = 1 << program.qubits.length;
    p = plan(program.steps, len).build();
    plans.set(program, p);
  }
  return p;
}

class PlanBuilder {
  private readonly calls: number[] = [];
  private readonly relocations: number[] = [];
  private readonly tableRelocations: number[] = [];
  private readonly parts: Float64Array[] = [];
  private bytes = 0;

  private append(part: Float64Array): number {
    const at = this.bytes;
    this.parts.push(part);
    this.bytes += part.length * 8;
    return at;
  }

  /** Appends `count` complex constants (interleaved in `values` from `from`) as (r, r), (-i, i) pairs; returns their relative address. */
  complex(values: ArrayLike<number>, from: number, count: number): number {
    const part = new Float64Array(4 * count);
    for (let c = 0; c < count; c++) {
      const r = values[from + 2 * c] as number, i = values[from + 2 * c + 1] as number;
      part.set([r, r, -i, i], 4 * c);
    }
    return this.append(part);
  }

  /** Appends real numbers as (x, x) v128s. */
  real(values: readonly number[]): number {
    return this.append(Float64Array.from(values.flatMap((x) => [x, x])));
  }

  /** Appends a table interleaved like the block. */
  table(re: Float64Array, im: Float64Array): number {
    const part = new Float64Array(2 * re.length);
    for (let l = 0; l < re.length; l++) {
      part[2 * l] = re[l] as number;
      part[2 * l + 1] = im[l] as number;
    }
    return this.append(part);
  }

  /** Appends a call; its last argument is a constant address unless `withConstants` is false. */
  call(kernel: Kernel, args: readonly number[], withConstants = true): void {
    if (withConstants) (kernel === Kernel.Table ? this.tableRelocations : this.relocations).push(this.calls.length + args.length);
    this.calls.push(kernel, ...args, ...Array<number>(CALL_WIDTH - 1 - args.length).fill(0));
  }

  build(): SimdPlan {
    const constants = new Float64Array(this.bytes / 8);
    let at = 0;
    for (const part of this.parts) {
      constants.set(part, at);
      at += part.length;
    }
    return { calls: Int32Array.from(this.calls), relocations: this.relocations, tableRelocations: this.tableRelocations, constants };
  }
}

/**
 * The walk over every address but the `touched` and `fixed` bits: the low
 * free bits become a contiguous run, the others the subset mask.
 */
function walkOver(all: number, touched: number, fixed: number): [number, number, number] {
  const free = all & ~(touched | fixed);
  let run = AMPLITUDE_BYTES;
  while (free & run) run <<= 1;
  return [free & ~(run - AMPLITUDE_BYTES), fixed, run];
}

/** Translates the steps into kernel calls on a block of `len` amplitudes. */
function plan(steps: readonly Step[], len: number): PlanBuilder {
  const all = (len - 1) * AMPLITUDE_BYTES;
  const bytes = (mask: number) => mask * AMPLITUDE_BYTES;
  const b = new PlanBuilder();
  for (const s of steps) {
    switch (s.kind) {
      case 'matrix1': {
        const t = bytes(1 << s.q);
        const walk = walkOver(all, t, bytes(s.controlMask));
        if (s.real) b.call(Kernel.Real1, [...walk, t, b.real([s.m[0] as number, s.m[2] as number, s.m[4] as number, s.m[6] as number])]);
        else b.call(Kernel.Matrix1, [...walk, t, b.complex(s.m, 0, 4)]);
        break;
      }
      case 'diagonal1': {
        const t = bytes(1 << s.q);
        b.call(Kernel.Diagonal1, [...walkOver(all, t, bytes(s.controlMask)), t, b.complex(s.d, 0, 2)]);
        break;
      }
      case 'phase':
        b.call(Kernel.Phase, [...walkOver(all, 0, bytes(s.mask)), b.complex([s.re, s.im], 0, 1)]);
        break;
      case 'x': {
        const t = bytes(1 << s.q);
        b.call(Kernel.Exchange, [...walkOver(all, t, bytes(s.controlMask)), 0, t], false);
        break;
      }
      case 'swap': {
        const a = bytes(1 << s.a), c = bytes(1 << s.b);
        b.call(Kernel.Exchange, [...walkOver(all, a | c, bytes(s.controlMask)), a, c], false);
        break;
      }
      case 'matrix2': {
        const hi = bytes(1 << s.hi), lo = bytes(1 << s.lo);
        b.call(Kernel.Matrix2, [...walkOver(all, hi | lo, bytes(s.controlMask)), hi, lo, b.complex(s.m, 0, 16)]);
        break;
      }
      case 'table':
        b.call(Kernel.Table, [...walkOver(all, 0, 0), b.table(s.re, s.im)]);
        break;
    }
  }
  return b;
}

function runCalls(k: SimdExports, calls: Int32Array): void {
  for (let c = 0; c < calls.length; c += CALL_WIDTH) {
    const free = calls[c + 1] as number, fixed = calls[c + 2] as number, run = calls[c + 3] as number;
    const a = calls[c + 4] as number, b = calls[c + 5] as number;
    switch (calls[c] as Kernel) {
      case Kernel.Matrix1: k.matrix1(free, fixed, run, a, b); break;
      case Kernel.Real1: k.real1(free, fixed, run, a, b); break;
      case Kernel.Phase: k.phase(free, fixed, run, a); break;
      case Kernel.Diagonal1: k.diagonal1(free, fixed, run, a, b); break;
      case Kernel.Exchange: k.exchange(free, fixed, run, a, b); break;
      case Kernel.Matrix2: k.matrix2(free, fixed, run, a, b, calls[c + 6] as number); break;
      case Kernel.Table: k.table(free, fixed, run, a); break;
    }
  }
}

/** The calls with the block at `blockAt` (its address bits joined to every walk's fixed bits) and the constants at `constantsAt`. */
function placed(p: SimdPlan, blockAt: number, constantsAt: number): Int32Array {
  const calls = p.calls.slice();
  for (let c = 0; c < calls.length; c += CALL_WIDTH) calls[c + 2] = (calls[c + 2] as number) | blockAt;
  for (const r of p.relocations) calls[r] = (calls[r] as number) + constantsAt;
  for (const r of p.tableRelocations) calls[r] = (calls[r] as number) + constantsAt - blockAt;
  return calls;
}

/** The walk over a bit mask in units of `unit` bytes: the low contiguous bits become the run. */
function walkOf(mask: number, unit: number): [number, number] {
  let run = unit;
  while (mask & run) run *= 2;
  return [mask & ~(run - unit), run];
}

/**
 * Applies `program` to blocks `[firstBlock, endBlock)` of a state; `baseOf(b)`
 * is block b's base index. A state in a WebAssembly memory (see
 * allocateSimdState) is gathered by the module itself; other arrays are
 * copied in by JavaScript (`offsets[l]`: local amplitude l's offset from the
 * base). Returns false when the kernels are not available (the caller runs
 * the JavaScript kernels).
 */
export function runProgramSimd(
  program: LocalProgram,
  re: Float64Array,
  im: Float64Array,
  offsets: Int32Array | null,
  baseOf: (block: number) => number,
  firstBlock: number,
  endBlock: number,
): boolean {
  const memory = stateMemory(re, im);
  const kernels = simdKernels(memory);
  if (!kernels) return false;
  const len = 1 << program.qubits.length;
  const p = planOf(program);
  const blockBytes = len * AMPLITUDE_BYTES;
  const blockAt = kernels.scratch(blockBytes + p.constants.length * 8 + CONSTANT_BYTES, blockBytes);
  if (blockAt < 0) return false;
  const constantsAt = blockAt + blockBytes;
  const calls = placed(p, blockAt, constantsAt);
  const view = kernels.view;
  view.set(p.constants, constantsAt / 8);
  const k = kernels.exports;
  if (memory) {
    const mask = program.qubits.reduce((m, q) => m + 2 ** q, 0) * 8;
    const [free, run] = walkOf(mask, 8);
    const reAt = re.byteOffset, imAt = im.byteOffset;
    for (let b = firstBlock; b < endBlock; b++) {
      const base = baseOf(b) * 8;
      k.gather(free, base, run, reAt, imAt, blockAt);
      runCalls(k, calls);
      k.scatter(free, base, run, reAt, imAt, blockAt);
    }
    return true;
  }
  const at = blockAt / 8;
  for (let b = firstBlock; b < endBlock; b++) {
    const base = baseOf(b);
    if (offsets) gatherJs(re, im, view, at, offsets, base, len);
    else loadJs(re, im, view, at, base, len);
    runCalls(k, calls);
    if (offsets) scatterJs(re, im, view, at, offsets, base, len);
    else storeJs(re, im, view, at, base, len);
  }
  return true;
}

function gatherJs(re: Float64Array, im: Float64Array, view: Float64Array, at: number, offsets: Int32Array, base: number, len: number): void {
  for (let l = 0; l < len; l++) {
    const g = (base | (offsets[l] as number)) >>> 0;
    view[at + 2 * l] = re[g] as number;
    view[at + 2 * l + 1] = im[g] as number;
  }
}

function scatterJs(re: Float64Array, im: Float64Array, view: Float64Array, at: number, offsets: Int32Array, base: number, len: number): void {
  for (let l = 0; l < len; l++) {
    const g = (base | (offsets[l] as number)) >>> 0;
    re[g] = view[at + 2 * l] as number;
    im[g] = view[at + 2 * l + 1] as number;
  }
}

/** Contiguous blocks (the chunk's qubits are the low ones). */
function loadJs(re: Float64Array, im: Float64Array, view: Float64Array, at: number, base: number, len: number): void {
  for (let l = 0; l < len; l++) {
    view[at + 2 * l] = re[base + l] as number;
    view[at + 2 * l + 1] = im[base + l] as number;
  }
}

function storeJs(re: Float64Array, im: Float64Array, view: Float64Array, at: number, base: number, len: number): void {
  for (let l = 0; l < len; l++) {
    re[base + l] = view[at + 2 * l] as number;
    im[base + l] = view[at + 2 * l + 1] as number;
  }
}
