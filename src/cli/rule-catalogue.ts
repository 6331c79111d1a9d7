/**
 * One line of help for each rule id a diagnostic can carry, for SARIF's
 * `tool.driver.rules`: the library's catalogue, plus the one rule the CLI
 * itself reports (a .json input that is not JSON).
 */
import { catalogue, type RuleEntry } from '../index.js';
import { INVALID_JSON_RULE } from './check/json-input.js';

export type RuleInfo = Pick<RuleEntry, 'id' | 'summary'>;

const CLI_RULES: readonly RuleInfo[] = [
  { id: INVALID_JSON_RULE, summary: 'A .json input must be well-formed JSON (a svc.circuit.v0 job input).' },
];

let rules: ReadonlyMap<string, RuleInfo> | undefined;

export function ruleCatalogue(): ReadonlyMap<string, RuleInfo> {
  rules ??= new Map([...catalogue.rules, ...CLI_RULES].map((r) => [r.id, { id: r.id, summary: r.summary }] as const));
  return rules;
}

/** The rule's entry, or a generic one for an id no registry lists. */
export function describeRule(id: string): RuleInfo {
  return ruleCatalogue().get(id) ?? { id, summary: `OpenQASM 3 preflight rule ${id}.` };
}
