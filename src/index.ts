/**
 * qasm3-preflight public API.
 *
 * Each export is documented where it is defined; this file only gathers them.
 */
import { CAPABILITY_CHECKS } from './capabilities/index.js';
import { LIMITS } from './tables/index.js';

export type {
  Diagnostic,
  DiagnosticCode,
  Failure,
  RelatedLocation,
  Severity,
  Span,
  Position,
} from './diagnostics/index.js';
export type * from './ast/nodes.js';
export type { IrCircuit, IrOp, IrGate, IrNativeGate, IrMeasure, IrReset, IrBarrier, IrRegister } from './ir/types.js';
export type { Target, AcceptedGate, RejectedGate, QisGateName, NativeGateName } from './tables/index.js';
export {
  TARGETS as targets,
  ACCEPTED_GATES as acceptedGates,
  REJECTED_GATES as rejectedGates,
} from './tables/index.js';

/**
 * Reads a program once for a target, as TypeScript's `createProgram` does:
 * checks the options, resolves the target, parses, runs the subset rules with
 * gate definitions inlined and the capability checks, and lowers to circuit
 * IR. `validate`, `compile`, `simulate`, `checkEquivalence` and `drawCircuit`
 * take the result in place of text and reuse it (another target or a noise
 * model re-runs only the capability checks). Returns `{ ok, diagnostics,
 * failure, circuits, target, format }`. Never throws.
 *
 * ```ts
 * const program = load(bell, { target: 'qpu.aria-1' });
 * compile(program).stats; // parsed once for both calls
 * simulate(program, { shots: 100 });
 * ```
 */
export { load } from './api/load.js';
/** Options of {@link load}, the program it returns, and how it read the input. */
export type { LoadOptions, LoadedProgram, LoadResult, InputFormat } from './api/load.js';

/**
 * Validates an OpenQASM 3 program as the service's preflight would: syntax,
 * the subset rules (docs/rules.md) with gate definitions inlined, then the
 * target's capabilities. Returns `{ ok, diagnostics, failure }`; `failure` is
 * what a job's `failure` field would hold (null when accepted). Never throws.
 * Options: `target` (name or Target object, default `simulator`),
 * `maxErrors` (default 100), `maxGates` (default 1,000,000),
 * `maxSourceLength` (default 10 MB; `Infinity` lifts it).
 */
export { validate } from './api/validate.js';
/** Options and result of {@link validate}. */
export type { ValidateOptions, ValidateResult } from './api/validate.js';
/** The subset rules in registry order: id, failure code and a one-line description each. */
export { PREFLIGHT_RULES as preflightRules } from './preflight/index.js';
export type { PreflightRule } from './preflight/index.js';
/**
 * The target capability checks (after the subset rules) as `{ id, summary }`:
 * `dynamic-circuit`, `mid-circuit-measurement`, `qubit-count`; their ids are
 * the `rule` of the diagnostics they report.
 */
export const capabilityRules: readonly { readonly id: string; readonly summary: string }[] = Object.freeze(
  CAPABILITY_CHECKS.map((c) => Object.freeze({ id: c.id, summary: c.summary })),
);

/**
 * Checks a `svc.circuit.v0` JSON job input (single circuit or multicircuit,
 * QIS or native gateset) against its schema, the native ranges and a target;
 * returns `{ ok, diagnostics, failure }` like `validate`. Each diagnostic
 * carries the JSON `path` of the offending value.
 */
export { validateCircuitJson } from './ir/circuit-json.js';
/**
 * {@link validateCircuitJson} in steps, for a server that must keep answering
 * while it checks a large job: each `next()` checks about 5,000 gates and
 * returns `{ done: false }`; the last returns `{ done: true, value }` with the
 * same result `validateCircuitJson` gives. Never throws.
 *
 * @example
 * const steps = validateCircuitJsonStepwise(input, { target: 'qpu.aria-1' });
 * let step = steps.next();
 * while (!step.done) {
 *   await new Promise((resolve) => setImmediate(resolve));
 *   step = steps.next();
 * }
 * step.value.ok;
 */
export { validateCircuitJsonStepwise } from './ir/circuit-json.js';
/** Types of the `svc.circuit.v0` JSON circuit format and of its validation. */
export type {
  CircuitJson,
  SingleCircuitJson,
  MultiCircuitJson,
  CircuitJsonEntry,
  CircuitJsonGateset,
  GateJson,
  QisGateJson,
  NativeGateJson,
  GpiGateJson,
  MsGateJson,
  ZzGateJson,
  MeasurementMapping,
  ValidateCircuitJsonOptions,
} from './ir/circuit-json.js';

/**
 * Renders a diagnostic as a code frame: `file:line:column  code  rule  message`,
 * the source line with a caret underline, related locations and the hint
 * (ANSI colours only with `{ color: true }`).
 */
export { formatDiagnostic } from './diagnostics/format.js';
export type { FormatOptions } from './diagnostics/format.js';
/**
 * Builds a diagnostic from its code, rule, reason and span (and optional
 * severity, hint, related locations, JSON path), with the message the code
 * implies (`Circuit failed preflight validation: <reason>` for
 * `PreflightError`): for tools that report their own findings beside the
 * library's, in the same form.
 */
export { createDiagnostic } from './diagnostics/diagnostic.js';
export type { DiagnosticInit } from './diagnostics/diagnostic.js';
/**
 * Resolves a `target` option: a name from the targets table or a Target
 * object gives the Target; anything else the `unknown-target` diagnostic
 * the operations would report (with a did-you-mean hint for a near name).
 */
export { resolveTarget } from './capabilities/target.js';
/**
 * The candidate closest to a misspelt name (edit distance; a difference in
 * case only is always the best), or `undefined` when none is close: the
 * library's "did you mean" hints, for tools that check names of their own.
 */
export { suggest } from './diagnostics/suggest.js';
/** Program text with its line table, as {@link formatDiagnostic} also accepts it (`new SourceText(text, name)`). */
export { SourceText } from './diagnostics/source.js';
/**
 * Lint suppressions as `qasm3-preflight check` applies them (`validate`, the
 * service's path, never reads them): drops the diagnostics covered by
 * `// qasm3-preflight-disable-next-line <rule>` or `// qasm3-preflight-disable
 * <rule>` comments and returns `{ kept, unused }`, `unused` holding an
 * `unused-suppression` warning for each directive that covered nothing.
 *
 * ```ts
 * const text = 'qubit[1] q;\n// qasm3-preflight-disable-next-line unknown-gate\nfoo q[0];';
 * applySuppressions(text, validate(text).diagnostics); // { kept: [], unused: [] }
 * ```
 */
export { applySuppressions } from './diagnostics/suppressions.js';
export type { SuppressionResult } from './diagnostics/suppressions.js';
/**
 * How a `hint` that is drop-in code begins: the rest replaces the refused
 * call as written (`rejected-gate`, `unknown-gate`), so editors can offer it as a fix.
 *
 * ```ts
 * validate('qubit[2] q;\ncp(0.3) q[0], q[1];').diagnostics[0]?.hint;
 * // 'write it in accepted gates as: ctrl @ rz(0.3) q[0], q[1]; rz(0.15) q[0];'
 * ```
 */
export { REWRITE_CODE_PREFIX as rewriteCodeHintPrefix } from './diagnostics/index.js';
/** Prints any AST node back as OpenQASM 3 text (deterministic; re-parses to the same tree). */
export { print } from './ast/print.js';
/** Walks an AST with per-kind enter/leave handlers; `stripSpans` copies a tree without positions. */
export { visit, visitInParallel, stripSpans, BREAK } from './ast/visit.js';
export type { Visitor, KindVisitor, EnterResult } from './ast/visit.js';

/**
 * Parses OpenQASM 3 source text into a typed AST with exact spans. Never
 * throws: syntax problems come back as diagnostics (code `PreflightError`,
 * rule `syntax-error`) and `program` holds every statement that could be read.
 */
export { parse } from './parser/index.js';
export type { ParseOptions, ParseResult } from './parser/index.js';

/**
 * Compiles OpenQASM 3 text or `svc.circuit.v0` JSON for a target: validates it
 * as the service would, then returns `{ ok, diagnostics, failure, circuit,
 * measurements, stats, qasm }`. `circuit` is svc.circuit.v0 JSON in the `native`
 * gate set (default: gpi/gpi2 plus ms on Harmony, Aria and the simulator, zz on
 * Forte; Z rotations virtual, single-qubit runs fused to at most two pulses) or
 * `qis`; `stats` is `{ qubits, circuits, gate_counts: { '1q', '2q' } }`; `qasm`
 * is the compiled circuit as OpenQASM 3 that `validate` accepts. Options:
 * `target`, `gateset`, `optimize` (default true), `family` (simulator only).
 * Never throws.
 */
export { compile } from './api/compile.js';
/** Options, result and stats of {@link compile}. */
export type { CompileOptions, CompileResult, CompileStats } from './api/compile.js';
/** The circuit passes `compile` runs with `optimize` (`options.passes` turns each off by name). */
export { PASS_NAMES, type PassName, type PassSwitches } from './native/index.js';
/**
 * Draws a program's circuit (validated QIS gates, or the compiled native
 * circuit) as a standalone SVG document; the CLI's `compile --format svg`.
 * Never throws: `{ ok, diagnostics, failure, svg }`.
 */
export { drawCircuit } from './api/draw-circuit.js';
export type { DrawCircuitOptions, DrawCircuitResult } from './api/draw-circuit.js';
export type { DrawOptions } from './draw/index.js';
/**
 * Lowers circuit IR to the native gates of a family (`ms` or `zz`), returning
 * the lowered circuit and the Z frames left on each qubit (dropped on
 * hardware: they commute with Z-basis measurement). With `maxQubits` (the
 * target's qubits) a multi-controlled gate on every qubit may borrow one wire
 * beyond the circuit for a linear decomposition; it is returned to |0>.
 */
export { lowerToNative } from './native/index.js';
export type { NativeFamily, NativeLowering, NativeLoweringOptions } from './native/index.js';

/**
 * Simulates OpenQASM 3 text, svc.circuit.v0 JSON or circuit IR and returns the
 * service's result artifacts by format id (`svc.result.probabilities.json.v2`,
 * the v0.3 form `svc.result.probabilities.json.v1`, and with `shots` the
 * histogram and shots artifacts). Exact probabilities, also with mid-circuit
 * measurement and reset; seeded sampling; noise models (`aria-1`, ...); a
 * memory budget. Never throws: problems come back as diagnostics.
 */
export { simulate } from './api/simulate.js';
export type {
  SimulateOptions,
  SimulateResult,
  SimulateInput,
  DebiasingResult,
  DebiasingVariant,
} from './api/simulate.js';
export type { ArtifactName } from './simulator/run.js';
/** What `simulate`'s `onProgress` receives: gates done of the run's total. */
export type { SimulationProgress } from './simulator/engine/progress.js';
/**
 * Writes one artifact of `simulate(...).results` as JSON text to a sink, in
 * chunks of about 64 KiB, without building it as an object: a distribution of
 * a million states goes to a file or an HTTP response in little memory
 * (docs/simulator.md "Large results").
 */
export { artifactText, writeArtifact } from './simulator/results/sources.js';
/**
 * A debiasing variant's shots artifact as text, cut out of the text of its
 * run's shots artifact (see `DebiasingVariant.shotsStretch`).
 */
export { shotsTextOfStretch } from './simulator/results/artifacts.js';
export type { TextStretch } from './simulator/results/artifacts.js';
export type { WriteArtifactOptions } from './simulator/results/sources.js';
export type { JsonSink } from './simulator/results/json-writer.js';
/**
 * Whether two programs are the same operation up to global phase: the full
 * unitary up to 12 qubits, random input states beyond. Amplitudes, never
 * probabilities alone. Never throws.
 */
export { checkEquivalence } from './api/equivalence.js';
/** Starts the simulator's worker threads; resolves when `simulate(..., { parallel: true })` can use every core. */
export { prepareWorkers } from './simulator/engine/parallel.js';
export type { CheckEquivalenceOptions, CheckEquivalenceResult } from './api/equivalence.js';
/** Result format ids the simulator produces. */
export { RESULT_FORMATS } from './simulator/results/artifacts.js';
/**
 * The facts users read instead of copying, in one frozen object: `limits`,
 * `defaultTarget`, `targets` (with `family` and `nativeGates`), `noiseModels`
 * and `noiseModelNames` (`ideal` first), `gates`, `rejectedGates`, `qisGates`,
 * `nativeGates` (each with its arity), `rules` (every rule id a diagnostic can
 * carry, with its stage and one line of help), `ruleIds` and `rule(id)`.
 *
 * ```ts
 * catalogue.limits.maxShots; // 1000000
 * catalogue.rule('rejected-gate')?.stage; // 'subset'
 * ```
 */
export { catalogue, RULE_IDS as ruleIds } from './api/catalogue.js';
export type { Catalogue, RuleEntry, RuleStage, TargetEntry } from './api/catalogue.js';
/** Noise models of the noisy simulator: per-gate depolarizing and readout error rates. */
export { NOISE_MODELS as noiseModels } from './tables/index.js';
export type { NoiseModel } from './tables/index.js';

/** How emulated QPUs drift, how one day's qubits differ, and debiasing's defaults (docs/service.md, "Emulated QPUs"). */
export {
  DRIFT as calibrationDrift,
  DEVICE_SPREAD as deviceSpread,
  DEBIASING as debiasingDefaults,
} from './tables/index.js';
export type { DriftModel, DeviceSpread } from './tables/index.js';
/**
 * The per-qubit device behind a characterization record (either version's
 * shape): each physical qubit's readout errors, one-qubit error and
 * over-rotation, and its pairs' median two-qubit error; or the first
 * malformed field (`{ field, reason }`).
 */
export { characterizationQubits } from './simulator/noise/characterization.js';
export type { QubitView, CharacterizationInput, CharacterizationProblem } from './simulator/noise/characterization.js';
/**
 * A uniform number in [0, 1) that a text alone decides (FNV-1a through the
 * splitmix32 finalizer): the service's calibration walk draws each backend's
 * day from it, with the same hash that seeds a characterization's device.
 *
 * ```ts
 * uniformOfText('qpu.aria-1:20417:bad') === uniformOfText('qpu.aria-1:20417:bad'); // true
 * ```
 */
export { uniformOfText } from './simulator/engine/random.js';
/**
 * Rewrites a program the service refuses into one it accepts, proven to mean
 * the same: refused and standard-library gates (`u3`, `cp`, `ccx`, `cswap`,
 * `rzz`, ...) and modifiers (`inv @`, `pow(k) @`, `negctrl @`, stacked) in
 * accepted gates, `for` loops over constant ranges unrolled, `def`
 * subroutines inlined, `input` values bound from `options.inputs`, constants
 * folded, whole-register and destination-less measurements, ranges, `++` and
 * scalar registers written out. Returns `{ ok, source, applied, diagnostics,
 * failure, equivalent }`: `ok`/`diagnostics`/`failure` are `validate`'s
 * verdict on the fixed `source`, `applied` lists each rewrite at its place in
 * the original, and `equivalent` is the equivalence checker's verdict against
 * the original (`'unchecked'` where the original cannot be simulated; each
 * gate rewrite is then still proven on its own). What cannot be fixed without
 * changing the program stays as written, with its diagnostic. Never throws.
 *
 * ```ts
 * fix('qubit[2] q;\ncp(pi/2) q[0], q[1];').source;
 * // 'qubit[2] q;\nctrl @ rz(pi/2) q[0], q[1];\nrz(pi/4) q[0];'
 * ```
 */
export { fix } from './api/fix/index.js';
export type { FixOptions, FixResult, AppliedFix } from './api/fix/index.js';
/**
 * The per-job limits of `svc.circuit.v0` JSON input (service-api.md "Limits"):
 * at most 5,000 circuits and 150,000 gates in one job. {@link validateCircuitJson}
 * enforces them; a service can check array lengths with them before reading items.
 */
export const circuitJsonLimits: { readonly maxCircuitsPerJob: number; readonly maxGatesPerJob: number } = Object.freeze(
  { maxCircuitsPerJob: LIMITS.maxCircuitsPerJob, maxGatesPerJob: LIMITS.maxGatesPerJob },
);
