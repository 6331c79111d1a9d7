/**
 * Queries on jobs and their artifacts. Every state change that a client can
 * race (cancel, move, delete, a worker's completion) is one transaction that
 * re-reads the row under a lock, so the lifecycle of service-decisions.md
 * section 4 holds whatever runs at the same time.
 */
import { JOBS_CHANNEL, StoreUnavailableError, type Db, type Queryable } from './db.js';
import {
  OPEN_STATUSES,
  type ArtifactRecord,
  type JobRecord,
  type JobStatus,
  type NewJob,
  type RunOutcome,
} from './records.js';
import { LEASE_RAN_OUT, QUEUED } from './claimable.js';

const NEW_JOB_COLUMNS = [
  ['id', 'uuid'],
  ['project_id', 'text'],
  ['submitter_id', 'text'],
  ['api_version', 'text'],
  ['type', 'text'],
  ['status', 'text'],
  ['backend', 'text'],
  ['name', 'text'],
  ['metadata', 'jsonb'],
  ['shots', 'integer'],
  ['dry_run', 'boolean'],
  ['noise', 'jsonb'],
  ['settings', 'jsonb'],
  ['error_mitigation', 'jsonb'],
  ['registers', 'jsonb'],
  ['session_id', 'text'],
  ['input', 'jsonb'],
  ['parent_job_id', 'uuid'],
  ['child_index', 'integer'],
  ['child_job_ids', 'jsonb'],
  ['clone_parent_id', 'uuid'],
  ['submitted_at', 'timestamptz'],
] as const;

const COLUMN_LIST = NEW_JOB_COLUMNS.map(([name]) => name).join(', ');
/** The values inserted: submitted_at is the store's clock unless the job carries its own. */
const valueList = (status = 'status') =>
  NEW_JOB_COLUMNS.map(([name]) =>
    name === 'submitted_at' ? 'coalesce(submitted_at, now())' : name === 'status' ? status : name,
  ).join(', ');
/** The inserted rows, in the request order (the queue's order), with the columns named for the insert. */
const ROWS = `ROWS FROM (json_to_recordset($1::json) AS (${NEW_JOB_COLUMNS.map(([n, t]) => `${n} ${t}`).join(', ')}))
    WITH ORDINALITY AS x(${COLUMN_LIST}, ord)`;

/**
 * One statement inserts the jobs and wakes the workers: outside a transaction
 * it is its own (one round trip, one commit), so a grouped insert costs the
 * server one commit however many requests it answers. The rows travel as one
 * JSON array (json, not jsonb: it is read once, so converting it first only
 * costs), inserted in its order (the queue's order).
 */
const INSERT_JOBS = `WITH inserted AS (INSERT INTO jobs (${COLUMN_LIST})
  SELECT ${valueList()} FROM ${ROWS}
  ORDER BY ord RETURNING 1)
  SELECT pg_notify('${JOBS_CHANNEL}', '') FROM (SELECT count(*) FROM inserted) AS n`;

/** A queued job's column as the claiming insert writes it: the claim's value for the jobs it takes. */
const claimedOr = (claimed: string, queued: string) => `CASE WHEN mine.ord IS NULL THEN ${queued} ELSE ${claimed} END`;

/**
 * The insert that also claims (issue 27): up to `$3` of the new single jobs
 * are inserted already `started` under the lease of `$2` (`$4` ms), for the
 * inserting process's idle worker threads, so a job waits for no NOTIFY and
 * no claim of its own. Only when nothing older waits (no queued job, no job
 * whose lease ran out, read in the statement's snapshot): a backlog keeps its
 * order. A job claimed here is a claimed job like any other: if its process
 * dies before it completes, its lease runs out and another worker claims it
 * (attempts 2). The commit stays durable (the jobs are acknowledged by it).
 * The workers are woken only when a job was left in the queue. Answers the
 * claimed rows (one row of nulls when none: the NOTIFY's row is always read).
 */
const INSERT_CLAIMING = `WITH x AS (SELECT * FROM ${ROWS}),
  free AS (SELECT 1 WHERE NOT EXISTS (SELECT 1 FROM jobs WHERE ${QUEUED})
    AND NOT EXISTS (SELECT 1 FROM jobs WHERE ${LEASE_RAN_OUT})),
  mine AS (SELECT ord FROM x WHERE EXISTS (SELECT 1 FROM free) AND ${QUEUED} AND parent_job_id IS NULL
    ORDER BY ord LIMIT $3),
  inserted AS (INSERT INTO jobs (${COLUMN_LIST}, started_at, attempts, lease_owner, lease_expires_at)
    SELECT ${valueList(claimedOr("'started'", 'status'))},
      ${claimedOr('now()', 'NULL')}, ${claimedOr('1', '0')}, ${claimedOr('$2', 'NULL')},
      ${claimedOr("now() + $4 * interval '1 millisecond'", 'NULL')}
    FROM x LEFT JOIN mine USING (ord) ORDER BY x.ord RETURNING *),
  woken AS (SELECT CASE WHEN count(*) FILTER (WHERE lease_owner IS NULL) > 0 THEN pg_notify('${JOBS_CHANNEL}', '') END
    FROM inserted)
  SELECT inserted.* FROM woken LEFT JOIN inserted ON inserted.lease_owner IS NOT NULL`;

/** Inserts the artifacts given as a JSON array in parameter `$${param}` for the job `jobId` (an SQL expression). */
export const insertArtifactsOf = (
  jobId: string,
  param: number,
) => `INSERT INTO artifacts (id, job_id, kind, format, media_type, body)
  SELECT x.id, ${jobId}, x.kind, x.format, x.media_type, x.body
  FROM json_to_recordset($${param}::json) AS x(id uuid, kind text, format text, media_type text, body text)`;

/**
 * The insert of a job its process has already run (worker/runner.ts, `runBeforeInsert`): the job, its outcome
 * and its artifacts in one statement, one round trip and one commit, never queued and never leased. It started
 * on the server's clock the run's length before the insert (not before its submission), and completed at the
 * insert. No NOTIFY: no worker has anything to do.
 */
const INSERT_RUN = `WITH inserted AS (INSERT INTO jobs (${COLUMN_LIST}, started_at, completed_at, attempts,
      failure, stats, output, execution_duration_ms, predicted_execution_duration_ms)
    SELECT ${valueList('$2')}, greatest(coalesce(submitted_at, now()), now() - $3 * interval '1 millisecond'), now(), 1,
      $4::jsonb, $5::jsonb, $6::jsonb, $7, $8
    FROM ${ROWS} RETURNING id),
  stored AS (${insertArtifactsOf('(SELECT id FROM inserted)', 9)})
  SELECT count(*)::int AS n FROM inserted`;

/** What a run before the insert gives the insert to store: a finished run's outcome, and how long the run took. */
export type RunBeforeInsert = RunOutcome & { readonly status: 'completed' | 'failed'; readonly runMs: number };

/** A jsonb parameter: null for a missing value. */
export const jsonOrNull = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

/** Inserts `job`, already run, as {@link INSERT_RUN} writes it. */
export async function insertRunJob(q: Queryable, job: NewJob, run: RunBeforeInsert): Promise<void> {
  await q.query(INSERT_RUN, [
    jobsText([job]),
    run.status,
    run.runMs,
    jsonOrNull(run.failure),
    jsonOrNull(run.stats),
    jsonOrNull(run.output),
    run.executionDurationMs ?? null,
    run.predictedExecutionDurationMs ?? null,
    JSON.stringify(run.artifacts),
  ]);
}

/** Jobs an insert may claim for the inserting process's idle worker threads (worker/runner.ts). */
export interface InsertClaim {
  /** The lease owner the claimed jobs get. */
  readonly owner: string;
  readonly leaseMs: number;
  /** At most this many of the inserted jobs. */
  readonly max: number;
}

/** The worker side of the inserting process: it reserves idle threads for an insert and runs what it claimed. */
export interface InsertClaimer {
  /**
   * Before a grouped insert: the group's one job run here and now, to be inserted already run
   * ({@link insertRunJob}); null when it is not a lone tiny job on an idle process.
   */
  runBeforeInsert?(jobs: readonly NewJob[]): RunBeforeInsert | null;
  /** Before a grouped insert: the claim it may make (those threads are held for it), or null. */
  reserve(): InsertClaim | null;
  /** After it: the jobs it claimed under `claim` (none when it failed); the rest of the reservation is free again. */
  settle(claim: InsertClaim, claimed: readonly JobRecord[]): void;
}

/**
 * Inputs already written as JSON text (a large job's, in turns: jobs/input-text.ts), by identity: the insert
 * places the text instead of serialising 150,000 gates at once on the event loop (issue 24, S7).
 */
const inputTexts = new WeakMap<object, string>();

/** Records `text` as the JSON of `input` for {@link insertJobs}; `text` must be what `JSON.stringify(input)` reads as. */
export function useInputText(input: object, text: string): void {
  inputTexts.set(input, text);
}

/** Each column with the text that opens its member in a row: the keys are written once, not per row. */
const ROW_KEYS = NEW_JOB_COLUMNS.map(([column]) => [column, `,"${column}":`] as const);

/** A character JSON.stringify writes escaped: a quote, a backslash, a control character, or any surrogate. */
// eslint-disable-next-line no-control-regex -- the control characters are what JSON escapes
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/**
 * `JSON.stringify(value)` of a column's value, the common ones without its call: a string with nothing to
 * escape (an id, a status, a backend) is quoted as it is, a finite number or a boolean written as `String`
 * writes it. Most of a Bell job's row is such values: 1.27 -> 1.03 us a row, in a tight loop.
 */
function columnJson(value: unknown): string {
  if (typeof value === 'string') return NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`;
  if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) return String(value);
  return JSON.stringify(value);
}

/**
 * The jobs as one JSON array of rows, written column by column: a job's null columns are left out, which
 * `json_to_recordset` reads as null all the same (most of a job's 22 columns are null, and every key sent is
 * one the server parses and looks up: the shorter rows cut the server's CPU a grouped insert of Bell jobs
 * costs by about a tenth), and an input already written as text is placed as it is. No row object is built
 * for `JSON.stringify`.
 */
function jobsText(jobs: readonly NewJob[]): string {
  let text = '';
  for (const job of jobs) {
    let row = '';
    for (const [column, key] of ROW_KEYS) {
      const value = job[column];
      if (value === null || value === undefined) continue;
      row += key + ((column === 'input' && inputTexts.get(job.input)) || columnJson(value));
    }
    // Every job has its id, so a row is never empty: its leading comma becomes the brace.
    text += `,{${row.slice(1)}}`;
  }
  return `[${text.slice(1)}]`;
}

/** Inserts jobs (parents before their children) and wakes the workers, in one statement. */
export async function insertJobs(q: Queryable, jobs: readonly NewJob[]): Promise<void> {
  if (jobs.length === 0) return;
  await q.query(INSERT_JOBS, [jobsText(jobs)]);
}

/**
 * Inserts jobs as {@link insertJobs} does, claiming up to `claim.max` of them
 * in the same statement (see INSERT_CLAIMING); returns the jobs it claimed.
 */
export async function insertClaimingJobs(
  q: Queryable,
  jobs: readonly NewJob[],
  claim: InsertClaim,
): Promise<JobRecord[]> {
  if (jobs.length === 0) return [];
  const rows = await q.query<JobRecord>(INSERT_CLAIMING, [jobsText(jobs), claim.owner, claim.max, claim.leaseMs]);
  return rows.filter((row) => row.id !== null);
}

/**
 * Groups the creations that arrive together into one transaction and one
 * INSERT: every caller's promise resolves after the commit that made its job
 * durable, and a burst of N requests costs one commit instead of N. One insert
 * is in flight at a time (group commit): the next group forms while the
 * previous one commits. On the bench's 2 cores that beat 2 or 4 groups in
 * flight, which made each statement slower and the groups smaller.
 */
export class JobInserter {
  private pending: Pending[] = [];
  private scheduled = false;
  private inFlight = 0;

  /** `claimer`: this process runs jobs too, and each insert may claim some for its idle threads (INSERT_CLAIMING). */
  constructor(
    private readonly db: Db,
    private readonly claimer: InsertClaimer | null = null,
    private readonly maxInFlight = 1,
  ) {}

  /** Resolves after the commit: true when some of `jobs` wait in the queue (none was claimed for this process). */
  insert(jobs: readonly NewJob[]): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.pending.push({ jobs, resolve, reject });
      this.schedule();
    });
  }

  private schedule(): void {
    if (this.scheduled || this.pending.length === 0 || this.inFlight >= this.maxInFlight) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush();
    });
  }

  private async flush(): Promise<void> {
    const batch = this.pending.splice(0, 2000);
    if (batch.length === 0) return;
    this.inFlight++;
    try {
      const taken = await this.insertGroup(batch.flatMap((b) => b.jobs));
      for (const b of batch) b.resolve(b.jobs.some((job) => !taken.has(job.id)));
    } catch (error) {
      if (batch.length === 1 || error instanceof StoreUnavailableError) for (const b of batch) b.reject(error);
      else await insertEach(this.db, batch);
    } finally {
      this.inFlight--;
      this.schedule();
    }
  }

  /**
   * One insert for the group; the jobs it claimed are on their way to their threads when it returns. Answers
   * the ids of the jobs not left in the queue (claimed, or run before the insert).
   */
  private async insertGroup(jobs: readonly NewJob[]): Promise<ReadonlySet<string>> {
    // Only ever a group of one job: the runner says which (runBeforeInsert).
    const run = this.claimer?.runBeforeInsert?.(jobs) ?? null;
    const [only] = jobs;
    if (run && only) {
      await insertRunJob(this.db, only, run);
      return new Set([only.id]);
    }
    const claim = this.claimer?.reserve() ?? null;
    if (!claim) {
      await insertJobs(this.db, jobs);
      return new Set();
    }
    let claimed: readonly JobRecord[] = [];
    try {
      claimed = await insertClaimingJobs(this.db, jobs, claim);
      return new Set(claimed.map((job) => job.id));
    } finally {
      this.claimer?.settle(claim, claimed);
    }
  }
}

interface Pending {
  readonly jobs: readonly NewJob[];
  resolve(queued: boolean): void;
  reject(error: unknown): void;
}

/**
 * After a grouped insert failed, each request's jobs alone (issue 24, S1):
 * a row the database refuses fails only the request that sent it, and
 * every other request of the group gets its own answer.
 */
async function insertEach(db: Db, batch: readonly Pending[]): Promise<void> {
  for (const b of batch) {
    try {
      await insertJobs(db, b.jobs);
      b.resolve(true);
    } catch (error) {
      b.reject(error);
    }
  }
}

export async function getJob(q: Queryable, id: string, projectId: string): Promise<JobRecord | null> {
  const rows = await q.query<JobRecord>('SELECT * FROM jobs WHERE id = $1 AND project_id = $2', [id, projectId]);
  return rows[0] ?? null;
}

/** A job with its artifacts' descriptors (no bodies), read in one round trip. */
export type JobWithArtifacts = JobRecord & { readonly artifact_list: ArtifactRecord[] };

export async function getJobWithArtifacts(
  q: Queryable,
  id: string,
  projectId: string,
): Promise<JobWithArtifacts | null> {
  const rows = await q.query<JobWithArtifacts>(
    `SELECT j.*, coalesce((SELECT json_agg(json_build_object('id', a.id, 'job_id', a.job_id, 'kind', a.kind, 'format', a.format, 'media_type', a.media_type)
       ORDER BY a.kind, a.format) FROM artifacts a WHERE a.job_id = j.id), '[]'::json) AS artifact_list
     FROM jobs j WHERE j.id = $1 AND j.project_id = $2`,
    [id, projectId],
  );
  return rows[0] ?? null;
}

export async function getJobs(q: Queryable, ids: readonly string[]): Promise<JobRecord[]> {
  if (ids.length === 0) return [];
  return q.query<JobRecord>('SELECT * FROM jobs WHERE id = ANY($1::uuid[])', [ids]);
}

export interface JobFilter {
  readonly projectId: string;
  readonly limit: number;
  /** Only jobs created before the one with this sequence number (the cursor). */
  readonly beforeSeq?: number | undefined;
  readonly statuses?: readonly string[] | undefined;
  readonly ids?: readonly string[] | undefined;
  readonly parentJobId?: string | undefined;
  readonly sessionId?: string | undefined;
  readonly submitterId?: string | undefined;
  readonly backends?: readonly string[] | undefined;
  /** ISO 8601; submitted at or after. */
  readonly submittedAfter?: string | undefined;
  /** ISO 8601; submitted before. */
  readonly submittedBefore?: string | undefined;
}

/** Newest first; one row more than `limit` tells the caller whether a next page exists. */
export async function listJobs(q: Queryable, filter: JobFilter): Promise<JobRecord[]> {
  const where = ['project_id = $1'];
  const params: unknown[] = [filter.projectId];
  const add = (sql: string, value: unknown) => {
    params.push(value);
    where.push(sql.replace('?', `$${params.length}`));
  };
  if (filter.beforeSeq !== undefined) add('seq < ?', filter.beforeSeq);
  if (filter.statuses !== undefined) add('status = ANY(?::text[])', filter.statuses);
  if (filter.ids !== undefined) add('id = ANY(?::uuid[])', filter.ids);
  if (filter.parentJobId !== undefined) add('?::uuid IN (parent_job_id, clone_parent_id)', filter.parentJobId);
  if (filter.sessionId !== undefined) add('session_id = ?', filter.sessionId);
  if (filter.backends !== undefined) add('backend = ANY(?::text[])', filter.backends);
  if (filter.submitterId !== undefined) add('submitter_id = ?', filter.submitterId);
  if (filter.submittedAfter !== undefined) add('submitted_at >= ?::timestamptz', filter.submittedAfter);
  if (filter.submittedBefore !== undefined) add('submitted_at < ?::timestamptz', filter.submittedBefore);
  params.push(filter.limit + 1);
  return q.query<JobRecord>(
    `SELECT * FROM jobs WHERE ${where.join(' AND ')} ORDER BY seq DESC LIMIT $${params.length}`,
    params,
  );
}

export type TransitionOutcome =
  | { kind: 'done'; job: JobRecord }
  | { kind: 'not-found' }
  | { kind: 'conflict'; status: JobStatus }
  | { kind: 'refused'; reason: Error };

/** A check the move makes in its transaction before the clone is inserted: the reason it refuses, or null. */
export type MoveCharge = (q: Queryable, clone: readonly NewJob[], source: JobRecord) => Promise<Error | null>;

/**
 * Locks the children of `ids` (multicircuit jobs) before the jobs themselves. A worker finishing a child locks the
 * child, then its parent (settleParent); a cancel or move that locked the parent first and then updated the
 * children met it in the opposite order, and the server broke the cycle by aborting one side, over and over while
 * the children finished (a 500 after the deadlock retries). In the worker's order there is no cycle.
 */
export async function lockChildrenOf(q: Queryable, ids: readonly string[], projectId: string): Promise<void> {
  await q.query('SELECT 1 FROM jobs WHERE parent_job_id = ANY($1::uuid[]) AND project_id = $2 ORDER BY id FOR UPDATE', [
    ids,
    projectId,
  ]);
}

async function lockJob(q: Queryable, id: string, projectId: string): Promise<JobRecord | null> {
  await lockChildrenOf(q, [id], projectId);
  const rows = await q.query<JobRecord>('SELECT * FROM jobs WHERE id = $1 AND project_id = $2 FOR UPDATE', [
    id,
    projectId,
  ]);
  return rows[0] ?? null;
}

/** Cancels open jobs (and their open children); drops anything a run stored. */
export async function cancelOpen(q: Queryable, ids: readonly string[]): Promise<void> {
  const canceled = await q.query<{ id: string }>(
    `UPDATE jobs SET status = 'canceled', lease_owner = NULL, lease_expires_at = NULL, finish_at = NULL, completed_at = now()
     WHERE (id = ANY($1::uuid[]) OR parent_job_id = ANY($1::uuid[])) AND status = ANY($2::text[]) RETURNING id`,
    [ids, OPEN_STATUSES],
  );
  if (canceled.length === 0) return;
  const stopped = canceled.map((r) => r.id);
  await q.query('DELETE FROM artifacts WHERE job_id = ANY($1::uuid[])', [stopped]);
  await notifyStop(q, stopped);
}

/** Tells the worker running these jobs to abandon them now rather than at its next lease renewal. */
async function notifyStop(q: Queryable, ids: readonly string[]): Promise<void> {
  await q.query(`SELECT pg_notify('${JOBS_CHANNEL}', 'stop:' || id) FROM unnest($1::text[]) AS id`, [ids]);
}

/** Cancel (service-decisions.md section 4): open -> canceled; canceled again is fine; final -> conflict. */
export function cancelJob(db: Db, id: string, projectId: string): Promise<TransitionOutcome> {
  return db.tx(async (q) => {
    const job = await lockJob(q, id, projectId);
    if (!job) return { kind: 'not-found' };
    if (job.status === 'canceled') return { kind: 'done', job };
    if (!OPEN_STATUSES.includes(job.status)) return { kind: 'conflict', status: job.status };
    await cancelOpen(q, [id]);
    if (job.parent_job_id) await settleParent(q, job.parent_job_id);
    return { kind: 'done', job: { ...job, status: 'canceled' } };
  });
}

/** Move: in one transaction, the clone (and its children) is created and the source canceled. */
export function moveJob(
  db: Db,
  id: string,
  projectId: string,
  buildClone: (source: JobRecord) => NewJob[],
  charge?: MoveCharge,
): Promise<TransitionOutcome> {
  return db.tx(async (q) => {
    const job = await lockJob(q, id, projectId);
    if (!job) return { kind: 'not-found' };
    if (!OPEN_STATUSES.includes(job.status)) return { kind: 'conflict', status: job.status };
    const clone = buildClone(job);
    const reason = charge ? await charge(q, clone, job) : null;
    if (reason !== null) return { kind: 'refused', reason };
    await cancelOpen(q, [id]);
    if (job.parent_job_id) await settleParent(q, job.parent_job_id);
    await insertJobs(q, clone);
    const created = (await q.query<JobRecord>('SELECT * FROM jobs WHERE id = $1', [clone[0]?.id]))[0] as JobRecord;
    return { kind: 'done', job: created };
  });
}

/** What a bulk cancel or delete did: every id was a job of the project, or these were not (and nothing changed). */
export type BulkOutcome = { kind: 'done'; ids: string[] } | { kind: 'not-found'; ids: string[] };

/** Locks the project's jobs among `ids` (lowercase, distinct); the ids that name none of them. */
async function lockJobs(
  q: Queryable,
  ids: readonly string[],
  projectId: string,
): Promise<{ rows: { id: string; status: JobStatus; parent_job_id: string | null }[]; missing: string[] }> {
  await lockChildrenOf(q, ids, projectId);
  const rows = await q.query<{ id: string; status: JobStatus; parent_job_id: string | null }>(
    'SELECT id, status, parent_job_id FROM jobs WHERE id = ANY($1::uuid[]) AND project_id = $2 ORDER BY id FOR UPDATE',
    [ids, projectId],
  );
  const found = new Set(rows.map((r) => r.id));
  return { rows, missing: ids.filter((id) => !found.has(id)) };
}

async function settleParents(q: Queryable, rows: readonly { parent_job_id: string | null }[]): Promise<void> {
  const parents = new Set(rows.map((r) => r.parent_job_id).filter((p): p is string => p !== null));
  for (const parent of parents) await settleParent(q, parent);
}

/**
 * Bulk cancel, in one transaction: the open jobs among `ids` become canceled
 * (with their open children); canceled ones stay so; completed and failed ones
 * are left as they are and not answered. All of the project's, or nothing.
 */
export function cancelJobs(db: Db, ids: readonly string[], projectId: string): Promise<BulkOutcome> {
  return db.tx(async (q) => {
    const { rows, missing } = await lockJobs(q, ids, projectId);
    if (missing.length > 0) return { kind: 'not-found', ids: missing };
    const open = rows.filter((r) => OPEN_STATUSES.includes(r.status));
    if (open.length > 0)
      await cancelOpen(
        q,
        open.map((r) => r.id),
      );
    await settleParents(q, open);
    const canceled = new Set([...open, ...rows.filter((r) => r.status === 'canceled')].map((r) => r.id));
    return { kind: 'done', ids: ids.filter((id) => canceled.has(id)) };
  });
}

/** Deletes jobs, their children and every artifact (foreign keys cascade), in one transaction: all or nothing. */
export function deleteJobs(db: Db, ids: readonly string[], projectId: string): Promise<BulkOutcome> {
  return db.tx(async (q) => {
    const { rows, missing } = await lockJobs(q, ids, projectId);
    if (missing.length > 0) return { kind: 'not-found', ids: missing };
    const children = await q.query<{ id: string }>('SELECT id FROM jobs WHERE parent_job_id = ANY($1::uuid[])', [ids]);
    await q.query('DELETE FROM jobs WHERE id = ANY($1::uuid[]) AND project_id = $2', [ids, projectId]);
    await notifyStop(q, [...ids, ...children.map((c) => c.id)]);
    // A deleted child leaves its parent (when the parent stays) to follow the children that remain.
    await settleParents(
      q,
      rows.filter((r) => r.parent_job_id !== null && !ids.includes(r.parent_job_id)),
    );
    return { kind: 'done', ids: [...ids] };
  });
}

/** Deletes one job, its children and every artifact. */
export async function deleteJob(db: Db, id: string, projectId: string): Promise<boolean> {
  return (await deleteJobs(db, [id.toLowerCase()], projectId)).kind === 'done';
}

export async function listArtifacts(q: Queryable, jobIds: readonly string[]): Promise<ArtifactRecord[]> {
  if (jobIds.length === 0) return [];
  return q.query<ArtifactRecord>(
    'SELECT id, job_id, kind, format, media_type FROM artifacts WHERE job_id = ANY($1::uuid[]) ORDER BY kind, format',
    [jobIds],
  );
}

export async function readArtifact(
  q: Queryable,
  jobId: string,
  artifactId: string,
): Promise<(ArtifactRecord & { body: string }) | null> {
  const rows = await q.query<ArtifactRecord & { body: string }>(
    'SELECT * FROM artifacts WHERE job_id = $1 AND id = $2',
    [jobId, artifactId],
  );
  return rows[0] ?? null;
}

/** Bodies of one format for several jobs (a multicircuit parent's children). */
export async function readArtifactsByFormat(
  q: Queryable,
  jobIds: readonly string[],
  format: string,
): Promise<Map<string, string>> {
  if (jobIds.length === 0) return new Map();
  const rows = await q.query<{ job_id: string; body: string }>(
    // Debiasing variants' artifacts share the result formats: only the job's own results answer here.
    "SELECT job_id, body FROM artifacts WHERE job_id = ANY($1::uuid[]) AND format = $2 AND kind = 'result'",
    [jobIds, format],
  );
  return new Map(rows.map((r) => [r.job_id, r.body]));
}

/**
 * A multicircuit parent follows its children: started with the first,
 * failed when one failed, canceled when one was canceled, completed when all
 * completed. Called in the transaction that changed a child.
 */
export async function settleParent(q: Queryable, parentId: string): Promise<void> {
  // Siblings finishing at once queue here: each reads the children only after the one before it committed,
  // so the last to finish sees every child final (without the lock, each saw the other still running).
  await q.query('SELECT 1 FROM jobs WHERE id = $1 FOR UPDATE', [parentId]);
  const children = await q.query<{
    status: JobStatus;
    failure: JobRecord['failure'];
    stats: Record<string, unknown> | null;
    execution_duration_ms: number | null;
  }>('SELECT status, failure, stats, execution_duration_ms FROM jobs WHERE parent_job_id = $1 ORDER BY child_index', [
    parentId,
  ]);
  if (children.length === 0) return;
  if (children.some((c) => OPEN_STATUSES.includes(c.status))) {
    if (children.some((c) => c.status !== 'submitted' && c.status !== 'ready')) {
      await q.query(
        `UPDATE jobs SET status = 'started', started_at = coalesce(started_at, now()) WHERE id = $1 AND status IN ('submitted', 'ready')`,
        [parentId],
      );
    }
    return;
  }
  const failed = children.find((c) => c.status === 'failed');
  const status: JobStatus = failed
    ? 'failed'
    : children.some((c) => c.status === 'canceled')
      ? 'canceled'
      : 'completed';
  const stats = sumStats(children.map((c) => c.stats));
  const execution = children.reduce((sum, c) => sum + (c.execution_duration_ms ?? 0), 0);
  await q.query(
    `UPDATE jobs SET status = $2, failure = $3::jsonb, stats = coalesce($4::jsonb, stats), execution_duration_ms = $5,
       started_at = coalesce(started_at, now()), completed_at = now()
     WHERE id = $1 AND status = ANY($6::text[])`,
    [
      parentId,
      status,
      failed?.failure ? JSON.stringify(failed.failure) : null,
      stats ? JSON.stringify(stats) : null,
      status === 'completed' ? execution : null,
      OPEN_STATUSES,
    ],
  );
}

function sumStats(all: readonly (Record<string, unknown> | null)[]): Record<string, unknown> | null {
  if (all.some((s) => s === null)) return null;
  const gate = (s: Record<string, unknown>, k: '1q' | '2q') =>
    Number((s.gate_counts as Record<string, number> | undefined)?.[k] ?? 0);
  const stats = all as Record<string, unknown>[];
  return {
    qubits: Math.max(0, ...stats.map((s) => Number(s.qubits ?? 0))),
    circuits: stats.length,
    gate_counts: {
      '1q': stats.reduce((n, s) => n + gate(s, '1q'), 0),
      '2q': stats.reduce((n, s) => n + gate(s, '2q'), 0),
    },
    kwh: stats.reduce((n, s) => n + Number(s.kwh ?? 0), 0),
  };
}
