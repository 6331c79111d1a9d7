/**
 * `Infinity` in a numeric query parameter: Ajv's coercion let it through its
 * range checks to PostgreSQL (a 500 the random-JSON property found in CI on
 * GET /v0.3/characterizations/backends/qpu.aria-1?limit=-Infinity).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/service/store/open.js';
import type { Db } from '../../src/service/store/db.js';
import { startHarness, type Harness } from './harness.js';

let db: Db;
let h: Harness;
beforeAll(async () => {
  db = await openStore({});
  h = await startHarness(db);
}, 240_000);
afterAll(async () => {
  await h?.close();
  await db?.close();
});

describe('numeric query parameters', () => {
  const cases = [
    ['/v0.3/characterizations/backends/qpu.aria-1', 'limit', '-Infinity'],
    ['/v0.3/characterizations/backends/qpu.aria-1', 'limit', 'Infinity'],
    ['/v0.3/characterizations/backends/qpu.aria-1', 'start', '-Infinity'],
    ['/v0.3/characterizations/backends/qpu.aria-1', 'end', '+Infinity'],
    ['/v0.3/characterizations/backends/qpu.aria-1', 'page', 'Infinity'],
    ['/v0.4/backends/qpu.aria-1/characterizations', 'page', '-Infinity'],
  ] as const;
  it.each(cases)('%s?%s=%s is a 400 naming the parameter', async (path, key, value) => {
    const answer = await h.request('GET', `${path}?${key}=${encodeURIComponent(value)}`, {});
    expect(answer.status, answer.text).toBe(400);
    expect(JSON.parse(answer.text)).toMatchObject({ validation: { source: 'querystring', keys: [key] } });
    expect(answer.text).toContain(`${key} must be a finite number`);
  });

  it('a finite value in range still answers 200', async () => {
    const answer = await h.request('GET', '/v0.3/characterizations/backends/qpu.aria-1?limit=2', {});
    expect(answer.status, answer.text).toBe(200);
  });
});
