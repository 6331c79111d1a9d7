/**
 * `simulate`: OpenQASM 3 text, svc.circuit.v0 JSON or circuit IR in, the
 * service's result artifacts out. Inputs go through loadCircuits (so they are
 * validated exactly as the service would), then the statevector simulator.
 */
import { isDiagnostic, OPTION_SPAN, resolveTarget } from '../capabilities/target.js';
import {
  createDiagnostic,
  notEnoughQubits,
  qubitOutOfRange,
  bitOutOfRange,
  shotsOutOfRange,
  tooManyClassicalBits,
  unknownNoiseModel,
  type Diagnostic,
  type Failure,
} from '../diagnostics/index.js';
import type { CircuitJson } from '../ir/circuit-json.js';
import type { IrCircuit } from '../ir/types.js';
import { checkOptions, SEED_OPTION, TARGET_OPTION, type OptionRule, type OptionRules } from '../diagnostics/options.js';
import { isLoadedProgram, loadCircuits, type LoadedProgram } from './load.js';
import { unreadableInput } from './internal-error.js';
import { probabilitiesOmitted, reportOf, type LimitReport } from '../simulator/engine/limit-messages.js';
import { defaultMemoryBudget, SimulationLimitError } from '../simulator/engine/memory.js';
import { sharedWorkerPool, splittingPays, type WorkerPool } from '../simulator/engine/parallel.js';
import { randomSeed } from '../simulator/engine/random.js';
import { GateProgress, type SimulationProgress } from '../simulator/engine/progress.js';
import { lazyResults, perCircuitSource, textSource, type ArtifactSource } from '../simulator/results/sources.js';
import {
  ARTIFACT_FORMATS,
  DEFAULT_NOISY_SHOTS,
  runCircuitArtifacts,
  type ArtifactName,
  type CircuitRun,
} from '../simulator/run.js';
import {
  duplicateCircuitName,
  maxProbabilityEntriesOutOfRange,
  sampledArtifactWithoutShots,
  unknownArtifact,
} from '../simulator/option-messages.js';
import { LIMITS, NOISE_MODELS, NOISE_MODELS_BY_NAME, type Target } from '../tables/index.js';
import {
  deviceFromCharacterization,
  isCharacterizationProblem,
  MAX_CHARACTERIZATION_QUBITS,
  type CharacterizationInput,
} from '../simulator/noise/characterization.js';
import { defaultVariantCount, type DebiasedRun } from '../simulator/noise/debias.js';
import { uniformDevice, type DeviceNoise } from '../simulator/noise/device.js';
import {
  countsJson,
  probabilitiesFromHistogram,
  RESULT_FORMATS,
  shotsArtifact,
  type HistogramArtifact,
  type ProbabilitiesArtifact,
  type TextStretch,
} from '../simulator/results/artifacts.js';

export interface SimulateOptions {
  /** Backend name or Target; `simulator` by default. Its qubit count bounds the program (unless a noise model is given). */
  readonly target?: string | Target;
  /**
   * Sample this many shots (1..1,000,000). Without `artifacts`, the result then holds the histogram and shots
   * only: name `probabilities` or `v0.3` in `artifacts` to get the exact distribution as well.
   */
  readonly shots?: number;
  /** Seed of the sampler; the same seed gives the same shots. Random when absent (see `seed` in the result). */
  readonly seed?: number;
  /**
   * Noise: a model (`harmony`, `aria-1`, `aria-2`, `forte-1`,
   * `forte-enterprise-1`: every qubit alike) or a `characterization`, a
   * record as GET .../characterizations/<id> answers it in either version's
   * shape (that day's device: per-qubit readout, gate errors and
   * over-rotations around the record's medians; docs/simulator.md). Its seed
   * overrides `seed`.
   */
  readonly noise?: { readonly model?: string; readonly seed?: number; readonly characterization?: object };
  /**
   * Debias a noisy run (single circuit): split the shots among variants on
   * different physical qubits (and, for QIS gates, mirrored decompositions).
   * `true`: one variant per 100 shots, 2 to 16; or `{ variants }`. The
   * results are the averaged aggregation; `debiasing` in the result holds
   * the variants and both aggregations.
   */
  readonly debiasing?: boolean | { readonly variants?: number };
  /** Bytes the simulator may hold in states (default: half of the machine's memory). */
  readonly memoryBudgetBytes?: number;
  /** Most measurement branches held at once (default 1024). */
  readonly maxBranches?: number;
  /**
   * Split passes over large states (20 qubits and more) across worker threads
   * (one shared pool, every core). Default: on for such states while a second
   * core is idle (one-minute load average); the first wide
   * run starts the pool and it takes part once ready (`await prepareWorkers()`
   * makes it ready for the first run). `false`: stay on this thread, e.g. on
   * a machine whose cores are busy (docs/simulator.md).
   */
  readonly parallel?: boolean;
  /**
   * Artifacts to produce: `probabilities`, `v0.3` (exact), `histogram`,
   * `shots` (sampled, need `shots`). Default: with `shots`, the sampled ones
   * only; without, the exact ones; a noisy run (every artifact drawn from its
   * shots) all four. The exact distribution of a dense state is gathered only
   * when asked: on wide circuits it costs more than the run.
   */
  readonly artifacts?: readonly ArtifactName[];
  /**
   * Most entries (states above the 1e-12 cutoff, all registers together) an
   * exact distribution artifact may hold; past it the artifact is left out
   * and a `simulator-probabilities-omitted` warning says so. Default
   * 1,500,000 (under 100 MB of JSON), at most 2^24.
   */
  readonly maxProbabilityEntries?: number;
  /**
   * Called as the run applies the program's gates, synchronously, on the
   * calling thread: `gatesDone` of `gatesTotal` (every circuit's gates; a
   * noisy or debiased run counts each trajectory's and variant's share).
   * `gatesDone` never decreases and the last call of a run that succeeds
   * reports `gatesTotal`. At most about 1,000 calls per run, so a callback
   * that redraws a progress bar costs nothing measurable; a callback that
   * throws is not called again (simulate still never throws). Fused passes
   * count their share of the gates they hold, so the figure is the share of
   * the work done rather than an exact gate index.
   *
   * @example
   * ```ts
   * simulate(program, { onProgress: ({ gatesDone, gatesTotal }) => bar.update(gatesDone / gatesTotal) });
   * ```
   */
  readonly onProgress?: (progress: SimulationProgress) => void;
}

export interface SimulateResult {
  readonly ok: boolean;
  readonly diagnostics: Diagnostic[];
  readonly failure: Failure | null;
  /**
   * Format id -> payload: without shots `svc.result.probabilities.json.v2` and `svc.result.probabilities.json.v1`
   * (the v0.3 form); with shots `svc.result.histogram.json.v2` and `svc.result.shots.json.v2` (a noisy run gives
   * all four); or the ones named in `artifacts`.
   * For a multicircuit input each payload is keyed by circuit name (a record
   * without prototype). Each artifact is built when first read; to save or
   * send a large one without building it, use {@link writeArtifact}.
   */
  readonly results: Record<string, unknown>;
  /** The seed the sampler used. */
  readonly seed: number;
  /** A debiased run's variants and aggregations (absent unless `debiasing` was asked for and the run succeeded). */
  readonly debiasing?: DebiasingResult;
}

/** One variant of a debiased run. */
export interface DebiasingVariant {
  /** Physical qubit of each program qubit. */
  readonly qubitMap: readonly number[];
  readonly shots: number;
  /** Its own artifacts: probabilities, histogram and shots (format id -> payload). */
  readonly results: Record<string, unknown>;
  /**
   * Where this variant's shots lie in the text of the run's shots artifact
   * (`artifactText(result.results, 'svc.result.shots.json.v2')`): its own
   * shots artifact's text is `shotsTextOfStretch(thatText, stretch)`, without
   * writing or copying its rows again. Null when the run's text does not hold
   * them as a stretch (register names that reorder a row's object).
   */
  shotsStretch(): TextStretch | null;
}

export interface DebiasingResult {
  readonly variants: readonly DebiasingVariant[];
  /** Aggregated histograms: `average` (summed counts, the run's `results`) and `voting` (each variant's most frequent outcome, with its shots). */
  readonly aggregations: { readonly average: HistogramArtifact; readonly voting: HistogramArtifact };
}

/** What simulate and checkEquivalence take: text, JSON, circuit IR, or a program from `load`. */
export type SimulateInput = string | CircuitJson | IrCircuit | readonly IrCircuit[] | LoadedProgram;

export const DEFAULT_MAX_BRANCHES = 1024;

const FIDELITY: OptionRule = {
  kind: 'object',
  members: { median: { kind: 'number', min: 0, max: 1 }, mean: { kind: 'number', min: 0, max: 1 } },
};

/** The fields of a characterization record that are read (the rest, such as date and timing, are not). */
const CHARACTERIZATION_FIELDS: Readonly<Record<string, OptionRule>> = {
  id: { kind: 'string' },
  backend: { kind: 'string' },
  qubits: { kind: 'integer', min: 1, max: MAX_CHARACTERIZATION_QUBITS },
  fidelity: { kind: 'object', members: { spam: FIDELITY, '1q': FIDELITY, '2q': FIDELITY } },
};

/** What {@link simulate} accepts in its options: anything else is a diagnostic naming the option. */
const SIMULATE_OPTIONS: OptionRules = {
  target: TARGET_OPTION,
  shots: { kind: 'integer', min: LIMITS.minShots, max: LIMITS.maxShots },
  seed: SEED_OPTION,
  noise: {
    kind: 'object',
    members: {
      model: { kind: 'string' },
      seed: SEED_OPTION,
      characterization: { kind: 'object', members: CHARACTERIZATION_FIELDS },
    },
  },
  memoryBudgetBytes: { kind: 'number', min: 0, max: Number.MAX_SAFE_INTEGER },
  maxBranches: { kind: 'integer', min: 1, max: 1 << 30 },
  parallel: { kind: 'boolean' },
  onProgress: { kind: 'function' },
};

/** Whether `input` is circuit IR rather than text or JSON. */
export function isIrInput(input: unknown): input is IrCircuit | readonly IrCircuit[] {
  try {
    const first: unknown = Array.isArray(input) ? input[0] : input;
    return typeof first === 'object' && first !== null && Array.isArray((first as IrCircuit).ops);
  } catch {
    // A throwing getter or Proxy is not IR: the JSON checks name what could not be read.
    return false;
  }
}

function failed(diagnostics: Diagnostic[], seed: number): SimulateResult {
  const first = diagnostics.find((d) => d.severity === 'error') ?? diagnostics[0];
  return {
    ok: false,
    diagnostics,
    failure: first ? { code: first.code, message: first.message } : null,
    results: {},
    seed,
  };
}

const optionProblem = (rule: string, reason: string, code: Diagnostic['code'] = 'InvalidInput') =>
  createDiagnostic({ code, rule, reason, span: OPTION_SPAN });

/** The target a noisy run validates against: the simulator with the device's qubits and native family. */
function noisyTarget(device: DeviceNoise, base: Target): Target {
  return {
    ...base,
    name: `${base.name} (noise model ${device.name})`,
    qubits: device.qubits,
    twoQubitNative: device.entangler,
  };
}

/** The device a noisy run runs on: a characterization's day, or a named model; else a diagnostic. */
function noiseDevice(noise: NonNullable<SimulateOptions['noise']>): DeviceNoise | Diagnostic {
  if (noise.characterization) {
    const device = deviceFromCharacterization(noise.characterization);
    if (isCharacterizationProblem(device)) return optionProblem('invalid-characterization', device.reason);
    const named = noise.model === undefined ? undefined : NOISE_MODELS_BY_NAME.get(noise.model);
    const backend = (noise.characterization as CharacterizationInput).backend;
    if (noise.model !== undefined && backend !== undefined && named?.target !== backend)
      return optionProblem(
        'invalid-characterization',
        `noise.model ${noise.model} does not model ${backend}, the backend of noise.characterization`,
      );
    return device;
  }
  const model = NOISE_MODELS_BY_NAME.get(noise.model ?? '');
  if (model) return uniformDevice(model);
  return optionProblem(
    'unknown-noise-model',
    unknownNoiseModel(
      String(noise.model),
      NOISE_MODELS.map((m) => m.name),
    ),
  );
}

/**
 * Simulates a program and returns the service's result artifacts. A program
 * from `load` is not read again: with a noise model only the capability
 * checks run again, for the modelled QPU's qubits. Never
 * throws: invalid input, options or limits (qubits, memory budget, branches)
 * come back as diagnostics with `ok: false`.
 */
export function simulate(input: SimulateInput, options: SimulateOptions = {}): SimulateResult {
  const checked = checkOptions<SimulateOptions>(options, SIMULATE_OPTIONS, 'simulate');
  const seed = checked.options.noise?.seed ?? checked.options.seed ?? randomSeed();
  if (checked.problems.length > 0) return failed(checked.problems, seed);
  const unreadable = unreadableInput(input);
  if (unreadable !== null) return failed([optionProblem('invalid-input', `simulate: ${unreadable}`)], seed);
  try {
    // The noise option as checked: a characterization is read through its typed copy, never twice.
    const { noise, onProgress } = checked.options;
    return simulateChecked(input, { ...(options ?? {}), noise, onProgress }, seed);
  } catch (error) {
    return failed([limitDiagnostic(reportOf(error, null))], seed);
  }
}

const limitDiagnostic = (report: LimitReport, severity: 'error' | 'warning' = 'error') =>
  createDiagnostic({
    code: 'SimulationLimit',
    rule: report.rule,
    reason: report.reason,
    hint: report.hint,
    severity,
    span: OPTION_SPAN,
  });

/** The artifacts option and maxProbabilityEntries: a diagnostic naming the option, or the set to produce. */
function artifactChoice(
  options: SimulateOptions,
  sampled: boolean,
): Diagnostic | ReadonlySet<ArtifactName> | undefined {
  const max = options.maxProbabilityEntries;
  if (max !== undefined && !(Number.isInteger(max) && max >= 0 && max <= LIMITS.maxProbabilityEntriesCeiling)) {
    return optionProblem(
      'simulator-max-probability-entries',
      maxProbabilityEntriesOutOfRange(max, LIMITS.maxProbabilityEntriesCeiling),
    );
  }
  if (options.artifacts === undefined) return undefined;
  const known = Object.keys(ARTIFACT_FORMATS);
  const names = Array.isArray(options.artifacts) ? (options.artifacts as unknown[]) : null;
  const unknown = names === null ? options.artifacts : names.find((n) => typeof n !== 'string' || !known.includes(n));
  if (names === null || unknown !== undefined)
    return optionProblem('simulator-artifacts', unknownArtifact(unknown, known));
  const wanted = new Set(names as ArtifactName[]);
  if (!sampled && (wanted.has('histogram') || wanted.has('shots')))
    return optionProblem('simulator-artifacts', sampledArtifactWithoutShots());
  return wanted;
}

function simulateChecked(input: SimulateInput, options: SimulateOptions, seed: number): SimulateResult {
  // A loaded program runs on its own target unless the options name another.
  const resolved =
    isLoadedProgram(input) && options.target === undefined ? input.target : resolveTarget(options.target);
  if (isDiagnostic(resolved)) return failed([resolved], seed);
  const shots = options.shots;
  if (shots !== undefined && (!Number.isInteger(shots) || shots < LIMITS.minShots || shots > LIMITS.maxShots)) {
    return failed([optionProblem('simulator-shots', shotsOutOfRange(shots, LIMITS.minShots, LIMITS.maxShots))], seed);
  }
  let noise: DeviceNoise | undefined;
  if (options.noise) {
    const device = noiseDevice(options.noise);
    if (!('qubits' in device)) return failed([device], seed);
    noise = device;
  }
  const variants = debiasVariants(options, noise, shots ?? DEFAULT_NOISY_SHOTS);
  if (typeof variants === 'object') return failed([variants], seed);
  const artifacts = artifactChoice(options, shots !== undefined || noise !== undefined);
  if (artifacts !== undefined && !(artifacts instanceof Set)) return failed([artifacts as Diagnostic], seed);
  const target = noise ? noisyTarget(noise, resolved) : resolved;
  let circuits: readonly IrCircuit[];
  const warnings: Diagnostic[] = [];
  if (isIrInput(input)) {
    circuits = Array.isArray(input) ? input : [input as IrCircuit];
    const repeated = repeatedName(circuits);
    if (repeated) return failed([repeated], seed);
    const problems = circuits.flatMap((c) => circuitProblems(c, target));
    if (problems.length) return failed(problems, seed);
  } else {
    const loaded = loadCircuits(input, { target });
    if (!loaded.ok) return failed(loaded.diagnostics, seed);
    warnings.push(...loaded.diagnostics);
    circuits = loaded.circuits;
    const problems = circuits.flatMap((c) => circuitProblems(c, target));
    if (problems.length) return failed(problems, seed);
  }
  if (variants !== undefined && circuits.length > 1)
    return failed([optionProblem('debiasing', 'debiasing runs one circuit at a time; this input has several')], seed);
  const parallel = workerPoolFor(options.parallel, circuits);
  const progress = options.onProgress ? new GateProgress(countGates(circuits), options.onProgress) : undefined;
  const runOptions = {
    ...(shots !== undefined ? { shots } : {}),
    seed,
    ...(noise ? { noise: { device: noise } } : {}),
    ...(variants !== undefined ? { debiasVariants: variants } : {}),
    memoryBudgetBytes: options.memoryBudgetBytes ?? defaultMemoryBudget(),
    maxBranches: options.maxBranches ?? DEFAULT_MAX_BRANCHES,
    ...(parallel ? { parallel } : {}),
    ...(artifacts ? { artifacts } : {}),
    ...(options.maxProbabilityEntries !== undefined ? { maxProbabilityEntries: options.maxProbabilityEntries } : {}),
    ...(progress ? { progress } : {}),
  };
  const runs = circuits.map((c) => {
    try {
      return runCircuitArtifacts(c, runOptions);
    } catch (error) {
      const report = reportOf(error, c.qubits);
      throw new SimulationLimitError(report.rule, report.reason, report.hint);
    }
  });
  progress?.finish();
  const multi = circuits.length > 1;
  runs.forEach((run, i) => {
    if (run.omitted)
      warnings.push(
        limitDiagnostic(
          probabilitiesOmitted(run.omitted.formats, run.omitted.limit, multi ? circuitName(circuits, i) : null),
          'warning',
        ),
      );
  });
  const debiased = runs[0]?.debiased;
  return {
    ok: true,
    diagnostics: warnings,
    failure: null,
    results: mergeRuns(circuits, runs),
    seed,
    ...(debiased ? { debiasing: debiasingResult(circuits[0] as IrCircuit, debiased) } : {}),
  };
}

/**
 * The worker pool a run may split its passes over: asked for (`parallel: true`), or by default once a circuit is
 * wide enough and a second core idle, where two threads pay (splittingPays). The default starts the one
 * shared pool on the first wide circuit; it takes part from the run after its workers are ready (this call is
 * synchronous), or at once after `await prepareWorkers()`. `parallel: false` keeps every run on this thread.
 */
function workerPoolFor(asked: boolean | undefined, circuits: readonly IrCircuit[]): WorkerPool | null {
  if (asked === false) return null;
  if (asked === true) return sharedWorkerPool();
  return circuits.some((c) => splittingPays(c.qubits)) ? sharedWorkerPool() : null;
}

/** How many variants a debiased run takes (undefined: not debiased), or a diagnostic. */
function debiasVariants(
  options: SimulateOptions,
  noise: DeviceNoise | undefined,
  shots: number,
): number | Diagnostic | undefined {
  const asked = options.debiasing;
  if (asked === undefined || asked === false) return undefined;
  const variants = typeof asked === 'object' && asked !== null ? asked.variants : undefined;
  if (asked !== true && (typeof asked !== 'object' || asked === null))
    return optionProblem(
      'debiasing',
      `Option debiasing of simulate must be true, false or { variants }, not ${typeof asked}`,
    );
  if (!noise)
    return optionProblem('debiasing', 'debiasing needs a noisy run: give noise (a model or a characterization)');
  if (variants === undefined) return defaultVariantCount(shots);
  if (!(Number.isInteger(variants) && variants >= 1 && variants <= shots))
    return optionProblem('debiasing', `debiasing.variants must be an integer from 1 to the shots (${shots})`);
  return variants;
}

function debiasingResult(circuit: IrCircuit, run: DebiasedRun): DebiasingResult {
  return {
    // Each variant's artifacts are built when read: the service stores them, a caller after the aggregations need
    // not. Their text (what the service stores) is written from the counts and the run's shot rows.
    variants: run.variants.map((variant) => {
      const probabilities = (): ProbabilitiesArtifact => probabilitiesFromHistogram(variant.histogram, variant.shots);
      return {
        qubitMap: variant.qubitMap,
        shots: variant.shots,
        shotsStretch: variant.shotsStretch,
        results: lazyResults(
          new Map([
            [
              RESULT_FORMATS.probabilities,
              textSource(
                probabilities,
                () => countsJson(variant.counts, variant.shots) ?? JSON.stringify(probabilities()),
              ),
            ],
            [
              RESULT_FORMATS.histogram,
              textSource(
                () => variant.histogram,
                () => countsJson(variant.counts) ?? JSON.stringify(variant.histogram),
              ),
            ],
            [RESULT_FORMATS.shots, textSource(() => shotsArtifact(circuit, variant.table), variant.shotsJson)],
          ]),
        ),
      };
    }),
    aggregations: { average: run.average, voting: run.voting },
  };
}

const circuitName = (circuits: readonly IrCircuit[], i: number) => circuits[i]?.name ?? String(i);

/** Qubit limit (the target's, or the modelled QPU's) and operand ranges, for IR given directly. */
function circuitProblems(circuit: IrCircuit, target: Target): Diagnostic[] {
  if (circuit.qubits > target.qubits) {
    return [
      optionProblem(
        'not-enough-qubits',
        notEnoughQubits(circuit.qubits, target.name, target.qubits),
        'NotEnoughQubits',
      ),
    ];
  }
  if (!(Number.isInteger(circuit.clbits) && circuit.clbits >= 0 && circuit.clbits <= LIMITS.maxClassicalBits)) {
    return [optionProblem('classical-bit-limit', tooManyClassicalBits(circuit.clbits, LIMITS.maxClassicalBits))];
  }
  for (const op of circuit.ops) {
    const qubits =
      op.kind === 'gate'
        ? [...op.targets, ...op.controls]
        : op.kind === 'native'
          ? op.targets
          : op.kind === 'barrier'
            ? []
            : [op.qubit];
    const bad = qubits.find((q) => !Number.isInteger(q) || q < 0 || q >= circuit.qubits);
    if (bad !== undefined) return [optionProblem('qubit-out-of-range', qubitOutOfRange(bad, circuit.qubits))];
    if (op.kind === 'measure' && !(Number.isInteger(op.bit) && op.bit >= 0 && op.bit < circuit.clbits)) {
      return [optionProblem('bit-out-of-range', bitOutOfRange(op.bit, circuit.clbits))];
    }
  }
  return [];
}

/** One circuit: its artifacts as they are; several: each artifact keyed by circuit name. Built on first read. */
function mergeRuns(circuits: readonly IrCircuit[], runs: readonly CircuitRun[]): Record<string, unknown> {
  if (runs.length === 1) return lazyResults((runs[0] as CircuitRun).sources);
  const byFormat = new Map<string, [string, ArtifactSource][]>();
  runs.forEach((run, i) => {
    for (const [format, source] of run.sources) {
      const list = byFormat.get(format) ?? [];
      list.push([circuitName(circuits, i), source]);
      byFormat.set(format, list);
    }
  });
  return lazyResults(new Map([...byFormat].map(([format, list]) => [format, perCircuitSource(list)])));
}

/** The gates a run applies: what progress counts (measurements, resets and barriers are not gates). */
function countGates(circuits: readonly IrCircuit[]): number {
  let gates = 0;
  for (const c of circuits) for (const op of c.ops) if (op.kind === 'gate' || op.kind === 'native') gates++;
  return gates;
}

/** Circuits given as IR share one result record: a repeated name would hide a circuit. */
function repeatedName(circuits: readonly IrCircuit[]): Diagnostic | null {
  if (circuits.length < 2) return null;
  const seen = new Set<string>();
  for (let i = 0; i < circuits.length; i++) {
    const name = circuitName(circuits, i);
    if (seen.has(name)) return optionProblem('duplicate-circuit-name', duplicateCircuitName(name));
    seen.add(name);
  }
  return null;
}
