/**
 * The service's `svc.circuit.v0` JSON circuit format (service-api.md "Job
 * input (v0.3 create)"; native-gates.md sections 1.3 and 3.1). QIS rotations
 * are radians; native phases and angles are turns.
 */

/** The format identifier. */
export const CIRCUIT_JSON_FORMAT = 'svc.circuit.v0';

export type CircuitJsonGateset = 'qis' | 'native';

/**
 * A QIS gate object: `target` (or `targets` for swap, xx, yy, zz), optional
 * `controls` (up to 7; `control` is accepted on input as a one-control
 * shorthand), `rotation` in radians for rx, ry, rz, xx, yy, zz.
 */
export interface QisGateJson {
  readonly gate: string;
  readonly target?: number;
  readonly targets?: readonly number[];
  readonly control?: number;
  readonly controls?: readonly number[];
  readonly rotation?: number;
}

/** `{"gate":"gpi","target":0,"phase":0.25}`: phase in turns, [-1, 1] on input. */
export interface GpiGateJson {
  readonly gate: 'gpi' | 'gpi2';
  readonly target: number;
  readonly phase: number;
}

/** `{"gate":"ms","targets":[0,1],"phases":[0,0.25],"angle":0.25}`: phases[0] acts on targets[0]; angle defaults to 0.25. */
export interface MsGateJson {
  readonly gate: 'ms';
  readonly targets: readonly [number, number];
  readonly phases: readonly [number, number];
  readonly angle?: number;
}

/** `{"gate":"zz","targets":[0,1],"angle":0.125}`: exp(-iπθ Z⊗Z), Forte systems only. */
export interface ZzGateJson {
  readonly gate: 'zz';
  readonly targets: readonly [number, number];
  readonly angle: number;
}

export type NativeGateJson = GpiGateJson | MsGateJson | ZzGateJson;
export type GateJson = QisGateJson | NativeGateJson;

interface CircuitJsonBase {
  /** `svc.circuit.v0`; optional on input. */
  readonly format?: typeof CIRCUIT_JSON_FORMAT;
  /** `qis` when absent. */
  readonly gateset?: CircuitJsonGateset;
  readonly qubits: number;
}

/** A single circuit. */
export interface SingleCircuitJson extends CircuitJsonBase {
  readonly circuit: readonly GateJson[];
}

/** One entry of a multicircuit job; it inherits the parent's gateset unless it gives its own. */
export interface CircuitJsonEntry {
  readonly name: string;
  readonly circuit: readonly GateJson[];
  readonly gateset?: CircuitJsonGateset;
}

/** A multicircuit job. */
export interface MultiCircuitJson extends CircuitJsonBase {
  readonly circuits: readonly CircuitJsonEntry[];
}

/** A `svc.circuit.v0` job input: one circuit or several. */
export type CircuitJson = SingleCircuitJson | MultiCircuitJson;

/**
 * Where a measured qubit's outcome lands. The JSON format measures every
 * qubit at the end, so the classical-bit mapping travels beside it.
 */
export interface MeasurementMapping {
  /** Global qubit index (the JSON format's qubit number). */
  readonly qubit: number;
  /** Global classical bit index. */
  readonly bit: number;
  /** Classical register holding the bit. */
  readonly register: string;
  /** Index of the bit inside its register. */
  readonly index: number;
}
