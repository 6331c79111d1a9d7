/**
 * The simulator stage. In: IrCircuit (QIS or native gates, measure, reset,
 * barrier). Out: exact distributions, sampled shots, result artifacts, and the
 * equivalence check's unitaries. Imports ir (types), diagnostics, tables and
 * capabilities (target resolution); nothing later.
 */
export { runCircuit, type RunOptions, type RunOutput } from './run.js';
export { RESULT_FORMATS, OUTPUT_ALL, indexToBitstring } from './results/artifacts.js';
export { PROBABILITY_CUTOFF } from './results/outcomes.js';
export type { ProbabilitiesArtifact, HistogramArtifact, ShotsArtifact, V03Artifact } from './results/artifacts.js';
export {
  compareCircuits,
  compareUnitaryParts,
  unitaryPart,
  type EquivalenceResult,
  type EquivalenceOptions,
  type UnitaryPart,
} from './equivalence.js';
export { SimulationLimitError, defaultMemoryBudget } from './engine/memory.js';
export { unitaryOf, type UnitaryOp } from './kernels/matrices.js';
