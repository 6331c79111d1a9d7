/**
 * Scale out (issue 12.1): two `serve` and two `worker` processes of the
 * built CLI on one PostgreSQL server share the queue. 2,000 jobs of four kinds
 * go in through both servers at once; every one must end in its kind's final
 * state exactly once: claimed once (attempt counter 1), each artifact stored
 * once, none lost.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createKey, openStore, type Db } from '../../src/service/index.js';
import { startPostgres, type PostgresServer } from './postgres.js';
import { startServe, startWorker, type CliProcess } from './processes.js';
import {
  attemptTally,
  call,
  checkStored,
  JOB_KINDS,
  jobBody,
  pool,
  storedJobs,
  waitSettled,
  type JobKind,
} from './workload.js';

const JOBS = 2000;

let server: PostgresServer;
let db: Db;
let key: string;
const processes: CliProcess[] = [];

beforeAll(async () => {
  server = await startPostgres('scale-out');
  db = await openStore({ databaseUrl: server.url });
  key = (await createKey(db, 'scale', 'project-scale')).key;
  const store = ['--database', server.url];
  processes.push(
    ...(await Promise.all([
      startServe([...store, '--workers', '1']),
      startServe([...store, '--workers', '1']),
      startWorker([...store, '--workers', '1']),
      startWorker([...store, '--workers', '1']),
    ])),
  );
});

afterAll(async () => {
  await Promise.all(processes.map((p) => p.kill('SIGTERM')));
  await db?.close();
  await server?.stop();
});

test('2,000 jobs through two servers, run by four processes: each reaches its final state exactly once', async () => {
  const servers = processes.slice(0, 2);
  const kinds: JobKind[] = Array.from({ length: JOBS }, (_, i) => JOB_KINDS[i % JOB_KINDS.length] as JobKind);
  const started = Date.now();
  const created = await pool(kinds, 48, async (kind, i) => {
    const serve = servers[i % 2] as CliProcess;
    const answer = await call(serve.url, 'POST', '/v0.4/jobs', key, jobBody(kind)).catch((error: Error) => {
      throw new Error(
        `POST to serve ${serve.pid} (exit ${serve.child.exitCode ?? serve.child.signalCode}): ${error.message} ${String(error.cause)}\n${serve.logs()}`,
      );
    });
    expect(answer.status, answer.text).toBe(201);
    return { id: answer.json.id as string, kind };
  });
  const submittedMs = Date.now() - started;
  const ids = created.map((c) => c.id);
  expect(new Set(ids).size).toBe(JOBS);

  await waitSettled(db, ids, 150_000);
  const settledMs = Date.now() - started;
  const stored = await storedJobs(db, ids);
  expect(stored.size).toBe(JOBS);
  const problems = created.map(({ id, kind }) => checkStored(stored.get(id) as never, kind)).filter((p) => p !== null);
  expect(problems).toEqual([]);
  const tally = attemptTally(stored.values());
  // No process died: every job was claimed exactly once.
  expect(tally).toEqual({ 1: JOBS });
  // The queue itself: nothing of ours is left claimed, nothing runs twice.
  const [leases] = await db.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM jobs WHERE lease_owner IS NOT NULL AND id = ANY($1::uuid[])',
    [ids],
  );
  expect(leases?.n).toBe(0);
  for (const p of processes) expect(p.child.exitCode, p.logs()).toBeNull();
  console.log(
    `scale-out: ${JOBS} jobs submitted in ${submittedMs} ms, all final after ${settledMs} ms; attempts per job ${JSON.stringify(tally)}; ` +
      `statuses ${JSON.stringify(countBy([...stored.values()].map((j) => `${j.name}:${j.status}`)))}`,
  );
});

function countBy(values: readonly string[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const v of values) counts[v] = (counts[v] ?? 0) + 1;
  return counts;
}
