import type { CapabilityCheck } from './context.js';
import { dynamicCircuit } from './checks/dynamic-circuit.js';
import { midCircuitMeasurement } from './checks/mid-circuit-measurement.js';
import { qubitCount } from './checks/qubit-count.js';

/** Every capability check, in the order their diagnostics are reported (before source order). */
export const CAPABILITY_CHECKS: readonly CapabilityCheck[] = Object.freeze([
  dynamicCircuit,
  midCircuitMeasurement,
  qubitCount,
]);
