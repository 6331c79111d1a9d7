/**
 * The targets table (decisions.md section 3). A new target is one row. Users
 * may pass their own object of this shape. Data only: imports nothing.
 */

export type TwoQubitNative = 'ms' | 'zz';
export type TargetStatus = 'available' | 'unavailable' | 'retired';

export interface Target {
  /** Backend id as the service spells it (`simulator`, `qpu.aria-1`). */
  readonly name: string;
  readonly qubits: number;
  /** The native entangling gate, which picks the native family (gpi/gpi2 + ms or zz). */
  readonly twoQubitNative: TwoQubitNative;
  readonly midCircuitMeasurement: boolean;
  readonly status: TargetStatus;
  /** True for the (ideal or noisy) simulator. */
  readonly simulator: boolean;
}

const row = (
  name: string,
  qubits: number,
  twoQubitNative: TwoQubitNative,
  midCircuitMeasurement: boolean,
  status: TargetStatus,
  simulator = false,
): Target => Object.freeze({ name, qubits, twoQubitNative, midCircuitMeasurement, status, simulator });

export const TARGETS: readonly Target[] = Object.freeze([
  row('simulator', 29, 'ms', true, 'available', true),
  row('qpu.harmony', 11, 'ms', false, 'retired'),
  row('qpu.aria-1', 25, 'ms', false, 'available'),
  row('qpu.aria-2', 25, 'ms', false, 'available'),
  row('qpu.forte-1', 36, 'zz', false, 'available'),
  row('qpu.forte-enterprise-1', 36, 'zz', false, 'available'),
]);

export const TARGETS_BY_NAME: ReadonlyMap<string, Target> = new Map(TARGETS.map((t) => [t.name, t]));

export const DEFAULT_TARGET = 'simulator';
