/**
 * The two representations of one stored job: v0.4 (service-api.md, Job) and
 * v0.3 (service-decisions.md section 5: target, qubits, execution_time,
 * children, results_url, registers). Only the shape differs.
 */
import { RESULT_FORMATS } from '../../index.js';
import { prefixOf, withPrefix, type ArtifactRecord, type JobRecord } from './model.js';
import { IDEAL_NOISE, isQpu, runOn } from './backend.js';

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * Null until the job completed: an emulated QPU job has its simulated run
 * time stored as soon as the simulation ends, then waits that time out as
 * `started`; the spec shows the duration of a run that has happened.
 */
const executionDuration = (job: JobRecord) => (job.status === 'completed' ? job.execution_duration_ms : null);

/** An empty value (absent, {} or []) as null, as a record shows what a job does not have. */
function orNull(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  if (Array.isArray(value)) return value.length ? value : null;
  if (typeof value === 'object') return Object.keys(value).length ? value : null;
  return value;
}
const unixSeconds = (date: Date | null) => (date ? Math.floor(date.getTime() / 1000) : null);

function descriptor(a: ArtifactRecord) {
  return { id: a.id, format: a.format, media_type: a.media_type };
}

/** Compiled circuits by format id (the job's prefix), as ArtifactDescriptors. */
function compiledCircuits(artifacts: readonly ArtifactRecord[]): Record<string, unknown> | null {
  const compiled = artifacts.filter((a) => a.kind === 'compiled');
  return compiled.length ? Object.fromEntries(compiled.map((a) => [a.format, descriptor(a)])) : null;
}

function output(job: JobRecord, artifacts: readonly ArtifactRecord[]): Record<string, unknown> {
  const stored = (job.output ?? {}) as { compilation?: Record<string, unknown> };
  const compiled = compiledCircuits(artifacts);
  if (!stored.compilation && !compiled) return {};
  return {
    ...stored,
    compilation: { ...(stored.compilation ?? {}), ...(compiled ? { compiled_circuits: compiled } : {}) },
  };
}

function resultsV4(job: JobRecord, artifacts: readonly ArtifactRecord[]): Record<string, unknown> {
  if (job.status !== 'completed' || job.dry_run) return {};
  const base = `/v0.4/jobs/${job.id}/results`;
  const prefix = prefixOf(job.type);
  const results: Record<string, unknown> = { probabilities: { url: `${base}/probabilities` } };
  const sampled = runOn(job.backend, job.noise).sampled;
  if (sampled) Object.assign(results, { histogram: { url: `${base}/histogram` }, shots: { url: `${base}/shots` } });
  const wanted = [RESULT_FORMATS.probabilities, RESULT_FORMATS.histogram, RESULT_FORMATS.shots].map((f) =>
    withPrefix(f, prefix),
  );
  for (const format of wanted) {
    const artifact = artifacts.find((a) => a.kind === 'result' && a.format === format);
    if (artifact) results[format] = descriptor(artifact);
  }
  return results;
}

/** A job as GET /v0.4/jobs/<id> answers it. */
export function jobV4(job: JobRecord, artifacts: readonly ArtifactRecord[]): Record<string, unknown> {
  const qpu = isQpu(job.backend);
  return {
    id: job.id,
    status: job.status,
    type: job.type,
    backend: job.backend,
    dry_run: job.dry_run,
    submitter_id: job.submitter_id,
    project_id: job.project_id,
    parent_job_id: job.parent_job_id,
    child_job_ids: job.child_job_ids,
    session_id: job.session_id,
    metadata: job.metadata,
    name: job.name,
    submitted_at: iso(job.submitted_at),
    started_at: iso(job.started_at),
    completed_at: iso(job.completed_at),
    predicted_execution_duration_ms: job.predicted_execution_duration_ms,
    predicted_wait_time_ms: null,
    execution_duration_ms: executionDuration(job),
    ...(runOn(job.backend, job.noise).sampled ? { shots: job.shots } : {}),
    ...(qpu ? { cost_model: 'QCT' } : { noise: job.noise ?? IDEAL_NOISE }),
    // Extension (docs/service.md): the characterization an emulated QPU or pinned noisy simulation ran on.
    ...(job.characterization_id ? { characterization_id: job.characterization_id } : {}),
    failure: job.failure,
    settings: job.settings ?? {},
    stats: job.stats ?? {},
    output: output(job, artifacts),
    results: resultsV4(job, artifacts),
  };
}

/** A job as GET /v0.3/jobs/<id> answers it. */
export function jobV3(job: JobRecord, artifacts: readonly ArtifactRecord[]): Record<string, unknown> {
  const stats = (job.stats ?? {}) as { qubits?: number };
  const qubits = stats.qubits ?? (typeof job.input.qubits === 'number' ? job.input.qubits : null);
  return {
    id: job.id,
    status: job.status,
    type: job.type,
    name: job.name,
    metadata: job.metadata,
    target: job.backend,
    qubits,
    request: unixSeconds(job.submitted_at),
    start: unixSeconds(job.started_at),
    response: unixSeconds(job.completed_at),
    execution_time: executionDuration(job),
    predicted_execution_time: job.predicted_execution_duration_ms,
    ...(runOn(job.backend, job.noise).sampled ? { shots: job.shots } : {}),
    ...(isQpu(job.backend) ? {} : { noise: job.noise ?? IDEAL_NOISE }),
    ...(job.error_mitigation ? { error_mitigation: job.error_mitigation } : {}),
    children: orNull(job.child_job_ids),
    ...(job.parent_job_id ? { parent_job_id: job.parent_job_id } : {}),
    registers: orNull(job.registers),
    ...(job.status === 'completed' && !job.dry_run ? { results_url: `/v0.3/jobs/${job.id}/results` } : {}),
    failure: job.failure,
    ...(compiledCircuits(artifacts) ? { output: output(job, artifacts) } : {}),
  };
}
