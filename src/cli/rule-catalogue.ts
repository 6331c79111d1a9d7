/**
 * One line of help for each rule id a diagnostic can carry, for SARIF's
 * `tool.driver.rules`: read from the capability-check and preflight-rule
 * registries (their `summary`), plus the few rules the CLI itself reports.
 */
import { TOO_MANY_ERRORS_RULE } from '../diagnostics/index.js';
import { CAPABILITY_CHECKS } from '../capabilities/index.js';
import { JSON_RULES } from '../ir/circuit-json.js';
import { MID_CIRCUIT_RULE } from '../ir/json/export.js';
import { SYNTAX_ERROR_RULE } from '../parser/index.js';
import { PREFLIGHT_RULES, SOURCE_SIZE_RULE } from '../preflight/index.js';
import { INVALID_JSON_RULE } from './check/json-input.js';
import { UNUSED_SUPPRESSION_RULE } from '../diagnostics/suppressions.js';

export interface RuleInfo {
  readonly id: string;
  readonly summary: string;
}

const CLI_RULES: readonly RuleInfo[] = [
  { id: SYNTAX_ERROR_RULE, summary: 'The program must be syntactically valid OpenQASM 3.' },
  { id: 'internal-error', summary: 'The checker itself failed on this input (a bug: please report it).' },
  {
    id: UNUSED_SUPPRESSION_RULE,
    summary: 'A qasm3-preflight-disable directive must suppress at least one diagnostic.',
  },
  {
    id: TOO_MANY_ERRORS_RULE,
    summary: 'The error budget (--max-errors) was reached; later problems are not reported.',
  },
  { id: 'unknown-target', summary: 'The target must be one of the known backends (qasm3-preflight targets).' },
  { id: INVALID_JSON_RULE, summary: 'A .json input must be well-formed JSON (a svc.circuit.v0 job input).' },
  { id: SOURCE_SIZE_RULE, summary: 'The program source must fit the service request-body limit (10 MB).' },
];

/** The JSON circuit checker's rules carry no descriptions of their own. */
const JSON_RULE_SUMMARIES: Readonly<Record<string, string>> = {
  [JSON_RULES.schema]:
    'A svc.circuit.v0 input must have the documented shape: format, gateset, qubits, circuit or circuits, gate objects.',
  [JSON_RULES.range]: 'Native gate phases and angles must be finite and inside the ranges of the spec.',
  [JSON_RULES.unknownGate]: "Every gate must belong to the circuit's gateset (QIS or native).",
  [JSON_RULES.mixedGatesets]: 'One circuit must not mix QIS and native gates.',
  [JSON_RULES.nativeFamily]: 'ms runs only on MS systems (Harmony, Aria), zz only on Forte systems.',
  [JSON_RULES.qubits]: 'Qubit indices must be below qubits and fit the target; a gate needs distinct qubits.',
  [JSON_RULES.controls]: 'Controls are allowed only where the gate takes them, at most 7 per gate.',
  [JSON_RULES.limits]: 'A job holds at most 5,000 circuits and 150,000 gates.',
  [MID_CIRCUIT_RULE]:
    'The svc.circuit.v0 JSON format measures every qubit once at the end: it cannot express mid-circuit measurement or reset.',
};

let catalogue: ReadonlyMap<string, RuleInfo> | undefined;

export function ruleCatalogue(): ReadonlyMap<string, RuleInfo> {
  catalogue ??= new Map(
    [
      ...PREFLIGHT_RULES.map((r) => ({ id: r.id, summary: r.description })),
      ...CAPABILITY_CHECKS.map((c) => ({ id: c.id, summary: c.summary })),
      ...Object.entries(JSON_RULE_SUMMARIES).map(([id, summary]) => ({ id, summary })),
      ...CLI_RULES,
    ].map((r) => [r.id, r] as const),
  );
  return catalogue;
}

/** The rule's entry, or a generic one for an id no registry lists. */
export function describeRule(id: string): RuleInfo {
  return ruleCatalogue().get(id) ?? { id, summary: `OpenQASM 3 preflight rule ${id}.` };
}
