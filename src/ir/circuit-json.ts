/**
 * The service's `svc.circuit.v0` JSON circuit format: types, export from the
 * IR, validation of job input, and import into the IR (files under json/).
 */
export * from './json/types.js';
export { circuitToJson } from './json/export.js';
export type { CircuitJsonExport } from './json/export.js';
export { validateCircuitJson, validateCircuitJsonStepwise } from './json/validate.js';
export type { ValidateCircuitJsonOptions, ValidationResult } from './json/validate.js';
export { circuitJsonToIr } from './json/import.js';
export { JSON_RULES } from './json/checker.js';
