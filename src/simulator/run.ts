/**
 * One circuit from IR to result artifacts: the exact run (or noisy
 * trajectories), then probabilities, histogram, shots and the v0.3 form.
 */
import type { IrCircuit } from '../ir/types.js';
import type { NoiseModel } from '../tables/index.js';
import {
  histogramArtifact,
  probabilitiesArtifact,
  probabilitiesFromHistogram,
  RESULT_FORMATS,
  shotsArtifact,
  v03Artifact,
  v03FromProbabilities,
} from './artifacts.js';
import { DEFAULT_BLOCK_QUBITS, DEFAULT_CHUNK_QUBITS, type ParallelRunner } from './engine.js';
import { executeCircuit, type ExecuteOptions } from './execute.js';
import { MemoryGuard } from './memory.js';
import { sampleNoisyShots } from './noise.js';
import { exactDistribution, sampleShots } from './outcomes.js';
import { SeededRandom } from './random.js';

export interface RunOptions {
  readonly shots?: number;
  readonly seed: number;
  readonly noise?: NoiseModel;
  readonly memoryBudgetBytes: number;
  readonly maxBranches: number;
  readonly parallel?: ParallelRunner;
}

/** Format id -> payload. */
export type RunOutput = Record<string, unknown>;

/** Shots a noisy simulation takes when none are given. */
export const DEFAULT_NOISY_SHOTS = 1000;

export function executeOptions(options: Pick<RunOptions, 'memoryBudgetBytes' | 'maxBranches' | 'parallel'>): ExecuteOptions {
  return {
    sparse: 'auto',
    fuse: true,
    blockQubits: DEFAULT_BLOCK_QUBITS,
    chunkQubits: DEFAULT_CHUNK_QUBITS,
    memory: new MemoryGuard(options.memoryBudgetBytes),
    maxBranches: options.maxBranches,
    ...(options.parallel ? { parallel: options.parallel } : {}),
  };
}

/** Simulates one circuit; throws SimulationLimitError past the memory or branch bound. */
export function runCircuit(circuit: IrCircuit, options: RunOptions): RunOutput {
  const random = new SeededRandom(options.seed);
  if (options.noise) {
    const shots = options.shots ?? DEFAULT_NOISY_SHOTS;
    const table = sampleNoisyShots(circuit, options.noise, shots, random, executeOptions(options));
    const histogram = histogramArtifact(circuit, table);
    const probabilities = probabilitiesFromHistogram(histogram, shots);
    return {
      [RESULT_FORMATS.probabilities]: probabilities,
      [RESULT_FORMATS.histogram]: histogram,
      [RESULT_FORMATS.shots]: shotsArtifact(circuit, table),
      [RESULT_FORMATS.v03]: v03FromProbabilities(probabilities),
    };
  }
  const execution = executeCircuit(circuit, executeOptions(options));
  const distribution = exactDistribution(execution);
  const output: RunOutput = {
    [RESULT_FORMATS.probabilities]: probabilitiesArtifact(circuit, distribution),
    [RESULT_FORMATS.v03]: v03Artifact(circuit, distribution),
  };
  if (options.shots !== undefined) {
    const table = sampleShots(execution, options.shots, random);
    output[RESULT_FORMATS.histogram] = histogramArtifact(circuit, table);
    output[RESULT_FORMATS.shots] = shotsArtifact(circuit, table);
  }
  return output;
}
