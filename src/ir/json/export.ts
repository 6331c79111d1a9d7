/**
 * Circuit IR -> `svc.circuit.v0` JSON, with the measurement map beside it.
 * The format measures every qubit at the end and has no measure, reset or
 * barrier: final measurements become the map, barriers and resets of
 * untouched qubits vanish, and anything else (a qubit used after its
 * measurement, a reset after use) is a diagnostic.
 */
import { OPTION_SPAN } from '../../capabilities/target.js';
import { createDiagnostic, jsonCannotExpress, jsonMixedGatesets } from '../../diagnostics/index.js';
import type { Diagnostic, Span } from '../../diagnostics/index.js';
import type { IrCircuit, IrGate, IrNativeGate, IrOp, IrRegister } from '../types.js';
import { JSON_RULES } from './checker.js';
import { CIRCUIT_JSON_FORMAT } from './types.js';
import type { GateJson, MeasurementMapping, NativeGateJson, QisGateJson, SingleCircuitJson } from './types.js';

/** Export-only rule: the format measures every qubit once, at the end. */
export const MID_CIRCUIT_RULE = 'circuit-json-mid-circuit-measurement';

/** What {@link circuitToJson} returns: the JSON, where each measurement lands, and why it could not be exported. */
export interface CircuitJsonExport {
  readonly json: SingleCircuitJson;
  readonly measurements: readonly MeasurementMapping[];
  /** Empty when the JSON says everything the circuit does. */
  readonly diagnostics: readonly Diagnostic[];
}

/** Exports one circuit: QIS gates in radians with canonical names, or native gates in turns. */
export function circuitToJson(circuit: IrCircuit): CircuitJsonExport {
  const diagnostics = [...inexpressibleOps(circuit)];
  const gates: GateJson[] = [];
  const measurements: MeasurementMapping[] = [];
  let firstQis: IrGate | null = null;
  let firstNative: IrNativeGate | null = null;
  for (const op of circuit.ops) {
    if (op.kind === 'gate') {
      firstQis ??= op;
      gates.push(qisGateJson(op));
    } else if (op.kind === 'native') {
      firstNative ??= op;
      gates.push(nativeGateJson(op));
    } else if (op.kind === 'measure') {
      measurements.push(measurementMapping(op.qubit, op.bit, circuit.bitRegisters));
    }
  }
  if (firstQis && firstNative) {
    const later = spanOf(firstQis).start.offset > spanOf(firstNative).start.offset ? firstQis : firstNative;
    diagnostics.push(
      createDiagnostic({
        code: 'InvalidInput',
        rule: JSON_RULES.mixedGatesets,
        reason: jsonMixedGatesets(firstQis.name, firstNative.name),
        span: spanOf(later),
      }),
    );
  }
  const json: SingleCircuitJson = {
    format: CIRCUIT_JSON_FORMAT,
    gateset: firstNative && !firstQis ? 'native' : 'qis',
    qubits: circuit.qubits,
    circuit: gates,
  };
  return { json, measurements, diagnostics };
}

function spanOf(op: IrOp): Span {
  return op.span ?? OPTION_SPAN;
}

function qisGateJson(gate: IrGate): QisGateJson {
  const json: { -readonly [K in keyof QisGateJson]: QisGateJson[K] } = {
    gate: gate.name === 'x' && gate.controls.length > 0 ? 'cnot' : gate.name,
  };
  // Both sides are readonly: share the IR's index arrays rather than copy one per gate.
  if (gate.controls.length > 0) json.controls = gate.controls;
  if (gate.targets.length === 1) json.target = gate.targets[0];
  else json.targets = gate.targets;
  if (gate.rotation !== null) json.rotation = gate.rotation;
  return json;
}

function nativeGateJson(gate: IrNativeGate): NativeGateJson {
  const [t0 = 0, t1 = 0] = gate.targets;
  const [p0 = 0, p1 = 0] = gate.phases;
  // As for QIS gates, pairs already in the IR are shared rather than copied: a
  // native compile holds one JSON gate per lowered gate, up to a million.
  const targets = gate.targets.length === 2 ? (gate.targets as readonly [number, number]) : ([t0, t1] as const);
  switch (gate.name) {
    case 'gpi':
    case 'gpi2':
      return { gate: gate.name, target: t0, phase: p0 };
    case 'ms':
      return {
        gate: 'ms',
        targets,
        phases: gate.phases.length === 2 ? (gate.phases as readonly [number, number]) : [p0, p1],
        angle: gate.angle ?? 0.25,
      };
    case 'zz':
      return { gate: 'zz', targets, angle: gate.angle ?? 0 };
  }
}

function measurementMapping(qubit: number, bit: number, registers: readonly IrRegister[]): MeasurementMapping {
  const register = registers.find((r) => bit >= r.offset && bit < r.offset + r.size);
  return { qubit, bit, register: register?.name ?? '', index: register ? bit - register.offset : bit };
}

const OP_NAMES: Record<IrOp['kind'], string> = {
  gate: 'a gate',
  native: 'a gate',
  measure: 'a second measurement',
  reset: 'a reset',
  barrier: 'a barrier',
};

/** Measurements followed by more work on their qubit, and resets of used qubits (decisions.md section 2). */
function inexpressibleOps(circuit: IrCircuit): Diagnostic[] {
  const found: Diagnostic[] = [];
  const last = new Map<number, IrOp>();
  const report = (blamed: IrOp, detail: string, related: IrOp) =>
    found.push(
      createDiagnostic({
        code: 'UnsupportedFeature',
        rule: MID_CIRCUIT_RULE,
        reason: jsonCannotExpress(detail),
        span: spanOf(blamed),
        related: related.span ? [{ message: 'used again here', span: related.span }] : [],
      }),
    );
  const visit = (op: IrOp, qubit: number) => {
    const previous = last.get(qubit);
    if (previous?.kind === 'measure')
      report(previous, `qubit ${qubit} is measured and then used by ${OP_NAMES[op.kind]}`, op);
    else if (previous && op.kind === 'reset') report(op, `qubit ${qubit} is reset after it was used`, previous);
    if (op.kind !== 'reset' || previous !== undefined) last.set(qubit, op);
  };
  for (const op of circuit.ops) {
    if (op.kind === 'gate') {
      for (const qubit of op.controls) visit(op, qubit);
      for (const qubit of op.targets) visit(op, qubit);
    } else if (op.kind === 'native') {
      for (const qubit of op.targets) visit(op, qubit);
    } else if (op.kind !== 'barrier') {
      visit(op, op.qubit);
    }
  }
  return found;
}
