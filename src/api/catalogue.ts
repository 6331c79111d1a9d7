/**
 * The catalogue: the facts the library's users (the CLI, the job service,
 * the language server, the console) read instead of copying. Limits and
 * defaults, every rule id a diagnostic can carry with one line of help, the
 * noise models, the gates with their arity, the targets with their native
 * family and qubit count. Each fact is defined once, in src/tables or in the
 * stage that reports it; this module only gathers them.
 */
import { CAPABILITY_CHECKS } from '../capabilities/index.js';
import { UNKNOWN_TARGET_RULE } from '../capabilities/target.js';
import { INTERNAL_ERROR_RULE, TOO_MANY_ERRORS_RULE } from '../diagnostics/index.js';
import { INVALID_OPTION_RULE } from '../diagnostics/options.js';
import { SUPPRESSION_DIRECTIVES, UNUSED_SUPPRESSION_RULE } from '../diagnostics/suppressions.js';
import { JSON_RULES } from '../ir/circuit-json.js';
import { MID_CIRCUIT_RULE } from '../ir/json/export.js';
import { SYNTAX_ERROR_RULE } from '../parser/index.js';
import { PREFLIGHT_RULES, SOURCE_SIZE_RULE } from '../preflight/index.js';
import { measurementFormRule } from '../preflight/rules/measurement-form.js';
import { registerDeclarationRule } from '../preflight/rules/register-declaration.js';
import { rejectedGateRule } from '../preflight/rules/rejected-gate.js';
import { tooManyGatesRule } from '../preflight/rules/too-many-gates.js';
import { PROBABILITIES_OMITTED_RULE } from '../simulator/engine/limit-messages.js';
import { PARALLEL_MIN_QUBITS } from '../simulator/engine/parallel.js';
import {
  ACCEPTED_GATES,
  DEFAULT_TARGET,
  IDEAL_NOISE_MODEL,
  LIMITS,
  MAX_CONTROLS,
  NATIVE_GATES,
  NOISE_MODELS,
  QIS_JSON_GATES,
  REJECTED_GATES,
  TARGETS,
  type AcceptedGate,
  type NativeGateName,
  type NativeGateSpec,
  type NoiseModel,
  type QisJsonGate,
  type RejectedGate,
  type Target,
  type TwoQubitNative,
} from '../tables/index.js';

/** Where in the pipeline a rule's diagnostics come from. */
export type RuleStage =
  | 'options'
  | 'source'
  | 'syntax'
  | 'subset'
  | 'capabilities'
  | 'circuit-json'
  | 'simulator'
  | 'suppressions'
  | 'library';

/** One rule id a diagnostic can carry, with one line of help. */
export interface RuleEntry {
  readonly id: string;
  readonly stage: RuleStage;
  readonly summary: string;
}

/** A target with what follows from its row: its native gate family and the native gates it runs. */
export interface TargetEntry extends Target {
  /** The native family (`ms` on Harmony, Aria and the simulator; `zz` on Forte). */
  readonly family: TwoQubitNative;
  readonly nativeGates: readonly NativeGateName[];
}

/** Rule ids the users of the library test diagnostics against, by name. */
export const RULE_IDS = Object.freeze({
  invalidOption: INVALID_OPTION_RULE,
  unknownTarget: UNKNOWN_TARGET_RULE,
  sourceSize: SOURCE_SIZE_RULE,
  syntaxError: SYNTAX_ERROR_RULE,
  maxErrors: TOO_MANY_ERRORS_RULE,
  internalError: INTERNAL_ERROR_RULE,
  unusedSuppression: UNUSED_SUPPRESSION_RULE,
  rejectedGate: rejectedGateRule.id,
  measurementForm: measurementFormRule.id,
  registerDeclaration: registerDeclarationRule.id,
  tooManyGates: tooManyGatesRule.id,
  circuitJsonMidCircuitMeasurement: MID_CIRCUIT_RULE,
  probabilitiesOmitted: PROBABILITIES_OMITTED_RULE,
});

/** Help for the rules no registry describes (the subset rules and capability checks describe themselves). */
const OTHER_RULES: readonly RuleEntry[] = [
  {
    id: INVALID_OPTION_RULE,
    stage: 'options',
    summary: 'Options must have the documented types and ranges; the diagnostic names the option.',
  },
  {
    id: UNKNOWN_TARGET_RULE,
    stage: 'options',
    summary: 'The target must be one of the known backends (qasm3-preflight targets) or a valid Target object.',
  },
  {
    id: SOURCE_SIZE_RULE,
    stage: 'source',
    summary: 'The program source must fit the service request-body limit (10 MB).',
  },
  {
    id: SYNTAX_ERROR_RULE,
    stage: 'syntax',
    summary: 'The program must be syntactically valid OpenQASM 3 (grammar/README.md).',
  },
  {
    id: TOO_MANY_ERRORS_RULE,
    stage: 'library',
    summary: 'The error budget (maxErrors, --max-errors) was reached; later problems are not reported.',
  },
  {
    id: INTERNAL_ERROR_RULE,
    stage: 'library',
    summary: 'The checker itself failed on this input (a bug: please report it).',
  },
  {
    id: UNUSED_SUPPRESSION_RULE,
    stage: 'suppressions',
    summary: 'A `qasm3-preflight-disable` comment must suppress at least one diagnostic: remove it or fix its rule id.',
  },
  {
    id: JSON_RULES.schema,
    stage: 'circuit-json',
    summary:
      'A svc.circuit.v0 input must have the documented shape: format, gateset, qubits, circuit or circuits, gate objects.',
  },
  {
    id: JSON_RULES.range,
    stage: 'circuit-json',
    summary: 'Native gate phases and angles must be finite and inside the ranges of the spec.',
  },
  {
    id: JSON_RULES.unknownGate,
    stage: 'circuit-json',
    summary: "Every gate must belong to the circuit's gateset (QIS or native).",
  },
  {
    id: JSON_RULES.mixedGatesets,
    stage: 'circuit-json',
    summary: 'One circuit must not mix QIS and native gates.',
  },
  {
    id: JSON_RULES.nativeFamily,
    stage: 'circuit-json',
    summary: 'ms runs only on MS systems (Harmony, Aria), zz only on Forte systems.',
  },
  {
    id: JSON_RULES.qubits,
    stage: 'circuit-json',
    summary: 'Qubit indices must be below qubits and fit the target; a gate needs distinct qubits.',
  },
  {
    id: JSON_RULES.controls,
    stage: 'circuit-json',
    summary: `Controls are allowed only where the gate takes them, at most ${MAX_CONTROLS} per gate.`,
  },
  {
    id: JSON_RULES.limits,
    stage: 'circuit-json',
    summary: `A job holds at most ${LIMITS.maxCircuitsPerJob.toLocaleString('en-US')} circuits and ${LIMITS.maxGatesPerJob.toLocaleString('en-US')} gates.`,
  },
  {
    id: MID_CIRCUIT_RULE,
    stage: 'circuit-json',
    summary:
      'The svc.circuit.v0 JSON format measures every qubit once at the end: it cannot express mid-circuit measurement or reset.',
  },
  {
    id: PROBABILITIES_OMITTED_RULE,
    stage: 'simulator',
    summary:
      'An exact distribution with more entries than maxProbabilityEntries is left out of the results (a warning).',
  },
];

const RULES: readonly RuleEntry[] = Object.freeze(
  [
    ...PREFLIGHT_RULES.map((r): RuleEntry => ({ id: r.id, stage: 'subset', summary: r.description })),
    ...CAPABILITY_CHECKS.map((c): RuleEntry => ({ id: c.id, stage: 'capabilities', summary: c.summary })),
    ...OTHER_RULES,
  ].map((r) => Object.freeze(r)),
);
const RULES_BY_ID: ReadonlyMap<string, RuleEntry> = new Map(RULES.map((r) => [r.id, r]));

const TARGET_ENTRIES: readonly TargetEntry[] = Object.freeze(
  TARGETS.map((t) =>
    Object.freeze({
      ...t,
      family: t.twoQubitNative,
      nativeGates: Object.freeze(
        NATIVE_GATES.filter((g) => g.family === null || g.family === t.twoQubitNative).map((g) => g.name),
      ),
    }),
  ),
);

export interface Catalogue {
  /** Service defaults and library limits (`maxErrors`, `maxGates`, `maxShots`, metadata sizes, ...). */
  readonly limits: typeof LIMITS;
  /** The target used when none is given. */
  readonly defaultTarget: string;
  readonly targets: readonly TargetEntry[];
  /** Noise models of the noisy simulator (each names the QPU it models and its qubit count). */
  readonly noiseModels: readonly NoiseModel[];
  /** The service's `noise.model` for no noise (`ideal`), which is no entry of `noiseModels`. */
  readonly idealNoiseModel: string;
  /** Every `noise.model` the service accepts: `ideal`, then the noise models' names. */
  readonly noiseModelNames: readonly string[];
  /** OpenQASM 3 gates the service accepts: name, aliases, parameters and qubits (arity), controllable. */
  readonly gates: readonly AcceptedGate[];
  /** Gates the service refuses, with their arity and what to write instead. */
  readonly rejectedGates: readonly RejectedGate[];
  /** The QIS gate set of svc.circuit.v0 JSON: name, JSON aliases, target qubits, rotation, controllable. */
  readonly qisGates: readonly QisJsonGate[];
  /** The native gates (gpi, gpi2, ms, zz): target qubits, phases, angle range, family. */
  readonly nativeGates: readonly NativeGateSpec[];
  /** Most controls one gate may have. */
  readonly maxControls: number;
  /** Fewest qubits for which `simulate(..., { parallel: true })` splits passes over worker threads. */
  readonly parallelMinQubits: number;
  /** Every rule id a diagnostic of the library can carry, with its stage and one line of help. */
  readonly rules: readonly RuleEntry[];
  /** The rule ids users test for, by name. */
  readonly ruleIds: typeof RULE_IDS;
  /** The comments that suppress diagnostics (`// qasm3-preflight-disable-next-line <rule>`). */
  readonly suppressionDirectives: typeof SUPPRESSION_DIRECTIVES;
  /** The rule with this id, or undefined. */
  readonly rule: (id: string) => RuleEntry | undefined;
}

/**
 * The facts of the library in one frozen object, for programs that show or
 * check them (a CLI's `targets`, a service's schemas, an editor's hover).
 *
 * @example
 * catalogue.limits.maxShots; // 1000000
 * catalogue.targets.find((t) => t.name === 'qpu.forte-1')?.family; // 'zz'
 * catalogue.rule('rejected-gate')?.stage; // 'subset'
 */
export const catalogue: Catalogue = Object.freeze({
  limits: LIMITS,
  defaultTarget: DEFAULT_TARGET,
  targets: TARGET_ENTRIES,
  noiseModels: NOISE_MODELS,
  idealNoiseModel: IDEAL_NOISE_MODEL,
  noiseModelNames: Object.freeze([IDEAL_NOISE_MODEL, ...NOISE_MODELS.map((m) => m.name)]),
  gates: ACCEPTED_GATES,
  rejectedGates: REJECTED_GATES,
  qisGates: QIS_JSON_GATES,
  nativeGates: NATIVE_GATES,
  maxControls: MAX_CONTROLS,
  parallelMinQubits: PARALLEL_MIN_QUBITS,
  rules: RULES,
  ruleIds: RULE_IDS,
  suppressionDirectives: SUPPRESSION_DIRECTIVES,
  rule: (id: string) => RULES_BY_ID.get(id),
});
