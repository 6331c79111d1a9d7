/**
 * A minimal WebAssembly binary writer, just enough for the simulator's SIMD
 * kernels (wasm-kernels.ts): i32 and v128 locals, loops, loads and stores,
 * f64x2 arithmetic. Writing the few bytes here keeps the kernels free of a
 * toolchain and of checked-in binaries; WebAssembly.validate checks the result.
 */

/** Value types. */
export const I32 = 0x7f;
export const V128 = 0x7b;

/** Unsigned LEB128. */
export function uleb(value: number): number[] {
  const out: number[] = [];
  let v = value >>> 0;
  do {
    let byte = v & 0x7f;
    v >>>= 7;
    if (v !== 0) byte |= 0x80;
    out.push(byte);
  } while (v !== 0);
  return out;
}

/** Signed LEB128 (32-bit). */
export function sleb(value: number): number[] {
  const out: number[] = [];
  let v = value | 0;
  for (;;) {
    const byte = v & 0x7f;
    v >>= 7;
    const done = (v === 0 && (byte & 0x40) === 0) || (v === -1 && (byte & 0x40) !== 0);
    out.push(done ? byte : byte | 0x80);
    if (done) return out;
  }
}

const simd = (op: number): number[] => [0xfd, ...uleb(op)];
/** Natural alignment for 16-byte and 8-byte accesses (log2). */
const memarg = (align: number, offset: number): number[] => [align, ...uleb(offset)];

/** Instruction builders: each returns its bytes. */
export const op = {
  block: (): number[] => [0x02, 0x40],
  loop: (): number[] => [0x03, 0x40],
  if: (): number[] => [0x04, 0x40],
  else: (): number[] => [0x05],
  end: (): number[] => [0x0b],
  br: (depth: number): number[] => [0x0c, ...uleb(depth)],
  brIf: (depth: number): number[] => [0x0d, ...uleb(depth)],
  get: (local: number): number[] => [0x20, ...uleb(local)],
  set: (local: number): number[] => [0x21, ...uleb(local)],
  tee: (local: number): number[] => [0x22, ...uleb(local)],
  i32: (value: number): number[] => [0x41, ...sleb(value)],
  eqz: [0x45],
  ne: [0x47],
  ltU: [0x49],
  add: [0x6a],
  sub: [0x6b],
  and: [0x71],
  or: [0x72],
  xor: [0x73],
  shl: [0x74],
  shrU: [0x76],
  f64Load: (offset = 0): number[] => [0x2b, ...memarg(3, offset)],
  f64Store: (offset = 0): number[] => [0x39, ...memarg(3, offset)],
  load: (offset = 0): number[] => [...simd(0x00), ...memarg(4, offset)],
  store: (offset = 0): number[] => [...simd(0x0b), ...memarg(4, offset)],
  /** Swaps the two f64 lanes: (re, im) -> (im, re). */
  swapLanes: (): number[] => [...simd(0x0d), 8, 9, 10, 11, 12, 13, 14, 15, 0, 1, 2, 3, 4, 5, 6, 7],
  /** Copies lane `lane` of the top vector into both lanes (pops two equal vectors). */
  duplicateLane: (lane: 0 | 1): number[] => {
    const bytes = Array.from({ length: 8 }, (_, b) => 8 * lane + b);
    return [...simd(0x0d), ...bytes, ...bytes];
  },
  /** A v128 constant of two f64 lanes. */
  f64x2: (low: number, high: number): number[] => [...simd(0x0c), ...new Uint8Array(Float64Array.of(low, high).buffer)],
  vxor: simd(0x51),
  splat: simd(0x14),
  fadd: simd(0xf0),
  fsub: simd(0xf1),
  fmul: simd(0xf2),
};

export interface WasmFunction {
  readonly name: string;
  readonly params: readonly number[];
  /** Extra locals after the parameters. */
  readonly locals: readonly number[];
  readonly body: readonly number[];
}

function section(id: number, payload: number[]): number[] {
  return [id, ...uleb(payload.length), ...payload];
}

function vector(items: number[][]): number[] {
  return [...uleb(items.length), ...items.flat()];
}

const utf8 = (s: string): number[] => [...new TextEncoder().encode(s)];

/** A module exporting `functions` (no results) and its memory as `memory`. */
export function encodeModule(functions: readonly WasmFunction[], memoryPages: number): Uint8Array {
  const types = functions.map((f) => [0x60, ...vector(f.params.map((t) => [t])), 0]);
  const bodies = functions.map((f) => {
    const runs: number[][] = [];
    for (const t of f.locals) {
      const last = runs[runs.length - 1];
      if (last && last[1] === t) last[0] = (last[0] as number) + 1;
      else runs.push([1, t]);
    }
    const code = [...vector(runs.map(([count, t]) => [...uleb(count as number), t as number])), ...f.body, 0x0b];
    return [...uleb(code.length), ...code];
  });
  const exports = [
    ...functions.map((f, i) => [...uleb(f.name.length), ...utf8(f.name), 0x00, ...uleb(i)]),
    [...uleb(6), ...utf8('memory'), 0x02, 0],
  ];
  return Uint8Array.from([
    0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
    ...section(1, vector(types)),
    ...section(3, vector(functions.map((_, i) => uleb(i)))),
    ...section(5, vector([[0x00, ...uleb(memoryPages)]])),
    ...section(7, vector(exports)),
    ...section(10, vector(bodies)),
  ]);
}
