/**
 * Validated `svc.circuit.v0` JSON -> circuit IR, one circuit per entry. The
 * format measures every qubit at the end and has no classical registers, so
 * the IR has no measurements and no bits; one register `q` holds the qubits.
 */
import { NO_QUBITS, oneQubit } from '../qubit-lists.js';
import type { IrCircuit, IrGate, IrNativeGate, IrOp } from '../types.js';
import { NATIVE_BY_NAME, QIS_BY_SPELLING } from './gate-tables.js';
import type { CircuitJson, CircuitJsonGateset, GateJson, MultiCircuitJson, SingleCircuitJson } from './types.js';

/** The IR of JSON input that {@link validateCircuitJson} accepted (the input is not checked again). */
export function circuitJsonToIr(json: CircuitJson): IrCircuit[] {
  const parentGateset = json.gateset ?? 'qis';
  // A `circuits: undefined` beside `circuit` is absent, as validateCircuitJson reads it.
  const circuits = (json as Partial<MultiCircuitJson>).circuits;
  if (circuits !== undefined)
    return circuits.map((entry) => irCircuit(json.qubits, entry.circuit, entry.gateset ?? parentGateset, entry.name));
  return [irCircuit(json.qubits, (json as SingleCircuitJson).circuit, parentGateset)];
}

function irCircuit(qubits: number, gates: readonly GateJson[], gateset: CircuitJsonGateset, name?: string): IrCircuit {
  const ops: IrOp[] = gates.map((g) => (gateset === 'native' ? nativeOp(g) : qisOp(g)));
  return {
    ...(name !== undefined ? { name } : {}),
    qubits,
    clbits: 0,
    qubitRegisters: [{ name: 'q', size: qubits, offset: 0 }],
    bitRegisters: [],
    ops,
  };
}

function indices(one: unknown, many: unknown): readonly number[] {
  if (typeof one === 'number') return oneQubit(one);
  return Array.isArray(many) ? [...(many as number[])] : NO_QUBITS;
}

function qisOp(gate: GateJson): IrGate {
  const g = gate as {
    gate: string;
    target?: number;
    targets?: number[];
    control?: number;
    controls?: number[];
    rotation?: number;
  };
  const spec = QIS_BY_SPELLING.get(g.gate);
  if (spec === undefined) throw new Error(`circuitJsonToIr: unvalidated gate ${g.gate}`);
  return {
    kind: 'gate',
    name: spec.name,
    targets: indices(g.target, g.targets),
    controls: indices(g.control, g.controls),
    rotation: spec.rotation ? (g.rotation ?? 0) : null,
  };
}

function nativeOp(gate: GateJson): IrNativeGate {
  const g = gate as {
    gate: string;
    target?: number;
    targets?: number[];
    phase?: number;
    phases?: number[];
    angle?: number;
  };
  const spec = NATIVE_BY_NAME.get(g.gate);
  if (spec === undefined) throw new Error(`circuitJsonToIr: unvalidated gate ${g.gate}`);
  return {
    kind: 'native',
    name: spec.name,
    targets: indices(g.target, g.targets),
    phases: spec.phases === 1 ? [g.phase ?? 0] : [...(g.phases ?? [])],
    angle: spec.angle === null ? null : (g.angle ?? spec.angle.default ?? 0),
  };
}
