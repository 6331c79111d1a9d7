/**
 * What the store holds for a job and its artifacts (column names as in
 * migrations/001-init.sql), and the job states its queries move between.
 * Both API versions share this one model (service-decisions.md section 4);
 * the layers above read these types from here, so the store imports nothing
 * above it.
 */

export type ApiVersion = 'v0.3' | 'v0.4';
export type JobStatus = 'submitted' | 'ready' | 'started' | 'canceled' | 'failed' | 'completed';

/** States a job may still be canceled or moved from. */
export const OPEN_STATUSES: readonly JobStatus[] = ['submitted', 'ready', 'started'];
export const FINAL_STATUSES: readonly JobStatus[] = ['canceled', 'failed', 'completed'];

export interface NoiseSetting {
  readonly model: string;
  readonly seed: number | null;
  /** Pins the noisy simulator to one day's device of the modelled QPU (an extension, docs/service.md). */
  readonly characterization_id?: string;
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
  /** The characterization the run used (emulated QPU, pinned noisy simulation); null otherwise. */
  readonly characterization_id: string | null;
}

/** A stored artifact without its body. */
export interface ArtifactRecord {
  readonly id: string;
  readonly job_id: string;
  /** `variant`: a debiasing variant's result; `aggregation`: an aggregated histogram (output.error_mitigation). */
  readonly kind: 'result' | 'compiled' | 'variant' | 'aggregation';
  readonly format: string;
  readonly media_type: string;
}

export interface NewArtifact {
  readonly id: string;
  readonly kind: 'result' | 'compiled' | 'variant' | 'aggregation';
  readonly format: string;
  readonly media_type: string;
  readonly body: string;
}

export interface RunOutcome {
  /** `completed` or `failed`; `started` with `finishAt` holds an emulated QPU job until then. */
  readonly status: Extract<JobStatus, 'completed' | 'failed' | 'started'>;
  readonly finishAt?: Date | undefined;
  readonly failure?: { code: string; message: string; error: string } | null | undefined;
  readonly stats?: Record<string, unknown> | null | undefined;
  readonly output?: Record<string, unknown> | null | undefined;
  readonly executionDurationMs?: number | null | undefined;
  readonly predictedExecutionDurationMs?: number | null | undefined;
  /** The characterization the run used. */
  readonly characterizationId?: string | null | undefined;
  readonly artifacts: readonly NewArtifact[];
}
