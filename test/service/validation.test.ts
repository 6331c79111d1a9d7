/**
 * Every 400 says in words what is allowed (validation.ts): one sentence per
 * schema keyword the routes use, checked through the real routes; no 400 of
 * any route quotes a regex or Ajv's own phrases; and a body value of the
 * wrong type is refused, not coerced, except a numeric string read as a
 * number. Validation answers before any handler, so the store only knows a key.
 */
import { describe, expect, it } from 'vitest';
import * as catalogSchemas from '../../src/service/http/schemas/catalog.js';
import * as commonSchemas from '../../src/service/http/schemas/common.js';
import * as jobsSchemas from '../../src/service/http/schemas/jobs.js';
import { buildApp } from '../../src/service/http/app.js';
import { coercedValues, coercedValuesYielding, KEYWORD_SENTENCES } from '../../src/service/http/validation.js';
import { JobsService } from '../../src/service/jobs/service.js';
import type { Db } from '../../src/service/store/db.js';
import type { App } from '../../src/service/http/types.js';

/**
 * A store that knows one API key and nothing else: every answer here is
 * decided after the key check and before a handler runs (a handler that runs
 * reaches the store and gets a 500).
 */
function unreachableDb(): Db {
  const fail = async (): Promise<never> => {
    throw new Error('the store was reached');
  };
  const query = async <T>(sql: string): Promise<T[]> => {
    if (sql.includes('FROM api_keys')) return [{ id: 'key', user_id: 'user', project_id: 'project' }] as T[];
    return fail();
  };
  return { kind: 'pg', query, tx: fail, listen: fail, close: async () => undefined };
}

async function withApp<T>(work: (app: App) => Promise<T>): Promise<T> {
  const db = unreachableDb();
  const app = await buildApp({ db, jobs: new JobsService(db) });
  try {
    return await work(app);
  } finally {
    await app.close();
  }
}

async function send(app: App, method: string, url: string, body?: unknown) {
  const response = await app.inject({
    method: method as 'GET',
    url,
    headers: { authorization: 'apiKey q3p_unused', 'content-type': 'application/json' },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
  return { status: response.statusCode, body: response.json<{ message: string; validation?: { keys: string[] } }>() };
}

/** JSON Schema keywords that validate (not annotations or structure). */
const VALIDATION_KEYWORDS = new Set([
  'type',
  'required',
  'const',
  'enum',
  'pattern',
  'format',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'minLength',
  'maxLength',
  'minItems',
  'maxItems',
  'minProperties',
  'maxProperties',
  'additionalProperties',
  'anyOf',
  'oneOf',
  'allOf',
  'not',
  'uniqueItems',
  'multipleOf',
  'dependentRequired',
]);

function keywordsOf(schema: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) keywordsOf(item, found);
  else if (typeof schema === 'object' && schema !== null) {
    for (const [key, value] of Object.entries(schema)) {
      if (VALIDATION_KEYWORDS.has(key) && !(key === 'additionalProperties' && value === true)) found.add(key);
      keywordsOf(value, found);
    }
  }
  return found;
}

const ALL_STATUSES = 'submitted, ready, started, canceled, failed, completed';
const JOB = '/v0.4/jobs';

describe('400 messages in words', () => {
  it('has a sentence for every schema keyword the routes use', () => {
    const used = keywordsOf([catalogSchemas, commonSchemas, jobsSchemas].flatMap((m) => Object.values(m)));
    expect([...used].filter((keyword) => !(keyword in KEYWORD_SENTENCES))).toEqual([]);
    expect(used.size).toBeGreaterThan(10);
  });

  it.each([
    ['GET', `${JOB}?status=done`, undefined, `Invalid query: status must be one of ${ALL_STATUSES}, queued, running`],
    [
      'GET',
      '/v0.4/backends/qpu.aria-1/characterizations?start=yesterday',
      undefined,
      'Invalid query: start must be an ISO 8601 date such as 2026-11-25 or 2026-11-25T10:00:00Z',
    ],
    [
      'POST',
      JOB,
      { name: 'my.job', input: { data: 'x' } },
      'Invalid payload: name may hold letters, digits, spaces, hyphens and underscores',
    ],
    [
      'POST',
      JOB,
      { name: 'n'.repeat(101), input: { data: 'x' } },
      'Invalid payload: name must be at most 100 characters long',
    ],
    ['POST', JOB, {}, 'Invalid payload: input is required'],
    ['POST', JOB, { input: { data: 42 } }, 'Invalid payload: input.data must be text (a JSON string)'],
    ['POST', JOB, { shots: 0, input: { data: 'x' } }, 'Invalid payload: shots must be at least 1'],
    ['POST', JOB, { shots: 1_000_001, input: { data: 'x' } }, 'Invalid payload: shots must be at most 1000000'],
    ['POST', JOB, { shots: 2.5, input: { data: 'x' } }, 'Invalid payload: shots must be a whole number'],
    [
      'POST',
      JOB,
      { metadata: Object.fromEntries([...Array(11).keys()].map((i) => [`k${i}`, 'v'])), input: { data: 'x' } },
      'Invalid payload: metadata may hold at most 10 keys',
    ],
    [
      'POST',
      JOB,
      { metadata: { ['k'.repeat(41)]: 'v' }, input: { data: 'x' } },
      `Invalid payload: metadata keys must be at most 40 characters long (${'k'.repeat(40)}...)`,
    ],
    [
      'POST',
      JOB,
      { noise: { model: 'loud' }, input: { data: 'x' } },
      'Invalid payload: noise.model must be one of ideal, harmony, aria-1, aria-2, forte-1, forte-enterprise-1',
    ],
    [
      'POST',
      JOB,
      { input: { circuits: Array.from({ length: 5001 }, () => ({ circuit: [] })) } },
      // Refused by the shape scan while the body arrives (json-shape.ts), before Ajv reads it.
      'Invalid payload: input.circuits must hold at most 5000 circuits',
    ],
    [
      'GET',
      `${JOB}/not-a-uuid`,
      undefined,
      'Invalid path: UUID must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6',
    ],
    ['GET', `${JOB}?limit=many`, undefined, 'Invalid query: limit must be a whole number'],
    ['GET', `${JOB}?limit=0`, undefined, 'Invalid query: limit must be at least 1'],
    ['GET', `${JOB}?limit=101`, undefined, 'Invalid query: limit must be at most 100'],
  ])('%s %s (case %#) answers in words', async (method, url, body, message) => {
    const answer = await withApp((app) => send(app, method, url, body));
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  it('refuses a body value of another type instead of coercing it, naming its dotted key; numeric strings stay numbers', async () => {
    await withApp(async (app) => {
      const refused = async (body: unknown) => {
        const answer = await send(app, 'POST', JOB, body);
        expect(answer.status, JSON.stringify(answer.body)).toBe(400);
        return answer.body.validation?.keys;
      };
      expect(await refused({ input: { data: 42 } })).toEqual(['input.data']);
      expect(await refused({ input: { data: 'x' }, settings: { compilation: { gate_basis: 5 } } })).toEqual([
        'settings.compilation.gate_basis',
      ]);
      expect(await refused({ input: { data: 'x' }, settings: { compilation: { precision: [1] } } })).toEqual([
        'settings.compilation.precision',
      ]);
      expect(await refused({ input: { data: 'x' }, dry_run: 'true' })).toEqual(['dry_run']);
      expect(await refused({ input: { data: 'x' }, name: 7 })).toEqual(['name']);
      expect(await refused({ input: { data: 'x' }, shots: [100] })).toEqual(['shots']);
      expect(await refused({ input: { data: 'x' }, shots: 'many' })).toEqual(['shots']);
      // A numeric string passes validation (the unreachable store then answers 500: the handler ran).
      expect((await send(app, 'POST', JOB, { input: { data: 'x' }, shots: '100' })).status).toBe(500);
      expect((await send(app, 'POST', JOB, { input: { data: 'x' }, metadata: { n: '5', m: 5 } })).status).toBe(500);
    });
  });

  it('refuses query and path text PostgreSQL cannot store, naming the parameter', async () => {
    await withApp(async (app) => {
      const query = await send(app, 'GET', '/v0.4/jobs?status=a%00b');
      expect(query.status).toBe(400);
      expect(query.body.validation).toEqual({ source: 'querystring', keys: ['status'] });
      expect(query.body.message).toContain('NUL');
      const path = await send(app, 'GET', '/v0.4/jobs/a%00b');
      expect(path.status).toBe(400);
      expect(path.body.validation).toEqual({ source: 'params', keys: ['UUID'] });
      expect(path.body.message).toContain('NUL');
    });
  });

  it('names each value of another type at its JSON pointer, in arrays and under keys that need escaping', async () => {
    const schema = {
      type: 'object',
      properties: { 'a/b': { type: 'string' }, list: { type: 'array', items: { type: 'boolean' } } },
      additionalProperties: { type: 'integer' },
    };
    const body = { 'a/b': 1, list: [true, 'x', 2], 'c~d': 'many', e: '12', f: 3 };
    expect(coercedValues(schema, body).map((e) => [e.instancePath, e.params])).toEqual([
      ['/a~1b', { type: 'string' }],
      ['/list/1', { type: 'boolean' }],
      ['/list/2', { type: 'boolean' }],
      ['/c~0d', { type: 'integer' }],
    ]);
    // A body of many values is read in turns (a promise), with the same answer.
    const list = Array.from({ length: 25_000 }, (_, i) => i !== 24_000);
    (list as unknown[])[24_000] = 'no';
    const found = coercedValuesYielding(schema, { list });
    expect(found).toBeInstanceOf(Promise);
    expect((await found).map((e) => e.instancePath)).toEqual(['/list/24000']);
    expect(coercedValuesYielding(schema, { list: list.slice(0, 5) })).toEqual([]);
  });

  it('no 400 of any route quotes a regex, `must be equal to constant` or `required property`', async () => {
    const wrongValues: unknown[] = [{}, [], 'x', -1, 1.5, true, null, 'a'.repeat(300), '2026/11/25'];
    const messages: string[] = [];
    await withApp(async (app) => {
      await app.ready();
      const paths = (app.swagger() as { paths: Record<string, Record<string, unknown>> }).paths;
      for (const [template, operations] of Object.entries(paths)) {
        for (const method of Object.keys(operations)) {
          const url = template.replace(/\{[^}]+\}/g, 'not-an-id');
          const queries = ['limit', 'next', 'status', 'ids', 'parent_job_id', 'start', 'end', 'page', 'sharpen'];
          const attempts: [string, unknown][] = [[url, undefined]];
          for (const name of queries) attempts.push([`${url}?${name}=${encodeURIComponent('x.y')}`, undefined]);
          if (method === 'post') {
            const fields = ['name', 'metadata', 'shots', 'backend', 'target', 'dry_run', 'input', 'noise', 'settings'];
            attempts.push([url, {}]);
            for (const field of fields)
              for (const value of wrongValues) attempts.push([url, { input: { data: 'x' }, [field]: value }]);
          }
          for (const [target, body] of attempts) {
            const answer = await send(app, method.toUpperCase(), target, body);
            if (answer.status === 400) messages.push(answer.body.message);
          }
        }
      }
    });
    expect(messages.length).toBeGreaterThan(100);
    const schemaSpeak = messages.filter((m) =>
      /must be equal to constant|required property|must match|must NOT|\^|\$|\\d|\[A-Z|must be equal to one of|must pass/.test(
        m,
      ),
    );
    expect(schemaSpeak).toEqual([]);
  }, 120_000);
});
