/**
 * Runs a compiled chunk through the WebAssembly SIMD kernels: each block is
 * gathered from the split re/im state into the module's memory, interleaved,
 * every step runs there, and the block is scattered back. The steps are
 * turned into kernel calls with their constants (matrices, diagonal tables)
 * laid out after the block, once per run of the chunk.
 */
import type { LocalProgram, Step } from './local-program.js';
import { AMPLITUDE_BYTES, CONSTANT_BYTES, simdKernels, stateMemory, type SimdExports } from '../kernels/wasm.js';

/** Largest block (qubits) run through the SIMD kernels; wider blocks (unfused reference runs) use kernels/scalar.ts. */
export const SIMD_MAX_BLOCK_QUBITS = 20;

const enum Kernel {
  Matrix1,
  Real1,
  Crossed1,
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
      const r = values[from + 2 * c] as number,
        i = values[from + 2 * c + 1] as number;
      part.set([r, r, -i, i], 4 * c);
    }
    return this.append(part);
  }

  /** Appends doubles as they are; returns their relative address. */
  values(values: readonly number[]): number {
    return this.append(Float64Array.from(values));
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

  /** Appends a call; argument `constantArg` (if any) is a constant address. */
  call(kernel: Kernel, args: readonly number[], constantArg = args.length - 1): void {
    if (constantArg >= 0)
      (kernel === Kernel.Table ? this.tableRelocations : this.relocations).push(this.calls.length + 1 + constantArg);
    this.calls.push(kernel, ...args, ...Array<number>(CALL_WIDTH - 1 - args.length).fill(0));
  }

  build(): SimdPlan {
    const constants = new Float64Array(this.bytes / 8);
    let at = 0;
    for (const part of this.parts) {
      constants.set(part, at);
      at += part.length;
    }
    return {
      calls: Int32Array.from(this.calls),
      relocations: this.relocations,
      tableRelocations: this.tableRelocations,
      constants,
    };
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

/** A one-qubit step as a 2x2 with its kind, or null for other steps. */
function asOneQubit(s: Step): { q: number; controlMask: number; m: Float64Array } | null {
  switch (s.kind) {
    case 'matrix1':
      return s;
    case 'diagonal1':
      return {
        q: s.q,
        controlMask: s.controlMask,
        m: Float64Array.of(s.d[0] as number, s.d[1] as number, 0, 0, 0, 0, s.d[2] as number, s.d[3] as number),
      };
    case 'phase':
      // A phase on one bit is diag(1, factor) on that qubit.
      return (s.mask & (s.mask - 1)) === 0
        ? { q: 31 - Math.clz32(s.mask), controlMask: 0, m: Float64Array.of(1, 0, 0, 0, 0, 0, s.re, s.im) }
        : null;
    default:
      return null;
  }
}

/** A complex constant as the kernels hold it: (r, r), (-i, i). */
const split = (r: number, i: number): number[] => [r, r, -i, i];

/** Calls the cheapest one-qubit kernel for `m` (see kernels/wasm.ts) on `walk`, storing with `flip`. */
function oneQubitCall(b: PlanBuilder, m: Float64Array, walk: readonly number[], target: number, flip: number): void {
  const [m00r, m00i, m01r, m01i, m10r, m10i, m11r, m11i] = m as unknown as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const call = (kernel: Kernel, constants: number[]) => b.call(kernel, [...walk, target, b.values(constants), flip], 4);
  if (m01r === 0 && m01i === 0 && m10r === 0 && m10i === 0)
    call(Kernel.Diagonal1, [...split(m00r, m00i), ...split(m11r, m11i)]);
  else if (m00i === 0 && m01i === 0 && m10i === 0 && m11i === 0)
    call(Kernel.Real1, [m00r, m00r, m01r, m01r, m10r, m10r, m11r, m11r]);
  else if (m00i === 0 && m11i === 0 && m01r === 0 && m10r === 0)
    call(Kernel.Crossed1, [m00r, m00r, -m01i, m01i, -m10i, m10i, m11r, m11r]);
  else call(Kernel.Matrix1, [...split(m00r, m00i), ...split(m01r, m01i), ...split(m10r, m10i), ...split(m11r, m11i)]);
}

/**
 * Translates the steps into kernel calls on a block of `len` amplitudes. A
 * one-qubit gate followed by a cx on its qubit as target costs one pass, not
 * two: the half where the control is 0 runs the gate, the other half runs it
 * with its outputs exchanged (X after the gate).
 */
function plan(steps: readonly Step[], len: number): PlanBuilder {
  const all = (len - 1) * AMPLITUDE_BYTES;
  const bytes = (mask: number) => mask * AMPLITUDE_BYTES;
  const b = new PlanBuilder();
  for (let k = 0; k < steps.length; k++) {
    const s = steps[k] as Step;
    const one = asOneQubit(s);
    if (one) {
      const t = bytes(1 << one.q);
      const next = steps[k + 1];
      const c =
        next && next.kind === 'x' && next.q === one.q && one.controlMask === 0 && isSingleBit(next.controlMask)
          ? bytes(next.controlMask)
          : 0;
      if (c) {
        oneQubitCall(b, one.m, walkOver(all, t | c, 0), t, 0);
        oneQubitCall(b, one.m, walkOver(all, t, c), t, t);
        k++;
      } else oneQubitCall(b, one.m, walkOver(all, t, bytes(one.controlMask)), t, 0);
      continue;
    }
    switch (s.kind) {
      case 'phase':
        b.call(Kernel.Phase, [...walkOver(all, 0, bytes(s.mask)), b.complex([s.re, s.im], 0, 1)]);
        break;
      case 'x': {
        const t = bytes(1 << s.q);
        b.call(Kernel.Exchange, [...walkOver(all, t, bytes(s.controlMask)), 0, t], -1);
        break;
      }
      case 'swap': {
        const a = bytes(1 << s.a),
          c = bytes(1 << s.b);
        b.call(Kernel.Exchange, [...walkOver(all, a | c, bytes(s.controlMask)), a, c], -1);
        break;
      }
      case 'matrix2': {
        const hi = bytes(1 << s.hi),
          lo = bytes(1 << s.lo);
        b.call(Kernel.Matrix2, [...walkOver(all, hi | lo, bytes(s.controlMask)), hi, lo, b.complex(s.m, 0, 16)]);
        break;
      }
      case 'table':
        b.call(Kernel.Table, [...walkOver(all, 0, 0), b.table(s.re, s.im)]);
        break;
      case 'matrix1':
      case 'diagonal1':
        break; // asOneQubit took these above
    }
  }
  return b;
}

const isSingleBit = (mask: number) => mask !== 0 && (mask & (mask - 1)) === 0;

function runCalls(k: SimdExports, calls: Int32Array): void {
  for (let c = 0; c < calls.length; c += CALL_WIDTH) {
    const free = calls[c + 1] as number,
      fixed = calls[c + 2] as number,
      run = calls[c + 3] as number;
    const a = calls[c + 4] as number,
      b = calls[c + 5] as number;
    switch (calls[c] as Kernel) {
      case Kernel.Matrix1:
        k.matrix1(free, fixed, run, a, b, calls[c + 6] as number);
        break;
      case Kernel.Real1:
        k.real1(free, fixed, run, a, b, calls[c + 6] as number);
        break;
      case Kernel.Crossed1:
        k.crossed1(free, fixed, run, a, b, calls[c + 6] as number);
        break;
      case Kernel.Phase:
        k.phase(free, fixed, run, a);
        break;
      case Kernel.Diagonal1:
        k.diagonal1(free, fixed, run, a, b, calls[c + 6] as number);
        break;
      case Kernel.Exchange:
        k.exchange(free, fixed, run, a, b);
        break;
      case Kernel.Matrix2:
        k.matrix2(free, fixed, run, a, b, calls[c + 6] as number);
        break;
      case Kernel.Table:
        k.table(free, fixed, run, a);
        break;
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
    const reAt = re.byteOffset,
      imAt = im.byteOffset;
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

function gatherJs(
  re: Float64Array,
  im: Float64Array,
  view: Float64Array,
  at: number,
  offsets: Int32Array,
  base: number,
  len: number,
): void {
  for (let l = 0; l < len; l++) {
    const g = (base | (offsets[l] as number)) >>> 0;
    view[at + 2 * l] = re[g] as number;
    view[at + 2 * l + 1] = im[g] as number;
  }
}

function scatterJs(
  re: Float64Array,
  im: Float64Array,
  view: Float64Array,
  at: number,
  offsets: Int32Array,
  base: number,
  len: number,
): void {
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
