/**
 * Capabilities: target checks after the subset rules.
 *
 * In: the parsed program, its inlined form, the source and a target (a name
 * from the targets table or a user's Target object).
 * Out: `UnsupportedFeature` and `NotEnoughQubits` diagnostics in source order.
 * Imports: ast, inline (types), diagnostics, tables.
 */
import { compareBySpan } from '../diagnostics/index.js';
import type { Diagnostic } from '../diagnostics/index.js';
import type { Target } from '../tables/index.js';
import { CAPABILITY_CHECKS } from './checks.js';
import type { CapabilityInput } from './context.js';

export { CAPABILITY_CHECKS } from './checks.js';
export type { CapabilityCheck, CapabilityContext, CapabilityInput } from './context.js';
export { resolveTarget, isDiagnostic, OPTION_SPAN } from './target.js';

/** Runs every capability check against `target` and returns what they report. */
export function checkCapabilities(input: CapabilityInput, target: Target): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  const context = { ...input, target, report: (d: Diagnostic) => void diagnostics.push(d) };
  for (const check of CAPABILITY_CHECKS) check.run(context);
  return diagnostics.sort(compareBySpan);
}
