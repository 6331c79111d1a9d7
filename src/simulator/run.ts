/**
 * One circuit from IR to result artifacts: the exact run (or noisy
 * trajectories), then the artifacts that were asked for. Histogram and shots
 * are sampled straight from the state; the exact distributions are gathered
 * only when asked, and left out past `maxProbabilityEntries`.
 */
import type { IrCircuit } from '../ir/types.js';
import { LIMITS } from '../tables/index.js';
import {
  histogramArtifact,
  probabilitiesFromHistogram,
  RESULT_FORMATS,
  shotsArtifact,
  v03FromProbabilities,
} from './results/artifacts.js';
import { DEFAULT_BLOCK_QUBITS, DEFAULT_CHUNK_QUBITS, type ParallelRunner } from './engine/evolve.js';
import { executeCircuit, type Branch, type ExecuteOptions } from './engine/execute.js';
import { checkShotBits } from './engine/limit-messages.js';
import { MemoryGuard } from './engine/memory.js';
import { runDebiased, type DebiasedRun } from './noise/debias.js';
import { sampleNoisyShots, type NoisyRun } from './noise/trajectories.js';
import { exactDistribution, sampleShots } from './results/outcomes.js';
import {
  decimalTable,
  denseOutputAll,
  probabilitiesSource,
  registerTables,
  v03Source,
} from './results/probability-tables.js';
import { SeededRandom } from './engine/random.js';
import type { ProgressSink } from './engine/progress.js';
import { lazyResults, plainSource, shotsSource, textSource, type ArtifactSource } from './results/sources.js';

/** Artifact names (the CLI's `--format` values) -> result format ids. */
export const ARTIFACT_FORMATS = Object.freeze({
  probabilities: RESULT_FORMATS.probabilities,
  histogram: RESULT_FORMATS.histogram,
  shots: RESULT_FORMATS.shots,
  'v0.3': RESULT_FORMATS.v03,
} as const);

export type ArtifactName = keyof typeof ARTIFACT_FORMATS;

export interface RunOptions {
  readonly shots?: number;
  readonly seed: number;
  /** A noisy run: the device (a uniform model, or one day's characterization) and where the program sits on it. */
  readonly noise?: NoisyRun;
  /** Debias a noisy run: split its shots among this many variants. */
  readonly debiasVariants?: number;
  readonly memoryBudgetBytes: number;
  readonly maxBranches: number;
  readonly parallel?: ParallelRunner;
  /**
   * Artifacts to produce. Default: with shots, histogram and shots only (the exact distribution of a dense state
   * costs more than the run itself on wide circuits, so it is built only when named); without shots, probabilities
   * and v0.3. A noisy run samples every artifact from its shots, so it gives all four.
   */
  readonly artifacts?: ReadonlySet<ArtifactName>;
  /** Most entries of an exact distribution artifact (default LIMITS.maxProbabilityEntries). */
  readonly maxProbabilityEntries?: number;
  /** Told of the circuit's gates as they are applied (one unit per gate over the whole run). */
  readonly progress?: ProgressSink;
}

/** Format id -> payload. */
export type RunOutput = Record<string, unknown>;

/** An exact distribution artifact that was left out: it would hold more than `limit` entries. */
export interface Omission {
  readonly formats: readonly string[];
  readonly limit: number;
}

export interface CircuitRun {
  readonly sources: Map<string, ArtifactSource>;
  readonly omitted: Omission | null;
  /** The variants and aggregations of a debiased run. */
  readonly debiased?: DebiasedRun;
}

/** Shots a noisy simulation takes when none are given. */
export const DEFAULT_NOISY_SHOTS = 1000;

export function executeOptions(
  options: Pick<RunOptions, 'memoryBudgetBytes' | 'maxBranches' | 'parallel' | 'progress'>,
): ExecuteOptions {
  return {
    sparse: 'auto',
    fuse: true,
    blockQubits: DEFAULT_BLOCK_QUBITS,
    chunkQubits: DEFAULT_CHUNK_QUBITS,
    memory: new MemoryGuard(options.memoryBudgetBytes),
    maxBranches: options.maxBranches,
    ...(options.parallel ? { parallel: options.parallel } : {}),
    ...(options.progress ? { progress: options.progress } : {}),
  };
}

/** The artifacts produced when none are named (see {@link RunOptions.artifacts}). */
export function defaultArtifacts(kind: 'exact' | 'sampled' | 'noisy'): ReadonlySet<ArtifactName> {
  return new Set<ArtifactName>(DEFAULT_ARTIFACTS[kind]);
}

const DEFAULT_ARTIFACTS: Readonly<Record<'exact' | 'sampled' | 'noisy', readonly ArtifactName[]>> = {
  exact: ['probabilities', 'v0.3'],
  sampled: ['histogram', 'shots'],
  noisy: ['probabilities', 'v0.3', 'histogram', 'shots'],
};

/** Simulates one circuit; throws SimulationLimitError past the memory or branch bound. */
export function runCircuitArtifacts(circuit: IrCircuit, options: RunOptions): CircuitRun {
  const random = new SeededRandom(options.seed);
  const wanted =
    options.artifacts ??
    defaultArtifacts(options.noise !== undefined ? 'noisy' : options.shots !== undefined ? 'sampled' : 'exact');
  const sources = new Map<string, ArtifactSource>();
  const add = (name: ArtifactName, source: () => ArtifactSource) => {
    if (wanted.has(name)) sources.set(ARTIFACT_FORMATS[name], source());
  };
  if (options.noise) {
    const shots = options.shots ?? DEFAULT_NOISY_SHOTS;
    checkShotBits(shots, circuit.qubits, circuit.clbits);
    const debiased =
      options.debiasVariants !== undefined
        ? runDebiased(
            circuit,
            options.noise.device,
            shots,
            options.debiasVariants,
            options.seed,
            executeOptions(options),
          )
        : undefined;
    const table = debiased?.table ?? sampleNoisyShots(circuit, options.noise, shots, random, executeOptions(options));
    // Debiased results are the average aggregation: the summed counts of every variant.
    const histogram = debiased?.average ?? histogramArtifact(circuit, table);
    const probabilities = probabilitiesFromHistogram(histogram, shots);
    add('probabilities', () => plainSource(probabilities));
    add('histogram', () => plainSource(histogram));
    add('shots', () =>
      debiased ? textSource(() => shotsArtifact(circuit, table), debiased.shotsJson) : shotsSource(circuit, table),
    );
    add('v0.3', () => plainSource(v03FromProbabilities(probabilities)));
    return { sources, omitted: null, ...(debiased ? { debiased } : {}) };
  }
  const sampled = options.shots !== undefined && (wanted.has('histogram') || wanted.has('shots'));
  if (sampled) checkShotBits(options.shots, circuit.qubits, circuit.clbits);
  const execution = executeCircuit(circuit, executeOptions(options));
  if (sampled) {
    const table = sampleShots(execution, options.shots, random);
    add('histogram', () => plainSource(histogramArtifact(circuit, table)));
    add('shots', () => shotsSource(circuit, table));
  }
  const exact = (['probabilities', 'v0.3'] as const).filter((name) => wanted.has(name));
  if (exact.length === 0) return { sources, omitted: null };
  const limit = options.maxProbabilityEntries ?? LIMITS.maxProbabilityEntries;
  const omitted = { sources, omitted: { formats: exact.map((name) => ARTIFACT_FORMATS[name]), limit } };
  // One dense state (no mid-circuit branching): output_all straight from the amplitudes.
  const only = execution.branches.length === 1 ? (execution.branches[0] as Branch) : null;
  const direct =
    only?.state.kind === 'dense' ? denseOutputAll(only.state.re, only.state.im, only.probability, limit) : undefined;
  if (direct === null) return omitted;
  const registers = wanted.has('probabilities');
  const distribution = exactDistribution(execution, {
    maxEntries: limit - (direct?.size ?? 0),
    registers,
    skipOutputAll: direct !== undefined,
  });
  if (distribution === null) return omitted;
  // Sources hold the sorted tables only: the maps and the states can go once this returns.
  if (registers)
    sources.set(
      ARTIFACT_FORMATS.probabilities,
      probabilitiesSource(registerTables(circuit, distribution, direct?.bitstrings())),
    );
  if (wanted.has('v0.3'))
    sources.set(ARTIFACT_FORMATS['v0.3'], v03Source(direct?.decimals() ?? decimalTable(distribution.outputAll)));
  return { sources, omitted: null };
}

/** Simulates one circuit: format id -> artifact, each built on first read. */
export function runCircuit(circuit: IrCircuit, options: RunOptions): RunOutput {
  return lazyResults(runCircuitArtifacts(circuit, options).sources);
}
