/**
 * One line of help for each rule id a diagnostic can carry, for SARIF's
 * `tool.driver.rules`: read from the capability-check and preflight-rule
 * registries (their `summary`), plus the few rules the CLI itself reports.
 */
import { TOO_MANY_ERRORS_RULE } from '../diagnostics/index.js';
import { CAPABILITY_CHECKS } from '../capabilities/index.js';
import { UNUSED_SUPPRESSION_RULE } from './check/suppressions.js';

export interface RuleInfo {
  readonly id: string;
  readonly summary: string;
}

const CLI_RULES: readonly RuleInfo[] = [
  { id: UNUSED_SUPPRESSION_RULE, summary: 'A qasm3-preflight-disable directive must suppress at least one diagnostic.' },
  { id: TOO_MANY_ERRORS_RULE, summary: 'The error budget (--max-errors) was reached; later problems are not reported.' },
  { id: 'unknown-target', summary: 'The target must be one of the known backends (qasm3-preflight targets).' },
];

let catalogue: ReadonlyMap<string, RuleInfo> | undefined;

export function ruleCatalogue(): ReadonlyMap<string, RuleInfo> {
  catalogue ??= new Map(
    [...CAPABILITY_CHECKS.map((c) => ({ id: c.id, summary: c.summary })), ...CLI_RULES].map((r) => [r.id, r] as const),
  );
  return catalogue;
}

/** The rule's entry, or a generic one for an id no registry lists. */
export function describeRule(id: string): RuleInfo {
  return ruleCatalogue().get(id) ?? { id, summary: `OpenQASM 3 preflight rule ${id}.` };
}
