/**
 * The one job model both API versions share (service-decisions.md section 4):
 * what the store holds for a job, whichever version created or reads it.
 */

export type ApiVersion = 'v0.3' | 'v0.4';
export type JobStatus = 'submitted' | 'ready' | 'started' | 'canceled' | 'failed' | 'completed';

/** States a job may still be canceled or moved from. */
export const OPEN_STATUSES: readonly JobStatus[] = ['submitted', 'ready', 'started'];
export const FINAL_STATUSES: readonly JobStatus[] = ['canceled', 'failed', 'completed'];

/** What the worker runs: an OpenQASM program or a svc.circuit.v0 JSON circuit. */
export type ProgramKind = 'qasm3' | 'circuit';

export interface NoiseSetting {
  readonly model: string;
  readonly seed: number | null;
}

/** Everything creating a job decides; the store adds id, seq and timestamps. */
export interface NewJob {
  readonly id: string;
  readonly project_id: string;
  readonly submitter_id: string;
  readonly api_version: ApiVersion;
  readonly type: string;
  readonly status: JobStatus;
  readonly backend: string;
  readonly name: string | null;
  readonly metadata: Record<string, unknown> | null;
  readonly shots: number | null;
  readonly dry_run: boolean;
  readonly noise: NoiseSetting | null;
  readonly settings: Record<string, unknown> | null;
  readonly error_mitigation: Record<string, unknown> | null;
  readonly registers: unknown;
  readonly session_id: string | null;
  readonly input: Record<string, unknown>;
  readonly parent_job_id: string | null;
  readonly child_index: number | null;
  readonly child_job_ids: string[] | null;
  /** The job a move or clone named as `parent`: lineage only (parent_job_id ties a multicircuit child). */
  readonly clone_parent_id: string | null;
  /** When it was submitted; absent, the store's clock at the insert. */
  readonly submitted_at?: string;
}

/** A job as the store holds it (column names as in migrations/001-init.sql): what creation decided, plus what running it added. */
export interface JobRecord extends Omit<NewJob, 'submitted_at'> {
  readonly seq: number;
  readonly submitted_at: Date;
  readonly started_at: Date | null;
  readonly completed_at: Date | null;
  readonly finish_at: Date | null;
  readonly execution_duration_ms: number | null;
  readonly predicted_execution_duration_ms: number | null;
  readonly failure: { code: string; message: string; error: string } | null;
  readonly stats: Record<string, unknown> | null;
  readonly output: Record<string, unknown> | null;
  readonly attempts: number;
}

/** A stored artifact without its body. */
export interface ArtifactRecord {
  readonly id: string;
  readonly job_id: string;
  readonly kind: 'result' | 'compiled';
  readonly format: string;
  readonly media_type: string;
}

/** Who is asking: the key's user and project. */
export interface Caller {
  readonly userId: string;
  readonly projectId: string;
}

/** The prefix a job was submitted with (`svc` or `ionq`), kept on every identifier it answers with. */
export function prefixOf(type: string): 'svc' | 'ionq' {
  return type.startsWith('ionq.') ? 'ionq' : 'svc';
}

/** `svc.x` in the job's own prefix. */
export function withPrefix(id: string, prefix: 'svc' | 'ionq'): string {
  return prefix === 'svc' ? id : id.replace(/^svc\./, 'ionq.');
}

/** The canonical `svc.` form of an identifier given with either prefix. */
export function canonicalId(id: string): string {
  return id.replace(/^ionq\./, 'svc.');
}

/** The kind of program behind a job type. */
export function programKind(type: string): ProgramKind {
  return canonicalId(type) === 'svc.qasm3.v1' ? 'qasm3' : 'circuit';
}

/** Whether a job samples shots: an emulated QPU, or the simulator with a noise model. */
export function isSampled(backend: string, noise: NoiseSetting | null): boolean {
  return backend.startsWith('qpu.') || (noise !== null && noise.model !== 'ideal');
}
