/**
 * A minimal WebAssembly binary writer, just enough for the simulator's SIMD
 * kernels (wasm.ts): i32 and v128 locals, loops, loads and stores,
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
  /** Pops a, b, condition: a if the condition is non-zero, else b. */
  select: [0x1b],
  eqz: [0x45],
  ne: [0x47],
  ltU: [0x49],
  geU: [0x4f],
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
  /** A v128 constant of 16 bytes, lowest address first. */
  v128: (bytes: readonly number[]): number[] => [...simd(0x0c), ...bytes],
  vxor: simd(0x51),
  /** Pops a, b, mask: the bits of a where the mask is set, of b elsewhere. */
  bitselect: simd(0x52),
  splat: simd(0x14),
  extractLane: (lane: 0 | 1): number[] => [...simd(0x21), lane],
  replaceLane: (lane: 0 | 1): number[] => [...simd(0x22), lane],
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

/** Flattens instruction bytes and single bytes into one array. */
export const code = (...parts: (number[] | number)[]): number[] =>
  parts.flatMap((p) => (typeof p === 'number' ? [p] : p));

/** Numbers a function's parameters and locals as they are declared. */
export class FunctionBuilder {
  readonly params: number[] = [];
  readonly locals: number[] = [];

  param(type: number): number {
    if (this.locals.length) throw new Error('parameters come before locals');
    return this.params.push(type) - 1;
  }

  local(type: number): number {
    return this.params.length + this.locals.push(type) - 1;
  }

  /** Loads `count` v128 constants from `pointer` into fresh locals; returns them and their code. */
  hoist(pointer: number, count: number): { readonly locals: number[]; readonly code: number[] } {
    const locals = Array.from({ length: count }, () => this.local(V128));
    return { locals, code: code(...locals.map((l, c) => code(op.get(pointer), op.load(16 * c), op.set(l)))) };
  }

  build(name: string, body: number[]): WasmFunction {
    return { name, params: this.params, locals: this.locals, body };
  }
}

function section(id: number, payload: number[]): number[] {
  return [id, ...uleb(payload.length), ...payload];
}

function vector(items: number[][]): number[] {
  return [...uleb(items.length), ...items.flat()];
}

const utf8 = (s: string): number[] => [...new TextEncoder().encode(s)];

/**
 * A module exporting `functions` (no results) that imports its memory as
 * `env.memory`: shared, so that the memory can hold a state other threads see
 * and can grow without detaching the views on it.
 */
export function encodeModule(functions: readonly WasmFunction[]): Uint8Array {
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
  const name = (s: string) => [...uleb(s.length), ...utf8(s)];
  // Limits flag 3: shared, with a maximum (any size up to the 4 GiB of wasm32).
  const memoryImport = [...name('env'), ...name('memory'), 0x02, 0x03, ...uleb(0), ...uleb(MAX_PAGES)];
  return Uint8Array.from([
    0x00,
    0x61,
    0x73,
    0x6d,
    1,
    0,
    0,
    0,
    ...section(1, vector(types)),
    ...section(2, vector([memoryImport])),
    ...section(3, vector(functions.map((_, i) => uleb(i)))),
    ...section(7, vector(functions.map((f, i) => [...name(f.name), 0x00, ...uleb(i)]))),
    ...section(10, vector(bodies)),
  ]);
}

/** Pages of 64 KiB in the largest wasm32 memory. */
export const MAX_PAGES = 65536;
