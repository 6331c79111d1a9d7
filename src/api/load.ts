/**
 * One entrance for everything that runs circuits (validate, compile,
 * simulate, checkEquivalence, drawCircuit, the CLI), after TypeScript's
 * `createProgram`: `load` checks the options, resolves the target, parses,
 * runs the subset rules with inlining once, and returns a program the
 * operations take in place of text. OpenQASM 3 text goes through
 * `validateProgram` and `lowerToIr`; `svc.circuit.v0` JSON (an object, or
 * text that parses as a JSON object) through `validateCircuitJson` and
 * `circuitJsonToIr`. Only the capability checks depend on the target, so an
 * operation asking for another target (a noise model's qubit count) runs
 * those again on the kept AST, never the parser.
 */
import { isDiagnostic, resolveTarget } from '../capabilities/target.js';
import type { Diagnostic, Failure } from '../diagnostics/index.js';
import { internalErrorDiagnostic } from './internal-error.js';
import { checkOptions, type OptionRules } from '../diagnostics/options.js';
import { circuitJsonToIr, validateCircuitJson } from '../ir/circuit-json.js';
import type { CircuitJson } from '../ir/circuit-json.js';
import { lowerToIr } from '../ir/lower.js';
import type { IrCircuit } from '../ir/types.js';
import { DEFAULT_TARGET, TARGETS_BY_NAME } from '../tables/index.js';
import type { Target } from '../tables/index.js';
import { judge, VALIDATE_OPTIONS, validateProgram, type ValidatedProgram } from './validate-program.js';

/** How {@link load} reads its input. */
export type InputFormat = 'qasm3' | 'circuit-json';

export interface LoadOptions {
  /** Backend name or a Target object; `simulator` by default. */
  readonly target?: string | Target;
  /** Diagnostics before one closing "limit reached" diagnostic (default 100). */
  readonly maxErrors?: number;
  /** Gate applications after inlining (OpenQASM; default 1,000,000), or gates per job (JSON; default 150,000). */
  readonly maxGates?: number;
  /** Longest accepted OpenQASM source in UTF-16 code units (default 10 MB); `Infinity` lifts it. */
  readonly maxSourceLength?: number;
  /**
   * `qasm3` or `circuit-json`. By default text that parses as a JSON object
   * is circuit JSON and other text OpenQASM 3 (as `compile` and `simulate`
   * read text); `qasm3` reads any text as OpenQASM, as `validate` does.
   */
  readonly format?: InputFormat;
}

export interface LoadResult {
  readonly ok: boolean;
  readonly diagnostics: Diagnostic[];
  readonly failure: Failure | null;
  /** One circuit for OpenQASM and single-circuit JSON, one per entry for a multicircuit; empty when not ok. */
  readonly circuits: readonly IrCircuit[];
  /** The resolved target (the simulator when the requested one is unknown). */
  readonly target: Target;
}

/**
 * A program read once by {@link load}: whether its target accepts it and
 * why not, and its circuits. `validate`, `compile`, `simulate`,
 * `checkEquivalence` and `drawCircuit` take it in place of text and reuse
 * what it holds. Immutable.
 */
export interface LoadedProgram extends LoadResult {
  /** How the input was read. */
  readonly format: InputFormat;
}

/** What {@link load} accepts in its options: anything else is a diagnostic naming the option. */
const LOAD_OPTIONS: OptionRules = { ...VALIDATE_OPTIONS, format: { kind: 'enum', values: ['qasm3', 'circuit-json'] } };

/** What a loaded program keeps beyond its public fields, to answer for another target. */
interface Kept {
  /** Checks the program against another (valid) target. */
  readonly judgeFor: (target: Target) => LoadResult;
  /** A multicircuit JSON document (its one circuit still answers as `circuits`). */
  readonly multiCircuit: boolean;
}

const KEPT = new WeakMap<object, Kept>();

/**
 * Reads a program once for a target: options, target, parse, subset rules
 * with gate definitions inlined, capability checks, and the circuit IR.
 * Never throws: problems are diagnostics, `ok` is false, and the operations
 * given this program return them.
 *
 * @example
 * const program = load('qubit[2] q; h q[0]; cx q[0], q[1];', { target: 'qpu.aria-1' });
 * compile(program).stats; // { qubits: 2, circuits: 1, gate_counts: { '1q': 2, '2q': 1 } }
 * simulate(program, { shots: 100, seed: 1 }).ok; // true: parsed once for both
 */
export function load(input: string | CircuitJson, options: LoadOptions = {}): LoadedProgram {
  const checked = checkOptions<LoadOptions>(options, LOAD_OPTIONS, 'load');
  const format =
    checked.options.format ?? (typeof input === 'string' && jsonObjectText(input) === null ? 'qasm3' : 'circuit-json');
  if (checked.problems.length > 0) {
    const target = TARGETS_BY_NAME.get(DEFAULT_TARGET) as Target;
    return loaded(format, rejected(checked.problems, target), {
      judgeFor: (t) => rejected(checked.problems, t),
      multiCircuit: false,
    });
  }
  const { format: _format, ...rest } = checked.options;
  if (format === 'qasm3') return loadText(input, rest);
  const json = typeof input === 'string' ? (jsonObjectText(input) ?? { value: input }) : { value: input };
  return loadJson(json.value, rest);
}

/** OpenQASM text: read once, judged for the load's target now and for others on demand. */
function loadText(input: unknown, options: LoadOptions): LoadedProgram {
  const validated = validateProgram(input as string, options);
  const read = validated.read;
  let circuits: readonly IrCircuit[] | null = null;
  // Lowering does not depend on the target: one IR for every judgement that accepts the program.
  const resultOf = (judged: ValidatedProgram): LoadResult => {
    const { ok, diagnostics, failure, target, inlined } = judged;
    if (!ok || inlined === null) return { ok: false, diagnostics, failure, circuits: [], target };
    circuits ??= [lowerToIr(inlined)];
    return { ok, diagnostics, failure, circuits, target };
  };
  const judgeFor = (target: Target): LoadResult => {
    if (read === null) return { ...resultOf(validated), target };
    try {
      return resultOf(judge(read, target, []));
    } catch (error) {
      return rejected([internalErrorDiagnostic(error, 'PreflightError')], target);
    }
  };
  return loaded('qasm3', resultOf(validated), { judgeFor, multiCircuit: false });
}

/** svc.circuit.v0 JSON: validated for the load's target now and for others on demand, converted to IR once. */
function loadJson(value: unknown, options: LoadOptions): LoadedProgram {
  const { maxSourceLength: _unused, ...jsonOptions } = options;
  let circuits: readonly IrCircuit[] | null = null;
  const validateFor = (target: string | Target | undefined, resolved: Target): LoadResult => {
    const result = validateCircuitJson(value, { ...jsonOptions, ...(target !== undefined ? { target } : {}) });
    if (!result.ok) return { ...result, circuits: [], target: resolved };
    circuits ??= circuitJsonToIr(value as CircuitJson);
    return { ...result, circuits, target: resolved };
  };
  const resolved = resolveTarget(options.target);
  const target = isDiagnostic(resolved) ? (TARGETS_BY_NAME.get(DEFAULT_TARGET) as Target) : resolved;
  const multiCircuit = isMultiCircuit(value);
  return loaded('circuit-json', validateFor(options.target, target), {
    judgeFor: (t) => validateFor(t, t),
    multiCircuit,
  });
}

function loaded(format: InputFormat, result: LoadResult, kept: Kept): LoadedProgram {
  const program: LoadedProgram = Object.freeze({ ...result, format });
  KEPT.set(program, kept);
  return program;
}

function rejected(diagnostics: Diagnostic[], target: Target): LoadResult {
  const first = diagnostics[0];
  const failure = first === undefined ? null : { code: first.code, message: first.message };
  return { ok: false, diagnostics, failure, circuits: [], target };
}

/** Whether `value` is a program {@link load} returned (and not text, JSON or IR). */
export function isLoadedProgram(value: unknown): value is LoadedProgram {
  return typeof value === 'object' && value !== null && KEPT.has(value);
}

/** Whether a loaded program came from a multicircuit JSON document. */
export function isMultiCircuitProgram(program: LoadedProgram): boolean {
  return KEPT.get(program)?.multiCircuit ?? false;
}

/**
 * A loaded program as an operation sees it for its `target` option: the
 * program's own result when the option is absent or names its target, the
 * capability checks run again for another target, a diagnostic for a bad one.
 */
export function programFor(program: LoadedProgram, target: string | Target | undefined): LoadResult {
  const resolved = target === undefined ? program.target : resolveTarget(target);
  if (isDiagnostic(resolved)) return rejected([resolved], program.target);
  const kept = KEPT.get(program);
  const result = sameTarget(resolved, program.target) || !kept ? program : kept.judgeFor(resolved);
  // The caller's result owns its array: changing it must not change the program.
  return { ...result, diagnostics: [...result.diagnostics] };
}

function sameTarget(a: Target, b: Target): boolean {
  return (
    a === b ||
    (a.name === b.name &&
      a.qubits === b.qubits &&
      a.twoQubitNative === b.twoQubitNative &&
      a.midCircuitMeasurement === b.midCircuitMeasurement &&
      a.status === b.status &&
      a.simulator === b.simulator)
  );
}

/**
 * Validates OpenQASM 3 text or `svc.circuit.v0` JSON against a target and
 * lowers it to circuit IR; a loaded program answers for the target asked.
 * Never throws on bad input: problems are diagnostics.
 */
export function loadCircuits(input: unknown, options: LoadOptions = {}): LoadResult {
  if (isLoadedProgram(input)) return programFor(input, options.target);
  return load(input as string | CircuitJson, options);
}

/**
 * Text that is a JSON object is circuit JSON; anything else is OpenQASM
 * (which never parses as a JSON object: a program that opens with a `{`
 * scope holds statements, not JSON members).
 */
function jsonObjectText(text: string): { value: unknown } | null {
  if (!text.trimStart().startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? { value } : null;
  } catch {
    return null;
  }
}

/** A multicircuit document holds `circuits` (also with one entry, which keeps its name). */
function isMultiCircuit(input: unknown): boolean {
  return typeof input === 'object' && input !== null && 'circuits' in input;
}
