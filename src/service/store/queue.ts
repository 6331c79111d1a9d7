/**
 * The jobs table as a queue: claim with SKIP LOCKED, a lease a live worker
 * renews, completion only while the lease is still ours (so a job whose worker
 * died is claimed again once its lease runs out, and never completes twice).
 */
import type { Db, Queryable } from './db.js';
import type { JobRecord, JobStatus } from '../jobs/model.js';
import { settleParent } from './jobs.js';

const CLAIM_QUEUED = `
  UPDATE jobs SET status = 'started', started_at = coalesce(started_at, now()), attempts = attempts + 1,
    lease_owner = $1, lease_expires_at = now() + $2 * interval '1 millisecond'
  WHERE id = (
    SELECT id FROM jobs WHERE status IN ('submitted', 'ready') AND child_job_ids IS NULL
    ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED)
  RETURNING *`;

const CLAIM_EXPIRED = `
  UPDATE jobs SET attempts = attempts + 1, lease_owner = $1, lease_expires_at = now() + $2 * interval '1 millisecond'
  WHERE id = (
    SELECT id FROM jobs WHERE status = 'started' AND finish_at IS NULL AND child_job_ids IS NULL AND lease_expires_at < now()
    ORDER BY lease_expires_at LIMIT 1 FOR UPDATE SKIP LOCKED)
  RETURNING *`;

/** Claims the oldest queued job, or one whose worker let its lease run out; null when there is none. */
export function claimJob(db: Db, owner: string, leaseMs: number): Promise<JobRecord | null> {
  return db.tx(async (q) => {
    // A claim lost in a server crash is harmless (the job is simply claimed again), so it need not wait for the disk.
    await q.query('SET LOCAL synchronous_commit = off');
    const job = (await q.query<JobRecord>(CLAIM_EXPIRED, [owner, leaseMs]))[0] ?? (await q.query<JobRecord>(CLAIM_QUEUED, [owner, leaseMs]))[0] ?? null;
    if (job?.parent_job_id) await settleParent(q, job.parent_job_id);
    return job;
  });
}

/** Extends the lease of the jobs this worker runs; returns the ids it no longer owns (canceled, deleted, taken over). */
export async function renewLeases(db: Db, owner: string, ids: readonly string[], leaseMs: number): Promise<string[]> {
  if (ids.length === 0) return [];
  const kept = await db.query<{ id: string }>(
    `UPDATE jobs SET lease_expires_at = now() + $3 * interval '1 millisecond'
     WHERE id = ANY($1::uuid[]) AND lease_owner = $2 AND status = 'started' RETURNING id`,
    [ids, owner, leaseMs],
  );
  const alive = new Set(kept.map((r) => r.id));
  return ids.filter((id) => !alive.has(id));
}

export interface NewArtifact {
  readonly id: string;
  readonly kind: 'result' | 'compiled';
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
  readonly artifacts: readonly NewArtifact[];
}

/**
 * Stores a run's outcome and its artifacts in one transaction, only if this
 * worker still holds the job's lease; false (and nothing written) otherwise.
 */
export function completeJob(db: Db, id: string, owner: string, outcome: RunOutcome): Promise<boolean> {
  return db.tx(async (q) => {
    const rows = await q.query<{ parent_job_id: string | null }>(
      `UPDATE jobs SET status = $3, failure = $4::jsonb, stats = $5::jsonb, output = $6::jsonb, execution_duration_ms = $7,
         predicted_execution_duration_ms = coalesce($8, predicted_execution_duration_ms),
         finish_at = $9, completed_at = CASE WHEN $3 = 'started' THEN NULL ELSE now() END,
         lease_owner = NULL, lease_expires_at = NULL
       WHERE id = $1 AND lease_owner = $2 AND status = 'started' RETURNING parent_job_id`,
      [
        id,
        owner,
        outcome.status,
        json(outcome.failure),
        json(outcome.stats),
        json(outcome.output),
        outcome.executionDurationMs ?? null,
        outcome.predictedExecutionDurationMs ?? null,
        outcome.finishAt ?? null,
      ],
    );
    const row = rows[0];
    if (!row) return false;
    await insertArtifacts(q, id, outcome.artifacts);
    if (row.parent_job_id && outcome.status !== 'started') await settleParent(q, row.parent_job_id);
    return true;
  });
}

const json = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

async function insertArtifacts(q: Queryable, jobId: string, artifacts: readonly NewArtifact[]): Promise<void> {
  if (artifacts.length === 0) return;
  await q.query(
    `INSERT INTO artifacts (id, job_id, kind, format, media_type, body)
     SELECT id, $1, kind, format, media_type, body FROM jsonb_to_recordset($2::jsonb) AS x(id uuid, kind text, format text, media_type text, body text)`,
    [jobId, JSON.stringify(artifacts)],
  );
}

/** Completes the emulated QPU jobs whose execution time has passed; returns how many. */
export function finishDueJobs(db: Db): Promise<number> {
  return db.tx(async (q) => {
    const rows = await q.query<{ parent_job_id: string | null }>(
      `UPDATE jobs SET status = 'completed', completed_at = finish_at, finish_at = NULL
       WHERE status = 'started' AND finish_at IS NOT NULL AND finish_at <= now() RETURNING parent_job_id`,
    );
    for (const parent of new Set(rows.map((r) => r.parent_job_id).filter((p): p is string => p !== null))) await settleParent(q, parent);
    return rows.length;
  });
}

/** Hands running jobs back to the queue (a worker stopping gracefully). */
export async function releaseJobs(db: Db, owner: string, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.query(
    `UPDATE jobs SET status = CASE WHEN api_version = 'v0.3' THEN 'ready' ELSE 'submitted' END, lease_owner = NULL, lease_expires_at = NULL
     WHERE id = ANY($1::uuid[]) AND lease_owner = $2 AND status = 'started' AND finish_at IS NULL`,
    [ids, owner],
  );
}
