/**
 * The in-place one-qubit kernels of in-place.ts as WebAssembly SIMD, on the
 * split re/im state where it lives in the module's memory (allocateSimdState):
 * no block is copied, each amplitude is read and written once per pass. The
 * walk is the textbook one for a state vector (Jones et al., "QuEST",
 * Sci. Rep. 9, 10736 (2019), section "Unitary gates"): pair p sits at
 * i = (p >> q) << (q + 1) | (p mod 2^q), j = i + 2^q.
 *
 * Two layouts of the f64x2 lanes:
 * - target q >= 1 ("strided"): the lanes are two neighbouring pairs, (i, i + 1)
 *   and (j, j + 1), so the 2x2 is applied lane by lane with splatted entries
 *   and no shuffle. Pair ranges start and end on even pairs (the caller runs
 *   an odd pair at either end with the JavaScript kernel).
 * - target 0 ("adjacent"): the lanes are one pair, (re[i], re[i + 1]) = (a, b);
 *   with s = the lane swap (b, a), row 0 of the 2x2 with per-lane entries
 *   (m00, m11) for a and (m01, m10) for s gives both outputs at once.
 *
 * Both are one formula: out = sum of c * x over (coefficient, input) terms,
 * complex, with real coefficients where the gate's are (h, ry: half the
 * products). Controls: a pass over pairs skips a v128 whose control bits are
 * not all set; a control on qubit 0 under a strided target differs between the
 * two lanes, so there the outputs are blended with the inputs by a lane mask.
 *
 * Every kernel: (re, im, q, first, end, control, constants), all i32: byte
 * addresses of the re and im arrays, the target qubit, the pair range
 * [first, end) (first < end), the control bits, and the byte address of the v128 constants ({@link inPlaceConstants}).
 */
import { code, FunctionBuilder, I32, op, V128, type WasmFunction } from './wasm-encoding.js';
import type { PairForm, PairGate } from './in-place.js';

/** Everything that picks an in-place kernel. */
export interface InPlaceVariant {
  readonly form: PairForm;
  /** Target qubit 0: a pair in one v128. */
  readonly adjacent: boolean;
  readonly controlled: boolean;
}

/** Export name of a variant's kernel. */
export const inPlaceKernelName = (v: InPlaceVariant): `inPlace_${string}` =>
  `inPlace_${v.form}_${v.adjacent ? 'adjacent' : 'strided'}${v.controlled ? '_controlled' : ''}`;

const FORMS: readonly PairForm[] = ['general', 'real', 'diagonal', 'exchange'];

/** Every variant, in the module's order. */
export const IN_PLACE_VARIANTS: readonly InPlaceVariant[] = FORMS.flatMap((form) =>
  [false, true].flatMap((adjacent) => [false, true].map((controlled) => ({ form, adjacent, controlled }))),
);

/** A complex value held as two v128 locals (real lanes, imaginary lanes); `i` null: a real coefficient. */
interface Complex {
  readonly r: number;
  readonly i: number | null;
}

/** Pushes the real and imaginary parts of `sum(c * x)`. */
function realPart(terms: readonly (readonly [Complex, Complex])[]): number[] {
  const parts: [number[], boolean][] = [];
  for (const [c, x] of terms) {
    parts.push([code(op.get(c.r), op.get(x.r), op.fmul), true]);
    if (c.i !== null) parts.push([code(op.get(c.i), op.get(x.i as number), op.fmul), false]);
  }
  return sum(parts);
}

function imagPart(terms: readonly (readonly [Complex, Complex])[]): number[] {
  const parts: [number[], boolean][] = [];
  for (const [c, x] of terms) {
    parts.push([code(op.get(c.r), op.get(x.i as number), op.fmul), true]);
    if (c.i !== null) parts.push([code(op.get(c.i), op.get(x.r), op.fmul), true]);
  }
  return sum(parts);
}

/** The first part is always added (it is c.r * x.r or c.r * x.i). */
function sum(parts: readonly (readonly [number[], boolean])[]): number[] {
  return code(...parts.map(([p, add], k) => (k === 0 ? p : code(p, add ? op.fadd : op.fsub))));
}

/** Number of v128 coefficients a form reads (before the lane mask). */
const COEFFICIENTS: Readonly<Record<PairForm, number>> = { general: 8, real: 4, diagonal: 4, exchange: 0 };

/** One output row as (real code, imaginary code). */
type Row = readonly [number[], number[]];

/**
 * The rows of a form: `c` the hoisted coefficients, `a` and `b` the inputs
 * (strided: the amplitudes at i and j; adjacent: the pair and its lane swap).
 * Strided gives two rows (stored at i, j), adjacent one (stored at i).
 */
function rows(form: PairForm, c: readonly number[], a: Complex, b: Complex, adjacent: boolean): Row[] {
  const complex = (k: number): Complex => ({ r: c[2 * k] as number, i: c[2 * k + 1] as number });
  const real = (k: number): Complex => ({ r: c[k] as number, i: null });
  const row = (terms: (readonly [Complex, Complex])[]): Row => [realPart(terms), imagPart(terms)];
  switch (form) {
    case 'general':
    case 'real': {
      // Strided: m00, m01, m10, m11. Adjacent: (m00, m11), (m01, m10).
      const entry = form === 'real' ? real : complex;
      const first = row([
        [entry(0), a],
        [entry(1), b],
      ]);
      return adjacent
        ? [first]
        : [
            first,
            row([
              [entry(2), a],
              [entry(3), b],
            ]),
          ];
    }
    case 'diagonal':
      // Strided: d0, d1. Adjacent: (d0, d1).
      return adjacent ? [row([[complex(0), a]])] : [row([[complex(0), a]]), row([[complex(1), b]])];
    case 'exchange':
      return adjacent
        ? [[op.get(b.r), op.get(b.i as number)]]
        : [
            [op.get(b.r), op.get(b.i as number)],
            [op.get(a.r), op.get(a.i as number)],
          ];
  }
}

/**
 * Vectors per turn of an uncontrolled kernel's loop: a turn issues all its
 * loads before its stores (a store orders the loads after it), and the loop's
 * count and branch are paid once per turn. A controlled kernel skips or runs
 * single vectors, so it keeps one a turn.
 */
export const IN_PLACE_UNROLL = 2;

/** The kernel of one variant, `unroll` vectors a turn where it has no control (tests and the bench vary it). */
export function inPlaceKernel(v: InPlaceVariant, unroll = IN_PLACE_UNROLL): WasmFunction {
  const f = new FunctionBuilder();
  const param = () => f.param(I32);
  const [re, im, q, first, end, control, constants] = [param(), param(), param(), param(), param(), param(), param()];
  // a: byte offset of amplitude i in either array; ra, ia: its addresses; rj, ij: its partner's (strided).
  const local = () => f.local(I32);
  const [a, stop, ra, ia, rj, ij, controlBytes] = [local(), local(), local(), local(), local(), local(), local()];
  // Strided: segments of 2^q consecutive first members; x at i, y at j = i + 2^q (jBytes on).
  const [step, jBytes, p, off, count] = [local(), local(), local(), local(), local()];
  const hoisted = f.hoist(constants, COEFFICIENTS[v.form]);
  const c = hoisted.locals;
  const perTurn = v.controlled ? 1 : Math.max(1, unroll);
  // Inputs of each vector of a turn: strided, x at i and y at j; adjacent, x the pair and y its lane swap.
  const inputs = Array.from({ length: perTurn }, () => ({
    x: { r: f.local(V128), i: f.local(V128) },
    y: { r: f.local(V128), i: f.local(V128) },
  }));
  const skipUnlessControlled = (body: number[]) =>
    v.controlled
      ? code(
          op.block(),
          op.get(a),
          op.get(controlBytes),
          op.and,
          op.get(controlBytes),
          op.ne,
          op.brIf(0),
          body,
          op.end(),
        )
      : body;
  // Strided, a control on qubit 0 differs between the lanes (i even, i + 1): lane 0 keeps its input.
  const laneMask = f.local(V128);
  const blended = (value: number[], old: number) =>
    v.controlled && !v.adjacent ? code(value, op.get(old), op.get(laneMask), op.bitselect) : value;
  const strided = !v.adjacent;
  /** Loads then stores of `vectors` consecutive v128s from byte a (static offsets 16k). */
  const turn = (vectors: number): number[] => {
    const used = inputs.slice(0, vectors);
    const addresses = code(
      op.get(re),
      op.get(a),
      op.add,
      op.set(ra),
      op.get(im),
      op.get(a),
      op.add,
      op.set(ia),
      strided
        ? code(op.get(ra), op.get(jBytes), op.add, op.set(rj), op.get(ia), op.get(jBytes), op.add, op.set(ij))
        : [],
    );
    const loadInto = (k: number, pairs: readonly (readonly [number, number])[]) =>
      code(...pairs.map(([address, value]) => code(op.get(address), op.load(16 * k), op.set(value))));
    const loads = used.map(({ x, y }, k) =>
      strided
        ? loadInto(k, [
            [ra, x.r],
            [ia, x.i],
            [rj, y.r],
            [ij, y.i],
          ])
        : code(
            loadInto(k, [
              [ra, x.r],
              [ia, x.i],
            ]),
            // A diagonal reads only the pair itself.
            v.form === 'diagonal'
              ? []
              : code(
                  op.get(x.r),
                  op.get(x.r),
                  op.swapLanes(),
                  op.set(y.r),
                  op.get(x.i),
                  op.get(x.i),
                  op.swapLanes(),
                  op.set(y.i),
                ),
          ),
    );
    const stores = used.map(({ x, y }, k) => {
      if (!strided) {
        const [[outRe, outIm]] = rows(v.form, c, x, y, true) as [Row];
        return code(op.get(ra), outRe, op.store(16 * k), op.get(ia), outIm, op.store(16 * k));
      }
      const [row0, row1] = rows(v.form, c, x, y, false) as [Row, Row];
      const outputs: [number, number[]][] = [
        [ra, blended(row0[0], x.r)],
        [ia, blended(row0[1], x.i)],
        [rj, blended(row1[0], y.r)],
        [ij, blended(row1[1], y.i)],
      ];
      return code(...outputs.map(([address, value]) => code(op.get(address), value, op.store(16 * k))));
    });
    return code(addresses, ...loads, ...stores);
  };
  /** Turns of `vectors` v128s while that many are left before byte stop. */
  const loopOf = (vectors: number): number[] =>
    code(
      op.block(),
      op.loop(),
      op.get(a),
      vectors > 1 ? code(op.i32(16 * (vectors - 1)), op.add) : [],
      op.get(stop),
      op.geU,
      op.brIf(1),
      skipUnlessControlled(turn(vectors)),
      op.get(a),
      op.i32(16 * vectors),
      op.add,
      op.set(a),
      op.br(0),
      op.end(),
      op.end(),
    );
  // Whole turns, then the vectors left over (fewer than a turn) one at a time.
  const vectorLoop = (): number[] => (perTurn > 1 ? code(loopOf(perTurn), loopOf(1)) : loopOf(1));
  if (v.adjacent) {
    return f.build(
      inPlaceKernelName(v),
      code(
        hoisted.code,
        op.get(control),
        op.i32(3),
        op.shl,
        op.set(controlBytes),
        // Pair p's first amplitude is at byte 16p.
        op.get(first),
        op.i32(4),
        op.shl,
        op.set(a),
        op.get(end),
        op.i32(4),
        op.shl,
        op.set(stop),
        vectorLoop(),
      ),
    );
  }
  const maskSetup = v.controlled
    ? code(
        op.v128(Array<number>(16).fill(0xff)),
        op.set(laneMask),
        op.get(control),
        op.i32(1),
        op.and,
        op.if(),
        op.v128([...Array<number>(8).fill(0), ...Array<number>(8).fill(0xff)]),
        op.set(laneMask),
        op.end(),
      )
    : [];
  return f.build(
    inPlaceKernelName(v),
    code(
      hoisted.code,
      maskSetup,
      op.get(control),
      op.i32(-2),
      op.and,
      op.i32(3),
      op.shl,
      op.set(controlBytes),
      op.i32(1),
      op.get(q),
      op.shl,
      op.tee(step),
      op.i32(3),
      op.shl,
      op.set(jBytes),
      op.get(first),
      op.set(p),
      op.loop(),
      // off = p mod 2^q; count = min(2^q - off, end - p); a = 8 * ((p >> q) << (q + 1) | off).
      op.get(p),
      op.get(step),
      op.i32(1),
      op.sub,
      op.and,
      op.set(off),
      op.get(step),
      op.get(off),
      op.sub,
      op.get(end),
      op.get(p),
      op.sub,
      op.get(step),
      op.get(off),
      op.sub,
      op.get(end),
      op.get(p),
      op.sub,
      op.ltU,
      op.select,
      op.set(count),
      op.get(p),
      op.get(q),
      op.shrU,
      op.get(q),
      op.i32(1),
      op.add,
      op.shl,
      op.get(off),
      op.or,
      op.i32(3),
      op.shl,
      op.tee(a),
      op.get(count),
      op.i32(3),
      op.shl,
      op.add,
      op.set(stop),
      vectorLoop(),
      op.get(p),
      op.get(count),
      op.add,
      op.tee(p),
      op.get(end),
      op.ltU,
      op.brIf(0),
      op.end(),
    ),
  );
}

/** The v128 constants a gate's kernel reads, as doubles (two per v128). */
export function inPlaceConstants(gate: PairGate): Float64Array {
  const m = gate.m;
  const e = (k: number) => m[k] as number;
  const adjacent = gate.q === 0;
  const splat = (...values: number[]) => values.flatMap((value) => [value, value]);
  const lanes = (...pairs: [number, number][]) => pairs.flat();
  let coefficients: number[];
  switch (gate.form) {
    case 'general':
      // Complex k: (real lanes), (imaginary lanes).
      coefficients = adjacent
        ? lanes([e(0), e(6)], [e(1), e(7)], [e(2), e(4)], [e(3), e(5)])
        : splat(e(0), e(1), e(2), e(3), e(4), e(5), e(6), e(7));
      break;
    case 'real':
      coefficients = adjacent ? lanes([e(0), e(6)], [e(2), e(4)]) : splat(e(0), e(2), e(4), e(6));
      break;
    case 'diagonal':
      coefficients = adjacent ? lanes([e(0), e(6)], [e(1), e(7)]) : splat(e(0), e(1), e(6), e(7));
      break;
    case 'exchange':
      coefficients = [];
      break;
  }
  return Float64Array.from(coefficients);
}
