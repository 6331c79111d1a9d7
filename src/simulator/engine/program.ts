/**
 * A chunk compiled for its local block: gates relabelled to local qubits and
 * turned into kernel steps, runs of diagonal gates folded into one table when
 * that saves passes. `runChunk` then applies the steps block by block:
 * in place when the chunk's qubits are the low ones, else through a
 * cache-sized gather buffer.
 */
import type { Chunk } from './fuse.js';
import {
  apply1,
  apply1Real,
  apply2,
  applyDiagonal1,
  applyPhaseOnMask,
  applySwap,
  applyTable,
  applyX,
} from '../kernels/scalar.js';
import type { UnitaryOp } from '../kernels/matrices.js';
import { applyPairs, type PairGate } from '../kernels/in-place.js';
import { applyPairsSimd } from '../kernels/in-place-simd.js';
import type { LocalProgram, Step } from './local-program.js';
import { runProgramSimd, SIMD_MAX_BLOCK_QUBITS } from './simd-program.js';

/** Chooses the block's qubits: the chunk's, topped up with the lowest others so gathers read whole cache lines. */
export function blockQubits(chunk: Chunk, totalQubits: number, blockSize: number): number[] {
  const chosen = new Set(chunk.qubits);
  for (let q = 0; q < totalQubits && chosen.size < Math.min(blockSize, totalQubits); q++) chosen.add(q);
  return [...chosen].sort((a, b) => a - b);
}

/** Compiles a chunk for a block of `qubits`; `blocks` (how many times it runs) decides whether diagonal tables pay off. */
export function compileChunk(chunk: Chunk, qubits: readonly number[], blocks: number): LocalProgram {
  const local = new Map(qubits.map((q, i) => [q, i]));
  const at = (q: number) => local.get(q) as number;
  const mask = (qs: readonly number[]) => qs.reduce((m, q) => m | (1 << at(q)), 0);
  const len = 1 << qubits.length;
  const steps: Step[] = [];
  let diagonalRun: UnitaryOp[] = [];
  const flushDiagonals = () => {
    const cost = diagonalRun.reduce((sum, op) => sum + passCost(op), 0);
    if (blocks > 1 && cost > 1 && diagonalRun.length > 1) steps.push(diagonalTable(diagonalRun, at, len));
    else for (const op of diagonalRun) steps.push(diagonalStep(op, at, mask));
    diagonalRun = [];
  };
  for (const op of chunk.ops) {
    if (op.kind === 'diagonal') {
      diagonalRun.push(op);
      continue;
    }
    flushDiagonals();
    const controlMask = mask(op.controls);
    if (op.targets.length === 1) {
      const q = at(op.targets[0] as number);
      if (op.kind === 'permutation') steps.push({ kind: 'x', q, controlMask });
      else steps.push({ kind: 'matrix1', q, m: op.matrix, controlMask, real: isReal(op.matrix) });
    } else if (op.kind === 'permutation') {
      steps.push({ kind: 'swap', a: at(op.targets[0] as number), b: at(op.targets[1] as number), controlMask });
    } else {
      steps.push({
        kind: 'matrix2',
        hi: at(op.targets[0] as number),
        lo: at(op.targets[1] as number),
        m: op.matrix,
        controlMask,
      });
    }
  }
  flushDiagonals();
  return { qubits, steps };
}

/**
 * A step on global qubits as a one-qubit gate the in-place kernels run, or
 * null (two-qubit steps and diagonal tables stay on the staged path).
 */
export function pairGateOf(step: Step): PairGate | null {
  switch (step.kind) {
    case 'matrix1':
      return { q: step.q, controlMask: step.controlMask, form: step.real ? 'real' : 'general', m: step.m };
    case 'diagonal1': {
      const d = step.d;
      const m = Float64Array.of(d[0] as number, d[1] as number, 0, 0, 0, 0, d[2] as number, d[3] as number);
      return { q: step.q, controlMask: step.controlMask, form: 'diagonal', m };
    }
    case 'phase': {
      // A phase on every index with the mask's bits set: diag(1, factor) on its highest bit, the others controls.
      const q = 31 - Math.clz32(step.mask);
      const m = Float64Array.of(1, 0, 0, 0, 0, 0, step.re, step.im);
      return { q, controlMask: step.mask & ~(1 << q), form: 'diagonal', m };
    }
    case 'x':
      return { q: step.q, controlMask: step.controlMask, form: 'exchange', m: new Float64Array(8) };
    case 'swap':
    case 'matrix2':
    case 'table':
      return null;
  }
}

/** Fraction of a full pass a diagonal gate costs when applied alone. */
function passCost(op: UnitaryOp): number {
  if (op.targets.length > 1) return 1;
  const unitZero = op.matrix[0] === 1 && op.matrix[1] === 0;
  return (unitZero ? 0.5 : 1) / 2 ** op.controls.length;
}

function isReal(m: Float64Array): boolean {
  for (let i = 1; i < m.length; i += 2) if (m[i] !== 0) return false;
  return true;
}

function diagonalStep(op: UnitaryOp, at: (q: number) => number, mask: (qs: readonly number[]) => number): Step {
  const m = op.matrix;
  if (op.targets.length === 1) {
    const q = at(op.targets[0] as number);
    if (m[0] === 1 && m[1] === 0)
      return { kind: 'phase', mask: mask(op.controls) | (1 << q), re: m[6] as number, im: m[7] as number };
    return {
      kind: 'diagonal1',
      q,
      d: Float64Array.of(m[0] as number, m[1] as number, m[6] as number, m[7] as number),
      controlMask: mask(op.controls),
    };
  }
  return {
    kind: 'matrix2',
    hi: at(op.targets[0] as number),
    lo: at(op.targets[1] as number),
    m,
    controlMask: mask(op.controls),
  };
}

/** Folds diagonal gates into one factor per local index. */
function diagonalTable(ops: readonly UnitaryOp[], at: (q: number) => number, len: number): Step {
  const re = new Float64Array(len).fill(1);
  const im = new Float64Array(len);
  for (const op of ops) {
    const controlMask = op.controls.reduce((m, q) => m | (1 << at(q)), 0);
    const bits = op.targets.map(at);
    const size = 1 << bits.length;
    const hi = bits[0] as number;
    const lo = bits.length > 1 ? (bits[1] as number) : -1;
    // Only the indices with every control set: (i + 1) | mask steps through them in order.
    for (let i = controlMask; i < len; i = (i + 1) | controlMask) {
      const entry = lo < 0 ? (i >> hi) & 1 : (((i >> hi) & 1) << 1) | ((i >> lo) & 1);
      const d = 2 * entry * (size + 1);
      const dr = op.matrix[d] as number;
      const di = op.matrix[d + 1] as number;
      const r = re[i] as number,
        m = im[i] as number;
      re[i] = r * dr - m * di;
      im[i] = r * di + m * dr;
    }
  }
  return { kind: 'table', re, im };
}

/** Runs the steps on one block of `len` amplitudes. */
export function runSteps(steps: readonly Step[], re: Float64Array, im: Float64Array, len: number): void {
  for (const s of steps) {
    switch (s.kind) {
      case 'matrix1':
        if (s.real) apply1Real(re, im, len, s.q, s.m, s.controlMask);
        else apply1(re, im, len, s.q, s.m, s.controlMask);
        break;
      case 'diagonal1':
        applyDiagonal1(
          re,
          im,
          len,
          s.q,
          s.d[0] as number,
          s.d[1] as number,
          s.d[2] as number,
          s.d[3] as number,
          s.controlMask,
        );
        break;
      case 'phase':
        applyPhaseOnMask(re, im, len, s.mask, s.re, s.im);
        break;
      case 'x':
        applyX(re, im, len, s.q, s.controlMask);
        break;
      case 'swap':
        applySwap(re, im, len, s.a, s.b, s.controlMask);
        break;
      case 'matrix2':
        apply2(re, im, len, s.hi, s.lo, s.m, s.controlMask);
        break;
      case 'table':
        applyTable(re, im, len, s.re, s.im);
        break;
    }
  }
}

/**
 * Applies a compiled chunk to the blocks `[firstBlock, endBlock)` of a state of
 * `totalQubits` qubits (workers take a share of the blocks each), through the
 * SIMD kernels when the program asks for them and this thread has them.
 */
export function runProgram(
  program: LocalProgram,
  re: Float64Array,
  im: Float64Array,
  totalQubits: number,
  firstBlock = 0,
  endBlock = passUnits(program, totalQubits),
): void {
  if (program.inPlace) {
    if (!applyPairsSimd(re, im, program.inPlace, firstBlock, endBlock))
      applyPairs(re, im, program.inPlace, firstBlock, endBlock);
    return;
  }
  const width = program.qubits.length;
  const len = 1 << width;
  const lowContiguous = program.qubits.every((q, i) => q === i);
  const offsets = lowContiguous ? null : blockOffsets(program.qubits);
  const baseOf = lowContiguous ? (b: number) => b * len : blockBases(program.qubits, totalQubits);
  if (
    program.simd &&
    width <= SIMD_MAX_BLOCK_QUBITS &&
    runProgramSimd(program, re, im, offsets, baseOf, firstBlock, endBlock)
  )
    return;
  if (!offsets) {
    for (let b = firstBlock; b < endBlock; b++) {
      const start = baseOf(b);
      runSteps(program.steps, re.subarray(start, start + len), im.subarray(start, start + len), len);
    }
    return;
  }
  const bufRe = new Float64Array(len);
  const bufIm = new Float64Array(len);
  for (let b = firstBlock; b < endBlock; b++) {
    const base = baseOf(b);
    gather(re, im, bufRe, bufIm, offsets, base, len);
    runSteps(program.steps, bufRe, bufIm, len);
    scatter(re, im, bufRe, bufIm, offsets, base, len);
  }
}

/** How many independent units (blocks, or amplitude pairs for an in-place pass) a pass splits into. */
export function passUnits(program: LocalProgram, totalQubits: number): number {
  return program.inPlace ? 2 ** (totalQubits - 1) : 2 ** (totalQubits - program.qubits.length);
}

/** Offset of each local amplitude from its block's base index. */
function blockOffsets(qubits: readonly number[]): Int32Array {
  const width = qubits.length;
  const offsets = new Int32Array(1 << width);
  // Each offset is an earlier one (its lowest bit cleared) plus that bit's qubit.
  for (let l = 1; l < offsets.length; l++) {
    const lowest = l & -l;
    offsets[l] = (offsets[l ^ lowest] as number) | (1 << (qubits[31 - Math.clz32(lowest)] as number));
  }
  return offsets;
}

/** Block number -> base index: the block number's bits spread over the qubits outside the block. */
function blockBases(qubits: readonly number[], totalQubits: number): (block: number) => number {
  const inBlock = new Set(qubits);
  const outer: number[] = [];
  for (let q = 0; q < totalQubits; q++) if (!inBlock.has(q)) outer.push(q);
  // Dense states stay below 2^31 amplitudes (the memory guard sees to it), so indices are int32.
  return (b) => {
    let base = 0;
    for (let k = 0; k < outer.length; k++) if ((b >> k) & 1) base |= 1 << (outer[k] as number);
    return base;
  };
}

function gather(
  re: Float64Array,
  im: Float64Array,
  bufRe: Float64Array,
  bufIm: Float64Array,
  offsets: Int32Array,
  base: number,
  len: number,
): void {
  for (let l = 0; l < len; l++) {
    const g = (base | (offsets[l] as number)) >>> 0;
    bufRe[l] = re[g] as number;
    bufIm[l] = im[g] as number;
  }
}

function scatter(
  re: Float64Array,
  im: Float64Array,
  bufRe: Float64Array,
  bufIm: Float64Array,
  offsets: Int32Array,
  base: number,
  len: number,
): void {
  for (let l = 0; l < len; l++) {
    const g = (base | (offsets[l] as number)) >>> 0;
    re[g] = bufRe[l] as number;
    im[g] = bufIm[l] as number;
  }
}
