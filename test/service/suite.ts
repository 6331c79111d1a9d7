/**
 * The store and API suite, run once on PGlite and once on a PostgreSQL
 * server (pglite.test.ts, postgres.test.ts). Requests are real HTTP, with
 * bodies as qiskit-ionq, cirq-ionq and PennyLane-IonQ build them.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { compile, simulate, validate } from '../../src/index.js';
import { applyMigrations, readMigrations } from '../../src/service/store/migrate.js';
import { insertJobs, JobInserter } from '../../src/service/store/jobs.js';
import { claimJob, completeJob, renewLeases } from '../../src/service/store/queue.js';
import { revokeKey, createKey, extendCharacterizations } from '../../src/service/store/catalog.js';
import { characterizationSource } from '../../src/service/jobs/characterizations.js';
import { JOBS_CHANNEL, type Db } from '../../src/service/store/db.js';
import type { JobRecord } from '../../src/service/jobs/model.js';
import { newJob } from './new-job.js';
import { BELL_JSON, BELL_QASM, startHarness, type Harness } from './harness.js';
import { defineReliabilityTests } from './reliability.js';
import { defineClientCallTests } from './client-calls.js';

const AUTH_FAILED = {
  statusCode: 401,
  error: 'Unauthorized Error',
  message: 'Authentication failed: send the header Authorization: apiKey <API_KEY> (see /docs#authentication)',
};

const FAILING = [
  { name: 'ccx', program: 'qubit[3] q;\nccx q[0], q[1], q[2];', backend: 'simulator' },
  {
    name: 'mid-circuit measurement on qpu.aria-1',
    program: 'qubit[2] q;\nbit[2] c;\nh q[0];\nc[0] = measure q[0];\ncx q[0], q[1];\nc[1] = measure q[1];',
    backend: 'qpu.aria-1',
  },
  { name: 'a for loop', program: 'qubit[1] q;\nfor int i in [0:2] {\n  x q[0];\n}', backend: 'simulator' },
  { name: '40 qubits on qpu.forte-1', program: 'qubit[40] q;\nh q[0];', backend: 'qpu.forte-1' },
];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function defineServiceSuite(
  storeName: string,
  open: () => Promise<{ db: Db; cleanup: () => Promise<void> }>,
): void {
  describe(`job service on ${storeName}`, () => {
    let db: Db;
    let cleanup: () => Promise<void>;
    // Creating an embedded store or starting a server takes long on a busy machine.
    beforeAll(async () => {
      ({ db, cleanup } = await open());
    }, 240_000);
    afterAll(async () => {
      await cleanup?.();
    });

    describe('store and queue', () => {
      it('applies migrations once, also when several processes start at once', async () => {
        const again = await Promise.all([applyMigrations(db), applyMigrations(db), applyMigrations(db)]);
        expect(again).toEqual([[], [], []]);
        const applied = await db.query<{ version: number }>('SELECT version FROM schema_migrations ORDER BY version');
        expect(applied.map((r) => r.version)).toEqual(readMigrations().map((m) => m.version));
      });

      it('claims each queued job once, with SKIP LOCKED, and counts attempts', async () => {
        const jobs = [newJob(), newJob()];
        await db.tx((q) => insertJobs(q, jobs));
        const claimed = await Promise.all([claimJob(db, 'w1', 60_000), claimJob(db, 'w2', 60_000)]);
        expect(new Set(claimed.map((j) => j?.id))).toEqual(new Set(jobs.map((j) => j.id)));
        expect(claimed.map((j) => j?.attempts)).toEqual([1, 1]);
        expect(await claimJob(db, 'w3', 60_000)).toBeNull();
        await db.query("DELETE FROM jobs WHERE project_id = 'queue-test'");
      });

      it("claims a job again once its worker's lease ran out, and only the lease holder completes it", async () => {
        const job = newJob();
        await db.tx((q) => insertJobs(q, [job]));
        expect((await claimJob(db, 'dead-worker', 50))?.id).toBe(job.id);
        await sleep(120);
        const again = await claimJob(db, 'live-worker', 60_000);
        expect(again?.id).toBe(job.id);
        expect(again?.attempts).toBe(2);
        const artifact = {
          id: randomUUID(),
          kind: 'result' as const,
          format: 'svc.result.probabilities.json.v1',
          media_type: 'application/json',
          body: '{"1":1}',
        };
        expect(await completeJob(db, job, 'dead-worker', { status: 'completed', artifacts: [artifact] })).toBe(false);
        expect(await renewLeases(db, 'dead-worker', [job.id], 60_000)).toEqual([job.id]);
        expect(
          await completeJob(db, job, 'live-worker', {
            status: 'completed',
            artifacts: [{ ...artifact, id: randomUUID() }],
          }),
        ).toBe(true);
        const [row] = await db.query<{ status: string; attempts: number; n: number }>(
          'SELECT status, attempts, (SELECT count(*)::int FROM artifacts WHERE job_id = jobs.id) AS n FROM jobs WHERE id = $1',
          [job.id],
        );
        expect(row).toEqual({ status: 'completed', attempts: 2, n: 1 });
        await db.query("DELETE FROM jobs WHERE project_id = 'queue-test'");
      });

      it('claims a child with its parent in one statement, and settles the parent when siblings finish at the same moment', async () => {
        for (let round = 0; round < 8; round++) {
          const parent = newJob();
          const children = [0, 1].map((i) => newJob({ parent_job_id: parent.id, child_index: i }));
          await insertJobs(db, [{ ...parent, child_job_ids: children.map((c) => c.id) }, ...children]);
          const claimed = await Promise.all([claimJob(db, 'w1', 60_000), claimJob(db, 'w2', 60_000)]);
          expect(new Set(claimed.map((j) => j?.id))).toEqual(new Set(children.map((c) => c.id)));
          const [started] = await db.query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [parent.id]);
          expect(started?.status).toBe('started');
          await Promise.all(
            claimed.map((job, i) =>
              completeJob(db, job as JobRecord, `w${i + 1}`, { status: 'completed', artifacts: [] }),
            ),
          );
          const [settled] = await db.query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [parent.id]);
          expect(settled?.status).toBe('completed');
          await db.query("DELETE FROM jobs WHERE project_id = 'queue-test'");
        }
      });

      it('groups creations that arrive together and resolves each after its commit', async () => {
        const inserter = new JobInserter(db);
        const jobs = Array.from({ length: 40 }, () => newJob({ status: 'canceled' }));
        await Promise.all(jobs.map((j) => inserter.insert([j])));
        const [row] = await db.query<{ n: number; xids: number }>(
          "SELECT count(*)::int AS n, count(DISTINCT xmin::text)::int AS xids FROM jobs WHERE project_id = 'queue-test'",
        );
        expect(row?.n).toBe(40);
        expect(row?.xids).toBeLessThan(40);
        await db.query("DELETE FROM jobs WHERE project_id = 'queue-test'");
      });
      describe('an insert that claims for its own idle threads (issue 27)', () => {
        /** A claimer as a runner with `idle` free threads would be; `settled` collects what each insert claimed. */
        const claimer = (owner: string, idle: number, leaseMs = 60_000) => {
          const settled: JobRecord[][] = [];
          let reserved = 0;
          return {
            settled,
            reserved: () => reserved,
            reserve: () => {
              if (idle - reserved <= 0) return null;
              const max = idle - reserved;
              reserved += max;
              return { owner, leaseMs, max };
            },
            settle: (claim: { max: number }, claimed: readonly JobRecord[]) => {
              reserved -= claim.max;
              settled.push([...claimed]);
            },
          };
        };
        beforeEach(async () => {
          await db.query("DELETE FROM jobs WHERE project_id = 'queue-test'");
        });
        const row = async (id: string) =>
          (
            await db.query<{ status: string; attempts: number; lease_owner: string | null; started: boolean }>(
              'SELECT status, attempts, lease_owner, started_at IS NOT NULL AS started FROM jobs WHERE id = $1',
              [id],
            )
          )[0];

        it('claims new jobs up to the idle threads in the insert itself, the rest queued and announced', async () => {
          const threads = claimer('inserting-worker', 1);
          const inserter = new JobInserter(db, threads);
          const [first, second] = [newJob(), newJob()];
          const notified: string[] = [];
          const stop = await db.listen(JOBS_CHANNEL, (payload) => notified.push(payload));
          // One request with both jobs: the first (queue order) is claimed, the second waits in the queue.
          expect(await inserter.insert([first, second])).toBe(true);
          expect(threads.settled.map((jobs) => jobs.map((j) => j.id))).toEqual([[first.id]]);
          const claimed = threads.settled[0]?.[0];
          expect(claimed).toMatchObject({ status: 'started', attempts: 1, lease_owner: 'inserting-worker' });
          expect(claimed?.input).toEqual(first.input);
          expect(await row(first.id)).toEqual({
            status: 'started',
            attempts: 1,
            lease_owner: 'inserting-worker',
            started: true,
          });
          expect(await row(second.id)).toEqual({ status: 'submitted', attempts: 0, lease_owner: null, started: false });
          expect(threads.reserved()).toBe(0);
          for (let i = 0; i < 200 && notified.length === 0; i++) await sleep(10);
          expect(notified).toEqual(['']);
          // The queued job is older than anything inserted now: a new job is not claimed ahead of it.
          const third = newJob();
          expect(await inserter.insert([third])).toBe(true);
          expect(threads.settled[1]).toEqual([]);
          expect((await row(third.id))?.status).toBe('submitted');
          // The queue served (a worker claimed both): nothing older waits, and a job claimed whole wakes nobody.
          expect((await claimJob(db, 'w', 60_000))?.id).toBe(second.id);
          expect((await claimJob(db, 'w', 60_000))?.id).toBe(third.id);
          notified.length = 0;
          const fourth = newJob();
          expect(await inserter.insert([fourth])).toBe(false);
          expect(threads.settled[2]?.map((j) => j.id)).toEqual([fourth.id]);
          // Announced in commit order: a later insert's NOTIFY arrives, and it is the only one.
          await insertJobs(db, [newJob({ status: 'canceled' })]);
          for (let i = 0; i < 200 && notified.length === 0; i++) await sleep(10);
          await sleep(50);
          expect(notified).toEqual(['']);
          await stop();
          await db.query("DELETE FROM jobs WHERE project_id = 'queue-test'");
        });

        it('claims neither multicircuit parents and children nor anything when no thread is idle', async () => {
          const threads = claimer('inserting-worker', 2);
          const inserter = new JobInserter(db, threads);
          const parent = newJob();
          const children = [0, 1].map((i) => newJob({ parent_job_id: parent.id, child_index: i }));
          expect(await inserter.insert([{ ...parent, child_job_ids: children.map((c) => c.id) }, ...children])).toBe(
            true,
          );
          expect(threads.settled).toEqual([[]]);
          await db.query("DELETE FROM jobs WHERE project_id = 'queue-test'");
          const busy = new JobInserter(db, claimer('busy-worker', 0));
          const job = newJob();
          expect(await busy.insert([job])).toBe(true);
          expect((await row(job.id))?.status).toBe('submitted');
          await db.query("DELETE FROM jobs WHERE project_id = 'queue-test'");
        });

        it('loses no job when the inserting process dies before running it: the lease runs out and another claims it', async () => {
          // The process "dies" between the insert's commit and the run: what it claimed never reaches a thread.
          const dying = claimer('dying-worker', 1, 1000);
          const job = newJob();
          expect(await new JobInserter(db, dying).insert([job])).toBe(false);
          expect(dying.settled[0]?.map((j) => j.id)).toEqual([job.id]);
          // Held while the lease lasts: no other worker takes it.
          const [lease] = await db.query<{ left: number }>(
            'SELECT extract(epoch FROM lease_expires_at - now()) * 1000 AS left FROM jobs WHERE id = $1',
            [job.id],
          );
          if (Number(lease?.left) > 200) expect(await claimJob(db, 'live-worker', 60_000)).toBeNull();
          await sleep(Number(lease?.left) + 50);
          const again = await claimJob(db, 'live-worker', 60_000);
          expect(again?.id).toBe(job.id);
          expect(again?.attempts).toBe(2);
          expect(await completeJob(db, job, 'dying-worker', { status: 'completed', artifacts: [] })).toBe(false);
          expect(await completeJob(db, job, 'live-worker', { status: 'completed', artifacts: [] })).toBe(true);
          expect(await row(job.id)).toMatchObject({ status: 'completed', attempts: 2 });
          await db.query("DELETE FROM jobs WHERE project_id = 'queue-test'");
        });

        it('with several processes inserting and claiming at once, every job is claimed exactly once', async () => {
          const processes = [claimer('process-a', 1), claimer('process-b', 1), claimer('process-c', 0)];
          const inserters = processes.map((p) => new JobInserter(db, p));
          const jobs = Array.from({ length: 30 }, () => newJob());
          // Each process's threads free again after each insert: as if every claimed run finished at once.
          await Promise.all(jobs.map((job, i) => (inserters[i % 3] as JobInserter).insert([job])));
          const claimers = new Map<string, string>();
          for (const [i, p] of processes.entries())
            for (const claimed of p.settled.flat()) {
              expect(claimers.has(claimed.id)).toBe(false);
              claimers.set(claimed.id, `process-${'abc'[i]}`);
            }
          for (;;) {
            const job = await claimJob(db, 'queue-worker', 60_000);
            if (!job) break;
            expect(claimers.has(job.id)).toBe(false);
            claimers.set(job.id, 'queue-worker');
          }
          expect([...claimers.keys()].sort()).toEqual(jobs.map((j) => j.id).sort());
          const rows = await db.query<{ id: string; attempts: number; lease_owner: string }>(
            "SELECT id, attempts, lease_owner FROM jobs WHERE project_id = 'queue-test'",
          );
          expect(rows.every((r) => r.attempts === 1 && r.lease_owner === claimers.get(r.id))).toBe(true);
          expect([...claimers.values()].filter((c) => c === 'process-c')).toEqual([]);
          await db.query("DELETE FROM jobs WHERE project_id = 'queue-test'");
        });
      });
    });

    describe('HTTP API', () => {
      let h: Harness;
      beforeAll(async () => {
        h = await startHarness(db);
      }, 120_000);
      afterAll(async () => {
        await h?.close();
      });

      describe('fuzz findings of issue 24', () =>
        defineReliabilityTests(
          () => h,
          () => db,
        ));

      const create = async (body: Record<string, unknown>, key?: string) => {
        const answer = await h.request('POST', '/v0.4/jobs', { body, ...(key ? { key } : {}) });
        expect(answer.status, answer.text).toBe(201);
        return answer.json.id as string;
      };

      it('answers /health, /openapi.json (OpenAPI 3.1 with every route) and /docs without a key', async () => {
        expect((await h.request('GET', '/health', { key: null })).json).toEqual({ status: 'ok' });
        const openapi = (await h.request('GET', '/openapi.json', { key: null })).json;
        expect(openapi.openapi).toBe('3.1.0');
        for (const path of [
          '/v0.3/jobs',
          '/v0.3/jobs/{UUID}/results',
          '/v0.3/jobs/{UUID}/status/cancel',
          '/v0.3/characterizations/backends/{backend}',
          '/v0.3/characterizations/{UUID}',
          '/v0.4/jobs',
          '/v0.4/jobs/{UUID}',
          '/v0.4/jobs/{UUID}/move',
          '/v0.4/jobs/{UUID}/results/probabilities',
          '/v0.4/jobs/{UUID}/results/probabilities/aggregated',
          '/v0.4/jobs/{UUID}/results/histogram',
          '/v0.4/jobs/{UUID}/results/shots',
          '/v0.4/jobs/{UUID}/artifacts/{artifact}',
          '/v0.4/jobs/{UUID}/cost',
          '/v0.4/backends',
          '/v0.4/backends/{backend}',
          '/v0.4/backends/{backend}/characterizations',
          '/v0.4/backends/{backend}/characterizations/{UUID}',
          '/v0.3/calibrations',
          '/v0.3/calibrations/current',
          '/v0.4/calibrations',
          '/v0.4/calibrations/current',
          '/v0.4/jobs/estimate',
          '/v0.4/jobs/{UUID}/clone',
          '/v0.4/whoami',
          '/v0.4/schemas/formats/{format}',
          '/v0.4/sessions',
          '/v0.4/sessions/{session_id}',
          '/v0.4/sessions/{session_id}/end',
          '/v0.4/sessions/{session_id}/jobs',
          '/v0.4/jobs/status/cancel',
          '/v0.3/jobs/status/cancel',
          '/v0.4/jobs/{UUID}/circuits/{lang}',
          '/v0.4/jobs/{UUID}/variants/{variant_id}/results/probabilities',
          '/v0.4/jobs/{UUID}/variants/{variant_id}/results/histogram',
          '/v0.4/jobs/{UUID}/variants/{variant_id}/results/shots',
        ]) {
          expect(openapi.paths[path], path).toBeDefined();
        }
        const lang = (
          openapi.paths['/v0.4/jobs/{UUID}/circuits/{lang}'].get.parameters as { name: string; schema: unknown }[]
        ).find((p) => p.name === 'lang');
        expect(JSON.stringify(lang?.schema)).toMatch(/native.*qasm3/);
        const docs = await h.request('GET', '/docs', { key: null });
        expect(docs.status).toBe(200);
        expect(docs.text).toMatch(/swagger/i);
      });

      it('refuses a missing, malformed, unknown or revoked key with 401, and takes Bearer', async () => {
        const revoked = await createKey(db, 'carol', 'project-a');
        await revokeKey(db, revoked.id);
        for (const headers of [
          {} as Record<string, string>,
          { Authorization: 'apiKey' },
          { Authorization: 'Basic abc' },
          { Authorization: 'apiKey not-a-key' },
          { Authorization: `apiKey ${revoked.key}` },
        ]) {
          const answer = await h.request('GET', '/v0.4/jobs', { key: null, headers });
          expect(answer.status).toBe(401);
          expect(answer.json).toEqual(AUTH_FAILED);
        }
        expect(
          (await h.request('GET', '/v0.4/jobs', { key: null, headers: { Authorization: `Bearer ${h.keyA}` } })).status,
        ).toBe(200);
        expect((await h.request('GET', '/v0.4/backends', { key: null })).status).toBe(200);
      });

      it('runs an OpenQASM Bell job on the simulator: results equal the library, compiled circuits, stats, cost', async () => {
        const id = await create({
          type: 'svc.qasm3.v1',
          backend: 'simulator',
          name: 'bell test',
          metadata: { purpose: 'test' },
          input: { data: BELL_QASM },
        });
        const job = await h.settle(id);
        expect(job.status).toBe('completed');
        expect(job.submitted_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
        expect(job.stats).toEqual({ ...compile(BELL_QASM, { gateset: 'qis' }).stats, kwh: 0 });
        expect(job.shots).toBeUndefined();
        const library = simulate(BELL_QASM).results;
        const probabilities = await h.request('GET', `/v0.4/jobs/${id}/results/probabilities`);
        expect(probabilities.json).toEqual(library['svc.result.probabilities.json.v1']);
        expect(probabilities.json).toEqual({ '0': 0.5, '3': 0.5 });
        expect(
          (await h.request('GET', `/v0.4/jobs/${id}/results/probabilities/aggregated?sharpen=false`)).json,
        ).toEqual(probabilities.json);
        const descriptor = job.results['svc.result.probabilities.json.v2'];
        expect(descriptor).toMatchObject({
          format: 'svc.result.probabilities.json.v2',
          media_type: 'application/json',
        });
        expect(job.results.probabilities).toEqual({ url: `/v0.4/jobs/${id}/results/probabilities` });
        const artifact = await h.request('GET', `/v0.4/jobs/${id}/artifacts/${descriptor.id}`);
        expect(artifact.json).toEqual(library['svc.result.probabilities.json.v2']);
        const compiled = job.output.compilation.compiled_circuits;
        const qasm = await h.request('GET', `/v0.4/jobs/${id}/artifacts/${compiled['svc.qasm3.v1'].id}`);
        expect(qasm.headers.get('content-type')).toMatch(/^text\/plain/);
        expect(qasm.text).toBe(compile(BELL_QASM, { target: 'simulator' }).qasm);
        expect(validate(qasm.text).ok).toBe(true);
        const native = await h.request('GET', `/v0.4/jobs/${id}/artifacts/${compiled['svc.native.v1'].id}`);
        expect(native.json).toEqual(compile(BELL_QASM, { target: 'simulator' }).circuit);
        const histogram = await h.request('GET', `/v0.4/jobs/${id}/results/histogram`);
        expect(histogram.status).toBe(404);
        expect((await h.request('GET', `/v0.4/jobs/${id}/cost`)).json).toEqual({
          dry_run: false,
          estimated_cost: { value: 0, unit: 'usd' },
          cost: { value: 0, unit: 'usd' },
        });
      });

      it('takes a v0.3 job as qiskit-ionq sends it (ionq. format, shots as a string, lang json) and answers little-endian decimal keys', async () => {
        const body = {
          target: 'simulator',
          shots: '1024',
          lang: 'json',
          name: 'any text: goes (v0.3)!',
          registers: { meas: [0, 1, 2] },
          input: {
            format: 'ionq.circuit.v0',
            gateset: 'qis',
            qubits: 3,
            circuit: [
              { gate: 'x', targets: [0] },
              { gate: 'h', target: 2 },
            ],
          },
        };
        const created = await h.request('POST', '/v0.3/jobs', { body });
        expect(created.status).toBe(200);
        expect(created.json).toEqual({ id: expect.any(String), status: 'ready' });
        const job = await h.settle(created.json.id, h.keyA, 'v0.3');
        expect(job).toMatchObject({
          status: 'completed',
          target: 'simulator',
          qubits: 3,
          type: 'ionq.circuit.v1',
          children: null,
          registers: body.registers,
          results_url: `/v0.3/jobs/${created.json.id}/results`,
        });
        const results = await h.request('GET', `/v0.3/jobs/${created.json.id}/results`);
        expect(results.json).toEqual({ '1': 0.5, '5': 0.5 });
        const v4 = (await h.request('GET', `/v0.4/jobs/${created.json.id}`)).json;
        const v2 = await h.request(
          'GET',
          `/v0.4/jobs/${created.json.id}/artifacts/${v4.results['ionq.result.probabilities.json.v2'].id}`,
        );
        expect(v2.json).toEqual({ probabilities: { registers: { output_all: { '100': 0.5, '101': 0.5 } } } });
        // service-decisions.md section 5: a v0.3 record carries children and registers, null when it has none.
        const plain = await h.request('POST', '/v0.3/jobs', { body: { input: BELL_JSON } });
        const record = (await h.request('GET', `/v0.3/jobs/${plain.json.id}`)).json;
        expect(record).toHaveProperty('children', null);
        expect(record).toHaveProperty('registers', null);
      });

      it.each(FAILING)('fails $name with the library failure and every diagnostic', async ({ program, backend }) => {
        const id = await create({ type: 'svc.qasm3.v1', backend, shots: 100, input: { data: program } });
        const job = await h.settle(id);
        const library = validate(program, { target: backend });
        expect(job.status).toBe('failed');
        expect(job.failure).toEqual({ ...library.failure, error: library.failure?.message });
        expect(job.output.compilation.diagnostics).toEqual(JSON.parse(JSON.stringify(library.diagnostics)));
        expect(job.execution_duration_ms).toBeNull();
        expect(job.results).toEqual({});
        // It never ran, on a QPU either: it costs nothing.
        expect((await h.request('GET', `/v0.4/jobs/${id}/cost`)).json).toEqual({
          dry_run: false,
          estimated_cost: { value: 0, unit: 'usd' },
          cost: null,
        });
        const results = await h.request('GET', `/v0.4/jobs/${id}/results/probabilities`);
        expect(results.status).toBe(404);
        expect(results.json).toEqual({
          statusCode: 404,
          error: 'Not Found Error',
          message: `Job ${id} has no results: it is failed`,
        });
      });

      it('emulates a QPU: started for at least 1 s, sampled frequencies, histogram and shots, the ionq. prefix kept, a price', async () => {
        const submitted = Date.now();
        const id = await create({ type: 'ionq.circuit.v1', backend: 'qpu.aria-1', shots: '200', input: BELL_JSON });
        await sleep(300);
        expect((await h.request('GET', `/v0.4/jobs/${id}`)).json.status).toMatch(/^(submitted|started)$/);
        // The simulation ends early and the job waits out its emulated run time: no duration until it completes.
        const whileOpen: unknown[] = [];
        for (let open = true; open; await sleep(50)) {
          const seen = (await h.request('GET', `/v0.4/jobs/${id}`)).json;
          const seenV3 = (await h.request('GET', `/v0.3/jobs/${id}`)).json;
          open = seen.status !== 'completed' && seenV3.status !== 'completed';
          if (open) whileOpen.push(seen.execution_duration_ms, seenV3.execution_time);
        }
        // On a loaded machine one round of two reads can take most of the emulated second: one round suffices.
        expect(whileOpen.length).toBeGreaterThan(0);
        expect(new Set(whileOpen)).toEqual(new Set([null]));
        const job = await h.settle(id);
        expect(job.status).toBe('completed');
        expect(Date.parse(job.completed_at) - Date.parse(job.started_at)).toBeGreaterThanOrEqual(1000);
        expect(Date.now() - submitted).toBeGreaterThanOrEqual(1000);
        expect(job).toMatchObject({ shots: 200, cost_model: 'QCT', type: 'ionq.circuit.v1' });
        expect(job.execution_duration_ms).toBeGreaterThan(0);
        expect(Object.keys(job.results).sort()).toEqual([
          'histogram',
          'ionq.result.histogram.json.v2',
          'ionq.result.probabilities.json.v2',
          'ionq.result.shots.json.v2',
          'probabilities',
          'shots',
        ]);
        const histogram = (await h.request('GET', `/v0.4/jobs/${id}/results/histogram`)).json as Record<string, number>;
        expect(Object.values(histogram).reduce((a, b) => a + b, 0)).toBe(200);
        const probabilities = (await h.request('GET', `/v0.4/jobs/${id}/results/probabilities`)).json as Record<
          string,
          number
        >;
        expect(probabilities).toEqual(Object.fromEntries(Object.entries(histogram).map(([k, n]) => [k, n / 200])));
        const shots = (await h.request('GET', `/v0.4/jobs/${id}/results/shots`)).json as string[];
        expect(shots).toHaveLength(200);
        for (const [state, count] of Object.entries(histogram))
          expect(shots.filter((s) => s === state)).toHaveLength(count);
        expect((histogram['0'] ?? 0) + (histogram['3'] ?? 0)).toBeGreaterThan(150);
        const cost = (await h.request('GET', `/v0.4/jobs/${id}/cost`)).json;
        expect(cost.estimated_cost.value).toBeGreaterThan(0);
        expect(cost.cost).toEqual(cost.estimated_cost);
      });

      it('samples the noisy simulator with its seed: the same seed gives the same histogram', async () => {
        const body = {
          type: 'svc.circuit.v1',
          backend: 'simulator',
          shots: 300,
          noise: { model: 'aria-1', seed: 7 },
          input: BELL_JSON,
        };
        const [a, b] = await Promise.all([create(body), create(body)]);
        await Promise.all([h.settle(a), h.settle(b)]);
        const ha = (await h.request('GET', `/v0.4/jobs/${a}/results/histogram`)).json;
        expect(ha).toEqual((await h.request('GET', `/v0.4/jobs/${b}/results/histogram`)).json);
        expect(Object.values(ha as Record<string, number>).reduce((x, y) => x + y, 0)).toBe(300);
        expect((await h.request('GET', `/v0.4/jobs/${a}`)).json.noise).toEqual({ model: 'aria-1', seed: 7 });
      });

      it('cancels a started QPU job for good, twice if asked; 409 on a completed job', async () => {
        const id = await create({ type: 'svc.circuit.v1', backend: 'qpu.forte-1', shots: 100, input: BELL_JSON });
        await sleep(200);
        for (let i = 0; i < 2; i++) {
          const answer = await h.request('PUT', `/v0.4/jobs/${id}/status/cancel`, {
            raw: '',
            headers: { 'Content-Type': 'application/json' },
          });
          expect(answer.status).toBe(200);
          expect(answer.json).toEqual({ id, status: 'canceled' });
        }
        await sleep(1500);
        expect((await h.request('GET', `/v0.4/jobs/${id}`)).json.status).toBe('canceled');
        expect((await h.request('GET', `/v0.4/jobs/${id}/results/probabilities`)).status).toBe(404);
        const done = await create({ type: 'svc.qasm3.v1', input: { data: BELL_QASM } });
        await h.settle(done);
        const conflict = await h.request('PUT', `/v0.3/jobs/${done}/status/cancel`);
        expect(conflict.status).toBe(409);
        expect(conflict.json).toEqual({
          statusCode: 409,
          error: 'Conflict',
          message: `Job ${done} cannot be canceled: it is completed`,
        });
      });

      it('runs a job posted to an idle service on the thread its insert claimed it for, with no claim of its own (issue 27)', async () => {
        const runner = h.service.runner;
        if (!runner) throw new Error('the harness runs jobs');
        // Nothing older may wait in the queue (a queued job goes first): earlier tests' jobs have settled.
        const open = async () =>
          (
            await db.query<{ n: number }>(
              "SELECT count(*)::int AS n FROM jobs WHERE status IN ('submitted', 'ready') AND child_job_ids IS NULL",
            )
          )[0]?.n;
        for (let i = 0; i < 500 && (await open()) !== 0; i++) await sleep(20);
        const settle = vi.spyOn(runner, 'settle');
        try {
          // A claim round of the runner's 1 s poll in flight at the moment of the POST leaves that job to the queue:
          // a few jobs one after another, and at least one must have been claimed by its insert. Five qubits: a
          // tiny job is run before its insert instead (the test below).
          const wide = BELL_QASM.replace('qubit[2] q;', 'qubit[5] q;');
          const ids: string[] = [];
          for (let i = 0; i < 5 && !settle.mock.calls.some(([, claimed]) => claimed.length > 0); i++) {
            const id = await create({ type: 'svc.qasm3.v1', input: { data: wide } });
            expect((await h.settle(id)).status).toBe('completed');
            ids.push(id);
          }
          const claimedAtInsert = settle.mock.calls.flatMap(([, claimed]) => claimed.map((job) => job.id));
          expect(claimedAtInsert.length).toBe(1);
          expect(ids).toContain(claimedAtInsert[0]);
          const rows = await db.query<{ attempts: number; results: number }>(
            "SELECT attempts, (SELECT count(*)::int FROM artifacts WHERE job_id = jobs.id AND kind = 'result') AS results FROM jobs WHERE id = ANY($1::uuid[])",
            [ids],
          );
          expect(rows.map((r) => r.attempts)).toEqual(ids.map(() => 1));
          expect(rows.every((r) => r.results > 0)).toBe(true);
        } finally {
          settle.mockRestore();
        }
      });

      it('runs a tiny job on the main thread, without the two thread messages, and a larger one on a thread (issue 27)', async () => {
        const runner = h.service.runner;
        if (!runner) throw new Error('the harness runs jobs');
        // Only a runner with nothing else running takes a job on its own thread.
        for (let i = 0; i < 500 && runner.active !== 0; i++) await sleep(20);
        const before = runner.inlineRuns;
        const tiny = await create({ type: 'svc.qasm3.v1', shots: 100, input: { data: BELL_QASM } });
        expect((await h.settle(tiny)).status).toBe('completed');
        expect(runner.inlineRuns).toBe(before + 1);
        expect((await h.request('GET', `/v0.4/jobs/${tiny}/results/probabilities`)).status).toBe(200);
        // Five qubits are past the bound: the same program on a thread, the count unchanged.
        const wide = BELL_QASM.replace('qubit[2] q;', 'qubit[5] q;');
        const threaded = await create({ type: 'svc.qasm3.v1', shots: 100, input: { data: wide } });
        expect((await h.settle(threaded)).status).toBe('completed');
        expect(runner.inlineRuns).toBe(before + 1);
        expect((await h.request('GET', `/v0.4/jobs/${threaded}/results/probabilities`)).status).toBe(200);
      });

      it.each([
        ['an OpenQASM program', { type: 'svc.qasm3.v1', shots: 100, input: { data: BELL_QASM } }],
        ['a JSON circuit', { shots: 100, input: BELL_JSON }],
      ])(
        'runs a lone tiny job, %s, before its insert, which stores it completed with its results: no claim, no completion statement (issue 27)',
        async (_kind, body) => {
          const runner = h.service.runner;
          if (!runner) throw new Error('the harness runs jobs');
          // Nothing running and no claim round in flight: a job's thread, once free, starts a round of its own,
          // which may still run when the job reads completed (a job posted meanwhile takes the usual path).
          const quiet = runner as unknown as { active: number; claiming: boolean };
          const untilQuiet = async () => {
            for (let i = 0; i < 500 && (quiet.active !== 0 || quiet.claiming); i++) await sleep(20);
          };
          await untilQuiet();
          const rounds = vi.spyOn(runner as unknown as { claimRound: () => Promise<void> }, 'claimRound');
          const settle = vi.spyOn(runner, 'settle');
          const query = db.query.bind(db);
          const statements: string[] = [];
          const seen = vi.spyOn(db, 'query').mockImplementation(async (sql, params) => {
            statements.push(sql);
            return query(sql, params);
          });
          try {
            // The runner's 1 s poll starts a round now and then (a job posted during one takes the usual path):
            // a few jobs one after another, and one must be stored run by its insert alone.
            let clean: string | null = null;
            const missed: string[] = [];
            for (let i = 0; i < 5 && clean === null; i++) {
              const before = runner.runsBeforeInsert;
              rounds.mockClear();
              settle.mockClear();
              statements.length = 0;
              const id = await create(body);
              const [row] = await query<{ status: string }>('SELECT status FROM jobs WHERE id = $1', [id]);
              // Completed when its POST is answered, with no claim and no completion after the insert.
              const updates = statements.filter((sql) => /UPDATE jobs/.test(sql));
              if (
                runner.runsBeforeInsert === before + 1 &&
                row?.status === 'completed' &&
                rounds.mock.calls.length === 0
              ) {
                expect(settle).not.toHaveBeenCalled();
                expect(updates).toEqual([]);
                clean = id;
              } else {
                missed.push(
                  `try ${i + 1}: run before insert ${runner.runsBeforeInsert - before}, ${row?.status}, ${rounds.mock.calls.length} claim rounds`,
                );
                await h.settle(id);
                await untilQuiet();
              }
            }
            expect(clean, missed.join('; ')).not.toBeNull();
            const [row] = await query<{
              attempts: number;
              results: number;
              lease_owner: string | null;
              ordered: boolean;
              execution_duration_ms: number | null;
            }>(
              `SELECT attempts, lease_owner, execution_duration_ms,
                 submitted_at <= started_at AND started_at <= completed_at AS ordered,
                 (SELECT count(*)::int FROM artifacts WHERE job_id = jobs.id AND kind = 'result') AS results
               FROM jobs WHERE id = $1`,
              [clean],
            );
            expect(row).toMatchObject({ attempts: 1, lease_owner: null, ordered: true });
            expect(row?.results).toBeGreaterThan(0);
            expect(row?.execution_duration_ms).not.toBeNull();
            const probabilities = await h.request('GET', `/v0.4/jobs/${clean}/results/probabilities`);
            expect(probabilities.status).toBe(200);
            expect(probabilities.json).toEqual({ '0': 0.5, '3': 0.5 });
          } finally {
            rounds.mockRestore();
            settle.mockRestore();
            seen.mockRestore();
          }
        },
      );

      it('stores nothing of a job run before an insert that failed (issue 27)', async () => {
        const runner = h.service.runner;
        if (!runner) throw new Error('the harness runs jobs');
        for (let i = 0; i < 500 && runner.active !== 0; i++) await sleep(20);
        // A finished job already holds the id: the insert of a new job with that id fails after the run.
        const job = newJob();
        await insertJobs(db, [{ ...job, status: 'completed' }]);
        await sleep(100);
        const before = runner.runsBeforeInsert;
        try {
          for (let i = 0; i < 5 && runner.runsBeforeInsert === before; i++) {
            await expect(new JobInserter(db, runner).insert([job])).rejects.toThrow();
            await sleep(20);
          }
          expect(runner.runsBeforeInsert).toBeGreaterThan(before);
          const rows = await db.query<{ status: string; artifacts: number }>(
            'SELECT status, (SELECT count(*)::int FROM artifacts WHERE job_id = jobs.id) AS artifacts FROM jobs WHERE id = $1',
            [job.id],
          );
          expect(rows).toEqual([{ status: 'completed', artifacts: 0 }]);
        } finally {
          await db.query('DELETE FROM jobs WHERE id = $1', [job.id]);
        }
      });

      it('abandons a running simulation when its job is canceled: the thread stops at once and is replaced', async () => {
        const n = 20;
        let program = `qubit[${n}] q;\n`;
        for (let layer = 1; layer <= 6; layer++) {
          for (let i = 0; i < n; i++) program += `h q[${i}];\nrz(0.${layer}) q[${i}];\n`;
          for (let i = 0; i + 1 < n; i++) program += `cx q[${i}], q[${i + 1}];\n`;
        }
        const id = await create({ type: 'svc.qasm3.v1', input: { data: program } });
        while ((await h.request('GET', `/v0.4/jobs/${id}`)).json.status !== 'started') await sleep(20);
        await sleep(200);
        expect(h.service.runner?.active).toBe(1);
        const canceledAt = Date.now();
        expect((await h.request('PUT', `/v0.4/jobs/${id}/status/cancel`)).json).toEqual({ id, status: 'canceled' });
        while (h.service.runner?.active !== 0) await sleep(10);
        expect(Date.now() - canceledAt).toBeLessThan(1500);
        const next = await create({ type: 'svc.qasm3.v1', input: { data: BELL_QASM } });
        expect((await h.settle(next)).status).toBe('completed');
        expect((await h.request('GET', `/v0.4/jobs/${id}`)).json).toMatchObject({ status: 'canceled', results: {} });
      });

      it('moves an open job (clone submitted, source canceled, original_job_id) and answers 409 for a completed one', async () => {
        const source = await create({
          type: 'svc.circuit.v1',
          backend: 'qpu.aria-1',
          shots: 100,
          name: 'to move',
          metadata: { a: 'b' },
          input: BELL_JSON,
        });
        const session = (await h.request('POST', '/v0.4/sessions', { body: { backend: 'simulator' } })).json.id;
        const moved = await h.request('POST', `/v0.4/jobs/${source}/move`, {
          body: { shots: 150, name: 'moved', backend: 'simulator', session_id: session },
        });
        expect(moved.status).toBe(200);
        expect(moved.json).toEqual({ id: expect.any(String), status: 'submitted', session_id: session });
        expect((await h.request('GET', `/v0.4/jobs/${source}`)).json.status).toBe('canceled');
        const clone = await h.settle(moved.json.id);
        expect(clone).toMatchObject({
          status: 'completed',
          name: 'moved',
          backend: 'simulator',
          metadata: { a: 'b', original_job_id: source },
        });
        const before = (await h.request('GET', '/v0.4/jobs?limit=100')).json.jobs.length;
        const again = await h.request('POST', `/v0.4/jobs/${moved.json.id}/move`, {
          raw: '',
          headers: { 'Content-Type': 'application/json' },
        });
        expect(again.status).toBe(409);
        expect(again.json.message).toBe(`Job ${moved.json.id} cannot be moved: it is completed`);
        expect((await h.request('GET', '/v0.4/jobs?limit=100')).json.jobs.length).toBe(before);
      });

      it('deletes a job with an empty JSON body; afterwards every route answers 404', async () => {
        const id = await create({ type: 'svc.qasm3.v1', input: { data: BELL_QASM } });
        const job = await h.settle(id);
        const artifactId = job.results['svc.result.probabilities.json.v2'].id;
        const deleted = await h.request('DELETE', `/v0.3/jobs/${id}`, {
          raw: '',
          headers: { 'Content-Type': 'application/json' },
        });
        expect(deleted.json).toEqual({ id, status: 'deleted' });
        for (const [method, path] of [
          ['GET', `/v0.4/jobs/${id}`],
          ['GET', `/v0.4/jobs/${id}/results/probabilities`],
          ['GET', `/v0.4/jobs/${id}/artifacts/${artifactId}`],
          ['PUT', `/v0.4/jobs/${id}/status/cancel`],
          ['DELETE', `/v0.4/jobs/${id}`],
        ] as const) {
          const answer = await h.request(method, path);
          expect(answer.status, path).toBe(404);
          expect(answer.json.error).toBe('Not Found Error');
        }
        expect((await db.query('SELECT 1 FROM artifacts WHERE job_id = $1', [id])).length).toBe(0);
      });

      it("keeps projects apart: another project's job is a 404 on every route", async () => {
        // 10,000 shots: about 14 s of emulated run time, so the owner can still cancel it at the end on a slow machine.
        const id = await create({ type: 'svc.circuit.v1', backend: 'qpu.aria-1', shots: 10_000, input: BELL_JSON });
        const notFound = { statusCode: 404, error: 'Not Found Error', message: `Job ${id} not found` };
        for (const [method, path, body] of [
          ['GET', `/v0.4/jobs/${id}`],
          ['GET', `/v0.3/jobs/${id}`],
          ['GET', `/v0.4/jobs/${id}/results/probabilities`],
          ['GET', `/v0.4/jobs/${id}/cost`],
          ['PUT', `/v0.4/jobs/${id}/status/cancel`],
          ['POST', `/v0.4/jobs/${id}/move`, {}],
          ['DELETE', `/v0.4/jobs/${id}`],
        ] as const) {
          const answer = await h.request(method, path, { key: h.keyB, ...(body ? { body } : {}) });
          expect(answer.json, `${method} ${path}`).toEqual(notFound);
        }
        expect(
          (await h.request('GET', '/v0.4/jobs?limit=100', { key: h.keyB })).json.jobs.map((j: { id: string }) => j.id),
        ).not.toContain(id);
        expect((await h.request('GET', `/v0.4/jobs/${id}`, { key: h.keyA2 })).json.submitter_id).toBe('alice');
        expect((await h.request('PUT', `/v0.4/jobs/${id}/status/cancel`)).status).toBe(200);
      });

      it('pages through every job exactly once while jobs are being added', async () => {
        const key = (await createKey(db, 'pager', 'project-pages')).key;
        const existing: string[] = [];
        for (let i = 0; i < 12; i++)
          existing.push(await create({ type: 'svc.qasm3.v1', dry_run: true, input: { data: BELL_QASM } }, key));
        const seen: string[] = [];
        let next: string | undefined;
        let pages = 0;
        do {
          const page = await h.request('GET', `/v0.4/jobs?limit=5${next ? `&next=${next}` : ''}`, { key });
          expect(page.status).toBe(200);
          seen.push(...page.json.jobs.map((j: { id: string }) => j.id));
          next = page.json.next;
          pages++;
          await create({ type: 'svc.qasm3.v1', dry_run: true, input: { data: BELL_QASM } }, key);
        } while (next);
        expect(pages).toBe(3);
        expect(new Set(seen).size).toBe(seen.length);
        expect(seen).toEqual([...existing].reverse());
        const filtered = await h.request('GET', `/v0.3/jobs?ids=${existing[0]},${existing[1]}`, { key });
        expect(filtered.json.jobs.map((j: { id: string }) => j.id).sort()).toEqual([existing[0], existing[1]].sort());
        expect(filtered.json.next).toBeUndefined();
        const forged = await h.request('GET', '/v0.4/jobs?next=bm90LWEtY3Vyc29y', { key });
        expect(forged.status).toBe(400);
        expect(forged.json.validation).toEqual({ source: 'querystring', keys: ['next'] });
        expect((await h.request('GET', '/v0.4/jobs?limit=0', { key })).json.validation).toEqual({
          source: 'querystring',
          keys: ['limit'],
        });
        expect((await h.request('GET', '/v0.4/jobs?status=done', { key })).json.validation).toEqual({
          source: 'querystring',
          keys: ['status'],
        });
      });

      it('reports every invalid item of a body at once, with dotted paths', async () => {
        const metadata = Object.fromEntries(Array.from({ length: 11 }, (_, i) => [`k${i}`, 'v']));
        const answer = await h.request('POST', '/v0.4/jobs', {
          body: {
            type: 'svc.circuit.v1',
            shots: 'many',
            name: 'no!',
            metadata,
            dry_run: 'perhaps',
            input: { qubits: 2, circuit: [{ gate: 'h', target: 0 }, { target: 1 }] },
          },
        });
        expect(answer.status).toBe(400);
        expect(answer.json.error).toBe('Bad Request');
        expect(answer.json.validation.source).toBe('payload');
        expect(answer.json.validation.keys.sort()).toEqual([
          'dry_run',
          'input.circuit.1.gate',
          'metadata',
          'name',
          'shots',
        ]);
        const limits = await h.request('POST', '/v0.4/jobs', {
          body: {
            input: { data: BELL_QASM },
            metadata: { ['k'.repeat(41)]: 'v', long: 'x'.repeat(40_001) },
            name: 'n'.repeat(101),
            shots: 1_000_001,
          },
        });
        expect(limits.json.validation.keys.sort()).toEqual([
          'metadata.kkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkkk',
          'metadata.long',
          'name',
          'shots',
        ]);
        const ranges = await h.request('POST', '/v0.4/jobs', {
          body: { type: 'svc.circuit.v1', input: { qubits: 2, circuit: [{ gate: 'h', target: 5 }] } },
        });
        expect(ranges.status).toBe(400);
        expect(ranges.json.validation.keys).toEqual(['input.circuit.0.target']);
      });

      it.each([
        [
          { type: 'svc.qir.v1', input: { data: 'x' } },
          'Job type svc.qir.v1 is not supported by this service',
          ['type'],
        ],
        [
          { type: 'ext.qaoa-circuit.v1', input: {} },
          'Job type ext.qaoa-circuit.v1 is not supported by this service',
          ['type'],
        ],
        [
          { type: 'svc.qasm3.v1', backend: 'qpu.harmony', input: { data: BELL_QASM } },
          'Backend qpu.harmony is retired',
          ['backend'],
        ],
        [
          { type: 'svc.qasm3.v1', backend: 'qpu.aria-1', noise: { model: 'aria-1' }, input: { data: BELL_QASM } },
          'noise applies to the simulator only; a QPU backend runs its own noise model',
          ['noise'],
        ],
        [
          {
            type: 'svc.qasm3.v1',
            backend: 'qpu.aria-1',
            shots: 100,
            settings: { error_mitigation: { debiasing: true } },
            input: { data: BELL_QASM },
          },
          'debiasing needs at least 500 shots',
          ['settings.error_mitigation.debiasing'],
        ],
        [
          { type: 'svc.qasm3.v1', input: {} },
          'input.data must hold the OpenQASM 3 program as a string',
          ['input.data'],
        ],
      ])('refuses %j with 400', async (body, message, keys) => {
        const answer = await h.request('POST', '/v0.4/jobs', { body });
        expect(answer.json).toEqual({
          statusCode: 400,
          error: 'Bad Request',
          message,
          validation: { source: 'payload', keys },
        });
      });

      it('is liberal in what it reads: no Content-Type, unknown fields, numeric strings; strict on media type, JSON, size and ids', async () => {
        // PennyLane-IonQ posts without a Content-Type (a byte body: fetch adds none).
        const noType = await fetch(`${h.url}/v0.4/jobs`, {
          method: 'POST',
          headers: { Authorization: `apiKey ${h.keyA}` },
          body: new TextEncoder().encode(
            JSON.stringify({
              type: 'svc.qasm3.v1',
              input: { data: BELL_QASM, qubits: 2 },
              lang: 'json',
              settings: { compilation: { service_version: 'x' } },
              registers: {},
            }),
          ),
        });
        expect(noType.headers.get('content-type')).toMatch(/^application\/json/);
        expect(noType.status).toBe(201);
        const text = await h.request('POST', '/v0.4/jobs', { raw: 'hello', headers: { 'Content-Type': 'text/plain' } });
        expect(text.json).toEqual({
          statusCode: 415,
          error: 'Unsupported Media Type',
          message: 'Send the body as JSON with Content-Type: application/json',
        });
        const broken = await h.request('POST', '/v0.4/jobs', {
          raw: '{"type": ',
          headers: { 'Content-Type': 'application/json; charset=utf-8' },
        });
        expect(broken.status).toBe(400);
        expect(broken.json.error).toBe('Bad Request');
        const empty = await h.request('POST', '/v0.4/jobs', {
          raw: '',
          headers: { 'Content-Type': 'application/json' },
        });
        expect(empty.status).toBe(400);
        const huge = await h.request('POST', '/v0.4/jobs', {
          raw: JSON.stringify({ input: { data: 'x'.repeat(10 * 1024 * 1024 + 10) } }),
        });
        expect(huge.json).toEqual({
          statusCode: 413,
          error: 'Payload Too Large',
          message: 'The request body is larger than 10 MB',
        });
        const badId = await h.request('GET', '/v0.4/jobs/not-a-uuid');
        expect(badId.json.validation).toEqual({ source: 'params', keys: ['UUID'] });
        const unknown = await h.request('GET', `/v0.4/jobs/${randomUUID()}`);
        expect(unknown.status).toBe(404);
        // fetch sends no body on a GET; node:http does, as some clients do.
        const getWithBody = await new Promise<number>((resolve, reject) => {
          const req = httpRequest(
            `${h.url}/v0.4/jobs?limit=1`,
            {
              method: 'GET',
              headers: {
                Authorization: `apiKey ${h.keyA}`,
                'Content-Type': 'application/json',
                'Content-Length': '15',
              },
            },
            (res) => {
              res.resume();
              resolve(res.statusCode ?? 0);
            },
          );
          req.on('error', reject);
          req.end('not json at all');
        });
        expect(getWithBody).toBe(200);
        const route = await h.request('GET', '/v0.5/jobs');
        expect(route.json).toEqual({
          statusCode: 404,
          error: 'Not Found Error',
          message: 'Route GET /v0.5/jobs not found',
        });
      });

      it('runs a multicircuit job as child jobs, results keyed by child in circuit order', async () => {
        const circuits = [
          { name: 'first', circuit: [{ gate: 'x', target: 1 }] },
          { circuit: [{ gate: 'h', target: 0 }] },
          { name: 'third', circuit: [{ gate: 'x', target: 0 }] },
        ];
        const id = await create({
          type: 'ionq.multi-circuit.v1',
          backend: 'simulator',
          input: { qubits: 2, circuits },
        });
        const job = await h.settle(id);
        expect(job.status).toBe('completed');
        expect(job.child_job_ids).toHaveLength(3);
        const children = await Promise.all(job.child_job_ids.map((c: string) => h.request('GET', `/v0.4/jobs/${c}`)));
        expect(children.map((c) => c.json.parent_job_id)).toEqual([id, id, id]);
        expect(children.map((c) => c.json.name)).toEqual(['first', '1', 'third']);
        const results = await h.request('GET', `/v0.4/jobs/${id}/results/probabilities`);
        expect(Object.keys(results.json)).toEqual(job.child_job_ids);
        expect(Object.values(results.json)).toEqual([{ '2': 1 }, { '0': 0.5, '1': 0.5 }, { '1': 1 }]);
        expect((await h.request('GET', `/v0.3/jobs/${id}/results`)).text).toBe(results.text);
        expect(job.stats.circuits).toBe(3);
      });

      it('compiles a dry run without results', async () => {
        const id = await create({
          type: 'svc.qasm3.v1',
          backend: 'qpu.forte-1',
          dry_run: true,
          input: { data: BELL_QASM },
        });
        const job = await h.settle(id);
        expect(job.status).toBe('completed');
        expect(Object.keys(job.output.compilation.compiled_circuits).sort()).toEqual(['svc.native.v1', 'svc.qasm3.v1']);
        const native = await h.request(
          'GET',
          `/v0.4/jobs/${id}/artifacts/${job.output.compilation.compiled_circuits['svc.native.v1'].id}`,
        );
        expect(native.json).toEqual(compile(BELL_QASM, { target: 'qpu.forte-1' }).circuit);
        expect(job.results).toEqual({});
        expect((await h.request('GET', `/v0.4/jobs/${id}/results/probabilities`)).json.message).toBe(
          `Job ${id} has no results: it is a dry run`,
        );
        // Priced as the run it stands for (shots default to 100), billed nothing.
        const counts = job.stats.gate_counts;
        const estimate = (
          await h.request(
            'GET',
            `/v0.4/jobs/estimate?backend=qpu.forte-1&shots=100&qubits=2&1q_gates=${counts['1q']}&2q_gates=${counts['2q']}`,
          )
        ).json.estimated_total_cost;
        expect(estimate).toBeGreaterThan(0);
        expect((await h.request('GET', `/v0.4/jobs/${id}/cost`)).json).toEqual({
          dry_run: true,
          estimated_cost: { value: estimate, unit: 'usd' },
          cost: { value: 0, unit: 'usd' },
        });
      });

      it('fails a job whose runs never finish (its workers died) after a few claims instead of claiming it forever', async () => {
        const job = newJob({ project_id: 'project-a', submitter_id: 'alice', status: 'started' });
        await db.tx((q) => insertJobs(q, [job]));
        await db.query(
          "UPDATE jobs SET attempts = 5, lease_owner = 'dead', lease_expires_at = now() - interval '1 second' WHERE id = $1",
          [job.id],
        );
        const settled = await h.settle(job.id);
        expect(settled.status).toBe('failed');
        expect(settled.failure).toEqual({
          code: 'InternalError',
          message: 'The job was claimed 6 times and no run finished',
          error: 'The job was claimed 6 times and no run finished',
        });
        const [row] = await db.query<{ attempts: number }>('SELECT attempts FROM jobs WHERE id = $1', [job.id]);
        expect(row?.attempts).toBe(6);
      });

      it('lists backends from the targets table and one backend', async () => {
        const backends = (await h.request('GET', '/v0.4/backends', { key: null })).json as Record<string, unknown>[];
        expect(backends.map((b) => b.backend)).toEqual([
          'simulator',
          'qpu.harmony',
          'qpu.aria-1',
          'qpu.aria-2',
          'qpu.forte-1',
          'qpu.forte-enterprise-1',
        ]);
        expect(backends.find((b) => b.backend === 'qpu.harmony')?.status).toBe('retired');
        const forte = (await h.request('GET', '/v0.4/backends/qpu.forte-1')).json;
        expect(forte).toMatchObject({
          backend: 'qpu.forte-1',
          qubits: 36,
          status: 'available',
          degraded: false,
          supported_native_gates: ['gpi', 'gpi2', 'zz'],
        });
        expect(forte.characterization_id).toMatch(/^[0-9a-f-]{36}$/);
        expect((await h.request('GET', '/v0.4/backends/qpu.nowhere')).json).toEqual({
          statusCode: 404,
          error: 'Not Found Error',
          message: 'Backend qpu.nowhere not found',
        });
      });

      describe('emulated QPUs on the day they run, and debiasing', () => {
        const secret = '10110101';
        /** Bernstein-Vazirani on 8 qubits; the ancilla ends in |1>, so output_all is the secret then 1. */
        const bv8 = [
          'OPENQASM 3.0;',
          'qubit[9] q;',
          'bit[9] c;',
          'x q[8];',
          'h q[8];',
          ...[...Array(8).keys()].map((i) => `h q[${i}];`),
          ...[...Array(8).keys()].filter((i) => secret[i] === '1').map((i) => `cx q[${i}], q[8];`),
          ...[...Array(8).keys()].map((i) => `h q[${i}];`),
          'h q[8];',
          ...[...Array(9).keys()].map((i) => `c[${i}] = measure q[${i}];`),
        ].join('\n');
        // Little-endian decimal key: q[i] is worth 2^i; the ancilla (q[8]) reads 1.
        const secretKey = String([...secret].reduce((v, b, i) => v + (b === '1' ? 2 ** i : 0), 2 ** 8));
        const ghz5 = [
          'OPENQASM 3.0;',
          'qubit[5] q;',
          'bit[5] c;',
          'h q[0];',
          ...[1, 2, 3, 4].map((i) => `cx q[${i - 1}], q[${i}];`),
          ...[...Array(5).keys()].map((i) => `c[${i}] = measure q[${i}];`),
        ].join('\n');
        const nativeBell = {
          gateset: 'native',
          qubits: 2,
          circuit: [
            { gate: 'gpi2', target: 0, phase: 0.25 },
            { gate: 'ms', targets: [0, 1], phases: [0, 0] },
          ],
        };
        type Descriptor = { id: string; format: string; media_type: string };
        type Variant = { variant_id: string; qubit_map: number[]; shots: number; results: Record<string, Descriptor> };
        type JobView = Awaited<ReturnType<Harness['settle']>>;

        it('debiases a QIS job of 1,000 shots by default: variants, both aggregations, sharpen=True finds the BV secret', async () => {
          const [bv, ghz] = await Promise.all([
            create({ type: 'svc.qasm3.v1', backend: 'qpu.aria-1', shots: 1000, input: { data: bv8 } }),
            create({ type: 'svc.qasm3.v1', backend: 'qpu.aria-1', shots: 1000, input: { data: ghz5 } }),
          ]);
          const [job, ghzJob] = await Promise.all([h.settle(bv), h.settle(ghz)]);
          expect(job.status, JSON.stringify(job.failure)).toBe('completed');
          // The record current at the job's start: the newest dated at or before it.
          const history = (await h.request('GET', '/v0.4/backends/qpu.aria-1/characterizations', { key: null })).json;
          const current = history.characterizations.find(
            (c: { date: string }) => Date.parse(c.date) <= Date.parse(job.started_at),
          );
          expect(job.characterization_id).toBe(current.id);
          const debiasing = job.output.error_mitigation.debiasing as {
            variants: Variant[];
            aggregation_method: string;
          };
          expect(debiasing.aggregation_method).toBe('average');
          const variants = debiasing.variants;
          expect(variants.length).toBeGreaterThan(1);
          expect(variants.reduce((sum, v) => sum + v.shots, 0)).toBe(1000);
          expect(new Set(variants.map((v) => v.qubit_map.join(','))).size).toBe(variants.length);
          for (const v of variants) {
            expect(v.variant_id).toMatch(/^[0-9a-f-]{36}$/);
            expect(v.qubit_map).toHaveLength(9);
            expect(new Set(v.qubit_map).size).toBe(9);
            expect(Object.keys(v.results).sort()).toEqual([
              'svc.result.histogram.json.v2',
              'svc.result.probabilities.json.v2',
              'svc.result.shots.json.v2',
            ]);
          }
          // Each variant's artifacts download; their histograms add up to the job's.
          const summed: Record<string, number> = {};
          for (const v of variants) {
            const histogram = (
              await h.request('GET', `/v0.4/jobs/${bv}/artifacts/${v.results['svc.result.histogram.json.v2']!.id}`)
            ).json.histogram.registers.output_all as Record<string, number>;
            for (const [bits, n] of Object.entries(histogram)) summed[bits] = (summed[bits] ?? 0) + n;
            const shots = (
              await h.request('GET', `/v0.4/jobs/${bv}/artifacts/${v.results['svc.result.shots.json.v2']!.id}`)
            ).json.shots;
            expect(shots).toHaveLength(v.shots);
            const probabilities = (
              await h.request('GET', `/v0.4/jobs/${bv}/artifacts/${v.results['svc.result.probabilities.json.v2']!.id}`)
            ).json.probabilities.registers.output_all as Record<string, number>;
            for (const [bits, p] of Object.entries(probabilities))
              expect(p).toBeCloseTo(histogram[bits]! / v.shots, 12);
          }
          const average = (
            await h.request('GET', `/v0.4/jobs/${bv}/artifacts/${job.output.error_mitigation.aggregations.average.id}`)
          ).json.histogram.registers.output_all;
          expect(average).toEqual(summed);
          // Averaged (the default) is visibly noisy; sharpened as PennyLane-IonQ asks (sharpen=True) is the secret.
          const plain = (await h.request('GET', `/v0.4/jobs/${bv}/results/probabilities`)).json as Record<
            string,
            number
          >;
          expect(plain[secretKey]).toBeLessThan(0.99);
          expect(Object.keys(plain).length).toBeGreaterThan(3);
          for (const query of ['sharpen=True', 'sharpen=true', 'sharpen=1', 'aggregation=voting']) {
            const sharpened = (await h.request('GET', `/v0.4/jobs/${bv}/results/probabilities?${query}`)).json;
            expect(sharpened[secretKey], query).toBeGreaterThanOrEqual(0.99);
          }
          expect((await h.request('GET', `/v0.4/jobs/${bv}/results/probabilities?sharpen=False`)).json).toEqual(plain);
          expect((await h.request('GET', `/v0.4/jobs/${bv}/results/histogram?sharpen=true`)).json).toEqual({
            [secretKey]: 1000,
          });
          // The voting aggregation downloads too: every variant voted for the secret.
          const voting = (
            await h.request('GET', `/v0.4/jobs/${bv}/artifacts/${job.output.error_mitigation.aggregations.voting.id}`)
          ).json.histogram.registers.output_all as Record<string, number>;
          expect(Object.values(voting)).toEqual([1000]);
          // The v0.3 results and the aggregated route sharpen as well; aggregation=average is the default.
          expect(
            (await h.request('GET', `/v0.3/jobs/${bv}/results?sharpen=True`)).json[secretKey],
          ).toBeGreaterThanOrEqual(0.99);
          expect(
            (await h.request('GET', `/v0.4/jobs/${bv}/results/probabilities/aggregated?sharpen=true`)).json[secretKey],
          ).toBeGreaterThanOrEqual(0.99);
          expect((await h.request('GET', `/v0.4/jobs/${bv}/results/probabilities?aggregation=average`)).json).toEqual(
            plain,
          );
          const both = await h.request(
            'GET',
            `/v0.4/jobs/${bv}/results/probabilities?sharpen=true&aggregation=average`,
          );
          expect(both.status).toBe(400);
          expect(both.json.validation).toEqual({ source: 'querystring', keys: ['sharpen', 'aggregation'] });
          const bad = await h.request('GET', `/v0.4/jobs/${bv}/results/probabilities?sharpen=maybe`);
          expect(bad.status).toBe(400);
          expect(bad.json.validation).toEqual({ source: 'querystring', keys: ['sharpen'] });
          // GHZ-5 sharpened holds only 00000 and 11111 (decimal 0 and 31).
          expect(ghzJob.status).toBe('completed');
          const ghzSharp = (await h.request('GET', `/v0.4/jobs/${ghz}/results/probabilities?sharpen=true`)).json;
          expect(Object.keys(ghzSharp).every((k) => k === '0' || k === '31')).toBe(true);
          // Debiasing ran, so the job pays the higher per-job minimum.
          const cost = (await h.request('GET', `/v0.4/jobs/${bv}/cost`)).json;
          expect(cost.cost.value).toBe(97.5);
        }, 120_000);

        it('does not debias a native-gate job unless asked, nor a simulator job, nor below 500 shots', async () => {
          const [native, asked, small, simulator] = await Promise.all([
            create({
              type: 'svc.circuit.v1',
              backend: 'qpu.forte-1',
              shots: 600,
              input: {
                ...nativeBell,
                circuit: nativeBell.circuit.map((g) =>
                  g.gate === 'ms' ? { gate: 'zz', targets: [0, 1], angle: 0.25 } : g,
                ),
              },
            }),
            create({
              type: 'svc.circuit.v1',
              backend: 'qpu.aria-1',
              shots: 600,
              settings: { error_mitigation: { debiasing: true } },
              input: nativeBell,
            }),
            create({ type: 'svc.circuit.v1', backend: 'qpu.aria-1', shots: 200, input: BELL_JSON }),
            create({
              type: 'svc.circuit.v1',
              backend: 'simulator',
              shots: 600,
              noise: { model: 'aria-1', seed: 3 },
              settings: { error_mitigation: { debiasing: true } },
              input: BELL_JSON,
            }),
          ]);
          const jobs = await Promise.all([native, asked, small, simulator].map((id) => h.settle(id)));
          for (const job of jobs) expect(job.status, JSON.stringify(job.failure)).toBe('completed');
          const [nativeJob, askedJob, smallJob, simulatorJob] = jobs as [JobView, JobView, JobView, JobView];
          expect(nativeJob.output.error_mitigation).toBeUndefined();
          expect(askedJob.output.error_mitigation.debiasing.variants.length).toBeGreaterThan(1);
          expect(smallJob.output.error_mitigation).toBeUndefined();
          expect(simulatorJob.output.error_mitigation).toBeUndefined();
          expect(simulatorJob.characterization_id).toBeUndefined();
          // Sharpening a job that was not debiased is its plain result.
          const plain = (await h.request('GET', `/v0.4/jobs/${native}/results/probabilities`)).json;
          expect((await h.request('GET', `/v0.4/jobs/${native}/results/probabilities?sharpen=True`)).json).toEqual(
            plain,
          );
          expect((await h.request('GET', `/v0.3/jobs/${small}/results?sharpen=1`)).json).toEqual(
            (await h.request('GET', `/v0.3/jobs/${small}/results`)).json,
          );
          // Without debiasing the lower minimum applies.
          expect((await h.request('GET', `/v0.4/jobs/${native}/cost`)).json.cost.value).toBe(12.42);
          // symmetry_verification is stored and echoed, never run: no variants, no aggregations.
          const verified = await create({
            type: 'svc.qasm3.v1',
            backend: 'qpu.aria-1',
            shots: 600,
            settings: { error_mitigation: { debiasing: false, symmetry_verification: true } },
            input: { data: ghz5 },
          });
          const verifiedJob = await h.settle(verified);
          expect(verifiedJob.status, JSON.stringify(verifiedJob.failure)).toBe('completed');
          expect(verifiedJob.settings.error_mitigation).toEqual({ debiasing: false, symmetry_verification: true });
          expect(verifiedJob.output.error_mitigation).toBeUndefined();
          expect((await h.request('GET', `/v0.4/jobs/${asked}/cost`)).json.cost.value).toBe(97.5);
        }, 120_000);

        it('pins the noisy simulator to one day with noise.characterization_id (the same day and seed, the same shots)', async () => {
          const history = (
            await h.request('GET', '/v0.4/backends/qpu.aria-1/characterizations?limit=10', { key: null })
          ).json.characterizations as { id: string; fidelity: { '2q': { median: number } } }[];
          const sorted = [...history].sort((a, b) => a.fidelity['2q'].median - b.fidelity['2q'].median);
          const [worst, best] = [sorted[0]!, sorted[sorted.length - 1]!];
          const body = (id: string, seed: number) => ({
            type: 'svc.qasm3.v1',
            backend: 'simulator',
            shots: 1000,
            noise: { model: 'aria-1', seed, characterization_id: id },
            input: { data: ghz5 },
          });
          const [a, b] = await Promise.all([create(body(worst.id, 5)), create(body(worst.id, 5))]);
          const [ja] = await Promise.all([h.settle(a), h.settle(b)]);
          expect(ja.status, JSON.stringify(ja.failure)).toBe('completed');
          expect(ja.noise).toEqual({ model: 'aria-1', seed: 5, characterization_id: worst.id });
          expect(ja.characterization_id).toBe(worst.id);
          const histogram = (id: string) => h.request('GET', `/v0.4/jobs/${id}/results/histogram`).then((r) => r.json);
          expect(await histogram(a)).toEqual(await histogram(b));
          // The model may be left out: the record says which QPU it is.
          const inferred = await create({ ...body(best.id, 6), noise: { characterization_id: best.id, seed: 6 } });
          expect((await h.settle(inferred)).noise.model).toBe('aria-1');
          const unknown = await h.request('POST', '/v0.4/jobs', { body: body(randomUUID(), 1) });
          expect(unknown.status).toBe(400);
          expect(unknown.json.validation.keys).toEqual(['noise.characterization_id']);
          const forte = await h.request('POST', '/v0.4/jobs', {
            body: { ...body(worst.id, 1), noise: { model: 'forte-1', characterization_id: worst.id } },
          });
          expect(forte.status).toBe(400);
        }, 120_000);
      });

      it('pages 30 days of characterizations in each version’s shape and filters by date', async () => {
        const v4 = (await h.request('GET', '/v0.4/backends/qpu.aria-1/characterizations', { key: null })).json;
        expect(v4.pages).toBe(3);
        expect(v4.characterizations).toHaveLength(10);
        const dates = v4.characterizations.map((c: { date: string }) => Date.parse(c.date));
        expect(dates).toEqual([...dates].sort((a, b) => b - a));
        const newest = v4.characterizations[0];
        // v0.4: median and stderr only; the values drift from day to day around the noise model's.
        expect(Object.keys(newest.fidelity.spam)).toEqual(['median', 'stderr']);
        expect(Math.abs(newest.fidelity.spam.median - (1 - 0.0039))).toBeLessThan(0.0039 * 2);
        const spams = v4.characterizations.map(
          (c: { fidelity: { spam: { median: number } } }) => c.fidelity.spam.median,
        );
        expect(new Set(spams).size).toBeGreaterThan(5);
        expect(newest.connectivity).toHaveLength((25 * 24) / 2);
        expect(newest.id).toBe((await h.request('GET', '/v0.4/backends/qpu.aria-1')).json.characterization_id);
        const one = (await h.request('GET', `/v0.4/backends/qpu.aria-1/characterizations/${newest.id}`)).json;
        expect(one).toEqual(newest);
        const start = new Date(dates[2] as number).toISOString();
        const recent = (await h.request('GET', `/v0.4/backends/qpu.aria-1/characterizations?start=${start}&limit=10`))
          .json;
        expect(recent.characterizations).toHaveLength(3);
        const v3 = (
          await h.request(
            'GET',
            `/v0.3/characterizations/backends/qpu.aria-1?start=${dates[4]}&end=${dates[1]}&limit=2&page=2`,
          )
        ).json;
        expect(v3.pages).toBe(2);
        expect(v3.characterizations.map((c: { date: number }) => c.date * 1000)).toEqual([dates[4]]);
        const v3one = (await h.request('GET', `/v0.3/characterizations/${newest.id}`)).json;
        expect(v3one.date).toBe(Math.floor((dates[0] as number) / 1000));
        expect(Object.keys(v3one.fidelity.spam)).toEqual(['mean', 'stderr', 'median']);
        expect(v3one.fidelity.spam.median).toBe(newest.fidelity.spam.median);
        expect(v3one.timing).toEqual(newest.timing);
        expect(
          (await h.request('GET', '/v0.4/backends/qpu.aria-1/characterizations?limit=11')).json.validation,
        ).toEqual({ source: 'querystring', keys: ['limit'] });
        expect((await h.request('GET', '/v0.4/backends/qpu.aria-1/characterizations?page=0')).json.validation).toEqual({
          source: 'querystring',
          keys: ['page'],
        });
        expect((await h.request('GET', '/v0.4/backends/qpu.aria-1/characterizations?start=yesterday')).status).toBe(
          400,
        );
        expect((await h.request('GET', `/v0.4/backends/qpu.forte-1/characterizations/${newest.id}`)).status).toBe(404);
        // Extension: the per-qubit view of the day; its medians are the record's.
        const view = (await h.request('GET', `/v0.4/backends/qpu.aria-1/characterizations/${newest.id}/qubits`)).json;
        expect(view.qubits).toHaveLength(25);
        const readouts = view.qubits
          .map((q: { readoutError: number }) => q.readoutError)
          .sort((x: number, y: number) => x - y);
        expect(readouts[12]).toBeCloseTo(1 - newest.fidelity.spam.median, 10);
        for (const q of view.qubits) expect(q.brightReadDark).toBeGreaterThan(q.darkReadBright);
        expect(
          (await h.request('GET', `/v0.4/backends/qpu.forte-1/characterizations/${newest.id}/qubits`)).status,
        ).toBe(404);
      });

      it('adds one characterization a day per QPU while the service runs, once even when asked at once', async () => {
        const before = (await h.request('GET', '/v0.4/backends/qpu.forte-1/characterizations', { key: null })).json;
        const newest = Date.parse(before.characterizations[0].date);
        const later = new Date(newest + 2 * 86_400_000 + 3_600_000);
        await Promise.all([
          extendCharacterizations(db, characterizationSource, later),
          extendCharacterizations(db, characterizationSource, later),
        ]);
        const after = (await h.request('GET', '/v0.4/backends/qpu.forte-1/characterizations', { key: null })).json;
        const dates = after.characterizations.slice(0, 3).map((c: { date: string }) => Date.parse(c.date));
        expect(dates).toEqual([newest + 2 * 86_400_000, newest + 86_400_000, newest]);
        expect(after.characterizations[0].fidelity).not.toEqual(after.characterizations[1].fidelity);
      });
    });

    defineClientCallTests(() => db);
  });
}
