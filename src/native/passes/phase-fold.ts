/**
 * Phase folding (rotation merging): Amy, Maslov and Mosca, "Polynomial-time
 * T-depth optimization of Clifford+T circuits via matroid partitioning",
 * IEEE TCAD 33, 1476 (2014), section 3 (the circuit as a sum over paths), as
 * Nam, Ross, Su, Childs and Maslov, npj Quantum Information 4, 23 (2018),
 * section 4.4 ("rotation merging") use it.
 *
 * Every Toffoli and CCZ is first written in Clifford+T (Nielsen and Chuang,
 * figure 4.9: six CNOTs, seven T/T†), so that its phase terms are visible.
 * Then each wire carries an affine parity of path variables: CNOT and X
 * update it, a diagonal gate leaves it, and any other gate gives its targets
 * a fresh variable (a controlled gate keeps its controls; Hadamard is the
 * usual case). A Z rotation on a wire is a term e^{iθ·P} on the wire's parity
 * P; the circuit's amplitude on each path is the product of its terms, so two
 * terms on the same parity anywhere in the circuit multiply into one placed
 * at the first, and the rest go. Terms that sum to 0 mod 2π all go; the
 * CNOTs they leave adjacent cancel (cancel.ts runs after every pass).
 * Measurements, resets and barriers close the terms collected so far.
 *
 * Cost model (ions): every `ms`/`zz` is one entangling pulse whatever its
 * angle; single-qubit gates and Z frames are free. A phase term on a
 * two-qubit parity costs one partial-angle ZZ (the block pass turns
 * `cx a, b; rz b; cx a, b` into one), a term on a three-qubit parity three
 * (two CNOTs around a ZZ). So removing a term or a CNOT never costs more;
 * since the Clifford+T form of a lone Toffoli is already 5 after the block
 * pass, lowering keeps whichever of the folded and unfolded circuits needs
 * fewer entanglers (lower.ts).
 */
import type { IrCircuit, IrGate, IrOp } from '../../ir/types.js';
import { isDiagonal } from './commutation.js';

const gate = (name: IrGate['name'], target: number, controls: number[], span: IrGate['span']): IrGate =>
  span
    ? { kind: 'gate', name, targets: [target], controls, rotation: null, span }
    : { kind: 'gate', name, targets: [target], controls, rotation: null };

/**
 * CCZ on a, b, t in Clifford+T (Nielsen and Chuang, figure 4.9 without its
 * two Hadamards); `sign` -1 swaps T and T† (CCZ is its own inverse, so both
 * polarities are CCZ). Its terms: +π/4 on a, b, t and a⊕b⊕t, -π/4 on a⊕b,
 * a⊕t and b⊕t, each times `sign`.
 */
export function cczCliffordT(a: number, b: number, t: number, span: IrGate['span'], sign: 1 | -1 = 1): IrGate[] {
  const T = sign === 1 ? 't' : 'ti';
  const Ti = sign === 1 ? 'ti' : 't';
  return [
    gate('x', t, [b], span),
    gate(Ti, t, [], span),
    gate('x', t, [a], span),
    gate(T, t, [], span),
    gate('x', t, [b], span),
    gate(Ti, t, [], span),
    gate('x', t, [a], span),
    gate(T, t, [], span),
    gate(T, b, [], span),
    gate('x', b, [a], span),
    gate(T, a, [], span),
    gate(Ti, b, [], span),
    gate('x', b, [a], span),
  ];
}

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
  readonly at: { index: number; negated: boolean }[];
  /** Sum of the phases as functions of the parity (a negated wire contributes -θ). */
  total: number;
}

/** The signs of a CCZ's seven terms (cczCliffordT, sign +1) by the wires each parity covers: a, b, t bits. */
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
 * Folds the phase terms of `ops`, writing each Toffoli and CCZ in Clifford+T
 * on the way with the polarity that zeroes more of the terms collected so
 * far (Nam et al. choose T or T† the same way); returns the new ops.
 */
export function foldPhases(ops: readonly IrOp[], qubits: number): IrOp[] {
  let fresh = 0n;
  const next = (): bigint => 1n << fresh++;
  const mask: bigint[] = Array.from({ length: qubits }, next);
  const flipped = new Uint8Array(qubits);
  const out: IrOp[] = [];
  const replaced = new Map<number, IrGate | null>();
  let terms = new Map<bigint, Term>();

  const close = (): void => {
    for (const term of terms.values()) {
      if (term.at.length < 2 && !isZeroAngle(term.total)) continue;
      const [first, ...rest] = term.at;
      if (first === undefined) continue;
      const op = out[first.index] as IrGate;
      const wire = op.targets[0] as number;
      replaced.set(first.index, rotationGate(first.negated ? -term.total : term.total, wire, op.span));
      for (const r of rest) replaced.set(r.index, null);
    }
    terms = new Map();
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
      const key = mask[wire] as bigint;
      const negated = flipped[wire] === 1;
      let term = terms.get(key);
      if (term === undefined) terms.set(key, (term = { at: [], total: 0 }));
      term.at.push({ index, negated });
      term.total += negated ? -theta : theta;
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
    const ccz = cczCliffordT(a, b, t, op.span, polarity(a, b, t, toffoli));
    const h = gate('h', t, [], op.span);
    for (const g of toffoli ? [h, ...ccz, h] : ccz) visit(g);
  }
  close();
  const result: IrOp[] = [];
  out.forEach((op, i) => {
    if (!replaced.has(i)) result.push(op);
    else {
      const r = replaced.get(i);
      if (r) result.push(r);
    }
  });
  return result;
}

export function phaseFold(circuit: IrCircuit): IrCircuit {
  if (!hasPhaseTerms(circuit)) return circuit;
  return { ...circuit, ops: foldPhases(circuit.ops, circuit.qubits) };
}
