/**
 * Places a circuit's operations in columns: each operation takes the first
 * column after everything already placed on the wires it spans (from its
 * lowest to its highest qubit, so vertical connectors never cross a gate).
 * Barriers span every wire and close the column.
 */
import type { IrCircuit, IrOp } from '../ir/types.js';
import { wiresOf as touchedWires } from '../ir/wires.js';

export interface PlacedOp {
  readonly op: IrOp;
  readonly column: number;
}

export interface CircuitLayout {
  readonly placed: readonly PlacedOp[];
  readonly columns: number;
  /** Operations left out past `maxOps` (drawn as a note). */
  readonly omitted: number;
}

/** Qubits an operation touches, controls first (a barrier: every qubit of the circuit). */
export function wiresOf(op: IrOp, qubits: number): readonly number[] {
  return touchedWires(op) ?? Array.from({ length: qubits }, (_, q) => q);
}

export function layoutCircuit(circuit: IrCircuit, maxOps: number): CircuitLayout {
  const nextFree = new Array<number>(Math.max(1, circuit.qubits)).fill(0);
  const placed: PlacedOp[] = [];
  let columns = 0;
  const shown = circuit.ops.slice(0, maxOps);
  for (const op of shown) {
    const wires = wiresOf(op, circuit.qubits);
    if (wires.length === 0) continue;
    const low = Math.min(...wires);
    const high = Math.max(...wires);
    let column = 0;
    for (let q = low; q <= high; q++) column = Math.max(column, nextFree[q] ?? 0);
    for (let q = low; q <= high; q++) nextFree[q] = column + 1;
    placed.push({ op, column });
    columns = Math.max(columns, column + 1);
  }
  return { placed, columns, omitted: circuit.ops.length - shown.length };
}
