/**
 * Phase folding (rotation merging): Amy, Maslov and Mosca, "Polynomial-time
 * T-depth optimization of Clifford+T circuits via matroid partitioning",
 * IEEE TCAD 33, 1476 (2014), section 3 (the circuit as a sum over paths), as
 * Nam, Ross, Su, Childs and Maslov, npj Quantum Information 4, 23 (2018),
 * section 4.4 ("rotation merging") use it, with the re-synthesis priced for
 * ions.
 *
 * Each wire carries an affine parity of path variables: CNOT and X update
 * it, a diagonal gate leaves it, and any other gate gives its targets a
 * fresh variable (a controlled gate keeps its controls; Hadamard is the
 * usual case). A Z rotation on a wire is a term e^{iθ·P} on the wire's parity
 * P, and a CCZ on a, b, t is seven terms, π/4·(a + b + t + a⊕b⊕t - a⊕b -
 * a⊕t - b⊕t) (a Toffoli is one between two Hadamards on its target). The
 * circuit's amplitude on each path is the product of its terms, so terms on
 * the same parity anywhere in the circuit multiply into one placed at the
 * first, and the rest go; terms that sum to 0 mod 2π all go. A CCZ is its
 * own inverse, so its terms may be taken with either sign: each takes the
 * sign under which more of them cancel terms collected so far. Measurements,
 * resets and barriers close the terms collected so far.
 *
 * Cost model (ions): every `ms`/`zz` is one entangling pulse whatever its
 * angle; single-qubit gates and Z frames are free. So a term on one wire is
 * free, a term on a two-wire parity is one partial-angle ZZ (emitted as
 * `cx u, v; rz v; cx u, v`, which the block pass makes one), and the
 * three-wire term of a CCZ three (`cx x, y; zz(θ) y, z; cx x, y`),
 * with one surviving two-wire term riding free on y between the outer
 * CNOTs: a whole CCZ costs 5, and each of its two-wire terms merged away
 * saves one. (CNOT-based resynthesis, as Nam et al.'s, would pay two CNOTs
 * for each two-wire term.) Lowering keeps whichever of the folded and
 * unfolded circuits needs fewer entanglers (lower.ts), so folding never
 * costs a circuit an entangler.
 */
import type { IrCircuit, IrGate, IrOp } from '../../ir/types.js';
import { wiresOf } from '../../ir/wires.js';
import { isDiagonal } from './commutation.js';
import { hashOf, sameVars, type Parity } from './parity.js';
import { PlacementIndex, type Spot } from './term-placement.js';

export type { Parity } from './parity.js';

const gate = (name: IrGate['name'], target: number, controls: number[], span: IrGate['span']): IrGate =>
  span
    ? { kind: 'gate', name, targets: [target], controls, rotation: null, span }
    : { kind: 'gate', name, targets: [target], controls, rotation: null };

const isDoublyControlled = (op: IrOp): op is IrGate =>
  op.kind === 'gate' && (op.name === 'x' || op.name === 'z') && op.controls.length === 2 && op.targets.length === 1;

/** Whether folding can change anything: the circuit has a Toffoli, a CCZ or a T. */
export function hasPhaseTerms(circuit: IrCircuit): boolean {
  return circuit.ops.some(
    (op) => op.kind === 'gate' && (op.name === 't' || op.name === 'ti' || isDoublyControlled(op)),
  );
}

const QUARTER = Math.PI / 4;
const TWO_PI = 2 * Math.PI;
/** Angles within this of a multiple of π/4 are that multiple (merged T phases stay exact). */
const SNAP = 1e-12;

/** The phase angle (phase-gate convention, e^{iθ} on |1>) of an uncontrolled Z rotation, or null. */
function phaseAngle(op: IrOp): number | null {
  if (op.kind !== 'gate' || op.controls.length > 0) return null;
  switch (op.name) {
    case 't':
      return QUARTER;
    case 'ti':
      return -QUARTER;
    case 's':
      return 2 * QUARTER;
    case 'si':
      return -2 * QUARTER;
    case 'z':
      return Math.PI;
    case 'rz':
      return op.rotation; // rz(θ) = e^{-iθ/2} · phase(θ): a global phase apart
    default:
      return null;
  }
}

/** The gate for phase angle θ on `wire` (none for 0 mod 2π): t, ti, s, si, z at multiples of π/4, rz otherwise. */
function rotationGate(theta: number, wire: number, span: IrGate['span']): IrGate | null {
  let x = theta % TWO_PI;
  if (x <= -Math.PI) x += TWO_PI;
  if (x > Math.PI) x -= TWO_PI;
  const k = Math.round(x / QUARTER);
  if (Math.abs(x - k * QUARTER) < SNAP) {
    if (k === 0) return null;
    const name = (['z', null, 'si', 'ti', null, 't', 's', null, 'z'] as const)[k + 4] ?? null;
    if (name !== null) return gate(name, wire, [], span);
  }
  const g: IrGate = { kind: 'gate', name: 'rz', targets: [wire], controls: [], rotation: x };
  return span ? { ...g, span } : g;
}

interface Term {
  /** The parity's variables, exactly: a hash hit is checked against them. */
  readonly vars: readonly number[];
  /** The rotations on this parity, each packed as one small number (packAt): op index, CCZ slot, negated. */
  readonly at: number[];
  /** Sum of the phases as functions of the parity (a negated wire contributes -θ). */
  total: number;
}

const xorParity = (p: Parity, q: Parity): Parity => ({
  vars: symmetricDifference(p.vars, q.vars),
  high: p.high ^ q.high,
  low: p.low ^ q.low,
});

/** The variables in exactly one of two ascending lists, ascending (parities stay short: a few wires' worth). */
function symmetricDifference(x: readonly number[], y: readonly number[]): number[] {
  const out: number[] = [];
  let i = 0;
  let j = 0;
  while (i < x.length && j < y.length) {
    const u = x[i] as number;
    const v = y[j] as number;
    if (u <= v) i++;
    if (v <= u) j++;
    if (u !== v) out.push(Math.min(u, v));
  }
  while (i < x.length) out.push(x[i++] as number);
  while (j < y.length) out.push(y[j++] as number);
  return out;
}

/** Fresh path variables, each with a random code (xorshift32 from a fixed seed: a compile is reproducible). */
class PathVariables {
  private count = 0;
  private state = 0x2545f491;

  next(): Parity {
    return { vars: [this.count++], high: this.word(), low: this.word() };
  }

  private word(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state;
  }
}

/** Terms by parity: a hash map checked against the exact parity, with an exact map for collisions. */
export class TermTable {
  private byHash = new Map<number, Term>();
  private collided = new Map<string, Term>();

  get(parity: Parity): Term | undefined {
    const hit = this.byHash.get(hashOf(parity));
    if (hit === undefined || sameVars(hit.vars, parity.vars)) return hit;
    return this.collided.get(parity.vars.join());
  }

  add(parity: Parity): Term {
    const term: Term = { vars: parity.vars, at: [], total: 0 };
    const hash = hashOf(parity);
    if (this.byHash.has(hash)) this.collided.set(parity.vars.join(), term);
    else this.byHash.set(hash, term);
    return term;
  }

  *values(): IterableIterator<Term> {
    yield* this.byHash.values();
    yield* this.collided.values();
  }
}

/** A CCZ's wires' flips (X applied an odd number of times) where it stands: a, b, t. */
type Flips = readonly [number, number, number];

/** Slot value of a rotation that is not one of a CCZ's seven terms. */
const NO_SLOT = 7;
/** One rotation of a term, packed so that a term's list holds numbers, not objects: index · 16 + slot · 2 + negated. */
const packAt = (index: number, slot: number, negated: boolean): number => index * 16 + slot * 2 + (negated ? 1 : 0);

/** The parities of a CCZ's seven terms, in CCZ_TERMS order, from its wires' parities (a⊕b given when known). */
function cczParities(pa: Parity, pb: Parity, pt: Parity): Parity[] {
  const ab = xorParity(pa, pb);
  return [pa, pb, pt, xorParity(ab, pt), ab, xorParity(pa, pt), xorParity(pb, pt)];
}

/** The signs of a CCZ's seven terms by the wires each parity covers: a, b, t bits. */
const CCZ_TERMS: readonly (readonly [a: boolean, b: boolean, t: boolean, sign: number])[] = [
  [true, false, false, 1],
  [false, true, false, 1],
  [false, false, true, 1],
  [true, true, true, 1],
  [true, true, false, -1],
  [true, false, true, -1],
  [false, true, true, -1],
];

const isZeroAngle = (theta: number): boolean => {
  const k = Math.round(theta / TWO_PI);
  return Math.abs(theta - k * TWO_PI) < SNAP;
};

/** What folding wrote: null where it would change nothing (no two terms merge and none moves). */
export interface FoldedOps {
  readonly ops: IrOp[] | null;
  /**
   * The fold without the terms term-placement moved, when it moved some:
   * the price model cannot see how lowering's blocks and cancellations meet
   * the moved terms, so lowering counts both and keeps the fewer (lower.ts).
   * Undefined when nothing moved (then `ops` is it).
   */
  readonly unplaced?: IrOp[] | null;
}

/**
 * Folds the phase terms of `ops`, writing each Toffoli and CCZ in Clifford+T
 * on the way with the polarity that zeroes more of the terms collected so
 * far (Nam et al. choose T or T† the same way), and with `placement` moving
 * terms to cheaper points (term-placement.ts). Its `ops` are null when no
 * two terms merge and none moves: then re-synthesising its CCZs alone would
 * gain nothing.
 */
export function foldPhases(ops: readonly IrOp[], qubits: number, placement = true): FoldedOps {
  const variables = new PathVariables();
  const next = (): Parity => variables.next();
  const mask: Parity[] = Array.from({ length: qubits }, next);
  const flipped = new Uint8Array(qubits);
  // A wire's parity before an H that nothing has touched since: a second H gives it back (H H = I).
  const beforeH: ({ mask: Parity; flipped: number } | null)[] = new Array<null>(qubits).fill(null);
  const out: IrOp[] = [];
  // By op index (arrays, not maps: the final pass reads them for every op): a rotation's replacement (null: it goes).
  const replaced: (IrGate | null | undefined)[] = [];
  let terms = new TermTable();

  // CCZs kept whole (direct synthesis): the angle of each of their seven terms, by op index.
  const slots: (number[] | undefined)[] = [];
  const original: (readonly number[] | undefined)[] = [];
  const cczAt: number[] = [];
  let merged = false;
  // term-placement.ts: where each CNOT leaves parities, and each CCZ's term parities, wire flips and segment.
  const spots = placement ? new PlacementIndex(qubits) : null;
  const cczKeys: (readonly Parity[] | undefined)[] = [];
  const cczFlips: (Flips | undefined)[] = [];
  const cczSegment: number[] = [];
  let segment = 0;
  const close = (): void => {
    segment++;
    for (const term of terms.values()) {
      if (term.at.length < 2 && !isZeroAngle(term.total)) continue;
      merged = true;
      // The first rotation takes the merged angle, the rest go (a plain loop: this runs for every term).
      for (let k = 0; k < term.at.length; k++) {
        const packed = term.at[k] as number;
        const index = Math.floor(packed / 16);
        const rest = packed - index * 16;
        const slot = rest >> 1;
        const negated = (rest & 1) === 1;
        const angle = k > 0 ? 0 : negated ? -term.total : term.total;
        if (slot !== NO_SLOT) (slots[index] as number[])[slot] = angle;
        else if (k > 0) replaced[index] = null;
        else replaced[index] = rotationGate(angle, (out[index] as IrGate).targets[0] as number, out[index]?.span);
      }
    }
    terms = new TermTable();
  };

  const addTerm = (key: Parity, negated: boolean, theta: number, index: number, slot = NO_SLOT): void => {
    const term = terms.get(key) ?? terms.add(key);
    term.at.push(packAt(index, slot, negated));
    term.total += negated ? -theta : theta;
  };

  /** A CCZ kept whole: its seven terms join the collection as slots of one placeholder op. */
  const visitCcz = (op: IrGate, a: number, b: number, t: number, sign: 1 | -1, keys: readonly Parity[]): void => {
    const index = out.length;
    out.push(op);
    beforeH[a] = beforeH[b] = beforeH[t] = null;
    const angles: number[] = [];
    for (let slot = 0; slot < CCZ_TERMS.length; slot++) {
      const [inA, inB, inT, s] = CCZ_TERMS[slot] as (typeof CCZ_TERMS)[number];
      const key = keys[slot] as Parity;
      const flip =
        (inA ? (flipped[a] as number) : 0) ^ (inB ? (flipped[b] as number) : 0) ^ (inT ? (flipped[t] as number) : 0);
      angles.push(sign * s * QUARTER);
      addTerm(key, flip === 1, sign * s * QUARTER, index, slot);
    }
    slots[index] = angles;
    original[index] = angles.slice();
    cczAt.push(index);
    cczKeys[index] = keys;
    cczFlips[index] = [flipped[a] as number, flipped[b] as number, flipped[t] as number];
    cczSegment[index] = segment;
  };

  /** +1 or -1: the CCZ polarity under which more collected terms sum to zero (for a Toffoli only those off t), given the terms' parities. */
  const polarity = (a: number, b: number, t: number, toffoli: boolean, keys: readonly Parity[]): 1 | -1 => {
    const tFlip = toffoli ? 0 : (flipped[t] as number);
    let score = 0;
    for (let slot = 0; slot < CCZ_TERMS.length; slot++) {
      const [inA, inB, inT, sign] = CCZ_TERMS[slot] as (typeof CCZ_TERMS)[number];
      if (toffoli && inT) continue;
      const key = keys[slot] as Parity;
      const flip = (inA ? (flipped[a] as number) : 0) ^ (inB ? (flipped[b] as number) : 0) ^ (inT ? tFlip : 0);
      const term = terms.get(key);
      if (term === undefined) continue;
      const theta = (flip ? -sign : sign) * QUARTER;
      if (isZeroAngle(term.total + theta)) score++;
      if (isZeroAngle(term.total - theta)) score--;
    }
    return score < 0 ? -1 : 1;
  };

  const visit = (op: IrOp): void => {
    const index = out.length;
    out.push(op);
    if (op.kind === 'gate' && op.name === 'h' && op.controls.length === 0) {
      const w = op.targets[0] as number;
      const saved = beforeH[w];
      beforeH[w] = saved ? null : { mask: mask[w] as Parity, flipped: flipped[w] as number };
      mask[w] = saved ? saved.mask : next();
      flipped[w] = saved ? saved.flipped : 0;
      return;
    }
    if (op.kind === 'barrier') beforeH.fill(null);
    else if (op.kind === 'gate') {
      for (const w of op.controls) beforeH[w] = null;
      for (const w of op.targets) beforeH[w] = null;
    } else for (const w of wiresOf(op) ?? []) beforeH[w] = null;
    switch (op.kind) {
      case 'measure':
      case 'reset':
      case 'barrier':
        close();
        if (op.kind === 'reset') {
          mask[op.qubit] = next();
          flipped[op.qubit] = 0;
        }
        return;
      case 'native':
        for (const w of op.targets) {
          mask[w] = next();
          flipped[w] = 0;
        }
        return;
      case 'gate':
        break;
      default: {
        const never: never = op;
        return never;
      }
    }
    const theta = phaseAngle(op);
    if (theta !== null) {
      const wire = op.targets[0] as number;
      addTerm(mask[wire] as Parity, flipped[wire] === 1, theta, index);
      return;
    }
    if (op.name === 'x' && op.controls.length === 0) {
      const w = op.targets[0] as number;
      flipped[w] = (flipped[w] as number) ^ 1;
      return;
    }
    if (op.name === 'x' && op.controls.length === 1) {
      const c = op.controls[0] as number;
      const t = op.targets[0] as number;
      mask[t] = xorParity(mask[t] as Parity, mask[c] as Parity);
      flipped[t] = (flipped[t] as number) ^ (flipped[c] as number);
      spots?.record(index, t, mask, flipped, segment);
      return;
    }
    if (op.name === 'swap' && op.controls.length === 0) {
      const [a, b] = op.targets as [number, number];
      [mask[a], mask[b]] = [mask[b] as Parity, mask[a] as Parity];
      [flipped[a], flipped[b]] = [flipped[b] as number, flipped[a] as number];
      return;
    }
    if (isDiagonal(op)) return;
    for (const w of op.targets) {
      mask[w] = next();
      flipped[w] = 0;
    }
  };

  for (const op of ops) {
    if (!isDoublyControlled(op)) {
      visit(op);
      continue;
    }
    const [a, b] = op.controls as [number, number];
    const t = op.targets[0] as number;
    const toffoli = op.name === 'x';
    const h = gate('h', t, [], op.span);
    if (toffoli) visit(h);
    const keys = cczParities(mask[a] as Parity, mask[b] as Parity, mask[t] as Parity);
    visitCcz(op, a, b, t, polarity(a, b, t, toffoli, keys), keys);
    if (toffoli) visit(h);
  }
  close();
  // A Toffoli or CCZ whose terms on two and three wires are unchanged stays whole, its single-wire terms' changes
  // beside it as rotations (a Toffoli's target's between Hadamards, and the Hadamards it was visited with go):
  // lowering decomposes it at the same cost and may orient it to a neighbour (toffoli-orientation.ts).
  const build = (angleSlots: readonly (number[] | undefined)[], after: readonly (IrGate[] | undefined)[]): IrOp[] => {
    const result: IrOp[] = [];
    const whole = new Uint8Array(out.length + 1);
    for (const i of cczAt) {
      const angles = angleSlots[i] as number[];
      const before = original[i] as readonly number[];
      if (angles.every((theta, slot) => slot < 3 || Math.abs(theta - (before[slot] as number)) < SNAP)) whole[i] = 1;
    }
    const toffoliAt = (j: number): boolean => whole[j] === 1 && (out[j] as IrGate).name === 'x';
    out.forEach((op, i) => {
      const angles = angleSlots[i];
      if (toffoliAt(i - 1) || toffoliAt(i + 1)) return;
      if (whole[i] === 1) result.push(...wholeWithDeltas(op as IrGate, angles as number[], original[i] as number[]));
      else if (angles) result.push(...cczTerms(op as IrGate, angles));
      else if (replaced[i] === undefined) result.push(op);
      else {
        const r = replaced[i];
        if (r) result.push(r);
      }
      const moved = after[i];
      if (moved) result.push(...moved);
    });
    return result;
  };
  // Terms moved to cheaper points (term-placement.ts), except a whole CCZ's: lowering may orient it to a
  // neighbour (toffoli-orientation.ts), which the model does not see (rc_adder_6 would lose an entangler).
  const after: (IrGate[] | undefined)[] = [];
  if (spots !== null) {
    const mergedBefore = merged;
    const slotsBefore = slots.map((angles) => angles?.slice());
    let moved = false;
    for (const i of cczAt) {
      const angles = slots[i] as number[];
      const before = original[i] as number[];
      if (MULTI_WIRE_SLOTS.every((slot) => Math.abs((angles[slot] as number) - (before[slot] as number)) < SNAP))
        continue;
      const find = (parity: Parity, pair: boolean): Spot | undefined =>
        spots.find(parity, cczSegment[i] as number, pair);
      if (
        placeTerms(angles, cczKeys[i] as readonly Parity[], cczFlips[i] as Flips, find, (out[i] as IrGate).span, after)
      )
        moved = true;
    }
    if (moved) return { ops: build(slots, after), unplaced: mergedBefore ? build(slotsBefore, []) : null };
  }
  return { ops: merged ? build(slots, after) : null };
}

/** What a CCZ's surviving terms cost as cczTerms writes them: three for the three-wire term, carrying one two-wire term free, one for each other two-wire term. */
function termsCost(angles: readonly number[]): number {
  const pairs = [4, 5, 6].filter((slot) => !isZeroAngle(angles[slot] as number)).length;
  return isZeroAngle(angles[3] as number) ? pairs : 3 + Math.max(0, pairs - 1);
}

/** The slots of a CCZ's terms on three wires and on two (CCZ_TERMS order). */
const MULTI_WIRE_SLOTS = [3, 4, 5, 6] as const;

/**
 * Moves a CCZ's surviving multi-wire terms to cheaper points (term-placement.ts)
 * while that lowers what the CCZ's terms cost: a term a wire holds goes as a
 * free rotation, the three-wire term on two wires' XOR as one ZZ (`cx; rz; cx`).
 * The moved terms are written into `after` at their points; returns whether any moved.
 */
function placeTerms(
  angles: number[],
  keys: readonly Parity[],
  flips: Flips,
  find: (parity: Parity, pair: boolean) => Spot | undefined,
  span: IrGate['span'],
  after: (IrGate[] | undefined)[],
): boolean {
  let moved = false;
  for (const pair of [false, true]) {
    for (const slot of MULTI_WIRE_SLOTS) {
      const alpha = angles[slot] as number;
      if (isZeroAngle(alpha) || (pair && slot !== 3)) continue;
      const spot = find(keys[slot] as Parity, pair);
      if (spot === undefined) continue;
      const before = termsCost(angles);
      angles[slot] = 0;
      if (termsCost(angles) + (pair ? 1 : 0) >= before) {
        angles[slot] = alpha;
        continue;
      }
      const [inA, inB, inT] = CCZ_TERMS[slot] as (typeof CCZ_TERMS)[number];
      const flip = (inA ? flips[0] : 0) ^ (inB ? flips[1] : 0) ^ (inT ? flips[2] : 0);
      const theta = (flip ^ spot.flip) === 1 ? -alpha : alpha;
      const list = (after[spot.index] ??= []);
      const rotation = rotationGate(theta, spot.v, span);
      if (pair) list.push(gate('x', spot.v, [spot.u], span));
      if (rotation) list.push(rotation);
      if (pair) list.push(gate('x', spot.v, [spot.u], span));
      moved = true;
    }
  }
  return moved;
}

/** A Toffoli or CCZ kept whole, with the change of its single-wire terms as rotations. */
function wholeWithDeltas(op: IrGate, angles: readonly number[], before: readonly number[]): IrGate[] {
  const [a, b] = op.controls as [number, number];
  const t = op.targets[0] as number;
  const out: IrGate[] = [];
  const delta = (slot: number, w: number): IrGate | null =>
    rotationGate((angles[slot] as number) - (before[slot] as number), w, op.span);
  for (const g of [delta(0, a), delta(1, b)]) if (g) out.push(g);
  out.push(op);
  const r = delta(2, t);
  const onTarget = r ? [r] : [];
  // A Toffoli is H CCZ H on its target: a phase on the target inside is H·phase·H after it.
  if (onTarget.length > 0 && op.name === 'x')
    out.push(gate('h', t, [], op.span), ...onTarget, gate('h', t, [], op.span));
  else out.push(...onTarget);
  return out;
}

/**
 * A CCZ's surviving terms on ions: single-wire terms as Z rotations (free),
 * each two-wire term as cx; rotation; cx (one ZZ after the block pass), the
 * three-wire term as cx x,y; zz(θ) y,z; cx x,y (three),
 * with (x, y) a surviving two-wire term's pair so that term rides free on y.
 */
function cczTerms(op: IrGate, angles: readonly number[]): IrGate[] {
  const [a, b] = op.controls as [number, number];
  const t = op.targets[0] as number;
  const span = op.span;
  const out: IrGate[] = [];
  const rot = (theta: number, w: number): void => {
    const g = rotationGate(theta, w, span);
    if (g) out.push(g);
  };
  const live = (theta: number | undefined): boolean => theta !== undefined && !isZeroAngle(theta);
  const [ta, tb, tt, tabt, tab, tat, tbt] = angles as [number, number, number, number, number, number, number];
  rot(ta, a);
  rot(tb, b);
  rot(tt, t);
  const pairs: [number, number, number][] = [
    [a, b, tab],
    [a, t, tat],
    [b, t, tbt],
  ];
  const alive = pairs.filter(([, , theta]) => live(theta));
  let carried: [number, number, number] | undefined;
  if (live(tabt)) {
    carried = alive[0];
    const [x, y] = carried ?? [a, b];
    const z = [a, b, t].find((w) => w !== x && w !== y) as number;
    out.push(gate('x', y, [x], span));
    if (carried) rot(carried[2], y);
    out.push(zzTerm(tabt, y, z, span));
    out.push(gate('x', y, [x], span));
  }
  for (const pair of alive) {
    if (pair === carried) continue;
    const [u, v, theta] = pair;
    out.push(gate('x', v, [u], span));
    rot(theta, v);
    out.push(gate('x', v, [u], span));
  }
  return out;
}

/**
 * A phase θ on the parity u⊕v as one gate: zz(θ) = exp(-iθ/2 Z⊗Z), which is
 * e^{iθ(u⊕v)} up to the global phase e^{-iθ/2} (Z⊗Z = 1 - 2(u⊕v)). It is the
 * `cx u, v; rz(θ) v; cx u, v` the block pass would make one entangler of,
 * written as the one interaction it is, so later passes and lowering walk one
 * gate instead of three.
 */
function zzTerm(theta: number, u: number, v: number, span: IrGate['span']): IrGate {
  let x = theta % TWO_PI;
  if (x <= -Math.PI) x += TWO_PI;
  if (x > Math.PI) x -= TWO_PI;
  const g: IrGate = { kind: 'gate', name: 'zz', targets: [u, v], controls: [], rotation: x };
  return span ? { ...g, span } : g;
}

/** The folded circuit, or the circuit itself (the same object) when no two terms merge and none moves. */
export function phaseFold(circuit: IrCircuit, placement = true): IrCircuit {
  return phaseFoldBothWays(circuit, placement).folded;
}

/**
 * The folded circuit, and the same fold without the terms term-placement
 * moved (`unplaced`, the same object as `folded` when none moved); each is
 * the circuit itself (the same object) where it changes nothing.
 */
export function phaseFoldBothWays(circuit: IrCircuit, placement = true): { folded: IrCircuit; unplaced: IrCircuit } {
  if (!hasPhaseTerms(circuit)) return { folded: circuit, unplaced: circuit };
  const { ops, unplaced } = foldPhases(circuit.ops, circuit.qubits, placement);
  const folded = ops ? { ...circuit, ops } : circuit;
  if (unplaced === undefined) return { folded, unplaced: folded };
  return { folded, unplaced: unplaced ? { ...circuit, ops: unplaced } : circuit };
}
