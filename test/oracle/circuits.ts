/** Small builders for hand-made IrCircuits in tests. */
import type { IrCircuit, IrOp } from '../../src/ir/types.js';
import type { NativeGateName, QisGateName } from '../../src/tables/index.js';

export function circuitOf(qubits: number, ops: readonly IrOp[]): IrCircuit {
  return { qubits, clbits: 0, qubitRegisters: [{ name: 'q', size: qubits, offset: 0 }], bitRegisters: [], ops };
}

export function gate(
  name: QisGateName,
  targets: readonly number[],
  controls: readonly number[] = [],
  rotation: number | null = null,
): IrOp {
  return { kind: 'gate', name, targets, controls, rotation };
}

export function native(
  name: NativeGateName,
  targets: readonly number[],
  phases: readonly number[],
  angle: number | null = null,
): IrOp {
  return { kind: 'native', name, targets, phases, angle };
}

/** Appends Rz(2π f) on each qubit: the frames a native lowering leaves at the end. */
export function withFrames(circuit: IrCircuit, frames: readonly number[]): IrCircuit {
  const tail = frames.map((f, q) => gate('rz', [q], [], 2 * Math.PI * f));
  return { ...circuit, ops: [...circuit.ops, ...tail] };
}
