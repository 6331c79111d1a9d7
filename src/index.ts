/**
 * qasm3-preflight public API.
 *
 * Each export is documented where it is defined; this file only gathers them.
 */
export type { Diagnostic, DiagnosticCode, Failure, RelatedLocation, Severity, Span, Position } from './diagnostics/index.js';
export type * from './ast/nodes.js';
export type { IrCircuit, IrOp, IrGate, IrNativeGate, IrMeasure, IrReset, IrBarrier, IrRegister } from './ir/types.js';
export type { Target, AcceptedGate, RejectedGate, QisGateName, NativeGateName } from './tables/index.js';
export { TARGETS as targets, ACCEPTED_GATES as acceptedGates, REJECTED_GATES as rejectedGates } from './tables/index.js';
