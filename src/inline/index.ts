/**
 * Inline: the symbol and gate tables, constant evaluation, operand
 * resolution and gate expansion.
 *
 * In: the parsed program's statements, one at a time (the preflight driver
 * feeds them after its rules have looked at each).
 * Out: an {@link InlinedProgram}: flat operations on global qubit and bit
 * indices, arguments in radians, definitions and broadcasts expanded.
 * Imports: ast (types), diagnostics, tables.
 */
export type {
  InlinedProgram,
  InlinedOp,
  InlinedGate,
  InlinedMeasure,
  InlinedReset,
  InlinedBarrier,
  InlinedRegister,
} from './types.js';
export { Inliner, callSize, declaredSize } from './expand.js';
export type { ExpansionProblem } from './expand.js';
export { evaluateConstant } from './const-eval.js';
export type { Bindings, ConstantProblem, ConstantResult, EvaluationScope } from './const-eval.js';
export {
  aliasOperand,
  describeResolution,
  isRangeIndex,
  plainQubit,
  plainRegister,
  qubitOf,
  resolveOperand,
} from './operands.js';
export type { DefinitionScope, OperandResolution, RegisterKind } from './operands.js';
export { GateTable, modifierControls, saturatingCount } from './gate-definitions.js';
export type { BodyItem, GateLookup, UserGate } from './gate-definitions.js';
export { SymbolTable } from './symbols.js';
export type { AliasTarget, RegisterEntry, SymbolEntry } from './symbols.js';
export { textOf, startOffsetOf } from './text.js';
