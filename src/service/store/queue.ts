/**
 * The jobs table as a queue: claim with SKIP LOCKED, a lease a live worker
 * renews, completion only while the lease is still ours (so a job whose worker
 * died is claimed again once its lease runs out, and never completes twice).
 */
import type { Db } from './db.js';
import type { JobRecord, RunOutcome } from './records.js';
import { insertArtifactsOf, jsonOrNull, settleParent } from './jobs.js';
import { LEASE_RAN_OUT, QUEUED } from './claimable.js';

/**
 * One statement, one round trip: the oldest job whose worker let its lease
 * run out, else the oldest queued one (COALESCE evaluates the second only
 * when the first finds none); a claimed child starts its parent in the same
 * statement. A claim lost in a server crash is harmless (the job is simply
 * claimed again), so its commit does not wait for the disk: set_config(...,
 * true) holds for this statement's own transaction.
 */
const CLAIM = `
  WITH no_wait AS (SELECT set_config('synchronous_commit', 'off', true) AS v),
  claimed AS (
    UPDATE jobs SET status = 'started', started_at = coalesce(started_at, now()), attempts = attempts + 1,
      lease_owner = $1, lease_expires_at = now() + $2 * interval '1 millisecond'
    WHERE id = coalesce(
      (SELECT id FROM jobs WHERE ${LEASE_RAN_OUT} ORDER BY lease_expires_at LIMIT 1 FOR UPDATE SKIP LOCKED),
      (SELECT id FROM jobs WHERE ${QUEUED} ORDER BY seq LIMIT 1 FOR UPDATE SKIP LOCKED))
    AND (SELECT v FROM no_wait) IS NOT NULL
    RETURNING *),
  parent AS (
    UPDATE jobs SET status = 'started', started_at = coalesce(started_at, now())
    WHERE id = (SELECT parent_job_id FROM claimed) AND status IN ('submitted', 'ready'))
  SELECT * FROM claimed`;

/** Claims the oldest queued job, or one whose worker let its lease run out; null when there is none. */
export async function claimJob(db: Db, owner: string, leaseMs: number): Promise<JobRecord | null> {
  return (await db.query<JobRecord>(CLAIM, [owner, leaseMs]))[0] ?? null;
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

const COMPLETE_SET = `status = $3, failure = $4::jsonb, stats = $5::jsonb, output = $6::jsonb, execution_duration_ms = $7,
  predicted_execution_duration_ms = coalesce($8, predicted_execution_duration_ms),
  finish_at = $9, characterization_id = $10, completed_at = CASE WHEN $3 = 'started' THEN NULL ELSE now() END,
  lease_owner = NULL, lease_expires_at = NULL`;
const COMPLETE_WHERE = `id = $1 AND lease_owner = $2 AND status = 'started'`;
/** The artifacts (a JSON array in parameter `$${param}`) of the job in `$1`. */
const insertArtifacts = (param: number) => insertArtifactsOf('$1::uuid', param);

/** Without a parent to settle, the whole completion is one statement: one round trip, one commit. */
const COMPLETE = `
  WITH done AS (UPDATE jobs SET ${COMPLETE_SET} WHERE ${COMPLETE_WHERE} RETURNING 1),
  stored AS (${insertArtifacts(11)} WHERE EXISTS (SELECT 1 FROM done))
  SELECT count(*)::int AS n FROM done`;

/**
 * Stores a run's outcome and its artifacts in one transaction, only if this
 * worker still holds the job's lease; false (and nothing written) otherwise.
 * A child's parent is settled in the same transaction (it reads the child's
 * new status, which a single statement's snapshot would not show).
 */
export async function completeJob(
  db: Db,
  job: Pick<JobRecord, 'id' | 'parent_job_id'>,
  owner: string,
  outcome: RunOutcome,
): Promise<boolean> {
  const row = [
    job.id,
    owner,
    outcome.status,
    jsonOrNull(outcome.failure),
    jsonOrNull(outcome.stats),
    jsonOrNull(outcome.output),
    outcome.executionDurationMs ?? null,
    outcome.predictedExecutionDurationMs ?? null,
    outcome.finishAt ?? null,
    outcome.characterizationId ?? null,
  ];
  const artifacts = JSON.stringify(outcome.artifacts);
  if (!job.parent_job_id) return ((await db.query<{ n: number }>(COMPLETE, [...row, artifacts]))[0]?.n ?? 0) > 0;
  const parentId = job.parent_job_id;
  return db.tx(async (q) => {
    const updated = await q.query(`UPDATE jobs SET ${COMPLETE_SET} WHERE ${COMPLETE_WHERE} RETURNING 1`, row);
    if (updated.length === 0) return false;
    await q.query(insertArtifacts(2), [job.id, artifacts]);
    if (outcome.status !== 'started') await settleParent(q, parentId);
    return true;
  });
}

/** Completes the emulated QPU jobs whose execution time has passed; returns how many. */
export function finishDueJobs(db: Db): Promise<number> {
  return db.tx(async (q) => {
    const rows = await q.query<{ parent_job_id: string | null }>(
      `UPDATE jobs SET status = 'completed', completed_at = finish_at, finish_at = NULL
       WHERE status = 'started' AND finish_at IS NOT NULL AND finish_at <= now() RETURNING parent_job_id`,
    );
    for (const parent of new Set(rows.map((r) => r.parent_job_id).filter((p): p is string => p !== null)))
      await settleParent(q, parent);
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
