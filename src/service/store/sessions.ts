/**
 * Queries on sessions. Admitting a job into a session and ending a session
 * are each one transaction that locks the session row first, so limits hold
 * whatever arrives at the same time (20 concurrent jobs into a session with
 * job_count_limit 10: exactly 10 are accepted).
 */
import type { Db, Queryable } from './db.js';
import { cancelOpen, insertJobs, lockChildrenOf, settleParent } from './jobs.js';
import type { NewJob } from './records.js';

export type SessionStatus = 'created' | 'started' | 'ended';

export interface SessionRecord {
  readonly id: string;
  readonly seq: number;
  readonly project_id: string;
  readonly creator_id: string;
  readonly ender_id: string | null;
  readonly backend: string;
  readonly status: SessionStatus;
  readonly job_count_limit: number | null;
  readonly duration_limit_min: number | null;
  readonly cost_limit: { unit: string; value: number } | null;
  readonly job_count: number;
  readonly committed_cost: number;
  readonly created_at: Date;
  readonly started_at: Date | null;
  readonly ended_at: Date | null;
}

export interface NewSession {
  readonly id: string;
  readonly project_id: string;
  readonly creator_id: string;
  readonly backend: string;
  readonly job_count_limit: number | null;
  readonly duration_limit_min: number | null;
  readonly cost_limit: { unit: string; value: number } | null;
}

export async function insertSession(q: Queryable, session: NewSession): Promise<SessionRecord> {
  const rows = await q.query<SessionRecord>(
    `INSERT INTO sessions (id, project_id, creator_id, backend, job_count_limit, duration_limit_min, cost_limit)
     VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb) RETURNING *`,
    [
      session.id,
      session.project_id,
      session.creator_id,
      session.backend,
      session.job_count_limit,
      session.duration_limit_min,
      session.cost_limit === null ? null : JSON.stringify(session.cost_limit),
    ],
  );
  return rows[0] as SessionRecord;
}

export async function getSession(q: Queryable, id: string, projectId: string): Promise<SessionRecord | null> {
  const rows = await q.query<SessionRecord>('SELECT * FROM sessions WHERE id = $1 AND project_id = $2', [
    id,
    projectId,
  ]);
  return rows[0] ?? null;
}

/** Newest first; `active` true: not ended, false: ended. */
export function listSessions(
  q: Queryable,
  projectId: string,
  active: boolean | undefined,
  limit: number,
): Promise<SessionRecord[]> {
  return q.query<SessionRecord>(
    `SELECT * FROM sessions WHERE project_id = $1 AND ($2::boolean IS NULL OR (status <> 'ended') = $2)
     ORDER BY seq DESC LIMIT $3`,
    [projectId, active ?? null, limit],
  );
}

/** The summed run time (execution_duration_ms) of each session's completed jobs; a session without any is absent. */
export async function sessionUsageMs(q: Queryable, ids: readonly string[]): Promise<Map<string, number>> {
  if (ids.length === 0) return new Map();
  const rows = await q.query<{ session_id: string; ms: string | number }>(
    `SELECT session_id, COALESCE(SUM(execution_duration_ms), 0) AS ms FROM jobs
     WHERE session_id = ANY($1::text[]) AND status = 'completed' GROUP BY session_id`,
    [ids],
  );
  return new Map(rows.map((r) => [r.session_id, Number(r.ms)]));
}

/** Why a session refuses a job (whatever the caller makes of it), or null when it takes it. */
export type Admission<R> = (session: SessionRecord, now: Date) => R | null;

/**
 * Inserts the jobs into the session if `admit` says so, counting them (one
 * job, whatever its circuits) and their cost against its limits and starting
 * it, in one transaction under the session's lock. Answers the refusal, null
 * when the jobs were inserted, or 'not-found'.
 */
export function admitJobs<R>(
  db: Db,
  sessionId: string,
  projectId: string,
  jobs: readonly NewJob[],
  cost: number,
  admit: Admission<R>,
): Promise<R | null | 'not-found'> {
  return db.tx(async (q) => {
    const outcome = await chargeSession(q, sessionId, projectId, cost, admit);
    if (outcome === null) await insertJobs(q, jobs);
    return outcome;
  });
}

/**
 * In the caller's transaction: locks the session, asks `admit`, and if it
 * takes the job counts it and its cost and starts the session. Answers the
 * refusal, null when counted, or 'not-found'. The job itself is the caller's
 * to insert (a new job, or the clone a move makes).
 */
export async function chargeSession<R>(
  q: Queryable,
  sessionId: string,
  projectId: string,
  cost: number,
  admit: Admission<R>,
): Promise<R | null | 'not-found'> {
  const rows = await q.query<SessionRecord & { now: Date }>(
    'SELECT *, now() AS now FROM sessions WHERE id = $1 AND project_id = $2 FOR UPDATE',
    [sessionId, projectId],
  );
  const session = rows[0];
  if (!session) return 'not-found';
  const refusal = admit(session, session.now);
  if (refusal !== null) return refusal;
  await q.query(
    `UPDATE sessions SET job_count = job_count + 1, committed_cost = committed_cost + $2, status = 'started',
       started_at = coalesce(started_at, now()) WHERE id = $1`,
    [sessionId, cost],
  );
  return null;
}

/**
 * Ends a session (again is fine): no job is admitted after it, and its jobs
 * that have not started are canceled.
 */
export function endSession(db: Db, id: string, projectId: string, enderId: string): Promise<SessionRecord | null> {
  return db.tx(async (q) => {
    const rows = await q.query<SessionRecord>('SELECT * FROM sessions WHERE id = $1 AND project_id = $2 FOR UPDATE', [
      id,
      projectId,
    ]);
    const session = rows[0];
    if (!session) return null;
    if (session.status === 'ended') return session;
    const open = `SELECT id, parent_job_id FROM jobs WHERE session_id = $1 AND project_id = $2
       AND status IN ('submitted', 'ready')`;
    // Children before their parents, the order a worker claiming or finishing a child takes (child, then parent):
    // in the opposite order the two deadlocked.
    const seen = await q.query<{ id: string }>(open, [id, projectId]);
    await lockChildrenOf(
      q,
      seen.map((j) => j.id),
      projectId,
    );
    const waiting = await q.query<{ id: string; parent_job_id: string | null }>(`${open} ORDER BY id FOR UPDATE`, [
      id,
      projectId,
    ]);
    if (waiting.length > 0) {
      await cancelOpen(
        q,
        waiting.map((j) => j.id),
      );
      const parents = new Set(waiting.map((j) => j.parent_job_id).filter((p): p is string => p !== null));
      for (const parent of parents) await settleParent(q, parent);
    }
    const ended = await q.query<SessionRecord>(
      `UPDATE sessions SET status = 'ended', ended_at = now(), ender_id = $2 WHERE id = $1 RETURNING *`,
      [id, enderId],
    );
    return ended[0] as SessionRecord;
  });
}
