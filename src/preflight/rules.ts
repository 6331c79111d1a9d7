/**
 * The subset rules, in the order they run on each statement (diagnostics
 * are sorted by position afterwards). Each rule is one file in `rules/`
 * whose name is its id; docs/rules.md documents each one.
 */
import type { PreflightRule } from './rule.js';
import { aliasConcatenationRule } from './rules/alias-concatenation.js';
import { bitOperandRule } from './rules/bit-operand.js';
import { classicalBitLimitRule } from './rules/classical-bit-limit.js';
import { classicalDeclarationRule } from './rules/classical-declaration.js';
import { constantArgumentRule } from './rules/constant-argument.js';
import { duplicateDeclarationRule } from './rules/duplicate-declaration.js';
import { gateArityRule } from './rules/gate-arity.js';
import { gateDefinitionRule } from './rules/gate-definition.js';
import { gateModifierRule } from './rules/gate-modifier.js';
import { ioDeclarationRule } from './rules/io-declaration.js';
import { measurementFormRule } from './rules/measurement-form.js';
import { qubitOperandRule } from './rules/qubit-operand.js';
import { rangeIndexRule } from './rules/range-index.js';
import { registerDeclarationRule } from './rules/register-declaration.js';
import { rejectedGateRule } from './rules/rejected-gate.js';
import { tooManyControlsRule } from './rules/too-many-controls.js';
import { tooManyGatesRule } from './rules/too-many-gates.js';
import { uniqueMeasurementBitRule } from './rules/unique-measurement-bit.js';
import { unknownGateRule } from './rules/unknown-gate.js';
import { unsupportedStatementRule } from './rules/unsupported-statement.js';

export const PREFLIGHT_RULES: readonly PreflightRule[] = Object.freeze([
  registerDeclarationRule,
  classicalBitLimitRule,
  duplicateDeclarationRule,
  classicalDeclarationRule,
  ioDeclarationRule,
  aliasConcatenationRule,
  gateDefinitionRule,
  unknownGateRule,
  rejectedGateRule,
  gateArityRule,
  gateModifierRule,
  tooManyControlsRule,
  constantArgumentRule,
  rangeIndexRule,
  qubitOperandRule,
  bitOperandRule,
  measurementFormRule,
  uniqueMeasurementBitRule,
  unsupportedStatementRule,
  tooManyGatesRule,
]);
