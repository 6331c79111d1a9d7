/**
 * Swap as relabeling. A swap after which both its qubits are only measured
 * changes nothing but which classical bit each value lands in, so it becomes
 * a permutation of the measurement map: the swap goes and the later
 * measurements of its two qubits trade qubits (QFT-n then needs its
 * n(n-1)/2 controlled phases and nothing for its final swaps). The compiled
 * circuit measures the permuted qubits; checkEquivalence compares source and
 * result through their measurement maps (the `relabeled` wire permutation).
 */
import type { IrCircuit, IrGate, IrMeasure, IrOp } from '../../ir/types.js';
import { wiresOf } from '../../ir/wires.js';

const isSwap = (op: IrOp): op is IrGate => op.kind === 'gate' && op.name === 'swap' && op.controls.length === 0;

export function swapsAsRelabeling(circuit: IrCircuit): IrCircuit {
  // Without a swap there is nothing to relabel: skip the backward walk and the copy (most programs).
  if (!circuit.ops.some(isSwap)) return circuit;
  // A bit measured into twice keeps its last value, so the order of its measurements is part of the readout,
  // and the measurement map (qubit -> bit, which checkEquivalence compares) cannot carry it: leave the swaps.
  const measured = new Set<number>();
  for (const op of circuit.ops) {
    if (op.kind !== 'measure') continue;
    if (measured.has(op.bit)) return circuit;
    measured.add(op.bit);
  }
  const ops = [...circuit.ops];
  const removed = new Uint8Array(ops.length);
  // Wires on which everything from here to the end is a final measurement (each measured at least once).
  const tail = new Map<number, number[]>();
  const blocked = new Set<number>();
  for (let i = ops.length - 1; i >= 0; i--) {
    const op = ops[i] as IrOp;
    if (op.kind === 'measure') {
      if (!blocked.has(op.qubit)) tail.set(op.qubit, [...(tail.get(op.qubit) ?? []), i]);
      continue;
    }
    if (isSwap(op)) {
      const [a, b] = op.targets as [number, number];
      const atA = tail.get(a);
      const atB = tail.get(b);
      if (atA && atB && !blocked.has(a) && !blocked.has(b)) {
        removed[i] = 1;
        for (const k of atA) ops[k] = { ...(ops[k] as IrMeasure), qubit: b };
        for (const k of atB) ops[k] = { ...(ops[k] as IrMeasure), qubit: a };
        tail.set(a, atB).set(b, atA);
        continue;
      }
    }
    for (const w of wiresOf(op) ?? [...Array(circuit.qubits).keys()]) blocked.add(w);
  }
  return { ...circuit, ops: ops.filter((_, i) => !removed[i]) };
}
