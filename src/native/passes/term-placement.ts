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
import type { Parity } from './phase-fold.js';

/** A point after op `index` where wire `v` (and `u` for a pair) holds the parity, up to `flip`. */
export interface Spot {
  readonly index: number;
  readonly u: number;
  readonly v: number;
  readonly pair: boolean;
  readonly flip: number;
}

interface Recorded extends Spot {
  readonly segment: number;
  readonly parities: readonly [Parity] | readonly [Parity, Parity];
}

const hashOf = (p: Parity): number => (p.low ^ p.high) & 0x3fffffff;

function sameVars(x: readonly number[], y: readonly number[]): boolean {
  if (x.length !== y.length) return false;
  for (let i = 0; i < x.length; i++) if (x[i] !== y[i]) return false;
  return true;
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

export class PlacementIndex {
  private readonly singles = new Map<number, Recorded[]>();
  private readonly pairs = new Map<number, Recorded[]>();

  /** After the CNOT at `index` wrote wire t: t's parity alone, and with each other wire. */
  record(index: number, t: number, masks: readonly Parity[], flipped: Uint8Array, segment: number): void {
    const pt = masks[t] as Parity;
    const ft = flipped[t] as number;
    add(this.singles, hashOf(pt), { index, u: t, v: t, pair: false, flip: ft, segment, parities: [pt] });
    const ht = hashOf(pt);
    for (let u = 0; u < masks.length; u++) {
      if (u === t) continue;
      const pu = masks[u] as Parity;
      const parities: readonly [Parity, Parity] = [pu, pt];
      add(this.pairs, ht ^ hashOf(pu), {
        index,
        u,
        v: t,
        pair: true,
        flip: ft ^ (flipped[u] as number),
        segment,
        parities,
      });
    }
  }

  /** The first point of `segment` where one wire holds `parity`, or two wires XOR to it when `pair`. */
  find(parity: Parity, segment: number, pair: boolean): Spot | undefined {
    const list = (pair ? this.pairs : this.singles).get(hashOf(parity));
    if (list === undefined) return undefined;
    for (const spot of list) {
      if (spot.segment !== segment) continue;
      const [p, q] = spot.parities;
      if (q === undefined ? sameVars(p.vars, parity.vars) : xorIs(p.vars, q.vars, parity.vars)) return spot;
    }
    return undefined;
  }
}

/** Keeps the first spot per key and segment (later ones are no cheaper). */
function add(map: Map<number, Recorded[]>, key: number, spot: Recorded): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [spot]);
  else if (!list.some((s) => s.segment === spot.segment)) list.push(spot);
}
