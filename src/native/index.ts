/**
 * Native lowering. In: an IrCircuit (QIS gates, radians). Out: the same
 * circuit in gpi/gpi2 plus ms or zz (turns), with the frames left at the end.
 * May import: src/ir (types), src/tables, src/diagnostics.
 */
export { lowerToNative, type NativeLowering, type NativeLoweringOptions } from './lower.js';
export { NATIVE_FAMILIES, type NativeFamily } from './family.js';
export { NativeGateLimitError } from './gate-limit.js';
export { PASS_NAMES, runPasses, type PassName, type PassSwitches } from './passes/index.js';
