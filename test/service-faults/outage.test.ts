/**
 * Store outage (issue 12.3): the PostgreSQL server stops for 10 s while a
 * serve and a worker process are under load. Requests answer 503 in the
 * service's error shape, /health says so, no process crashes, the service
 * resumes by itself when the server is back, and every job answered 201
 * completes.
 */
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createKey, openStore, type Db } from '../../src/service/index.js';
import { startPostgres, type PostgresServer } from './postgres.js';
import { startServe, startWorker, type CliProcess } from './processes.js';
import { call, checkStored, jobBody, storedJobs, waitSettled } from './workload.js';

const OUTAGE_MS = 10_000;

let server: PostgresServer;
let db: Db;
const processes: CliProcess[] = [];

beforeAll(async () => {
  server = await startPostgres('outage');
  db = await openStore({ databaseUrl: server.url });
  const store = ['--database', server.url, '--lease-ms', '3000'];
  processes.push(...(await Promise.all([startServe([...store, '--workers', '1']), startWorker(store)])));
});

afterAll(async () => {
  await Promise.all(processes.map((p) => p.kill('SIGKILL')));
  await db?.close();
  await server?.stop();
});

test('a 10 s outage under load: 503 in the error shape, /health says so, nothing crashes, service resumes, no job lost', async () => {
  const key = (await createKey(db, 'outage', 'project-outage')).key;
  const serve = processes[0] as CliProcess;
  const created: string[] = [];
  const statuses: Record<string, number> = {};
  const unavailable: unknown[] = [];
  const health: { at: number; status: number; body: unknown }[] = [];
  let phase: 'before' | 'down' | 'after' = 'before';
  let running = true;
  const count = (label: string) => (statuses[label] = (statuses[label] ?? 0) + 1);

  const submitter = async () => {
    while (running) {
      const answer = await call(serve.url, 'POST', '/v0.4/jobs', key, jobBody('bell'));
      count(`${phase}:POST ${answer.status}`);
      if (answer.status === 201) created.push(answer.json.id);
      else if (answer.status === 503) unavailable.push(answer.json);
      const read = await call(serve.url, 'GET', '/v0.4/jobs?limit=5', key);
      count(`${phase}:GET ${read.status}`);
      if (read.status === 503) unavailable.push(read.json);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  const prober = async () => {
    while (running) {
      const answer = await call(serve.url, 'GET', '/health', null);
      health.push({ at: Date.now(), status: answer.status, body: answer.json });
      await new Promise((r) => setTimeout(r, 250));
    }
  };
  const load = [submitter(), submitter(), submitter(), prober()];

  await new Promise((r) => setTimeout(r, 3000));
  await server.pause();
  phase = 'down';
  const downAt = Date.now();
  await new Promise((r) => setTimeout(r, OUTAGE_MS));
  phase = 'after';
  await server.resume();
  const upAt = Date.now();
  // Resume by itself: health answers ok again, with no process restarted.
  while (health.at(-1)?.status !== 200 || (health.at(-1)?.at ?? 0) < upAt) {
    if (Date.now() - upAt > 30_000) throw new Error('the service did not come back within 30 s of the server');
    await new Promise((r) => setTimeout(r, 100));
  }
  const recoveredMs = Date.now() - upAt;
  await new Promise((r) => setTimeout(r, 3000));
  running = false;
  await Promise.all(load);

  // Every answer was one of these: never a 500, never a dropped connection (call() would have thrown).
  for (const label of Object.keys(statuses)) expect(label).toMatch(/ (200|201|503)$/);
  expect(statuses['down:POST 503'] ?? 0).toBeGreaterThan(0);
  expect(statuses['after:POST 201'] ?? 0).toBeGreaterThan(0);
  for (const body of unavailable)
    expect(body).toEqual({ statusCode: 503, error: 'Service Unavailable', message: expect.any(String) });
  const downHealth = health.filter((h) => h.at > downAt + 1000 && h.at < downAt + OUTAGE_MS);
  expect(downHealth.length).toBeGreaterThan(0);
  for (const h of downHealth) {
    expect(h.status).toBe(503);
    expect(h.body).toMatchObject({ statusCode: 503, error: 'Service Unavailable', status: 'unavailable' });
  }
  for (const p of processes) expect(p.child.exitCode, p.logs()).toBeNull();

  await waitSettled(db, created, 90_000);
  const stored = await storedJobs(db, created);
  expect(created.filter((id) => !stored.has(id))).toEqual([]);
  expect(created.map((id) => checkStored(stored.get(id) as never, 'bell')).filter((p) => p !== null)).toEqual([]);
  console.log(
    `outage: ${JSON.stringify(statuses)}; health ok again ${recoveredMs} ms after the server; ${created.length} jobs acknowledged, all completed`,
  );
});
