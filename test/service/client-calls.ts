/**
 * Every call the real clients make beyond the basic job loop, with queries
 * and bodies written the way they send them: PennyLane-IonQ's `sharpen=True`
 * (Python's requests writes `str(True)`), qiskit-ionq's estimate query, cirq-ionq's
 * calibrations with Unix-millisecond dates, IonQ's SDK sessions, clone, whoami
 * and format schemas. Run by suite.ts on each store.
 */
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { Db } from '../../src/service/store/db.js';
import { BELL_JSON, BELL_QASM, startHarness, type Harness } from './harness.js';

/**
 * A request with JSON text written as node:http sends it, for what fetch
 * cannot: a GET with a body (cirq-ionq's lists send `{"limit": 1000}`), or a
 * POST without a Content-Type (PennyLane-IonQ's `requests.post(data=json.dumps(...))`).
 */
function rawJson(
  method: 'GET' | 'POST',
  url: string,
  text: string,
  key: string,
  contentType: string | null,
): Promise<{ status: number; json: any }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      url,
      {
        method,
        headers: {
          Authorization: `apiKey ${key}`,
          ...(contentType ? { 'Content-Type': contentType } : {}),
          'Content-Length': String(Buffer.byteLength(text)),
        },
      },
      (res) => {
        let data = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (data += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, json: JSON.parse(data) }));
      },
    );
    req.on('error', reject);
    req.end(text);
  });
}

const getWithBody = (url: string, body: unknown, key: string) =>
  rawJson('GET', url, JSON.stringify(body), key, 'application/json');

const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function defineClientCallTests(database: () => Db): void {
  describe('calls of the real clients', () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startHarness(database());
    }, 120_000);
    afterAll(async () => {
      await h?.close();
    });

    const create = async (body: Record<string, unknown>, key?: string) => {
      const answer = await h.request('POST', '/v0.4/jobs', { body, ...(key ? { key } : {}) });
      expect(answer.status, answer.text).toBe(201);
      return answer.json.id as string;
    };

    it('reads boolean query parameters as Python and JavaScript write them, and refuses any other text', async () => {
      const id = await create({ type: 'ionq.circuit.v1', backend: 'simulator', input: BELL_JSON });
      await h.settle(id);
      const plain = (await h.request('GET', `/v0.4/jobs/${id}/results/probabilities`)).json;
      expect(plain).toEqual({ '0': 0.5, '3': 0.5 });
      for (const spelling of ['True', 'False', 'true', 'false', '1', '0']) {
        const answer = await h.request('GET', `/v0.4/jobs/${id}/results/probabilities?sharpen=${spelling}`);
        expect(answer.status, `sharpen=${spelling}: ${answer.text}`).toBe(200);
        expect(answer.json).toEqual(plain);
        // PennyLane-IonQ sends its params to the job itself too.
        expect((await h.request('GET', `/v0.4/jobs/${id}?sharpen=${spelling}`)).status).toBe(200);
      }
      // A boolean parameter takes those six spellings and nothing else (sharpen, sessions' active, the estimate's flags).
      for (const bad of ['yes', 'TRUE', 'tRuE', '2']) {
        const answer = await h.request('GET', `/v0.4/jobs/${id}/results/probabilities?sharpen=${bad}`);
        expect(answer.status, `sharpen=${bad}`).toBe(400);
        expect(answer.json.validation).toEqual({ source: 'querystring', keys: ['sharpen'] });
      }
      const ended = (await h.request('POST', '/v0.4/sessions', { body: { backend: 'simulator' } })).json.id as string;
      await h.request('POST', `/v0.4/sessions/${ended}/end`, { body: {} });
      for (const [spelling, listed] of [
        ['True', false],
        ['1', false],
        ['False', true],
        ['0', true],
      ] as const) {
        const sessions = (await h.request('GET', `/v0.4/sessions?active=${spelling}`)).json.sessions as {
          id: string;
        }[];
        expect(
          sessions.some((s) => s.id === ended),
          `active=${spelling}`,
        ).toBe(listed);
      }
      for (const bad of ['yes', 'TRUE', '2', '']) {
        const answer = await h.request('GET', `/v0.4/sessions?active=${bad}`);
        expect(answer.status, `active=${bad}`).toBe(400);
        expect(answer.json.validation).toEqual({ source: 'querystring', keys: ['active'] });
      }
      // Every other parameter keeps its strict check: a limit is a number, not a boolean spelling.
      expect((await h.request('GET', '/v0.4/jobs?limit=True')).json.validation).toEqual({
        source: 'querystring',
        keys: ['limit'],
      });
    });

    it("moves a job under the parent its body names (the clone's parent_job_id), a job of the caller's project or a 400", async () => {
      const parent = await create({ type: 'svc.qasm3.v1', input: { data: BELL_QASM } });
      await h.settle(parent);
      const other = await create({ type: 'svc.qasm3.v1', input: { data: BELL_QASM } }, h.keyB);
      const source = await create({ type: 'svc.circuit.v1', backend: 'qpu.forte-1', shots: 100, input: BELL_JSON });
      for (const [given, says] of [
        ['not-a-uuid', 'is not a uuid'],
        [other, 'not found'],
        [randomUUID(), 'not found'],
      ] as const) {
        const refused = await h.request('POST', `/v0.4/jobs/${source}/move`, { body: { parent: given } });
        expect(refused.status, refused.text).toBe(400);
        expect(refused.json.validation).toEqual({ source: 'payload', keys: ['parent'] });
        expect(refused.json.message).toContain(says);
      }
      expect((await h.request('GET', `/v0.4/jobs/${source}`)).json.status).not.toBe('canceled');
      const moved = await h.request('POST', `/v0.4/jobs/${source}/move`, { body: { parent, shots: 200 } });
      expect(moved.status, moved.text).toBe(200);
      const clone = await h.settle(moved.json.id);
      expect(clone).toMatchObject({ status: 'completed', parent_job_id: parent, shots: 200 });
      expect(clone.metadata).toEqual({ original_job_id: source });
      expect((await h.request('GET', `/v0.3/jobs/${clone.id}`)).json.parent_job_id).toBe(parent);
      const listed = (await h.request('GET', `/v0.4/jobs?parent_job_id=${parent}`)).json.jobs;
      expect(listed.map((j: { id: string }) => j.id)).toEqual([clone.id]);
      // The named parent is lineage only: it is not settled with the clone, and deleting it keeps the clone.
      expect((await h.request('GET', `/v0.4/jobs/${parent}`)).json).toMatchObject({
        status: 'completed',
        child_job_ids: null,
      });
      expect((await h.request('DELETE', `/v0.4/jobs/${parent}`)).status).toBe(200);
      expect((await h.request('GET', `/v0.4/jobs/${clone.id}`)).json.parent_job_id).toBe(parent);
    });

    it('answers a v0.3 multicircuit create with request, its submission time in Unix seconds', async () => {
      const before = Math.floor(Date.now() / 1000);
      const created = await h.request('POST', '/v0.3/jobs', {
        body: {
          target: 'simulator',
          input: {
            format: 'ionq.circuit.v0',
            qubits: 2,
            circuits: [{ circuit: BELL_JSON.circuit }, { circuit: [{ gate: 'x', target: 0 }] }],
          },
        },
      });
      const after = Math.ceil(Date.now() / 1000);
      expect(created.status, created.text).toBe(200);
      expect(Object.keys(created.json).sort()).toEqual(['id', 'request', 'status']);
      expect(created.json.request).toBeGreaterThanOrEqual(before);
      expect(created.json.request).toBeLessThanOrEqual(after);
      expect((await h.request('GET', `/v0.3/jobs/${created.json.id}`)).json.request).toBe(created.json.request);
      const single = await h.request('POST', '/v0.3/jobs', { body: { target: 'simulator', input: BELL_JSON } });
      expect(Object.keys(single.json).sort()).toEqual(['id', 'status']);
    });

    it("gives the simulator an ideal characterization: its backend's characterization_id is a uuid", async () => {
      const simulator = (await h.request('GET', '/v0.4/backends/simulator', { key: null })).json;
      expect(simulator.characterization_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      const record = (
        await h.request('GET', `/v0.4/backends/simulator/characterizations/${simulator.characterization_id}`, {
          key: null,
        })
      ).json;
      expect(record).toMatchObject({ backend: 'simulator', qubits: 29 });
      expect(record.fidelity).toEqual({
        spam: { median: 1, stderr: null },
        '1q': { median: 1, stderr: null },
        '2q': { median: 1, stderr: null },
      });
      expect(record.connectivity).toHaveLength((29 * 28) / 2);
      expect(Object.keys(record.timing).sort()).toEqual(['1q', '2q', 'readout', 'reset', 't1', 't2']);
      for (const backend of (await h.request('GET', '/v0.4/backends', { key: null })).json)
        expect(backend.characterization_id, backend.backend).toMatch(/^[0-9a-f-]{36}$/);
    });

    it("serves cirq-ionq's legacy calibrations under v0.3 and v0.4: current, and a list by Unix-millisecond dates", async () => {
      for (const version of ['v0.3', 'v0.4']) {
        // cirq sends Content-Type: application/json on every GET, with no body.
        const current = await h.request('GET', `/${version}/calibrations/current`, {
          headers: { 'Content-Type': 'application/json' },
        });
        expect(current.status, current.text).toBe(200);
        expect(Object.keys(current.json).sort()).toEqual(
          ['connectivity', 'date', 'fidelity', 'id', 'qubits', 'target', 'timing'].sort(),
        );
        expect(current.json).toMatchObject({ target: 'qpu.aria-1', qubits: 25 });
        // cirq's Calibration.calibration_time splits the date at its one '.'.
        expect(current.json.date).toMatch(ISO_MS);
        expect(current.json.id).toBe((await h.request('GET', '/v0.4/backends/qpu.aria-1')).json.characterization_id);
        expect(current.json.connectivity).toHaveLength((25 * 24) / 2);
        expect(current.json.fidelity).toEqual(
          (await h.request('GET', `/v0.3/characterizations/${current.json.id}`)).json.fidelity,
        );
        expect(Object.keys(current.json.timing).sort()).toEqual(['1q', '2q', 'readout', 'reset', 't1', 't2']);
        const forte = (await h.request('GET', `/${version}/calibrations/current?target=qpu.forte-1`)).json;
        expect(forte).toMatchObject({ target: 'qpu.forte-1', qubits: 36 });
      }
      // Every record exactly once across pages, newest first, following `next` as cirq's _list does.
      const seen: { id: string; target: string; date: string }[] = [];
      let next: string | undefined;
      for (let page = 0; page < 10; page++) {
        const answer = await getWithBody(
          `${h.url}/v0.4/calibrations?limit=100${next ? `&next=${next}` : ''}`,
          { limit: 1000 },
          h.keyA,
        );
        expect(answer.status).toBe(200);
        seen.push(...answer.json.calibrations);
        next = answer.json.next;
        if (next === undefined) break;
      }
      const [stored] = await database().query<{ n: number }>('SELECT count(*)::int AS n FROM characterizations');
      expect(seen).toHaveLength(stored?.n as number);
      expect(new Set(seen.map((c) => c.id)).size).toBe(seen.length);
      const times = seen.map((c) => Date.parse(c.date));
      expect(times).toEqual([...times].sort((a, b) => b - a));
      // cirq: params['start'] = int((start - epoch).total_seconds() * 1000), end likewise; end is exclusive.
      const aria = seen.filter((c) => c.target === 'qpu.aria-1').map((c) => Date.parse(c.date));
      const start = aria[4] as number;
      const end = aria[1] as number;
      const between = (
        await h.request('GET', `/v0.3/calibrations?start=${start}&end=${end}&target=qpu.aria-1`, { key: null })
      ).json;
      expect(between.calibrations.map((c: { date: string }) => Date.parse(c.date))).toEqual(aria.slice(2, 5));
      expect(between.next).toBeUndefined();
      const refused = [
        ['/v0.4/calibrations?start=yesterday', 'start'],
        ['/v0.4/calibrations?limit=101', 'limit'],
        ['/v0.4/calibrations?next=somewhere', 'next'],
      ] as const;
      for (const [path, key] of refused) {
        const answer = await h.request('GET', path);
        expect(answer.status, path).toBe(400);
        expect(answer.json.validation).toEqual({ source: 'querystring', keys: [key] });
      }
      expect((await h.request('GET', '/v0.4/calibrations/current?target=qpu.nowhere')).json).toEqual({
        statusCode: 404,
        error: 'Not Found Error',
        message: 'Backend qpu.nowhere not found',
      });
    });

    it("estimates a job from qiskit-ionq's query as the job's own cost and execution time; a dry run is priced the same", async () => {
      // 1 h and 13 cx on 2 qubits, 1000 shots on Aria: over the per-job minimum, so the gate counts decide the price.
      const program = `OPENQASM 3.0;\nqubit[2] q;\nbit[2] c;\nh q[0];\n${'cx q[0], q[1];\n'.repeat(13)}c[0] = measure q[0];\nc[1] = measure q[1];`;
      // Without debiasing (on by default from 500 shots), so the gate prices decide, not its per-job minimum.
      const body = {
        type: 'svc.qasm3.v1',
        backend: 'qpu.aria-1',
        shots: 1000,
        settings: { error_mitigation: { debiasing: false } },
        input: { data: program },
      };
      const [real, dry] = await Promise.all([create(body), create({ ...body, dry_run: true })]);
      const ran = await h.settle(real);
      expect(ran.status, JSON.stringify(ran.failure)).toBe('completed');
      const counts = ran.stats.gate_counts as { '1q': number; '2q': number };
      // qiskit-ionq's IonQClient.estimate_job: params as requests sends them, booleans as str(x).lower().
      const query = `type=ionq.circuit.v1&backend=qpu.aria-1&1q_gates=${counts['1q']}&2q_gates=${counts['2q']}&qubits=${ran.stats.qubits}&shots=1000&error_mitigation=false&session=false`;
      const estimate = await h.request('GET', `/v0.4/jobs/estimate?${query}`);
      expect(estimate.status, estimate.text).toBe(200);
      const cost = (await h.request('GET', `/v0.4/jobs/${real}/cost`)).json;
      expect(cost.cost.value).toBeGreaterThan(estimate.json.rate_card.rates[0].job_cost_minimum);
      expect(estimate.json.estimated_total_cost).toBe(cost.cost.value);
      expect(estimate.json.estimated_total_cost).toBe(cost.estimated_cost.value);
      expect(estimate.json.estimated_execution_time).toBe(ran.execution_duration_ms);
      // The names qiskit-ionq's JobEstimate reads, beside the OpenAPI's.
      expect(estimate.json.estimated_cost).toBe(estimate.json.estimated_total_cost);
      expect(estimate.json.cost_unit).toBe('usd');
      expect(estimate.json.input_values).toMatchObject({ backend: 'qpu.aria-1', shots: 1000, session: false });
      expect(estimate.json.estimate_context).toMatchObject({
        backend: 'qpu.aria-1',
        type: 'ionq.circuit.v1',
        qubits: ran.stats.qubits,
        shots: 1000,
        '1q_gates': counts['1q'],
        '2q_gates': counts['2q'],
        error_mitigation: false,
        project: 'project-a',
      });
      expect(estimate.json.estimated_unit).toBe('usd');
      expect(Number.isNaN(Date.parse(estimate.json.estimated_at))).toBe(false);
      expect(Number.isInteger(estimate.json.current_predicted_queue_time)).toBe(true);
      // A dry run can price the QPU job before running it, and bills nothing.
      const dryJob = await h.settle(dry);
      expect(dryJob.status).toBe('completed');
      const dryCost = (await h.request('GET', `/v0.4/jobs/${dry}/cost`)).json;
      expect(dryCost).toEqual({
        dry_run: true,
        estimated_cost: { value: estimate.json.estimated_total_cost, unit: 'usd' },
        cost: { value: 0, unit: 'usd' },
      });
    }, 60_000);

    it("estimates with IonQ's SDK defaults, the per-job minimum with and without error mitigation, and refuses what it cannot price", async () => {
      // ionq-core-python's estimate_job_cost: httpx writes booleans as true/false.
      const sdk =
        '/v0.4/jobs/estimate?backend=qpu.forte-1&type=ionq.circuit.v1&qubits=25&shots=1000&1q_gates=0&2q_gates=0';
      const plain = (await h.request('GET', `${sdk}&error_mitigation=false`)).json;
      const mitigated = (await h.request('GET', `${sdk}&error_mitigation=True`)).json;
      expect(plain.estimated_total_cost).toBe(plain.rate_card.rates[0].job_cost_minimum);
      expect(mitigated.estimated_total_cost).toBe(mitigated.rate_card.rates[0].job_cost_minimum);
      expect(mitigated.estimated_total_cost).toBeGreaterThan(plain.estimated_total_cost);
      const simulator = (await h.request('GET', '/v0.4/jobs/estimate?backend=simulator')).json;
      expect(simulator).toMatchObject({ estimated_total_cost: 0, estimated_execution_time: 0 });
      expect(simulator.rate_card.rates).toEqual([]);
      expect(simulator.estimate_context).toMatchObject({ qubits: 25, shots: 1000, '1q_gates': 0, '2q_gates': 0 });
      for (const [query, key] of [
        ['', 'backend'],
        ['backend=qpu.nowhere', 'backend'],
        ['backend=qpu.harmony', 'backend'],
        ['backend=qpu.aria-1&type=svc.qir.v1', 'type'],
        ['backend=qpu.aria-1&shots=0', 'shots'],
        ['backend=qpu.aria-1&2q_gates=-1', '2q_gates'],
        ['backend=qpu.aria-1&error_mitigation=maybe', 'error_mitigation'],
      ] as const) {
        const answer = await h.request('GET', `/v0.4/jobs/estimate?${query}`);
        expect(answer.status, query).toBe(400);
        expect(answer.json.validation, query).toEqual({ source: 'querystring', keys: [key] });
      }
      expect((await h.request('GET', '/v0.4/jobs/estimate?backend=simulator', { key: null })).status).toBe(401);
    });

    it("clones a job as IonQ's SDK does (201, the original kept), and answers whoami and the format schemas", async () => {
      const original = await create({
        type: 'ionq.qasm3.v1',
        backend: 'simulator',
        name: 'first',
        input: { data: BELL_QASM },
      });
      const done = await h.settle(original);
      // CloneJobPayload.to_dict() always carries shots (default 100); noise is a clone override.
      const cloned = await h.request('POST', `/v0.4/jobs/${original}/clone`, {
        body: { shots: 100, name: 'second', noise: { model: 'aria-1', seed: 3 } },
      });
      expect(cloned.status, cloned.text).toBe(201);
      expect(cloned.json).toEqual({ id: expect.any(String), status: 'submitted', session_id: null });
      const copy = await h.settle(cloned.json.id);
      expect(copy).toMatchObject({
        status: 'completed',
        type: 'ionq.qasm3.v1',
        name: 'second',
        shots: 100,
        metadata: null,
      });
      expect(copy.noise).toEqual({ model: 'aria-1', seed: 3 });
      expect((await h.request('GET', `/v0.4/jobs/${original}`)).json).toMatchObject({
        status: 'completed',
        name: 'first',
      });
      expect(done.status).toBe('completed');
      const empty = await h.request('POST', `/v0.4/jobs/${original}/clone`, {
        raw: '',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(empty.status, empty.text).toBe(201);
      expect((await h.request('POST', `/v0.4/jobs/${original}/clone`, { key: h.keyB, body: {} })).status).toBe(404);

      const me = await h.request('GET', '/v0.4/whoami');
      expect(me.status).toBe(200);
      expect(me.json).toEqual({
        key_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        key_name: 'alice (project-a)',
        user_id: 'alice',
        project: 'project-a',
      });
      expect((await h.request('GET', '/v0.4/whoami', { key: h.keyA2 })).json.key_id).not.toBe(me.json.key_id);
      expect((await h.request('GET', '/v0.4/whoami', { key: null })).status).toBe(401);

      for (const format of [
        'ionq.result.probabilities.json.v2',
        'svc.result.histogram.json.v2',
        'ionq.native.v1',
        'svc.circuit.v0',
        'ionq.qasm3.v1',
      ]) {
        const document = await h.request('GET', `/v0.4/schemas/formats/${format}`);
        expect(document.status, format).toBe(200);
        expect(document.json).toMatchObject({ $schema: 'https://json-schema.org/draft/2020-12/schema', $id: format });
        expect(typeof document.json.type).toBe('string');
      }
      const unknown = await h.request('GET', '/v0.4/schemas/formats/ionq.mir.v1');
      expect(unknown.status).toBe(404);
      expect(unknown.json.message).toContain('svc.result.shots.json.v2');
      const usage = await h.request('GET', '/v0.4/usage?start=2026-01-01');
      expect(usage.status).toBe(404);
      expect(usage.json.message).toBe(
        'Route GET /v0.4/usage not found: organization usage and billing are not served by this local service',
      );
    });

    it("serves the schema of every format IonQ's SDK asks for, and each flat answer matches its v1 schema", async () => {
      // ionq_core/models/formats.py (Formats) and the job types the SDK submits.
      const sdkFormats = [
        'ionq.native.v1',
        'ionq.result.histogram.json.v1',
        'ionq.result.histogram.json.v2',
        'ionq.result.probabilities-aggregate.json.v1',
        'ionq.result.probabilities.json.v1',
        'ionq.result.probabilities.json.v2',
        'ionq.result.shots.json.v1',
        'ionq.result.shots.json.v2',
        'ionq.circuit.v1',
        'ionq.multi-circuit.v1',
      ];
      const validators = new Map<string, ReturnType<Ajv2020['compile']>>();
      for (const format of sdkFormats) {
        const document = await h.request('GET', `/v0.4/schemas/formats/${format}`, { key: null });
        expect(document.status, `${format}: ${document.text}`).toBe(200);
        expect(document.json).toMatchObject({ $id: format });
        validators.set(format, new Ajv2020({ strict: false }).compile(document.json));
      }
      const check = (format: string, value: unknown) => {
        const validate = validators.get(format)!;
        expect(validate(value), `${format}: ${JSON.stringify(validate.errors)}`).toBe(true);
      };
      check('ionq.circuit.v1', BELL_JSON);
      const multiInput = {
        qubits: 2,
        circuits: [{ circuit: BELL_JSON.circuit }, { circuit: [{ gate: 'x', target: 0 }] }],
      };
      check('ionq.multi-circuit.v1', multiInput);
      expect(validators.get('ionq.circuit.v1')!({ circuit: 'h q[0];' })).toBe(false);
      expect(validators.get('ionq.multi-circuit.v1')!({ qubits: 2 })).toBe(false);

      const single = await create({ type: 'ionq.circuit.v1', backend: 'qpu.aria-1', shots: 50, input: BELL_JSON });
      const multi = await create({ type: 'ionq.multi-circuit.v1', backend: 'simulator', input: multiInput });
      await Promise.all([h.settle(single), h.settle(multi)]);
      const get = async (path: string) => (await h.request('GET', path)).json as unknown;
      check('ionq.result.probabilities.json.v1', await get(`/v0.4/jobs/${single}/results/probabilities`));
      check('ionq.result.histogram.json.v1', await get(`/v0.4/jobs/${single}/results/histogram`));
      check('ionq.result.shots.json.v1', await get(`/v0.4/jobs/${single}/results/shots`));
      check('ionq.result.probabilities-aggregate.json.v1', await get(`/v0.4/jobs/${multi}/results/probabilities`));
      // A v2 answer is not a v1 one.
      expect(validators.get('ionq.result.histogram.json.v1')!({ histogram: { registers: {} } })).toBe(false);
      expect(validators.get('ionq.result.shots.json.v1')!([0, 1])).toBe(false);
    });

    it("answers a job's compiled circuit as a JSON string at /circuits/{lang} (qiskit-ionq's compiled_circuit)", async () => {
      const id = await create({ type: 'ionq.circuit.v1', backend: 'qpu.aria-1', shots: 50, input: BELL_JSON });
      const before = await h.request('GET', `/v0.4/jobs/${id}/circuits/native`);
      const job = await h.settle(id);
      // Right after creation the job has not run: no compiled circuit yet (or it already ran: 200).
      expect([200, 404]).toContain(before.status);
      const compiled = job.output.compilation.compiled_circuits as Record<string, { id: string }>;
      const native = await h.request('GET', `/v0.4/jobs/${id}/circuits/native`);
      expect(native.status, native.text).toBe(200);
      expect(native.headers.get('content-type')).toContain('application/json');
      expect(typeof native.json).toBe('string');
      const artifact = await h.request('GET', `/v0.4/jobs/${id}/artifacts/${compiled['ionq.native.v1']!.id}`);
      expect(JSON.parse(native.json as string)).toEqual(artifact.json);
      expect(JSON.parse(native.json as string)).toMatchObject({ qubits: 2, circuit: expect.any(Array) });
      const qasm = await h.request('GET', `/v0.4/jobs/${id}/circuits/qasm3`);
      if (compiled['ionq.qasm3.v1']) {
        expect(qasm.status, qasm.text).toBe(200);
        expect(qasm.json).toMatch(/^OPENQASM 3/);
      } else {
        expect(qasm.status).toBe(404);
        expect(qasm.json.message).toBe(`Job ${id} has no qasm3 circuit: it was not compiled to ionq.qasm3.v1`);
      }
      const qasmJob = await create({
        type: 'ionq.qasm3.v1',
        backend: 'qpu.aria-1',
        shots: 50,
        input: { data: BELL_QASM },
      });
      await h.settle(qasmJob);
      const program = await h.request('GET', `/v0.4/jobs/${qasmJob}/circuits/qasm3`);
      expect(program.status, program.text).toBe(200);
      expect(program.json).toMatch(/^OPENQASM 3/);

      const lang = await h.request('GET', `/v0.4/jobs/${id}/circuits/json`);
      expect(lang.status).toBe(400);
      expect(lang.json.validation).toEqual({ source: 'params', keys: ['lang'] });
      expect((await h.request('GET', `/v0.4/jobs/${id}/circuits/native`, { key: h.keyB })).status).toBe(404);
      const multi = await create({
        type: 'ionq.multi-circuit.v1',
        backend: 'simulator',
        input: { qubits: 2, circuits: [{ circuit: BELL_JSON.circuit }] },
      });
      const parent = await h.request('GET', `/v0.4/jobs/${multi}/circuits/native`);
      expect(parent.status).toBe(404);
      expect(parent.json.message).toContain('child_job_ids');
    });

    it("answers each debiasing variant's results at /variants/{variant_id}/results/... (IonQ's SDK get_variant_*)", async () => {
      const id = await create({ type: 'ionq.circuit.v1', backend: 'qpu.aria-1', shots: 600, input: BELL_JSON });
      const job = await h.settle(id);
      expect(job.status, JSON.stringify(job.failure)).toBe('completed');
      type Variant = { variant_id: string; shots: number; results: Record<string, { id: string }> };
      const variants = job.output.error_mitigation.debiasing.variants as Variant[];
      expect(variants.length).toBeGreaterThan(1);
      const v1 = (format: string) =>
        h.request('GET', `/v0.4/schemas/formats/${format}`).then((a) => new Ajv2020({ strict: false }).compile(a.json));
      const [histogramV1, probabilitiesV1] = await Promise.all([
        v1('ionq.result.histogram.json.v1'),
        v1('ionq.result.probabilities.json.v1'),
      ]);
      for (const variant of variants) {
        const base = `/v0.4/jobs/${id}/variants/${variant.variant_id}/results`;
        const [histogram, probabilities, shots] = await Promise.all(
          ['histogram', 'probabilities', 'shots'].map((kind) => h.request('GET', `${base}/${kind}`)),
        );
        for (const answer of [histogram, probabilities, shots]) expect(answer!.status, answer!.text).toBe(200);
        // The variant's own v2 histogram artifact, read back in decimal little-endian keys.
        const artifact = (
          await h.request('GET', `/v0.4/jobs/${id}/artifacts/${variant.results['ionq.result.histogram.json.v2']!.id}`)
        ).json.histogram.registers.output_all as Record<string, number>;
        const expected = Object.fromEntries(
          Object.entries(artifact).map(([bits, n]) => [String(parseInt([...bits].reverse().join(''), 2)), n]),
        );
        expect(histogram!.json).toEqual(expected);
        expect(histogramV1(histogram!.json)).toBe(true);
        expect(Object.values(histogram!.json as Record<string, number>).reduce((a, b) => a + b, 0)).toBe(variant.shots);
        for (const [state, p] of Object.entries(probabilities!.json as Record<string, number>))
          expect(p).toBeCloseTo((expected[state] ?? 0) / variant.shots, 12);
        expect(probabilitiesV1(probabilities!.json)).toBe(true);
        // Shots: shot index -> decimal state, an object of numbers as the SDK's model reads it; they count to the histogram.
        const perShot = shots!.json as Record<string, number>;
        expect(Object.keys(perShot)).toEqual([...Array(variant.shots).keys()].map(String));
        const counted: Record<string, number> = {};
        for (const state of Object.values(perShot)) counted[String(state)] = (counted[String(state)] ?? 0) + 1;
        expect(counted).toEqual(expected);
      }
      const someone = variants[0]!.variant_id;
      const unknown = await h.request('GET', `/v0.4/jobs/${id}/variants/${randomUUID()}/results/histogram`);
      expect(unknown.status).toBe(404);
      expect(unknown.json.message).toContain('output.error_mitigation.debiasing.variants');
      expect(
        (await h.request('GET', `/v0.4/jobs/${id}/variants/${someone}/results/histogram`, { key: h.keyB })).status,
      ).toBe(404);
      const bad = await h.request('GET', `/v0.4/jobs/${id}/variants/first/results/shots`);
      expect(bad.status).toBe(400);
      expect(bad.json.validation).toEqual({ source: 'params', keys: ['variant_id'] });
      // The simulator never debiases: its job has no variants.
      const plain = await create({ type: 'ionq.circuit.v1', backend: 'simulator', shots: 600, input: BELL_JSON });
      await h.settle(plain);
      expect((await h.request('GET', `/v0.4/jobs/${plain}/variants/${someone}/results/probabilities`)).status).toBe(
        404,
      );
    });

    it("answers qiskit-ionq's Session.status() and usage(): the session's state and its jobs' run time in seconds", async () => {
      // qiskit_ionq/ionq_session.py reads details().get("state") and details().get("usage_time").
      const created = await h.request('POST', '/v0.4/sessions', { body: { backend: 'qpu.aria-1', settings: {} } });
      expect(created.status, created.text).toBe(201);
      const sessionId = created.json.id as string;
      expect(created.json).toMatchObject({ status: 'created', state: 'created', usage_time: 0 });
      const ids = await Promise.all(
        [50, 80].map((shots) =>
          create({ type: 'ionq.circuit.v1', backend: 'qpu.aria-1', shots, session_id: sessionId, input: BELL_JSON }),
        ),
      );
      const jobs = await Promise.all(ids.map((id) => h.settle(id)));
      const ran = jobs.reduce((sum, job) => sum + (job.execution_duration_ms as number), 0);
      expect(ran).toBeGreaterThan(0);
      const details = (await h.request('GET', `/v0.4/sessions/${sessionId}`)).json;
      expect(details).toMatchObject({ status: 'started', state: 'started', usage_time: ran / 1000 });
      const listed = (await h.request('GET', '/v0.4/sessions?active=true')).json.sessions.find(
        (s: { id: string }) => s.id === sessionId,
      );
      expect(listed).toMatchObject({ state: 'started', usage_time: ran / 1000 });
      const ended = (await h.request('POST', `/v0.4/sessions/${sessionId}/end`, { body: {} })).json;
      expect(ended).toMatchObject({ status: 'ended', state: 'ended', usage_time: ran / 1000 });
    });

    it('checks a result artifact against the schema the formats route serves', async () => {
      const id = await create({ type: 'svc.circuit.v1', backend: 'qpu.aria-1', shots: 50, input: BELL_JSON });
      const job = await h.settle(id);
      for (const format of [
        'svc.result.probabilities.json.v2',
        'svc.result.histogram.json.v2',
        'svc.result.shots.json.v2',
      ]) {
        const artifact = (await h.request('GET', `/v0.4/jobs/${id}/artifacts/${job.results[format].id}`)).json;
        const schema = (await h.request('GET', `/v0.4/schemas/formats/${format}`)).json;
        const validate = new Ajv2020({ strict: false }).compile(schema);
        expect(validate(artifact), JSON.stringify(validate.errors)).toBe(true);
        expect(validate({ nothing: true })).toBe(false);
      }
    });

    it('lists jobs with the filters the clients send: status (and queued), target lists, repeated ids, submitter, session, dates', async () => {
      const before = new Date().toISOString();
      const simulator = await create({ type: 'svc.circuit.v1', backend: 'simulator', input: BELL_JSON });
      const qpu = await create({ type: 'svc.circuit.v1', backend: 'qpu.forte-1', shots: 100, input: BELL_JSON });
      const anna = await create(
        { type: 'svc.circuit.v1', backend: 'qpu.aria-1', shots: 100, input: BELL_JSON },
        h.keyA2,
      );
      const ids = (query: string) =>
        h.request('GET', `/v0.4/jobs?${query}`).then((a) => {
          expect(a.status, `${query}: ${a.text}`).toBe(200);
          return (a.json.jobs as { id: string }[]).map((j) => j.id);
        });
      // IonQ's SDK: httpx repeats a list parameter; v0.3 names it id.
      expect(await ids(`ids=${simulator}&ids=${qpu}`)).toEqual([qpu, simulator]);
      expect(await ids(`id=${anna}`)).toEqual([anna]);
      expect(await ids(`submitted_after=${before}&target=qpu.forte-1,qpu.aria-1`)).toEqual([anna, qpu]);
      expect(await ids(`submitted_after=${before}&submitter_id=anna`)).toEqual([anna]);
      expect(await ids(`submitted_before=${before}&ids=${simulator}`)).toEqual([]);
      // qiskit-ionq's Session.cancel lists status=queued.
      const queued = await ids(`submitted_after=${before}&status=queued`);
      expect(queued.every((id) => [simulator, qpu, anna].includes(id))).toBe(true);
      await Promise.all([simulator, qpu, anna].map((id) => h.settle(id)));
      expect(await ids(`submitted_after=${before}&status=queued`)).toEqual([]);
      expect(await ids(`submitted_after=${before}&status=completed&backend=simulator`)).toEqual([simulator]);
      for (const [query, key] of [
        ['ids=nope', 'ids'],
        ['submitted_after=tuesday', 'submitted_after'],
        ['status=waiting', 'status'],
      ] as const) {
        expect((await h.request('GET', `/v0.4/jobs?${query}`)).json.validation, query).toEqual({
          source: 'querystring',
          keys: [key],
        });
      }
    });

    const openSession = async (body: Record<string, unknown>, key?: string) => {
      const answer = await h.request('POST', '/v0.4/sessions', { body, ...(key ? { key } : {}) });
      expect(answer.status, answer.text).toBe(201);
      return answer.json as Record<string, any>;
    };
    const submitInto = (session: string, backend: string, extra: Record<string, unknown> = {}, key?: string) =>
      h.request('POST', '/v0.4/jobs', {
        body: { type: 'ionq.circuit.v1', backend, shots: 100, session_id: session, input: BELL_JSON, ...extra },
        ...(key ? { key } : {}),
      });

    it("runs a session's lifecycle as qiskit-ionq and IonQ's SDK drive it: create, first job starts it, list, its jobs, end", async () => {
      // qiskit-ionq's Session._create_session: settings {} when no limit is given.
      const created = await openSession({ backend: 'qpu.aria-1', settings: {} });
      expect(created).toMatchObject({
        backend: 'qpu.aria-1',
        status: 'created',
        active: true,
        started_at: null,
        ended_at: null,
        ender_id: null,
        creator_id: 'alice',
        project_id: 'project-a',
        organization_id: 'project-a',
        settings: {},
      });
      const id = created.id as string;
      expect((await h.request('GET', `/v0.4/sessions/${id}`)).json).toEqual(created);
      const job = await submitInto(id, 'qpu.aria-1');
      expect(job.status, job.text).toBe(201);
      expect(job.json.session_id).toBe(id);
      const started = (await h.request('GET', `/v0.4/sessions/${id}`)).json;
      expect(started).toMatchObject({ status: 'started', active: true });
      expect(Date.parse(started.started_at)).toBeGreaterThanOrEqual(Date.parse(created.created_at));
      // The SDK's get_sessions(active=...) through httpx; Python's requests would write True.
      const active = (await h.request('GET', '/v0.4/sessions?active=true')).json;
      expect(active.organization_id).toBe('project-a');
      expect(active.sessions.map((x: { id: string }) => x.id)).toContain(id);
      expect(
        (await h.request('GET', '/v0.4/sessions?active=False')).json.sessions.map((x: { id: string }) => x.id),
      ).not.toContain(id);
      const listed = (await h.request('GET', `/v0.4/sessions/${id}/jobs`)).json.jobs;
      expect(listed.map((j: { id: string }) => j.id)).toEqual([job.json.id]);
      expect((await h.request('GET', `/v0.4/jobs?session_id=${id}`)).json.jobs).toHaveLength(1);
      await h.settle(job.json.id);
      // qiskit-ionq's Session.close(): POST with no body and Content-Type: application/json.
      const ended = await h.request('POST', `/v0.4/sessions/${id}/end`, {
        raw: '',
        headers: { 'Content-Type': 'application/json' },
      });
      expect(ended.status, ended.text).toBe(200);
      expect(ended.json).toMatchObject({ id, status: 'ended', active: false, ender_id: 'alice' });
      expect((await h.request('POST', `/v0.4/sessions/${id}/end`, { key: h.keyA2 })).json.ended_at).toBe(
        ended.json.ended_at,
      );
      expect(
        (await h.request('GET', '/v0.4/sessions?active=false')).json.sessions.map((x: { id: string }) => x.id),
      ).toContain(id);
      const late = await submitInto(id, 'qpu.aria-1');
      expect(late.status).toBe(400);
      expect(late.json.validation).toEqual({ source: 'payload', keys: ['session_id'] });
      expect(late.json.message).toContain('has ended');
    });

    it('refuses a job naming an unknown, foreign or other-backend session (400), and keeps sessions per project (404)', async () => {
      const mine = (await openSession({ backend: 'simulator' })).id as string;
      const theirs = (await openSession({ backend: 'simulator' }, h.keyB)).id as string;
      for (const [session, says] of [
        ['not-a-session', 'names no session'],
        [randomUUID(), 'names no session'],
        [theirs, 'names no session'],
      ] as const) {
        const answer = await submitInto(session, 'simulator');
        expect(answer.status, answer.text).toBe(400);
        expect(answer.json.validation).toEqual({ source: 'payload', keys: ['session_id'] });
        expect(answer.json.message).toContain(says);
      }
      const otherBackend = await submitInto(mine, 'qpu.forte-1');
      expect(otherBackend.status).toBe(400);
      expect(otherBackend.json.message).toContain("this job's backend is qpu.forte-1");
      for (const [method, path] of [
        ['GET', `/v0.4/sessions/${theirs}`],
        ['GET', `/v0.4/sessions/${theirs}/jobs`],
        ['POST', `/v0.4/sessions/${theirs}/end`],
      ] as const) {
        expect((await h.request(method, path)).json, `${method} ${path}`).toEqual({
          statusCode: 404,
          error: 'Not Found Error',
          message: `Session ${theirs} not found`,
        });
      }
      expect((await h.request('GET', '/v0.4/sessions')).json.sessions.map((x: { id: string }) => x.id)).not.toContain(
        theirs,
      );
      expect((await h.request('GET', '/v0.4/sessions/nope')).json.validation).toEqual({
        source: 'params',
        keys: ['session_id'],
      });
      const refused = await h.request('POST', '/v0.4/sessions', { body: { backend: 'qpu.nowhere' } });
      expect(refused.json.validation).toEqual({ source: 'payload', keys: ['backend'] });
      const badLimit = await h.request('POST', '/v0.4/sessions', {
        body: { backend: 'simulator', settings: { duration_limit_min: '2h' } },
      });
      expect(badLimit.json.validation).toEqual({ source: 'payload', keys: ['settings.duration_limit_min'] });
    });

    it('refuses the job past each limit with a 409 naming it: job_count_limit, duration_limit_min, cost_limit', async () => {
      const counted = await openSession({ backend: 'simulator', settings: { job_count_limit: 2 } });
      expect(counted.settings).toEqual({ job_count_limit: 2 });
      for (let i = 0; i < 2; i++) expect((await submitInto(counted.id, 'simulator')).status).toBe(201);
      const third = await submitInto(counted.id, 'simulator');
      expect(third.status).toBe(409);
      expect(third.json).toEqual({
        statusCode: 409,
        error: 'Conflict',
        message: `Session ${counted.id} reached its job_count_limit: it has taken 2 of 2 jobs`,
      });

      const timed = await openSession({ backend: 'simulator', settings: { duration_limit_min: 5 } });
      expect((await submitInto(timed.id, 'simulator')).status).toBe(201);
      const running = (await h.request('GET', `/v0.4/sessions/${timed.id}`)).json;
      expect(Date.parse(running.settings.expires_at) - Date.parse(running.started_at)).toBe(5 * 60_000);
      // Five minutes pass: the session's start is moved back in the store.
      await database().query("UPDATE sessions SET started_at = started_at - interval '6 minutes' WHERE id = $1", [
        timed.id,
      ]);
      const late = await submitInto(timed.id, 'simulator');
      expect(late.status).toBe(409);
      expect(late.json.message).toContain(`Session ${timed.id} passed its duration_limit_min of 5 minutes`);

      // qiskit-ionq: cost_limit {unit: "usd", value: max_cost}. Bell with 100 shots on Aria costs the per-job minimum.
      const estimate = (
        await h.request('GET', '/v0.4/jobs/estimate?backend=qpu.aria-1&qubits=2&shots=100&1q_gates=1&2q_gates=1')
      ).json.estimated_total_cost as number;
      const priced = await openSession({
        backend: 'qpu.aria-1',
        settings: { cost_limit: { unit: 'usd', value: estimate * 1.5 } },
      });
      expect((await submitInto(priced.id, 'qpu.aria-1')).status).toBe(201);
      const program = 'qubit[2] q;\nbit[2] c;\nh q[0];\ncx q[0], q[1];\nc[0] = measure q[0];\nc[1] = measure q[1];';
      const over = await submitInto(priced.id, 'qpu.aria-1', { type: 'svc.qasm3.v1', input: { data: program } });
      expect(over.status).toBe(409);
      expect(over.json.message).toBe(
        `Session ${priced.id} would pass its cost_limit of ${estimate * 1.5} usd: ${estimate} usd taken by its jobs, ${estimate} usd estimated for this one`,
      );
      expect((await h.request('GET', `/v0.4/sessions/${priced.id}/jobs`)).json.jobs).toHaveLength(1);
    });

    it('ends a session by canceling its jobs that have not started; those that started run on', async () => {
      const session = (await openSession({ backend: 'simulator' })).id as string;
      const n = 16;
      let program = `qubit[${n}] q;\n`;
      for (let layer = 1; layer <= 4; layer++) {
        for (let i = 0; i < n; i++) program += `h q[${i}];\nrz(0.${layer}) q[${i}];\n`;
        for (let i = 0; i + 1 < n; i++) program += `cx q[${i}], q[${i + 1}];\n`;
      }
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const answer = await submitInto(session, 'simulator', { type: 'svc.qasm3.v1', input: { data: program } });
        expect(answer.status).toBe(201);
        ids.push(answer.json.id);
      }
      const ended = (await h.request('POST', `/v0.4/sessions/${session}/end`)).json;
      const jobs = await Promise.all(ids.map((id) => h.settle(id)));
      const canceled = jobs.filter((j) => j.status === 'canceled');
      expect(canceled.length).toBeGreaterThan(0);
      for (const job of canceled) expect(job.started_at, job.id).toBeNull();
      for (const job of jobs.filter((j) => j.status !== 'canceled')) {
        expect(job.status).toBe('completed');
        expect(Date.parse(job.started_at)).toBeLessThanOrEqual(Date.parse(ended.ended_at));
      }
    }, 120_000);

    it("cancels and deletes many jobs at once as IonQ's v0.4 OpenAPI describes (ids in the body; v0.3 also in the query), all or none", async () => {
      const done = await create({ type: 'ionq.circuit.v1', backend: 'simulator', input: BELL_JSON });
      await h.settle(done);
      const foreign = await create({ type: 'ionq.circuit.v1', backend: 'simulator', input: BELL_JSON }, h.keyB);
      // Emulated QPU jobs wait out their run time (10,000 Bell shots on Aria: about 14 s): open while this test runs,
      // however slow the machine.
      const qpu = () => create({ type: 'svc.circuit.v1', backend: 'qpu.aria-1', shots: 10_000, input: BELL_JSON });
      const [a, b, c] = [await qpu(), await qpu(), await qpu()];
      const statusOf = async (id: string) => (await h.request('GET', `/v0.4/jobs/${id}`)).json.status as string;

      // Another project's job in the list: a 404 naming it, and nothing canceled.
      const refused = await h.request('PUT', '/v0.4/jobs/status/cancel', { body: { ids: [a, foreign] } });
      expect(refused.status, refused.text).toBe(404);
      expect(refused.json.message).toContain(foreign);
      expect(['submitted', 'ready', 'started']).toContain(await statusOf(a));

      // Open jobs are canceled, a completed one is left as it is and not answered; uppercase ids are the same jobs.
      const canceled = await h.request('PUT', '/v0.4/jobs/status/cancel', {
        body: { ids: [a, b.toUpperCase(), done] },
      });
      expect(canceled.status, canceled.text).toBe(200);
      expect(canceled.json).toEqual({ ids: [a, b], status: 'canceled' });
      for (const id of [a, b]) expect(await statusOf(id)).toBe('canceled');
      expect(await statusOf(done)).toBe('completed');
      // Again is fine: canceled jobs stay canceled and are answered.
      expect((await h.request('PUT', '/v0.4/jobs/status/cancel', { body: { ids: [a] } })).json).toEqual({
        ids: [a],
        status: 'canceled',
      });

      // What is not a list of job ids is a 400 that says what is.
      for (const body of [{}, { ids: [] }, { ids: ['urn:uuid:' + a] }, { ids: a }]) {
        const answer = await h.request('PUT', '/v0.4/jobs/status/cancel', { body });
        expect(answer.status, `${JSON.stringify(body)}: ${answer.text}`).toBe(400);
        expect(answer.json.validation.keys[0]).toMatch(/^ids/);
      }

      // Delete: every id of the project or none; the jobs and their results are gone.
      const notAll = await h.request('DELETE', '/v0.4/jobs', { body: { ids: [a, foreign] } });
      expect(notAll.status, notAll.text).toBe(404);
      expect((await h.request('GET', `/v0.4/jobs/${a}`)).status).toBe(200);
      expect((await h.request('GET', `/v0.4/jobs/${foreign}`, { key: h.keyB })).status).toBe(200);
      const deleted = await h.request('DELETE', '/v0.4/jobs', { body: { ids: [a, done] } });
      expect(deleted.status, deleted.text).toBe(200);
      expect(deleted.json).toEqual({ ids: [a, done], status: 'deleted' });
      for (const id of [a, done]) expect((await h.request('GET', `/v0.4/jobs/${id}`)).status).toBe(404);
      // v0.3's deleteManyjobs names the ids in the query; its cancelManyJobs in the body.
      expect((await h.request('PUT', '/v0.3/jobs/status/cancel', { body: { ids: [c] } })).json).toEqual({
        ids: [c],
        status: 'canceled',
      });
      expect((await h.request('DELETE', `/v0.3/jobs?ids=${b},${c}`)).json).toEqual({ ids: [b, c], status: 'deleted' });
      expect((await h.request('GET', `/v0.3/jobs/${b}`)).status).toBe(404);
      // The single-job routes still ignore the empty JSON body the clients send.
      const single = await h.request('PUT', `/v0.4/jobs/${foreign}/status/cancel`, { key: h.keyB, body: {} });
      expect([200, 409]).toContain(single.status);
    }, 120_000);

    it("counts a job moved into another session against that session's limits; a move within its session is not counted again", async () => {
      const open = () =>
        create({ type: 'svc.circuit.v1', backend: 'qpu.aria-1', shots: 100, input: BELL_JSON, name: 'to move' });
      const full = (await openSession({ backend: 'simulator', settings: { job_count_limit: 1 } })).id as string;
      expect((await submitInto(full, 'simulator')).status).toBe(201);
      const source = await open();
      const refused = await h.request('POST', `/v0.4/jobs/${source}/move`, {
        body: { backend: 'simulator', session_id: full },
      });
      expect(refused.status, refused.text).toBe(409);
      expect(refused.json.message).toContain('job_count_limit');
      // The refused move changed nothing: the source is open, not canceled.
      expect((await h.request('GET', `/v0.4/jobs/${source}`)).json.status).not.toBe('canceled');

      const roomy = (await openSession({ backend: 'simulator', settings: { job_count_limit: 2 } })).id as string;
      const moved = await h.request('POST', `/v0.4/jobs/${source}/move`, {
        body: { backend: 'simulator', session_id: roomy },
      });
      expect(moved.status, moved.text).toBe(200);
      expect(moved.json.session_id).toBe(roomy);
      // The moved job took one of the two places: one more job fits, the next is refused.
      expect((await submitInto(roomy, 'simulator')).status).toBe(201);
      expect((await submitInto(roomy, 'simulator')).status).toBe(409);

      // A job moved without naming a session stays in its own and replaces its source there.
      const own = (await openSession({ backend: 'qpu.aria-1', settings: { job_count_limit: 1 } })).id as string;
      const inside = await submitInto(own, 'qpu.aria-1');
      expect(inside.status).toBe(201);
      const again = await h.request('POST', `/v0.4/jobs/${inside.json.id}/move`, { body: { name: 'renamed' } });
      expect(again.status, again.text).toBe(200);
      expect(again.json.session_id).toBe(own);
    }, 120_000);

    /**
     * Every HTTP call the four clients make, in the order a user's script
     * would make them, each as the client's own code builds it (method, path,
     * query, body; read from qiskit-ionq's ionq_client.py, ionq_session.py and
     * helpers.py, cirq-ionq's ionq_client.py, PennyLane-IonQ's api_client.py
     * and device.py, IonQ's SDK ionq-core-python's api/ modules): none may
     * fail. Not replayed, because not served (docs/service.md, "Calls of the
     * real clients"): the SDK's get_compiled_file (/jobs/{id}/circuits/{lang}),
     * its variant results and organization usage.
     */
    it("replays every HTTP call of qiskit-ionq, cirq-ionq, PennyLane-IonQ and IonQ's SDK as their code builds it: none fails", async () => {
      const failures: string[] = [];
      type Call = { method: string; path: string; body?: unknown; raw?: string; headers?: Record<string, string> };
      const call = async (client: string, fn: string, c: Call): Promise<any> => {
        const answer = await h.request(c.method, c.path, {
          ...(c.body !== undefined ? { body: c.body } : {}),
          ...(c.raw !== undefined ? { raw: c.raw } : {}),
          ...(c.headers ? { headers: c.headers } : {}),
        });
        if (answer.status >= 400)
          failures.push(`${client} ${fn}: ${c.method} ${c.path} -> ${answer.status} ${answer.text}`);
        return answer.json;
      };
      const listWithBody = async (client: string, fn: string, path: string) => {
        const answer = await getWithBody(`${h.url}${path}`, { limit: 1000 }, h.keyA);
        if (answer.status >= 400)
          failures.push(`${client} ${fn}: GET ${path} (body {"limit": 1000}) -> ${answer.status}`);
      };
      const openQpuJob = async () =>
        (
          await call('setup', 'open job', {
            method: 'POST',
            path: '/v0.4/jobs',
            body: { type: 'ionq.circuit.v1', backend: 'qpu.aria-1', shots: 100, input: BELL_JSON },
          })
        ).id as string;
      const now = Date.now();

      // qiskit-ionq
      const q = 'qiskit-ionq';
      await call(q, 'helpers.get_backends', { method: 'GET', path: '/v0.4/backends' });
      const qJob = (
        await call(q, 'submit_job', {
          method: 'POST',
          path: '/v0.4/jobs',
          body: {
            type: 'ionq.circuit.v1',
            backend: 'simulator',
            name: 'qiskit',
            shots: 1024,
            input: BELL_JSON,
            metadata: { shots: '1024', qobj_id: 'q', output_length: '2' },
          },
        })
      ).id as string;
      const qDone = await h.settle(qJob);
      await call(q, 'retrieve_job', { method: 'GET', path: `/v0.4/jobs/${qJob}` });
      await call(q, 'get_results', { method: 'GET', path: qDone.results.probabilities.url });
      await call(q, 'get_results(aggregation)', {
        method: 'GET',
        path: `${qDone.results.probabilities.url}?aggregation=average`,
      });
      const compiled = Object.values<{ id: string }>(qDone.output?.compilation?.compiled_circuits ?? {});
      for (const artifact of compiled)
        await call(q, 'get_artifact', { method: 'GET', path: `/v0.4/jobs/${qJob}/artifacts/${artifact.id}` });
      await call(q, 'get_calibration_data', {
        method: 'GET',
        path: '/v0.4/backends/qpu.aria-1/characterizations?limit=1',
      });
      await call(q, 'estimate_job', {
        method: 'GET',
        path: '/v0.4/jobs/estimate?type=ionq.circuit.v1&backend=qpu.aria-1&1q_gates=10&2q_gates=5&qubits=4&shots=1000&error_mitigation=false&session=false',
      });
      const qSession = (
        await call(q, 'Session._create_session', {
          method: 'POST',
          path: '/v0.4/sessions',
          body: { backend: 'simulator', settings: { job_count_limit: 5, duration_limit_min: 10 } },
        })
      ).id as string;
      await call(q, 'Session.details', { method: 'GET', path: `/v0.4/sessions/${qSession}` });
      await call(q, 'Session.cancel (list)', {
        method: 'GET',
        path: `/v0.4/jobs?session_id=${qSession}&status=queued`,
      });
      await call(q, 'Session.close', { method: 'POST', path: `/v0.4/sessions/${qSession}/end` });
      await call(q, 'cancel_job', { method: 'PUT', path: `/v0.4/jobs/${await openQpuJob()}/status/cancel` });
      await call(q, 'delete_job', { method: 'DELETE', path: `/v0.4/jobs/${qJob}` });

      // cirq-ionq (api_version v0.4; v0.3 the same paths under /v0.3)
      const c = 'cirq-ionq';
      for (const version of ['v0.4', 'v0.3']) {
        const cJob = (
          await call(c, 'create_job', {
            method: 'POST',
            path: `/${version}/jobs`,
            body: {
              backend: 'simulator',
              type: 'ionq.circuit.v1',
              lang: 'json',
              input: BELL_JSON,
              name: 'cirq',
              metadata: { measurement0: `m${String.fromCharCode(31)}0,1`, shots: '100' },
              shots: '100',
            },
          })
        ).id as string;
        await h.settle(cJob);
        await call(c, 'get_job', { method: 'GET', path: `/${version}/jobs/${cJob}` });
        if (version === 'v0.4') {
          await call(c, 'get_results(sharpen)', {
            method: 'GET',
            path: `/v0.4/jobs/${cJob}/results/probabilities?sharpen=True`,
          });
          await call(c, 'get_results (batch mode)', {
            method: 'GET',
            path: `/v0.4/jobs/${cJob}/results/probabilities/aggregated?sharpen=False`,
          });
        } else {
          await call(c, 'get_results', { method: 'GET', path: `/v0.3/jobs/${cJob}/results?sharpen=True` });
        }
        await listWithBody(c, 'list_jobs', `/${version}/jobs?status=completed`);
        await call(c, 'get_current_calibration', { method: 'GET', path: `/${version}/calibrations/current` });
        await listWithBody(c, 'list_calibrations', `/${version}/calibrations?start=${now - 3 * 86_400_000}&end=${now}`);
        await call(c, 'cancel_job', { method: 'PUT', path: `/${version}/jobs/${await openQpuJob()}/status/cancel` });
        await call(c, 'delete_job', { method: 'DELETE', path: `/${version}/jobs/${cJob}` });
      }

      // PennyLane-IonQ: json.dumps'd bodies without a Content-Type; results followed by their url with sharpen.
      const p = 'PennyLane-IonQ';
      const pCreated = await rawJson(
        'POST',
        `${h.url}/v0.4/jobs`,
        JSON.stringify({ type: 'ionq.circuit.v1', input: BELL_JSON, backend: 'simulator', shots: 100 }),
        h.keyA,
        null,
      );
      if (pCreated.status >= 400) failures.push(`${p} Job.manager.create: POST /v0.4/jobs -> ${pCreated.status}`);
      const pJob = pCreated.json?.id as string | undefined;
      if (pJob) {
        const pDone = await h.settle(pJob);
        await call(p, 'Job.reload', { method: 'GET', path: `/v0.4/jobs/${pJob}` });
        await call(p, 'manager.get(sharpen)', { method: 'GET', path: `/v0.4/jobs/${pJob}?sharpen=True` });
        await call(p, 'refresh_data (results url)', {
          method: 'GET',
          path: `${pDone.results.probabilities.url}?sharpen=True`,
        });
      }

      // IonQ's SDK (ionq-core-python, generated from the v0.4 OpenAPI)
      const k = "IonQ's SDK";
      await call(k, 'get_whoami', { method: 'GET', path: '/v0.4/whoami' });
      await call(k, 'get_backends', { method: 'GET', path: '/v0.4/backends' });
      const aria = await call(k, 'get_backend', { method: 'GET', path: '/v0.4/backends/qpu.aria-1' });
      await call(k, 'get_characterizations_for_backend', {
        method: 'GET',
        path: '/v0.4/backends/qpu.aria-1/characterizations',
      });
      await call(k, 'get_characterization', {
        method: 'GET',
        path: `/v0.4/backends/qpu.aria-1/characterizations/${aria.characterization_id}`,
      });
      await call(k, 'get_format_schema', { method: 'GET', path: '/v0.4/schemas/formats/ionq.circuit.v0' });
      await call(k, 'estimate_job_cost', {
        method: 'GET',
        path: '/v0.4/jobs/estimate?backend=qpu.aria-1&type=ionq.circuit.v1&qubits=2&shots=100&1q_gates=1&2q_gates=1',
      });
      const kSession = (
        await call(k, 'create_session', {
          method: 'POST',
          path: '/v0.4/sessions',
          body: { backend: 'simulator', settings: { job_count_limit: 10, cost_limit: { unit: 'usd', value: 100 } } },
        })
      ).id as string;
      const kJob = (
        await call(k, 'create_job', {
          method: 'POST',
          path: '/v0.4/jobs',
          body: {
            type: 'ionq.circuit.v1',
            backend: 'simulator',
            shots: 100,
            session_id: kSession,
            input: BELL_JSON,
            settings: { error_mitigation: { debiasing: false } },
          },
        })
      ).id as string;
      await h.settle(kJob);
      await call(k, 'get_job', { method: 'GET', path: `/v0.4/jobs/${kJob}` });
      await call(k, 'get_jobs', { method: 'GET', path: `/v0.4/jobs?session_id=${kSession}&limit=10` });
      await call(k, 'get_job_cost', { method: 'GET', path: `/v0.4/jobs/${kJob}/cost` });
      await call(k, 'get_job_probabilities', { method: 'GET', path: `/v0.4/jobs/${kJob}/results/probabilities` });
      await call(k, 'get_sessions', { method: 'GET', path: '/v0.4/sessions?active=True' });
      await call(k, 'get_session', { method: 'GET', path: `/v0.4/sessions/${kSession}` });
      await call(k, 'get_session_jobs', { method: 'GET', path: `/v0.4/sessions/${kSession}/jobs` });
      const kClone = (await call(k, 'clone_job', { method: 'POST', path: `/v0.4/jobs/${kJob}/clone`, body: {} }))
        .id as string;
      const kMoved = (
        await call(k, 'move_job', {
          method: 'POST',
          path: `/v0.4/jobs/${await openQpuJob()}/move`,
          body: { backend: 'simulator' },
        })
      ).id as string;
      await call(k, 'cancel_job', { method: 'PUT', path: `/v0.4/jobs/${await openQpuJob()}/status/cancel` });
      await call(k, 'cancel_jobs', {
        method: 'PUT',
        path: '/v0.4/jobs/status/cancel',
        body: { ids: [await openQpuJob()] },
      });
      await call(k, 'end_session', { method: 'POST', path: `/v0.4/sessions/${kSession}/end` });
      await call(k, 'delete_job', { method: 'DELETE', path: `/v0.4/jobs/${kJob}` });
      await call(k, 'delete_jobs', { method: 'DELETE', path: '/v0.4/jobs', body: { ids: [kClone, kMoved] } });

      expect(failures).toEqual([]);
    }, 180_000);

    it('accepts exactly job_count_limit of 20 jobs submitted at once into a session', async () => {
      const session = (await openSession({ backend: 'simulator', settings: { job_count_limit: 10 } })).id as string;
      const answers = await Promise.all(Array.from({ length: 20 }, () => submitInto(session, 'simulator')));
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses).toEqual([...Array(10).fill(201), ...Array(10).fill(409)]);
      const listed = (await h.request('GET', `/v0.4/sessions/${session}/jobs?limit=100`)).json.jobs;
      expect(new Set(listed.map((j: { id: string }) => j.id))).toEqual(
        new Set(answers.filter((a) => a.status === 201).map((a) => a.json.id)),
      );
    });
  });
}
