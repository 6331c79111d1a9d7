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
 * The neighbour is looked for past single-qubit gates, which join the
 * two-qubit block between it and the CNOT. Without such a neighbour the gate
 * keeps the default decomposition.
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

/**
 * For each op, calls `visit` with each wire it touches (a barrier: every wire). Reads the op's own lists, so the
 * walk below allocates nothing per op (it runs on every compile, over circuits of tens of thousands of ops).
 */
function forEachWire(op: IrOp, qubits: number, visit: (w: number) => void): void {
  switch (op.kind) {
    case 'gate':
      for (const w of op.controls) visit(w);
      for (const w of op.targets) visit(w);
      return;
    case 'native':
      for (const w of op.targets) visit(w);
      return;
    case 'measure':
    case 'reset':
      visit(op.qubit);
      return;
    case 'barrier':
      for (let w = 0; w < qubits; w++) visit(w);
      return;
    default: {
      const never: never = op;
      return never;
    }
  }
}

/** Orientations by op index, from the operation just before and just after each Toffoli on its wires. */
export function orientations(circuit: IrCircuit): Map<number, Orientation> {
  const ops = circuit.ops;
  const chosen = new Map<number, Orientation>();
  if (!ops.some(isDoublyControlledFlip)) return chosen;
  // By op index, for Toffolis and CCZs only: the latest op before on any of its wires, the first after (-1: none).
  const before = new Int32Array(ops.length).fill(-1);
  const after = new Int32Array(ops.length).fill(-1);
  const last = new Int32Array(circuit.qubits).fill(-1);
  // Per wire, the Toffoli on it still waiting for its next op (at most one: the next op on the wire takes it).
  const pending = new Int32Array(circuit.qubits).fill(-1);
  ops.forEach((op, i) => {
    // A single-qubit gate joins the two-qubit block around it, so the neighbour is looked for past it.
    if (op.kind === 'gate' && op.controls.length === 0 && op.targets.length === 1) return;
    const flip = isDoublyControlledFlip(op);
    let latest = -1;
    forEachWire(op, circuit.qubits, (w) => {
      latest = Math.max(latest, last[w] as number);
      const j = pending[w] as number;
      if (j >= 0 && after[j] === -1) after[j] = i;
      pending[w] = flip ? i : -1;
      last[w] = i;
    });
    if (flip) before[i] = latest;
  });
  ops.forEach((op, i) => {
    if (!isDoublyControlledFlip(op)) return;
    const wires = [...op.controls, ...op.targets];
    // A neighbour before must be the latest op on both of its wires; one after, the first on both.
    const prev = twoWiresWithin(ops[before[i] as number], wires);
    const next = twoWiresWithin(ops[after[i] as number], wires);
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
