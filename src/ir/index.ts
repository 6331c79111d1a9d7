/**
 * IR: the flat circuit every later stage starts from, and the service's JSON
 * circuit format.
 *
 * In: an inlined program (lowerToIr) or `svc.circuit.v0` JSON (validateCircuitJson, circuitJsonToIr).
 * Out: IrCircuit; JSON with its measurement map (circuitToJson); diagnostics.
 * Imports: inline (types), capabilities (target resolution), diagnostics, tables.
 */
export type * from './types.js';
export { lowerToIr } from './lower.js';
export * from './circuit-json.js';
