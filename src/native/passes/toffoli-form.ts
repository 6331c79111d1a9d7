/**
 * Toffoli orientation. The suite writes a Toffoli as `h t; ccz a, b, t; h t`
 * (H conjugates Z into X on one wire: H_t CCZ H_t = CCX with target t), and a
 * CCZ is symmetric, so which wire is the target is read from where the
 * Hadamards are: a multi-controlled Z whose wire has an uncontrolled h as its
 * previous and as its next operation becomes a multi-controlled X on that
 * wire, and the two h go. The later passes (relative-phase Toffolis) then see
 * a Toffoli with its target, and lowering may choose which pair carries the
 * two full interactions from the gate's real shape.
 */
import type { IrCircuit, IrGate, IrOp } from '../../ir/types.js';
import { wiresOf } from '../../ir/wires.js';

const isH = (op: IrOp | undefined, wire: number): boolean =>
  op?.kind === 'gate' && op.name === 'h' && op.controls.length === 0 && op.targets[0] === wire;

const isCandidate = (op: IrOp): op is IrGate => op.kind === 'gate' && op.name === 'z' && op.controls.length > 0;

/** For each multi-controlled Z (by index): the index of the previous and the next operation on each of its wires. */
function neighbours(circuit: IrCircuit): Map<number, { previous: number[]; next: number[] }> {
  const ops = circuit.ops;
  const found = new Map<number, { previous: number[]; next: number[] }>();
  const last = new Int32Array(circuit.qubits).fill(-1);
  const all = [...Array(circuit.qubits).keys()];
  ops.forEach((op, i) => {
    const wires = wiresOf(op) ?? all;
    if (isCandidate(op)) found.set(i, { previous: wires.map((w) => last[w] as number), next: [] });
    for (const w of wires) last[w] = i;
  });
  last.fill(-1);
  for (let i = ops.length - 1; i >= 0; i--) {
    const op = ops[i] as IrOp;
    const wires = wiresOf(op) ?? all;
    const entry = found.get(i);
    if (entry) entry.next = wires.map((w) => last[w] as number);
    for (const w of wires) last[w] = i;
  }
  return found;
}

export function orientToffolis(circuit: IrCircuit): IrCircuit {
  const ops = circuit.ops;
  const removed = new Uint8Array(ops.length);
  const replaced = new Map<number, IrGate>();
  for (const [i, { previous, next }] of neighbours(circuit)) {
    const op = ops[i] as IrGate;
    // previous and next follow wiresOf's order (controls, then targets); the target is tried first.
    const wires = [...op.controls, ...op.targets];
    for (const wire of [...op.targets, ...op.controls]) {
      const k = wires.indexOf(wire);
      const p = previous[k] as number;
      const n = next[k] as number;
      if (p < 0 || n < 0 || removed[p] || removed[n]) continue;
      if (!isH(ops[p], wire) || !isH(ops[n], wire)) continue;
      removed[p] = 1;
      removed[n] = 1;
      replaced.set(i, { ...op, name: 'x', targets: [wire], controls: wires.filter((w) => w !== wire) });
      break;
    }
  }
  return { ...circuit, ops: ops.flatMap((op, i) => (removed[i] ? [] : [replaced.get(i) ?? op])) };
}
