/**
 * Toffoli orientation. A CCZ is symmetric, and Barenco et al.'s lemma 6.1
 * (Phys. Rev. A 52, 3457 (1995)) builds it from controlled-S gates on two
 * wires and a CNOT pair on the other two, in either order of its
 * commuting parts: cS(a,t) cS(b,t) cx(a,b) cS†(b,t) cx(a,b) (t gets
 * S^a S^b S†^(a⊕b) = Z^(ab)), or the same read backwards. Which wire is t and
 * which end the CNOTs sit at is free, so the pair that carries the CNOTs is
 * chosen to meet a neighbouring gate on two of the Toffoli's wires: CNOTs
 * first after a gate on that pair, last before one. The two-qubit block pass
 * then multiplies the neighbour with the CNOT next to it (a Toffoli then a
 * CNOT on its controls, Peres's gate, costs 4 instead of 6). A Toffoli is
 * H_t CCZ H_t, so it takes the same choice with Hadamards on its target.
 * Without such a neighbour the gate keeps the default decomposition.
 */
import type { IrCircuit, IrGate, IrOp } from '../../ir/types.js';
import { H, phaseGate, dagger } from '../complex2.js';
import { singleControlled, type ControlContext } from '../single-controlled.js';
import { u, type Step } from '../steps.js';
import { wiresOf } from '../../ir/wires.js';

const S = phaseGate(Math.PI / 2);

/** CCZ on a, b, t with the CNOT pair on (a, b), at the start or at the end. */
export function cczWithPair(a: number, b: number, t: number, cnotsFirst: boolean, ctx: ControlContext): Step[] {
  const forward = [
    ...singleControlled(a, t, S),
    ...singleControlled(b, t, S),
    ...ctx.cx(a, b),
    ...singleControlled(b, t, dagger(S)),
    ...ctx.cx(a, b),
  ];
  if (!cnotsFirst) return forward;
  return [
    ...ctx.cx(a, b),
    ...singleControlled(b, t, dagger(S)),
    ...ctx.cx(a, b),
    ...singleControlled(b, t, S),
    ...singleControlled(a, t, S),
  ];
}

export const isDoublyControlledFlip = (op: IrOp): op is IrGate =>
  op.kind === 'gate' && (op.name === 'x' || op.name === 'z') && op.controls.length === 2 && op.targets.length === 1;

/** For each Toffoli or CCZ: the pair its CNOTs go on and where, when a neighbour on two of its wires asks for one. */
export interface Orientation {
  readonly pair: readonly [number, number];
  readonly cnotsFirst: boolean;
}

function twoWiresWithin(op: IrOp | undefined, wires: readonly number[]): readonly [number, number] | null {
  if (op === undefined) return null;
  const touched = wiresOf(op);
  if (touched === null || touched.length !== 2 || op.kind === 'measure' || op.kind === 'reset') return null;
  return touched.every((w) => wires.includes(w)) ? [touched[0] as number, touched[1] as number] : null;
}

/** Orientations by op index, from the operation just before and just after each Toffoli on its wires. */
export function orientations(circuit: IrCircuit): Map<number, Orientation> {
  const ops = circuit.ops;
  const before = new Map<number, number>();
  const last = new Map<number, number>();
  const after = new Map<number, number>();
  const pendingAfter = new Map<number, number[]>();
  ops.forEach((op, i) => {
    const wires = wiresOf(op) ?? [...Array(circuit.qubits).keys()];
    let latest = -1;
    for (const w of wires) latest = Math.max(latest, last.get(w) ?? -1);
    if (latest >= 0) before.set(i, latest);
    for (const w of wires) {
      for (const j of pendingAfter.get(w) ?? []) if (!after.has(j)) after.set(j, i);
      pendingAfter.delete(w);
      last.set(w, i);
    }
    if (isDoublyControlledFlip(op)) for (const w of wires) pendingAfter.set(w, [...(pendingAfter.get(w) ?? []), i]);
  });
  const chosen = new Map<number, Orientation>();
  ops.forEach((op, i) => {
    if (!isDoublyControlledFlip(op)) return;
    const wires = [...op.controls, ...op.targets];
    // A neighbour before must be the latest op on both of its wires; one after, the first on both.
    const prev = twoWiresWithin(ops[before.get(i) ?? -1], wires);
    const next = twoWiresWithin(ops[after.get(i) ?? -1], wires);
    if (prev) chosen.set(i, { pair: prev, cnotsFirst: true });
    else if (next) chosen.set(i, { pair: next, cnotsFirst: false });
  });
  return chosen;
}

/** The steps of a Toffoli or CCZ with its CNOT pair where `orientation` says. */
export function orientedSteps(op: IrGate, orientation: Orientation, ctx: ControlContext): Step[] {
  const [a, b] = orientation.pair;
  const t = [...op.controls, ...op.targets].find((w) => w !== a && w !== b) as number;
  const ccz = cczWithPair(a, b, t, orientation.cnotsFirst, ctx);
  if (op.name === 'z') return ccz;
  const target = op.targets[0] as number;
  return [u(target, H), ...ccz, u(target, H)];
}
