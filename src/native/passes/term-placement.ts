/**
 * Where a folded phase term is cheapest to apply (the `term-placement` part
 * of phase folding). In the sum-over-paths form of a {CNOT, X, diagonal}
 * circuit (Amy, Maslov and Mosca, IEEE TCAD 33, 1476 (2014), section 3) a
 * term e^{iθ·P} on a parity P of path variables contributes the same phase
 * to every path wherever it is applied, as long as P is a function of the
 * wires' values at that point: the freedom phase folding uses to merge terms
 * (Nam, Ross, Su, Childs and Maslov 2018, section 4.4) and GraySynth (Amy,
 * Azimzadeh and Mosca, "On the CNOT-complexity of CNOT-phase circuits",
 * Quantum Sci. Technol. 4, 015002 (2018)) uses to order its parities.
 *
 * Priced for ions (phase-fold.ts): a term on a parity that one wire holds is
 * a free Z rotation there, and one on the XOR of two wires' values is one
 * partial-angle ZZ. A CCZ's three-wire term costs three where the CCZ
 * stands, but one at a point where two wires XOR to it (or none where a
 * wire holds it, as the CNOTs around a Toffoli in the adders often leave),
 * and its two-wire terms cost one there but none where a wire holds them.
 * This index records, at every CNOT, the parity its target now holds and
 * the parity of that target with every other wire, so the fold can move a
 * surviving term to the first such point of its segment (between
 * measurements, resets and barriers) when that is cheaper.
 */
import { hashOf, sameVars, type Parity } from './parity.js';

/** A point after op `index` where wire `v` (and `u` for a pair) holds the parity, up to `flip`. */
export interface Spot {
  readonly index: number;
  readonly u: number;
  readonly v: number;
  readonly pair: boolean;
  readonly flip: number;
}

/** One CNOT's point: after op `index`, every wire's parity and flip (the parities are shared, immutable objects). */
interface Point {
  readonly index: number;
  readonly t: number;
  readonly segment: number;
  readonly masks: readonly Parity[];
  readonly flips: Uint8Array;
}

/** Whether the XOR of two ascending variable lists is `want` (checked without building it). */
function xorIs(x: readonly number[], y: readonly number[], want: readonly number[]): boolean {
  let i = 0;
  let j = 0;
  let k = 0;
  while (i < x.length || j < y.length) {
    const u = i < x.length ? (x[i] as number) : Infinity;
    const v = j < y.length ? (y[j] as number) : Infinity;
    if (u === v) {
      i++;
      j++;
      continue;
    }
    const next = Math.min(u, v);
    if (next === u) i++;
    else j++;
    if (want[k++] !== next) return false;
  }
  return k === want.length;
}

/**
 * The first point each parity is held by one wire, or is the XOR of two,
 * keyed by 30 bits of its code (phase-fold.ts): small integers in two maps,
 * the wires' parities kept once per point, so recording allocates one
 * array per CNOT and no object per pair. A later point with the same key
 * (another segment, or the rare hash collision) is not kept: a term found
 * nowhere stays where it is, which costs an entangler, never correctness.
 */
export class PlacementIndex {
  private readonly points: Point[] = [];
  private readonly singles = new Map<number, number>();
  /** Key to point · qubits + the other wire. */
  private readonly pairs = new Map<number, number>();

  constructor(private readonly qubits: number) {}

  /** After the CNOT at `index` wrote wire t: t's parity alone, and with each other wire. */
  record(index: number, t: number, masks: readonly Parity[], flipped: Uint8Array, segment: number): void {
    const at = this.points.length;
    this.points.push({ index, t, segment, masks: masks.slice(), flips: flipped.slice() });
    const ht = hashOf(masks[t] as Parity);
    if (!this.singles.has(ht)) this.singles.set(ht, at);
    const base = at * this.qubits;
    for (let u = 0; u < masks.length; u++) {
      if (u === t) continue;
      const key = ht ^ hashOf(masks[u] as Parity);
      if (!this.pairs.has(key)) this.pairs.set(key, base + u);
    }
  }

  /** The first point of `segment` where one wire holds `parity`, or two wires XOR to it when `pair`. */
  find(parity: Parity, segment: number, pair: boolean): Spot | undefined {
    const hit = (pair ? this.pairs : this.singles).get(hashOf(parity));
    if (hit === undefined) return undefined;
    const point = this.points[pair ? Math.floor(hit / this.qubits) : hit] as Point;
    if (point.segment !== segment) return undefined;
    const t = point.t;
    const pt = point.masks[t] as Parity;
    if (!pair) {
      return sameVars(pt.vars, parity.vars)
        ? { index: point.index, u: t, v: t, pair, flip: point.flips[t] as number }
        : undefined;
    }
    const u = hit % this.qubits;
    if (!xorIs((point.masks[u] as Parity).vars, pt.vars, parity.vars)) return undefined;
    return { index: point.index, u, v: t, pair, flip: (point.flips[t] as number) ^ (point.flips[u] as number) };
  }
}
