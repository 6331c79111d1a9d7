/**
 * Races (issue 12.4), each repeated many times with the client's request
 * landing at spread-out moments around the job's completion: cancel vs
 * completion, move vs completion, delete vs a running job, two cancels at
 * once, a multicircuit job canceled while its children complete. Whatever wins, the final state is one the lifecycle allows: never
 * `completed` after a cancel answered 200, never a moved clone of a job that
 * completed, nothing left of a deleted job.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { startServiceOnPostgres, type ServiceOnPostgres } from './service-on-postgres.js';
import { call, jobBody, waitSettled } from './workload.js';

const ROUNDS = 24;

let env: ServiceOnPostgres;

beforeAll(async () => {
  env = await startServiceOnPostgres('races', { workers: 2, user: 'racer', project: 'project-races' });
});

afterAll(async () => {
  await env?.stop();
});

/** A Bell job's time from creation to completion here (median of a few), measured before the races. */
let completionMs = 50;
/** Delay of round `i`: spread from 0 to 1.5 times the completion time, so some requests win and some lose. */
const delayOf = (i: number, ms = completionMs) => Math.round(((i % 12) / 11) * 1.5 * ms);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * A job, once a worker holds it: a worker thread is replaced after every
 * canceled run (it is terminated), so timing from the POST would mostly
 * measure the new thread's start; from the claim, delays land around the run.
 */
async function createRunning(body: Record<string, unknown> = jobBody('bell')): Promise<string> {
  const answer = await call(env.url, 'POST', '/v0.4/jobs', env.key, body);
  expect(answer.status, answer.text).toBe(201);
  const id = answer.json.id as string;
  while (
    (await env.db.query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [id]))[0]?.status === 'submitted'
  )
    await sleep(1);
  return id;
}

async function resultArtifacts(id: string): Promise<number> {
  const [row] = await env.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM artifacts WHERE job_id = $1 AND kind = 'result'`,
    [id],
  );
  return row?.n ?? 0;
}

/** Median time, over `runs` jobs of `body`, from a job seen started to it completed. */
async function completionTime(body: Record<string, unknown>, runs: number): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const id = await createRunning(body);
    const started = performance.now();
    while (
      (await env.db.query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [id]))[0]?.status !== 'completed'
    )
      await sleep(1);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[runs >> 1] as number;
}

describe.sequential('races', () => {
  beforeAll(async () => {
    completionMs = await completionTime(jobBody('bell'), 6);
    console.log(`a Bell job completes ${Math.round(completionMs)} ms after it is seen started (median of 6)`);
  });

  test('cancel vs completion: a cancel answered 200 always leaves the job canceled, without results', async () => {
    const outcomes: Record<string, number> = {};
    for (let i = 0; i < ROUNDS; i++) {
      const id = await createRunning();
      await sleep(delayOf(i));
      const cancel = await call(env.url, 'PUT', `/v0.4/jobs/${id}/status/cancel`, env.key);
      await waitSettled(env.db, [id], 30_000);
      const job = await call(env.url, 'GET', `/v0.4/jobs/${id}`, env.key);
      outcomes[`${cancel.status}->${job.json.status}`] = (outcomes[`${cancel.status}->${job.json.status}`] ?? 0) + 1;
      if (cancel.status === 200) {
        expect(job.json.status).toBe('canceled');
        expect(await resultArtifacts(id)).toBe(0);
      } else {
        expect(cancel.status).toBe(409);
        expect(job.json.status).toBe('completed');
      }
    }
    console.log('cancel vs completion', outcomes);
  });

  test('move vs completion: a clone exists only when the move answered 200, and its source never completed', async () => {
    const outcomes: Record<string, number> = {};
    for (let i = 0; i < ROUNDS; i++) {
      const id = await createRunning();
      await sleep(delayOf(i));
      const move = await call(env.url, 'POST', `/v0.4/jobs/${id}/move`, env.key, {});
      await waitSettled(env.db, [id], 30_000);
      const source = await call(env.url, 'GET', `/v0.4/jobs/${id}`, env.key);
      const clones = await env.db.query<{ id: string }>(`SELECT id FROM jobs WHERE metadata->>'original_job_id' = $1`, [
        id,
      ]);
      outcomes[`${move.status}->${source.json.status}`] = (outcomes[`${move.status}->${source.json.status}`] ?? 0) + 1;
      if (move.status === 200) {
        expect(source.json.status).toBe('canceled');
        expect(await resultArtifacts(id)).toBe(0);
        expect(clones.map((c) => c.id)).toEqual([move.json.id]);
      } else {
        expect(move.status).toBe(409);
        expect(source.json.status).toBe('completed');
        expect(clones).toEqual([]);
      }
    }
    console.log('move vs completion', outcomes);
  });

  test('delete vs a running job: nothing of the job is left, whatever the worker was doing', async () => {
    for (let i = 0; i < ROUNDS; i++) {
      const id = await createRunning();
      await sleep(delayOf(i));
      const removed = await call(env.url, 'DELETE', `/v0.4/jobs/${id}`, env.key);
      expect(removed.status, removed.text).toBe(200);
      // Give a worker that held the job time to try to store its outcome.
      await sleep(60);
      expect((await call(env.url, 'GET', `/v0.4/jobs/${id}`, env.key)).status).toBe(404);
      const [left] = await env.db.query<{ jobs: number; artifacts: number }>(
        `SELECT (SELECT count(*)::int FROM jobs WHERE id = $1) AS jobs, (SELECT count(*)::int FROM artifacts WHERE job_id = $1) AS artifacts`,
        [id],
      );
      expect(left).toEqual({ jobs: 0, artifacts: 0 });
    }
  });

  test('two cancels at once: both answer alike, and a 200 always means canceled', async () => {
    const outcomes: Record<string, number> = {};
    for (let i = 0; i < ROUNDS; i++) {
      const id = await createRunning();
      await sleep(delayOf(i));
      const answers = await Promise.all(
        [0, 1].map(() => call(env.url, 'PUT', `/v0.4/jobs/${id}/status/cancel`, env.key)),
      );
      await waitSettled(env.db, [id], 30_000);
      const job = await call(env.url, 'GET', `/v0.4/jobs/${id}`, env.key);
      const statuses = answers.map((a) => a.status).sort();
      outcomes[`${statuses.join('+')}->${job.json.status}`] =
        (outcomes[`${statuses.join('+')}->${job.json.status}`] ?? 0) + 1;
      expect(statuses[0]).toBe(statuses[1]);
      expect(job.json.status).toBe(statuses[0] === 200 ? 'canceled' : 'completed');
    }
    console.log('two cancels', outcomes);
  });

  test('cancel of a multicircuit job while its children complete: 200 means canceled with no child left open, 409 means completed, never anything else', async () => {
    const circuits = Array.from({ length: 4 }, (_, i) => ({
      name: `c${i}`,
      circuit: [
        { gate: 'h', target: 0 },
        { gate: 'cnot', control: 0, target: 1 },
      ],
    }));
    const body = { type: 'svc.multi-circuit.v1', backend: 'simulator', input: { qubits: 2, circuits } };
    // Its own completion time (4 children on 2 threads), so the cancels land before, during and after.
    const multiMs = await completionTime(body, 3);
    const outcomes: Record<string, number> = {};
    for (let i = 0; i < ROUNDS; i++) {
      const id = await createRunning(body);
      await sleep(delayOf(i, multiMs));
      const cancel = await call(env.url, 'PUT', `/v0.4/jobs/${id}/status/cancel`, env.key);
      await waitSettled(env.db, [id], 30_000);
      const job = await call(env.url, 'GET', `/v0.4/jobs/${id}`, env.key);
      outcomes[`${cancel.status}->${job.json.status}`] = (outcomes[`${cancel.status}->${job.json.status}`] ?? 0) + 1;
      const children = await env.db.query<{ status: string }>('SELECT status FROM jobs WHERE parent_job_id = $1', [id]);
      expect(children).toHaveLength(4);
      if (cancel.status === 200) {
        expect(job.json.status).toBe('canceled');
        expect(children.filter((c) => !['completed', 'canceled'].includes(c.status))).toEqual([]);
      } else {
        expect(cancel.status, cancel.text).toBe(409);
        expect(job.json.status).toBe('completed');
        expect(children.map((c) => c.status)).toEqual(['completed', 'completed', 'completed', 'completed']);
      }
    }
    console.log(
      `multicircuit cancel vs children (completes ${Math.round(multiMs)} ms after it is seen started)`,
      outcomes,
    );
  });
});
