/**
 * Sessions (IonQ's v0.4 OpenAPI `Session`): create, read, list, end, and the
 * admission of a job that names one. A job's `session_id` must name a live
 * session of the caller's project on the job's backend (else a 400 naming
 * `session_id`); the session starts with its first job; a job past
 * `job_count_limit`, after `duration_limit_min` from the start, or whose
 * estimate would take the accepted jobs' estimates past `cost_limit` is a
 * 409 that names the limit. Ending cancels the session's jobs that have not
 * started and refuses new ones.
 */
import { randomUUID } from 'node:crypto';
import { compile } from '../../index.js';
import type { Db } from '../store/db.js';
import type { Queryable } from '../store/db.js';
import type { JobRecord } from '../store/records.js';
import {
  admitJobs,
  chargeSession,
  endSession,
  getSession,
  insertSession,
  listSessions,
  sessionUsageMs,
  type SessionRecord,
} from '../store/sessions.js';
import { targetByName } from './backend.js';
import { estimateRun, hasErrorMitigation, runShapeOf } from './estimate.js';
import { isUuid, programKind, type Caller, type NewJob } from './model.js';
import { invalid, Problem } from './problems.js';

type Json = Record<string, unknown>;

export interface CreateSessionRequest {
  readonly backend: string;
  readonly settings?: {
    readonly job_count_limit?: number | undefined;
    readonly duration_limit_min?: number | undefined;
    readonly cost_limit?: { readonly unit?: string | undefined; readonly value: number } | undefined;
  } | null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

/**
 * A session as the routes answer it; settings left unset are absent (the SDK
 * parses each one given). Beside the OpenAPI's fields, `state` (the same as
 * `status`) and `usage_time` (seconds its completed jobs ran) are what
 * qiskit-ionq's `Session.status()` and `Session.usage()` read.
 */
function sessionView(session: SessionRecord, usageMs: number): Json {
  const settings: Json = {};
  if (session.job_count_limit !== null) settings.job_count_limit = session.job_count_limit;
  if (session.duration_limit_min !== null) settings.duration_limit_min = session.duration_limit_min;
  if (session.cost_limit !== null) settings.cost_limit = session.cost_limit;
  const expires = expiryOf(session);
  if (expires) settings.expires_at = expires.toISOString();
  return {
    id: session.id,
    created_at: iso(session.created_at),
    started_at: iso(session.started_at),
    ended_at: iso(session.ended_at),
    organization_id: session.project_id,
    project_id: session.project_id,
    creator_id: session.creator_id,
    ender_id: session.ender_id,
    backend: session.backend,
    active: session.status !== 'ended',
    status: session.status,
    state: session.status,
    usage_time: usageMs / 1000,
    settings,
  };
}

/** Sessions as the routes answer them, each with its usage. */
async function viewsOf(db: Db, sessions: readonly SessionRecord[]): Promise<Json[]> {
  const usage = await sessionUsageMs(
    db,
    sessions.map((s) => s.id),
  );
  return sessions.map((s) => sessionView(s, usage.get(s.id) ?? 0));
}

/** When a started session with a duration limit stops taking jobs. */
function expiryOf(session: SessionRecord): Date | null {
  if (session.started_at === null || session.duration_limit_min === null) return null;
  return new Date(session.started_at.getTime() + session.duration_limit_min * 60_000);
}

const sessionNotFound = (id: string) => new Problem('not-found', `Session ${id} not found`);

export async function createSession(db: Db, request: CreateSessionRequest, caller: Caller): Promise<Json> {
  const target = targetByName(request.backend);
  if (!target) throw invalid(`Unknown backend ${request.backend}`, ['backend']);
  if (target.status === 'retired') throw invalid(`Backend ${request.backend} is retired`, ['backend']);
  const settings = request.settings ?? {};
  const session = await insertSession(db, {
    id: randomUUID(),
    project_id: caller.projectId,
    creator_id: caller.userId,
    backend: target.name,
    job_count_limit: settings.job_count_limit ?? null,
    duration_limit_min: settings.duration_limit_min ?? null,
    cost_limit: settings.cost_limit ? { unit: 'usd', value: settings.cost_limit.value } : null,
  });
  return sessionView(session, 0);
}

export async function oneSession(db: Db, id: string, caller: Caller): Promise<SessionRecord> {
  const session = await getSession(db, id, caller.projectId);
  if (!session) throw sessionNotFound(id);
  return session;
}

export async function sessionList(db: Db, caller: Caller, active: boolean | undefined, limit: number): Promise<Json> {
  const sessions = await listSessions(db, caller.projectId, active, limit);
  return { organization_id: caller.projectId, sessions: await viewsOf(db, sessions) };
}

export async function finishSession(db: Db, id: string, caller: Caller): Promise<Json> {
  const session = await endSession(db, id, caller.projectId, caller.userId);
  if (!session) throw sessionNotFound(id);
  return (await viewsOf(db, [session]))[0] as Json;
}

/** One session of the caller's project as GET /v0.4/sessions/{id} answers it. */
export async function sessionDetails(db: Db, id: string, caller: Caller): Promise<Json> {
  return (await viewsOf(db, [await oneSession(db, id, caller)]))[0] as Json;
}

/** What a job will cost: its program's gates as submitted (an OpenQASM program is compiled for the count). */
function jobsCost(jobs: readonly NewJob[]): number {
  const runs = jobs.filter((job) => job.child_job_ids === null);
  const total = runs.reduce((sum, job) => {
    let stats: Json | null = null;
    if (programKind(job.type) === 'qasm3' && typeof job.input.data === 'string') {
      const compiled = compile(job.input.data, { target: job.backend, gateset: 'qis' });
      stats = (compiled.stats as unknown as Json | null) ?? null;
    }
    return sum + estimateRun(runShapeOf({ ...job, stats }, hasErrorMitigation(job))).cost;
  }, 0);
  return Math.round(total * 100) / 100;
}

const noSuchSession = (id: string) =>
  invalid(`session_id ${id.slice(0, 60)} names no session of your project (create one with POST /v0.4/sessions)`, [
    'session_id',
  ]);

/** A 400 when a job on `backend` (if known) cannot name `session` at all: it ended, or runs elsewhere. */
function misnamed(session: SessionRecord, backend: unknown): Problem | null {
  const id = session.id;
  if (session.status === 'ended')
    return invalid(`session_id names session ${id}, which has ended: it takes no more jobs`, ['session_id']);
  if (typeof backend === 'string' && session.backend !== backend)
    return invalid(`session_id names session ${id} on ${session.backend}; this job's backend is ${backend}`, [
      'session_id',
    ]);
  return null;
}

/** Why `session` refuses `job` now, as the error to answer, or null. */
function refusal(session: SessionRecord, job: NewJob, cost: number, now: Date): Problem | null {
  const id = session.id;
  const wrong = misnamed(session, job.backend);
  if (wrong) return wrong;
  if (session.job_count_limit !== null && session.job_count >= session.job_count_limit)
    return new Problem(
      'conflict',
      `Session ${id} reached its job_count_limit: it has taken ${session.job_count} of ${session.job_count_limit} jobs`,
    );
  const expires = expiryOf(session);
  if (expires && now.getTime() >= expires.getTime())
    return new Problem(
      'conflict',
      `Session ${id} passed its duration_limit_min of ${session.duration_limit_min} minutes at ${expires.toISOString()}`,
    );
  const limit = session.cost_limit;
  if (limit && session.committed_cost + cost > limit.value)
    return new Problem(
      'conflict',
      `Session ${id} would pass its cost_limit of ${limit.value} usd: ${Math.round(session.committed_cost * 100) / 100} usd taken by its jobs, ${cost} usd estimated for this one`,
    );
  return null;
}

/** Inserts jobs whose first names a session, if the session takes them; else throws its refusal. */
export async function insertIntoSession(db: Db, jobs: readonly NewJob[], caller: Caller): Promise<void> {
  const job = jobs[0] as NewJob;
  const id = job.session_id as string;
  const session = isUuid(id) ? await getSession(db, id, caller.projectId) : null;
  if (!session) throw noSuchSession(id);
  const cost = session.cost_limit ? jobsCost(jobs) : estimateRun(runShapeOf(job, hasErrorMitigation(job))).cost;
  const outcome = await admitJobs(db, id, caller.projectId, jobs, cost, (locked, now) =>
    refusal(locked, job, cost, now),
  );
  if (outcome === 'not-found') throw noSuchSession(id);
  if (outcome !== null) throw outcome;
}

/**
 * A move into another session than its source's (the body names it): the
 * clone is a new job there and counts against that session's limits, checked
 * and counted under the session's lock in the move's own transaction, so a
 * refused move leaves the source as it was. A clone that stays in its
 * source's session replaces the source there and is not counted again.
 */
export function chargeMove(caller: Caller) {
  return async (q: Queryable, clone: readonly NewJob[], source: JobRecord): Promise<Problem | null> => {
    const job = clone[0] as NewJob;
    const id = job.session_id;
    if (id === null || id === source.session_id) return null;
    const session = isUuid(id) ? await getSession(q, id, caller.projectId) : null;
    if (!session) return noSuchSession(id);
    const cost = session.cost_limit ? jobsCost(clone) : estimateRun(runShapeOf(job, hasErrorMitigation(job))).cost;
    const outcome = await chargeSession(q, id, caller.projectId, cost, (locked, now) =>
      refusal(locked, job, cost, now),
    );
    return outcome === 'not-found' ? noSuchSession(id) : outcome;
  };
}

/**
 * The checks of a session a job is moved into that do not count it (a moved
 * job replaces its source): it is one of the caller's, live, and on the
 * backend the body names (when it names one; the move keeps the source's
 * otherwise, checked when the clone is built).
 */
export async function checkSessionFor(db: Db, id: string, backend: unknown, caller: Caller): Promise<void> {
  const session = isUuid(id) ? await getSession(db, id, caller.projectId) : null;
  if (!session) throw noSuchSession(id);
  const wrong = misnamed(session, backend);
  if (wrong) throw wrong;
}
