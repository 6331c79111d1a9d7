/**
 * Every call the real clients make beyond the basic job loop, with queries
 * and bodies written the way they send them: PennyLane-IonQ's `sharpen=True`
 * (Python's requests writes `str(True)`), qiskit-ionq's estimate query, cirq-ionq's
 * calibrations with Unix-millisecond dates, IonQ's SDK sessions, clone, whoami
 * and format schemas. Run by suite.ts on each store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/service/store/db.js';
import { BELL_JSON, startHarness, type Harness } from './harness.js';

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
      for (const bad of ['yes', 'TRUE', '2', '']) {
        const answer = await h.request('GET', `/v0.4/jobs/${id}/results/probabilities?sharpen=${bad}`);
        expect(answer.status, `sharpen=${bad}`).toBe(400);
        expect(answer.json.validation).toEqual({ source: 'querystring', keys: ['sharpen'] });
      }
      // Every other parameter keeps its strict check: a limit is a number, not a boolean spelling.
      expect((await h.request('GET', '/v0.4/jobs?limit=True')).json.validation).toEqual({
        source: 'querystring',
        keys: ['limit'],
      });
    });
  });
}
