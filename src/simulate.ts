/**
 * `simulate`: OpenQASM 3 text, svc.circuit.v0 JSON or circuit IR in, the
 * service's result artifacts out. Inputs go through loadCircuits (so they are
 * validated exactly as the service would), then the statevector simulator.
 */
import { isDiagnostic, OPTION_SPAN, resolveTarget } from './capabilities/target.js';
import {
  createDiagnostic,
  notEnoughQubits,
  qubitOutOfRange,
  bitOutOfRange,
  shotsOutOfRange,
  unknownNoiseModel,
  type Diagnostic,
  type Failure,
} from './diagnostics/index.js';
import type { CircuitJson } from './ir/circuit-json.js';
import type { IrCircuit } from './ir/types.js';
import { checkOptions, SEED_OPTION, TARGET_OPTION, type OptionRules } from './diagnostics/options.js';
import { loadCircuits } from './load.js';
import { defaultMemoryBudget, SimulationLimitError } from './simulator/memory.js';
import { sharedWorkerPool } from './simulator/parallel.js';
import { randomSeed } from './simulator/random.js';
import { runCircuit, type RunOutput } from './simulator/run.js';
import { LIMITS, NOISE_MODELS, NOISE_MODELS_BY_NAME, type NoiseModel, type Target } from './tables/index.js';

export interface SimulateOptions {
  /** Backend name or Target; `simulator` by default. Its qubit count bounds the program (unless a noise model is given). */
  readonly target?: string | Target;
  /** Sample this many shots (1..1,000,000): adds the histogram and shots artifacts. */
  readonly shots?: number;
  /** Seed of the sampler; the same seed gives the same shots. Random when absent (see `seed` in the result). */
  readonly seed?: number;
  /** A noise model (`harmony`, `aria-1`, `aria-2`, `forte-1`, `forte-enterprise-1`); its seed overrides `seed`. */
  readonly noise?: { readonly model: string; readonly seed?: number };
  /** Bytes the simulator may hold in states (default: half of the machine's memory). */
  readonly memoryBudgetBytes?: number;
  /** Most measurement branches held at once (default 1024). */
  readonly maxBranches?: number;
  /**
   * Split passes over large states (20 qubits and more) across worker threads
   * once they are ready (`await prepareWorkers()` first). Off by default: on a
   * machine whose cores are busy it is slower (docs/simulator.md).
   */
  readonly parallel?: boolean;
}

export interface SimulateResult {
  readonly ok: boolean;
  readonly diagnostics: Diagnostic[];
  readonly failure: Failure | null;
  /**
   * Format id -> payload: `svc.result.probabilities.json.v2`, `svc.result.probabilities.json.v1`
   * (the v0.3 form), and with shots `svc.result.histogram.json.v2` and `svc.result.shots.json.v2`.
   * For a multicircuit input each payload is keyed by circuit name.
   */
  readonly results: Record<string, unknown>;
  /** The seed the sampler used. */
  readonly seed: number;
}

export type SimulateInput = string | CircuitJson | IrCircuit | readonly IrCircuit[];

export const DEFAULT_MAX_BRANCHES = 1024;

/** What {@link simulate} accepts in its options: anything else is a diagnostic naming the option. */
const SIMULATE_OPTIONS: OptionRules = {
  target: TARGET_OPTION,
  shots: { kind: 'integer', min: LIMITS.minShots, max: LIMITS.maxShots },
  seed: SEED_OPTION,
  noise: { kind: 'object', members: { model: { kind: 'string' }, seed: SEED_OPTION } },
  memoryBudgetBytes: { kind: 'number', min: 0, max: Number.MAX_SAFE_INTEGER },
  maxBranches: { kind: 'integer', min: 1, max: 1 << 30 },
  parallel: { kind: 'boolean' },
};

/** Whether `input` is circuit IR rather than text or JSON. */
export function isIrInput(input: unknown): input is IrCircuit | readonly IrCircuit[] {
  try {
    const first = Array.isArray(input) ? input[0] : input;
    return typeof first === 'object' && first !== null && Array.isArray((first as IrCircuit).ops);
  } catch {
    // A throwing getter or Proxy is not IR: the JSON checks name what could not be read.
    return false;
  }
}

function failed(diagnostics: Diagnostic[], seed: number): SimulateResult {
  const first = diagnostics.find((d) => d.severity === 'error') ?? diagnostics[0];
  return { ok: false, diagnostics, failure: first ? { code: first.code, message: first.message } : null, results: {}, seed };
}

const optionProblem = (rule: string, reason: string, code: Diagnostic['code'] = 'InvalidInput') =>
  createDiagnostic({ code, rule, reason, span: OPTION_SPAN });

/** The target a noisy run validates against: the simulator with the modelled QPU's qubits and native family. */
function noisyTarget(model: NoiseModel, base: Target): Target {
  const modelled = resolveTarget(model.target);
  const family = isDiagnostic(modelled) ? base.twoQubitNative : modelled.twoQubitNative;
  return { ...base, name: `${base.name} (noise model ${model.name})`, qubits: model.qubits, twoQubitNative: family };
}

/**
 * Simulates a program and returns the service's result artifacts. Never
 * throws: invalid input, options or limits (qubits, memory budget, branches)
 * come back as diagnostics with `ok: false`.
 */
export function simulate(input: SimulateInput, options: SimulateOptions = {}): SimulateResult {
  const checked = checkOptions<SimulateOptions>(options, SIMULATE_OPTIONS, 'simulate');
  const seed = checked.options.noise?.seed ?? checked.options.seed ?? randomSeed();
  if (checked.problems.length > 0) return failed(checked.problems, seed);
  try {
    return simulateChecked(input, options ?? {}, seed);
  } catch (error) {
    if (error instanceof SimulationLimitError) return failed([optionProblem(error.rule, error.reason, 'SimulationLimit')], seed);
    const reason = `Internal simulator error: ${error instanceof Error ? error.message : String(error)}`;
    return failed([optionProblem('simulator-internal-error', reason, 'SimulationLimit')], seed);
  }
}

function simulateChecked(input: SimulateInput, options: SimulateOptions, seed: number): SimulateResult {
  const resolved = resolveTarget(options.target);
  if (isDiagnostic(resolved)) return failed([resolved], seed);
  const shots = options.shots;
  if (shots !== undefined && (!Number.isInteger(shots) || shots < LIMITS.minShots || shots > LIMITS.maxShots)) {
    return failed([optionProblem('simulator-shots', shotsOutOfRange(shots, LIMITS.minShots, LIMITS.maxShots))], seed);
  }
  let noise: NoiseModel | undefined;
  if (options.noise) {
    noise = NOISE_MODELS_BY_NAME.get(options.noise.model);
    if (!noise) return failed([optionProblem('unknown-noise-model', unknownNoiseModel(String(options.noise.model), NOISE_MODELS.map((m) => m.name)))], seed);
  }
  const target = noise ? noisyTarget(noise, resolved) : resolved;
  let circuits: readonly IrCircuit[];
  const warnings: Diagnostic[] = [];
  if (isIrInput(input)) {
    circuits = Array.isArray(input) ? input : [input as IrCircuit];
    const problems = circuits.flatMap((c) => circuitProblems(c, target, noise));
    if (problems.length) return failed(problems, seed);
  } else {
    const loaded = loadCircuits(input, { target });
    if (!loaded.ok) return failed(loaded.diagnostics, seed);
    warnings.push(...loaded.diagnostics);
    circuits = loaded.circuits;
    const problems = circuits.flatMap((c) => circuitProblems(c, target, noise));
    if (problems.length) return failed(problems, seed);
  }
  const parallel = options.parallel === true ? sharedWorkerPool() : null;
  const runOptions = {
    ...(shots !== undefined ? { shots } : {}),
    seed,
    ...(noise ? { noise } : {}),
    memoryBudgetBytes: options.memoryBudgetBytes ?? defaultMemoryBudget(),
    maxBranches: options.maxBranches ?? DEFAULT_MAX_BRANCHES,
    ...(parallel ? { parallel } : {}),
  };
  const outputs = circuits.map((c) => runCircuit(c, runOptions));
  return { ok: true, diagnostics: warnings, failure: null, results: mergeOutputs(circuits, outputs), seed };
}

/** Qubit limit (the target's, or the modelled QPU's) and operand ranges, for IR given directly. */
function circuitProblems(circuit: IrCircuit, target: Target, noise: NoiseModel | undefined): Diagnostic[] {
  if (circuit.qubits > target.qubits) {
    return [optionProblem('not-enough-qubits', notEnoughQubits(circuit.qubits, target.name, target.qubits), 'NotEnoughQubits')];
  }
  for (const op of circuit.ops) {
    const qubits = op.kind === 'gate' ? [...op.targets, ...op.controls] : op.kind === 'native' ? op.targets : op.kind === 'barrier' ? [] : [op.qubit];
    const bad = qubits.find((q) => !Number.isInteger(q) || q < 0 || q >= circuit.qubits);
    if (bad !== undefined) return [optionProblem('qubit-out-of-range', qubitOutOfRange(bad, circuit.qubits))];
    if (op.kind === 'measure' && !(Number.isInteger(op.bit) && op.bit >= 0 && op.bit < circuit.clbits)) {
      return [optionProblem('bit-out-of-range', bitOutOfRange(op.bit, circuit.clbits))];
    }
  }
  return [];
}

/** One circuit: its payloads as they are; several: each payload keyed by circuit name. */
function mergeOutputs(circuits: readonly IrCircuit[], outputs: readonly RunOutput[]): Record<string, unknown> {
  if (outputs.length === 1) return outputs[0] as RunOutput;
  const merged: Record<string, Record<string, unknown>> = {};
  outputs.forEach((output, i) => {
    const name = circuits[i]?.name ?? String(i);
    for (const [format, payload] of Object.entries(output)) (merged[format] ??= {})[name] = payload;
  });
  return merged;
}
