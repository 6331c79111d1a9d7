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
 * three-wire term of a CCZ three (`cx x, y; cx y, z; rz z; cx y, z; cx x, y`),
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
  /** Op indices of the rotations on this parity, with the affine constant each saw. */
  readonly at: { index: number; negated: boolean; slot?: number }[];
  /** Sum of the phases as functions of the parity (a negated wire contributes -θ). */
  total: number;
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

/**
 * Folds the phase terms of `ops` (null when no two terms merge: then
 * re-synthesising its CCZs alone would gain nothing), writing each Toffoli and CCZ in Clifford+T
 * on the way with the polarity that zeroes more of the terms collected so
 * far (Nam et al. choose T or T† the same way); returns the new ops.
 */
export function foldPhases(ops: readonly IrOp[], qubits: number): IrOp[] | null {
  let fresh = 0n;
  const next = (): bigint => 1n << fresh++;
  const mask: bigint[] = Array.from({ length: qubits }, next);
  const flipped = new Uint8Array(qubits);
  // A wire's parity before an H that nothing has touched since: a second H gives it back (H H = I).
  const beforeH: ({ mask: bigint; flipped: number } | null)[] = new Array<null>(qubits).fill(null);
  const out: IrOp[] = [];
  const replaced = new Map<number, IrGate | null>();
  // Keyed by the parity in base 32: V8 hashes BigInt keys poorly, and a Map of them slows 100-fold past a few thousand.
  let terms = new Map<string, Term>();

  // CCZs kept whole (direct synthesis): the angle of each of their seven terms, by op index.
  const slots = new Map<number, number[]>();
  let merged = false;
  const close = (): void => {
    for (const term of terms.values()) {
      if (term.at.length < 2 && !isZeroAngle(term.total)) continue;
      merged = true;
      term.at.forEach((entry, k) => {
        const angle = k > 0 ? 0 : entry.negated ? -term.total : term.total;
        if (entry.slot !== undefined) (slots.get(entry.index) as number[])[entry.slot] = angle;
        else if (k > 0) replaced.set(entry.index, null);
        else
          replaced.set(
            entry.index,
            rotationGate(angle, (out[entry.index] as IrGate).targets[0] as number, out[entry.index]?.span),
          );
      });
    }
    terms = new Map();
  };

  const addTerm = (key: bigint, negated: boolean, theta: number, index: number, slot?: number): void => {
    const name = key.toString(32);
    let term = terms.get(name);
    if (term === undefined) terms.set(name, (term = { at: [], total: 0 }));
    term.at.push(slot === undefined ? { index, negated } : { index, negated, slot });
    term.total += negated ? -theta : theta;
  };

  /** A CCZ kept whole: its seven terms join the collection as slots of one placeholder op. */
  const visitCcz = (op: IrGate, a: number, b: number, t: number, sign: 1 | -1): void => {
    const index = out.length;
    out.push(op);
    for (const w of [a, b, t]) beforeH[w] = null;
    const angles: number[] = [];
    CCZ_TERMS.forEach(([inA, inB, inT, s], slot) => {
      const key =
        (inA ? (mask[a] as bigint) : 0n) ^ (inB ? (mask[b] as bigint) : 0n) ^ (inT ? (mask[t] as bigint) : 0n);
      const flip =
        (inA ? (flipped[a] as number) : 0) ^ (inB ? (flipped[b] as number) : 0) ^ (inT ? (flipped[t] as number) : 0);
      angles.push(sign * s * QUARTER);
      addTerm(key, flip === 1, sign * s * QUARTER, index, slot);
    });
    slots.set(index, angles);
  };

  /** +1 or -1: the CCZ polarity under which more collected terms sum to zero (t's parity fresh for a Toffoli). */
  const polarity = (a: number, b: number, t: number, toffoli: boolean): 1 | -1 => {
    const tMask = toffoli ? 0n : (mask[t] as bigint);
    const tFlip = toffoli ? 0 : (flipped[t] as number);
    let score = 0;
    for (const [inA, inB, inT, sign] of CCZ_TERMS) {
      if (toffoli && inT) continue;
      const key = (inA ? (mask[a] as bigint) : 0n) ^ (inB ? (mask[b] as bigint) : 0n) ^ (inT ? tMask : 0n);
      const flip = (inA ? (flipped[a] as number) : 0) ^ (inB ? (flipped[b] as number) : 0) ^ (inT ? tFlip : 0);
      const term = terms.get(key.toString(32));
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
      beforeH[w] = saved ? null : { mask: mask[w] as bigint, flipped: flipped[w] as number };
      mask[w] = saved ? saved.mask : next();
      flipped[w] = saved ? saved.flipped : 0;
      return;
    }
    if (op.kind === 'barrier') beforeH.fill(null);
    else for (const w of wiresOf(op) ?? []) beforeH[w] = null;
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
      addTerm(mask[wire] as bigint, flipped[wire] === 1, theta, index);
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
      mask[t] = (mask[t] as bigint) ^ (mask[c] as bigint);
      flipped[t] = (flipped[t] as number) ^ (flipped[c] as number);
      return;
    }
    if (op.name === 'swap' && op.controls.length === 0) {
      const [a, b] = op.targets as [number, number];
      [mask[a], mask[b]] = [mask[b] as bigint, mask[a] as bigint];
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
    visitCcz(op, a, b, t, polarity(a, b, t, toffoli));
    if (toffoli) visit(h);
  }
  close();
  if (!merged) return null;
  const result: IrOp[] = [];
  out.forEach((op, i) => {
    const angles = slots.get(i);
    if (angles) result.push(...cczTerms(op as IrGate, angles));
    else if (!replaced.has(i)) result.push(op);
    else {
      const r = replaced.get(i);
      if (r) result.push(r);
    }
  });
  return result;
}

/**
 * A CCZ's surviving terms on ions: single-wire terms as Z rotations (free),
 * each two-wire term as cx; rotation; cx (one ZZ after the block pass), the
 * three-wire term as cx x,y; cx y,z; rotation on z; cx y,z; cx x,y (three),
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
    out.push(gate('x', z, [y], span));
    rot(tabt, z);
    out.push(gate('x', z, [y], span), gate('x', y, [x], span));
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

/** The folded circuit, or the circuit itself (the same object) when no two terms merge. */
export function phaseFold(circuit: IrCircuit): IrCircuit {
  const ops = hasPhaseTerms(circuit) ? foldPhases(circuit.ops, circuit.qubits) : null;
  return ops ? { ...circuit, ops } : circuit;
}
