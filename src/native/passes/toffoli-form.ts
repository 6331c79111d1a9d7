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
import { wiresOf } from './commutation.js';

const isH = (op: IrOp | undefined, wire: number): boolean =>
  op?.kind === 'gate' && op.name === 'h' && op.controls.length === 0 && op.targets[0] === wire;

export function orientToffolis(circuit: IrCircuit): IrCircuit {
  const ops = circuit.ops;
  // For each op and wire: the index of the previous and the next op on that wire.
  const previous = new Map<string, number>();
  const next = new Map<string, number>();
  const last = new Map<number, number>();
  ops.forEach((op, i) => {
    for (const w of wiresOf(op) ?? [...last.keys()]) {
      const before = last.get(w);
      if (before !== undefined) {
        previous.set(`${i}:${w}`, before);
        next.set(`${before}:${w}`, i);
      }
      last.set(w, i);
    }
  });
  const removed = new Uint8Array(ops.length);
  const replaced = new Map<number, IrGate>();
  ops.forEach((op, i) => {
    if (op.kind !== 'gate' || op.name !== 'z' || op.controls.length === 0) return;
    for (const wire of [...op.targets, ...op.controls]) {
      const p = previous.get(`${i}:${wire}`);
      const n = next.get(`${i}:${wire}`);
      if (p === undefined || n === undefined || removed[p] || removed[n]) continue;
      if (!isH(ops[p], wire) || !isH(ops[n], wire)) continue;
      removed[p] = 1;
      removed[n] = 1;
      const controls = [...op.controls, ...op.targets].filter((w) => w !== wire);
      replaced.set(i, { ...op, name: 'x', targets: [wire], controls });
      return;
    }
  });
  return { ...circuit, ops: ops.flatMap((op, i) => (removed[i] ? [] : [replaced.get(i) ?? op])) };
}
