/**
 * Lock order on a real PostgreSQL server: every transaction that touches a
 * multicircuit job and its children locks the children first, the order a
 * worker claiming or finishing a child takes (child, then parent). Ending a
 * session locked its waiting jobs in scan order (the parent first), so a
 * worker holding a child and asking for the parent deadlocked with it.
 * Deterministic: a connection plays the worker, holding a child while the
 * session ends, then asks for the parent with NOWAIT.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServiceOnPostgres, type ServiceOnPostgres } from './service-on-postgres.js';
import { call } from './workload.js';

let env: ServiceOnPostgres;

beforeAll(async () => {
  // No workers: nothing claims the jobs but the connection that plays one.
  env = await startServiceOnPostgres('lock-order', { workers: 0, user: 'locker', project: 'project-locks' });
});

afterAll(async () => {
  await env?.stop();
});

/** Backends of the jobs database waiting on a lock, other than `except`. */
async function lockWaiters(except: number): Promise<number> {
  const [row] = await env.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> $1`,
    [except],
  );
  return row?.n ?? 0;
}

describe('lock order', () => {
  test("ending a session waits for a worker's child without holding the parent the worker asks for next", async () => {
    const session = await call(env.url, 'POST', '/v0.4/sessions', env.key, { backend: 'qpu.aria-1', settings: {} });
    expect(session.status, session.text).toBe(201);
    const sessionId = session.json.id as string;
    const circuits = Array.from({ length: 3 }, (_, i) => ({ name: `c${i}`, circuit: [{ gate: 'h', target: 0 }] }));
    const job = await call(env.url, 'POST', '/v0.4/jobs', env.key, {
      type: 'svc.multi-circuit.v1',
      backend: 'qpu.aria-1',
      shots: 100,
      session_id: sessionId,
      input: { qubits: 1, circuits },
    });
    expect(job.status, job.text).toBe(201);
    const parent = job.json.id as string;
    const children = await env.db.query<{ id: string }>('SELECT id FROM jobs WHERE parent_job_id = $1 ORDER BY id', [
      parent,
    ]);
    expect(children).toHaveLength(3);

    const worker = new pg.Client({ connectionString: env.server.url });
    await worker.connect();
    try {
      const [{ pid }] = (await worker.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows as [
        { pid: number },
      ];
      await worker.query('BEGIN');
      await worker.query('SELECT 1 FROM jobs WHERE id = $1 FOR UPDATE', [children[1]?.id]);
      const ending = call(env.url, 'POST', `/v0.4/sessions/${sessionId}/end`, env.key, {});
      const deadline = Date.now() + 60_000;
      while ((await lockWaiters(pid)) === 0) {
        if (Date.now() > deadline) throw new Error('the session end never waited for the child the worker holds');
        await new Promise((r) => setTimeout(r, 5));
      }
      // The worker's next step: the parent. NOWAIT fails at once if the session's end holds it.
      const parentLock = await worker.query('SELECT 1 FROM jobs WHERE id = $1 FOR UPDATE NOWAIT', [parent]).then(
        () => 'locked',
        (error: Error) => error.message,
      );
      await worker.query('COMMIT');
      expect(parentLock).toBe('locked');
      const ended = await ending;
      expect(ended.status, ended.text).toBe(200);
      expect(ended.json.status).toBe('ended');
    } finally {
      await worker.end();
    }
    const statuses = await env.db.query<{ status: string }>(
      'SELECT status FROM jobs WHERE id = $1 OR parent_job_id = $1 ORDER BY id',
      [parent],
    );
    expect(statuses.map((s) => s.status)).toEqual(['canceled', 'canceled', 'canceled', 'canceled']);
  });
});
