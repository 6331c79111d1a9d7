/**
 * `validateCircuitJson`: the document level of a `svc.circuit.v0` input
 * (format, gateset, qubits, one circuit or a multicircuit whose entries
 * inherit the parent gateset unless they override it, job limits); gate
 * objects are checked in validate-gate.ts. Same result shape as `validate`.
 */
import { isDiagnostic, OPTION_SPAN, resolveTarget } from '../../capabilities/target.js';
import {
  checkOptions,
  LIMIT_OPTION,
  MAX_ERRORS_OPTION,
  TARGET_OPTION,
  type OptionRules,
} from '../../diagnostics/options.js';
import {
  createDiagnostic,
  DiagnosticCollector,
  jsonBothCircuitForms,
  jsonDuplicateCircuitName,
  jsonExpected,
  jsonMissing,
  jsonNoCircuit,
  jsonTooManyCircuits,
  jsonTooManyGates,
  notEnoughQubits,
} from '../../diagnostics/index.js';
import type { Diagnostic, Failure } from '../../diagnostics/index.js';
import { LIMITS } from '../../tables/index.js';
import type { Target } from '../../tables/index.js';
import { childPath, describeValue, isJsonObject, JSON_RULES, JsonChecker } from './checker.js';
import type { JsonObject } from './checker.js';
import { CIRCUIT_JSON_FORMAT } from './types.js';
import type { CircuitJsonGateset } from './types.js';
import { checkGateRange, checkGateset } from './validate-gate.js';

export interface ValidateCircuitJsonOptions {
  /** Backend name or a Target object; `simulator` by default. */
  readonly target?: string | Target;
  /** Diagnostics before one closing "limit reached" diagnostic (default 100). */
  readonly maxErrors?: number;
  /** Gates per job, over all circuits (default 150,000, the service's limit). */
  readonly maxGates?: number;
}

export interface ValidationResult {
  readonly ok: boolean;
  readonly diagnostics: Diagnostic[];
  /** What a job's `failure` would hold: the first diagnostic; null when accepted. */
  readonly failure: Failure | null;
}

const GATESETS: readonly CircuitJsonGateset[] = ['qis', 'native'];

/** Checks a `svc.circuit.v0` job input against its schema, its ranges and the target. Never throws. */
export function validateCircuitJson(input: unknown, options: ValidateCircuitJsonOptions = {}): ValidationResult {
  const steps = validateCircuitJsonStepwise(input, options);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

/**
 * Gates checked between two steps of {@link validateCircuitJsonStepwise}: a
 * few milliseconds of work, so a server that yields between steps keeps
 * answering while it checks 150,000 gates (issue 24, S7).
 */
export const GATES_PER_STEP = 5_000;

/**
 * The same check in steps: each `next()` checks about {@link GATES_PER_STEP}
 * gates, and the last returns the result. Never throws.
 */
export function* validateCircuitJsonStepwise(
  input: unknown,
  options: ValidateCircuitJsonOptions = {},
): Generator<void, ValidationResult, void> {
  const checked = checkOptions<ValidateCircuitJsonOptions>(options, CIRCUIT_JSON_OPTIONS, 'validateCircuitJson');
  if (checked.problems.length > 0) return resultOf(checked.problems);
  try {
    return yield* validateChecked(input, checked.options);
  } catch (error) {
    // Throwing getters and Proxies in the input: a diagnostic, as compile and simulate give.
    return resultOf([
      createDiagnostic({
        code: 'InvalidInput',
        rule: JSON_RULES.schema,
        reason: unreadableJson(error),
        span: OPTION_SPAN,
      }),
    ]);
  }
}

/** What {@link validateCircuitJson} accepts in its options: anything else is a diagnostic naming the option. */
const CIRCUIT_JSON_OPTIONS: OptionRules = {
  target: TARGET_OPTION,
  maxErrors: MAX_ERRORS_OPTION,
  maxGates: LIMIT_OPTION,
};

function unreadableJson(error: unknown): string {
  let detail = 'an exception';
  try {
    detail = error instanceof Error ? error.message : String(error);
  } catch {
    // keep the generic wording
  }
  return `The circuit JSON could not be read: ${detail}`;
}

function* validateChecked(
  input: unknown,
  options: ValidateCircuitJsonOptions,
): Generator<void, ValidationResult, void> {
  const target = resolveTarget(options.target);
  if (isDiagnostic(target)) return resultOf([target]);
  const collector = new DiagnosticCollector(Math.max(1, Math.floor(countOr(options.maxErrors, LIMITS.maxErrors))));
  yield* checkDocument(new JsonChecker(collector, target), input, countOr(options.maxGates, LIMITS.maxGatesPerJob));
  return resultOf(collector.toArray(OPTION_SPAN));
}

/** A circuit's gates checked {@link GATES_PER_STEP} at a time, a step between. */
function* checkGatesStepwise(
  checker: JsonChecker,
  path: string,
  gates: readonly unknown[],
  gateset: CircuitJsonGateset,
  qubits: number | null,
): Generator<void, void, void> {
  const judgedAs = checkGateset(checker, path, gates, gateset);
  for (let from = 0; from < gates.length && !checker.full; from += GATES_PER_STEP) {
    if (from > 0) yield;
    checkGateRange(checker, path, gates, judgedAs, qubits, from, Math.min(gates.length, from + GATES_PER_STEP));
  }
}

/** A non-negative count option, or its default when absent or not a number (`Infinity` lifts a limit). */
function countOr(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && value >= 0 ? value : fallback;
}

export function resultOf(diagnostics: Diagnostic[]): ValidationResult {
  const first = diagnostics.find((d) => d.severity === 'error');
  return { ok: first === undefined, diagnostics, failure: first ? { code: first.code, message: first.message } : null };
}

function* checkDocument(checker: JsonChecker, input: unknown, maxGates: number): Generator<void, void, void> {
  if (!isJsonObject(input))
    return checker.report(
      '',
      jsonExpected('', 'a svc.circuit.v0 object with qubits and circuit or circuits', describeValue(input)),
    );
  if (input.format !== undefined && input.format !== CIRCUIT_JSON_FORMAT) {
    const hint =
      typeof input.format === 'string' && input.format.endsWith('.circuit.v0')
        ? `write "${CIRCUIT_JSON_FORMAT}"`
        : undefined;
    checker.report(
      'format',
      jsonExpected('format', `"${CIRCUIT_JSON_FORMAT}"`, describeValue(input.format)),
      JSON_RULES.schema,
      'InvalidInput',
      hint,
    );
  }
  const gateset = readGateset(checker, 'gateset', input.gateset, 'qis');
  const qubits = readQubits(checker, input.qubits);
  const hasCircuit = input.circuit !== undefined;
  const hasCircuits = input.circuits !== undefined;
  if (hasCircuit && hasCircuits) return checker.report('', jsonBothCircuitForms(''));
  if (!hasCircuit && !hasCircuits) return checker.report('circuit', jsonNoCircuit('circuit'));
  if (hasCircuit) {
    const gates = checker.array('circuit', input.circuit, 'an array of gate objects');
    if (gates === null) return;
    checkGateCount(checker, 'circuit', gates.length, maxGates);
    return yield* checkGatesStepwise(checker, 'circuit', gates, gateset, qubits);
  }
  yield* checkCircuits(checker, input, gateset, qubits, maxGates);
}

function* checkCircuits(
  checker: JsonChecker,
  input: JsonObject,
  gateset: CircuitJsonGateset,
  qubits: number | null,
  maxGates: number,
): Generator<void, void, void> {
  const entries = checker.array('circuits', input.circuits, 'an array of {name, circuit, gateset?}');
  if (entries === null) return;
  if (entries.length === 0) return checker.report('circuits', jsonExpected('circuits', 'at least one circuit', '[]'));
  if (entries.length > LIMITS.maxCircuitsPerJob) {
    checker.report(
      'circuits',
      jsonTooManyCircuits('circuits', entries.length, LIMITS.maxCircuitsPerJob),
      JSON_RULES.limits,
    );
  }
  const gateTotal = entries.reduce<number>(
    (n, e) => n + (isJsonObject(e) && Array.isArray(e.circuit) ? e.circuit.length : 0),
    0,
  );
  checkGateCount(checker, 'circuits', gateTotal, maxGates);
  // Results are keyed by circuit name: a repeated name would hide a circuit's results.
  const named = new Map<string, string>();
  let sinceStep = 0;
  for (let i = 0; i < entries.length && !checker.full; i++) {
    const path = childPath('circuits', i);
    const entry = entries[i];
    if (!isJsonObject(entry)) {
      checker.report(path, jsonExpected(path, 'a {name, circuit, gateset?} object', describeValue(entry)));
      continue;
    }
    const namePath = childPath(path, 'name');
    if (entry.name === undefined) checker.report(namePath, jsonMissing(namePath, 'a circuit name (a string)'));
    else if (typeof entry.name !== 'string')
      checker.report(namePath, jsonExpected(namePath, 'a circuit name (a string)', describeValue(entry.name)));
    else if (named.has(entry.name))
      checker.report(
        namePath,
        jsonDuplicateCircuitName(namePath, entry.name, named.get(entry.name) as string),
        JSON_RULES.names,
      );
    else named.set(entry.name, namePath);
    const own = readGateset(checker, childPath(path, 'gateset'), entry.gateset, gateset);
    const circuitPath = childPath(path, 'circuit');
    const gates = checker.array(circuitPath, entry.circuit, 'an array of gate objects');
    if (gates === null) continue;
    yield* checkGatesStepwise(checker, circuitPath, gates, own, qubits);
    // Many small circuits: a step after every GATES_PER_STEP gates (and entries) of them.
    sinceStep += gates.length + 1;
    if (sinceStep >= GATES_PER_STEP) {
      sinceStep = 0;
      yield;
    }
  }
}

/** The gateset at `path`, or `inherited` when absent (or after reporting a bad one). */
function readGateset(
  checker: JsonChecker,
  path: string,
  value: unknown,
  inherited: CircuitJsonGateset,
): CircuitJsonGateset {
  if (value === undefined) return inherited;
  if (GATESETS.includes(value as CircuitJsonGateset)) return value as CircuitJsonGateset;
  checker.report(path, jsonExpected(path, '"qis" or "native"', describeValue(value)));
  return inherited;
}

/** The qubit count if valid (a positive integer within the target), else null after reporting. */
function readQubits(checker: JsonChecker, value: unknown): number | null {
  const wanted = 'a positive integer (the number of qubits)';
  if (value === undefined) return (checker.report('qubits', jsonMissing('qubits', wanted)), null);
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    return (checker.report('qubits', jsonExpected('qubits', wanted, describeValue(value))), null);
  }
  const target = checker.target;
  if (value > target.qubits)
    checker.report('qubits', notEnoughQubits(value, target.name, target.qubits), JSON_RULES.qubits, 'NotEnoughQubits');
  return value;
}

function checkGateCount(checker: JsonChecker, path: string, count: number, maxGates: number): void {
  if (count > maxGates)
    checker.report(path, jsonTooManyGates(path, count, maxGates), JSON_RULES.limits, 'TooManyGates');
}
