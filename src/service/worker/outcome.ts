/**
 * What a run stores: the job's new status, failure, stats, output and the
 * artifacts (compiled circuits and results), with the job's own identifier
 * prefix on every format (service-decisions.md sections 4 and 5).
 */
import { randomUUID } from 'node:crypto';
import { RESULT_FORMATS, shotsTextOfStretch } from '../../index.js';
import { estimateExecutionMs, estimateKwh } from '../jobs/catalog.js';
import { isQpu } from '../jobs/backend.js';
import { prefixOf, withPrefix, type JobRecord } from '../jobs/model.js';
import type { NewArtifact, RunOutcome } from '../store/records.js';
import type { DebiasingTexts, ExecuteResult } from './execute.js';

/** Format ids of the compiled circuits a job carries. */
export const COMPILED_FORMATS = { qasm: 'svc.qasm3.v1', native: 'svc.native.v1' } as const;

/** A debiasing variant's own results. */
const VARIANT_ARTIFACTS = [RESULT_FORMATS.probabilities, RESULT_FORMATS.histogram, RESULT_FORMATS.shots] as const;

const RESULT_ARTIFACTS = [
  RESULT_FORMATS.probabilities,
  RESULT_FORMATS.histogram,
  RESULT_FORMATS.shots,
  RESULT_FORMATS.v03,
] as const;

/** What {@link outcomeOf} reads of the job (the bench times it with these alone). */
export type OutcomeJob = Pick<JobRecord, 'type' | 'backend' | 'shots' | 'dry_run' | 'started_at'>;

export function outcomeOf(
  job: OutcomeJob,
  result: ExecuteResult,
  runMs: number,
  characterizationId: string | null = null,
  now = new Date(),
): RunOutcome {
  if (!result.ok) {
    return {
      status: 'failed',
      failure: result.failure,
      stats: result.stats ? { ...result.stats, kwh: 0 } : null,
      output: { compilation: { diagnostics: result.diagnostics } },
      executionDurationMs: null,
      artifacts: [],
    };
  }
  const prefix = prefixOf(job.type);
  const artifacts: NewArtifact[] = [];
  const add = (kind: NewArtifact['kind'], format: string, mediaType: string, body: string) => {
    const artifact = { id: randomUUID(), kind, format: withPrefix(format, prefix), media_type: mediaType, body };
    artifacts.push(artifact);
    return { id: artifact.id, format: artifact.format, media_type: artifact.media_type };
  };
  if (result.compiled.qasm !== null) add('compiled', COMPILED_FORMATS.qasm, 'text/plain', result.compiled.qasm);
  if (result.compiled.native !== null)
    add('compiled', COMPILED_FORMATS.native, 'application/json', JSON.stringify(result.compiled.native));
  for (const format of RESULT_ARTIFACTS) {
    const text = result.results?.[format];
    if (text !== undefined) add('result', format, 'application/json', text);
  }
  const qpu = isQpu(job.backend);
  const shots = job.shots ?? 0;
  const estimated = qpu
    ? estimateExecutionMs(
        job.backend,
        shots,
        result.stats.qubits,
        result.stats.gate_counts['1q'],
        result.stats.gate_counts['2q'],
      )
    : null;
  const executionMs = job.dry_run ? null : qpu ? estimated : Math.max(0, Math.round(runMs));
  const stats = { ...result.stats, kwh: qpu && executionMs ? estimateKwh(job.backend, executionMs) : 0 };
  const output = {
    compilation: { diagnostics: result.diagnostics },
    ...(result.debiasing
      ? { error_mitigation: debiasingOutput(result.debiasing, result.results?.[RESULT_FORMATS.shots], add) }
      : {}),
  };
  // An emulated QPU job stays started for its execution time (at least 1 s), counted from its start.
  const holdUntil =
    qpu && !job.dry_run ? new Date((job.started_at ?? now).getTime() + Math.max(1000, estimated ?? 0)) : null;
  const held = holdUntil !== null && holdUntil.getTime() > now.getTime();
  return {
    status: held ? 'started' : 'completed',
    finishAt: held ? holdUntil : undefined,
    failure: null,
    stats,
    output,
    executionDurationMs: executionMs,
    predictedExecutionDurationMs: estimated,
    characterizationId,
    artifacts,
  };
}

type Descriptor = { id: string; format: string; media_type: string };

/**
 * `output.error_mitigation` of a debiased run (service-api.md, Variant
 * object): each variant's three result artifacts, and the averaged and voting
 * histograms as artifacts of their own.
 */
function debiasingOutput(
  debiasing: DebiasingTexts,
  jobShots: string | undefined,
  add: (kind: NewArtifact['kind'], format: string, mediaType: string, body: string) => Descriptor,
): Record<string, unknown> {
  const variants = debiasing.variants.map((variant) => {
    const results: Record<string, Descriptor> = {};
    const { shotsStretch } = variant;
    for (const format of VARIANT_ARTIFACTS) {
      const cut = format === RESULT_FORMATS.shots && shotsStretch && jobShots !== undefined;
      const text = cut ? shotsTextOfStretch(jobShots, shotsStretch) : variant.results[format];
      if (text === undefined) continue;
      const descriptor = add('variant', format, 'application/json', text);
      results[descriptor.format] = descriptor;
    }
    return { variant_id: randomUUID(), qubit_map: variant.qubitMap, shots: variant.shots, results };
  });
  const aggregated = (text: string) => add('aggregation', RESULT_FORMATS.histogram, 'application/json', text);
  return {
    debiasing: { variants, aggregation_method: 'average' },
    aggregations: {
      average: aggregated(debiasing.aggregations.average),
      voting: aggregated(debiasing.aggregations.voting),
    },
  };
}
