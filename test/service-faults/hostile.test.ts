/**
 * Hostile HTTP (issue 12.5): fast-check bodies for every POST route answer
 * 400 or 413 (or a create, when the mutation left a valid body), never 500;
 * SQL-looking text in every field, cursor and id is data; forged and stale
 * cursors are 400; header floods and slow clients are cut by Node's
 * timeouts; the per-key rate limit answers 429 in the error shape and holds
 * across two serve instances on one PostgreSQL server.
 */
import { connect } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createKey, createService, openStore, type Db, type Service } from '../../src/service/index.js';
import { startPostgres, type PostgresServer } from './postgres.js';
import { BELL, call, pool } from './workload.js';

let server: PostgresServer;
let db: Db;
let service: Service;
let url: string;
let key: string;
let keyB: string;
const services: Service[] = [];

beforeAll(async () => {
  server = await startPostgres('hostile');
  db = await openStore({ databaseUrl: server.url });
  service = await createService({
    databaseUrl: server.url,
    port: 0,
    workers: 0,
    timeouts: { headersMs: 1000, requestMs: 2000, checkIntervalMs: 250 },
  });
  services.push(service);
  url = await service.listen();
  key = (await createKey(db, 'mallory', 'project-hostile')).key;
  keyB = (await createKey(db, 'bob', 'project-other')).key;
});

afterAll(async () => {
  for (const s of services) await s.close();
  await db?.close();
  await server?.stop();
});

const VALID_V4 = { type: 'svc.qasm3.v1', backend: 'simulator', input: { data: BELL } };
const VALID_V3 = {
  target: 'simulator',
  input: { format: 'svc.circuit.v0', qubits: 2, circuit: [{ gate: 'h', target: 0 }] },
};
const FIELDS_V4 = [
  'type',
  'name',
  'metadata',
  'shots',
  'backend',
  'dry_run',
  'input',
  'noise',
  'settings',
  'session_id',
  'registers',
];
const FIELDS_V3 = [
  'target',
  'name',
  'metadata',
  'shots',
  'input',
  'lang',
  'body',
  'noise',
  'error_mitigation',
  'registers',
];

/** Values no field expects: wrong types, huge and odd numbers, deep nesting, prototype keys, SQL. */
const hostileValue = fc.oneof(
  fc.constantFrom(
    1e308,
    -1e308,
    2 ** 53 + 1,
    -1,
    0,
    1.5,
    Number.MAX_SAFE_INTEGER,
    '1e999',
    'NaN',
    'Infinity',
    '',
    true,
    false,
    null,
  ),
  fc.constantFrom("'; DROP TABLE jobs; --", '" OR 1=1 --', '$1', '\\x00', '\u0000', '%00', '{"__proto__":{}}'),
  fc.jsonValue({ maxDepth: 3 }),
  fc.integer({ min: 1, max: 400 }).map((depth) => JSON.parse('['.repeat(depth) + ']'.repeat(depth)) as unknown),
  fc.dictionary(fc.constantFrom('__proto__', 'constructor', 'prototype', 'k'), fc.jsonValue({ maxDepth: 2 })),
);

/** A body as raw JSON text: a valid body with one field replaced, a whole random value, or prototype-poisoning text. */
const hostileBody = (valid: Record<string, unknown>, fields: string[]) =>
  fc.oneof(
    fc
      .record({ field: fc.constantFrom(...fields), value: hostileValue })
      .map(({ field, value }) => JSON.stringify({ ...valid, [field]: value })),
    fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
    fc.constantFrom(
      `{"__proto__": {"statusCode": 500}, "type": "svc.qasm3.v1", "input": {"data": "x"}}`,
      `{"constructor": {"prototype": {"admin": true}}, "input": {"data": "x"}}`,
      `{"input": {"__proto__": {"circuit": []}, "data": "x"}}`,
      `${'['.repeat(50_000)}${']'.repeat(50_000)}`,
      `{"input": ${'{"a":'.repeat(20_000)}1${'}'.repeat(20_000)}}`,
      `{"shots": 1e999999, "input": {"data": "x"}}`,
      '{"input": {"data": "x"}',
      'null',
      '[]',
      '"text"',
    ),
  );

function expectErrorShape(answer: { status: number; json: any; text: string }) {
  expect(answer.json, answer.text).toMatchObject({
    statusCode: answer.status,
    error: expect.any(String),
    message: expect.any(String),
  });
  // No stack trace and no PostgreSQL error text (the message may quote the client's own input).
  expect(answer.text).not.toMatch(
    /at .*\.(js|ts):\d+|syntax error at|relation "|column "|invalid input syntax|violates/,
  );
}

describe('fuzzed bodies on every POST route', () => {
  let moveTarget: string;
  beforeAll(async () => {
    moveTarget = (await call(url, 'POST', '/v0.4/jobs', key, VALID_V4)).json.id;
  });

  const routes: [string, () => string, Record<string, unknown>, string[], number[]][] = [
    ['POST /v0.4/jobs', () => '/v0.4/jobs', VALID_V4, FIELDS_V4, [201]],
    ['POST /v0.3/jobs', () => '/v0.3/jobs', VALID_V3, FIELDS_V3, [200]],
    [
      'POST /v0.4/jobs/<id>/move',
      () => `/v0.4/jobs/${moveTarget}/move`,
      { backend: 'simulator', name: 'moved' },
      ['backend', 'name', 'metadata', 'shots', 'noise', 'settings', 'session_id'],
      [200, 409],
    ],
  ];
  for (const [name, path, valid, fields, accepted] of routes) {
    test(`${name}: 400 or 413, or accepted when still valid; never 500`, async () => {
      await fc.assert(
        fc.asyncProperty(hostileBody(valid, fields), async (body) => {
          const answer = await call(url, 'POST', path(), key, body);
          expect([400, 413, ...accepted], `${answer.status} ${answer.text} for ${body.slice(0, 200)}`).toContain(
            answer.status,
          );
          if (answer.status >= 400) expectErrorShape(answer);
        }),
        { numRuns: 60 },
      );
    });
  }

  test('a body over 10 MB is 413; a 9 MB string is read and refused or stored, never 500', async () => {
    const huge = await call(
      url,
      'POST',
      '/v0.4/jobs',
      key,
      JSON.stringify({ ...VALID_V4, name: 'x'.repeat(10 * 1024 * 1024 + 1) }),
    );
    expect(huge.status).toBe(413);
    expectErrorShape(huge);
    const big = await call(
      url,
      'POST',
      '/v0.4/jobs',
      key,
      JSON.stringify({ ...VALID_V4, name: 'x'.repeat(9 * 1024 * 1024) }),
    );
    expect(big.status).toBe(400);
    expect(big.json.validation.keys).toEqual(['name']);
    const bigMetadata = await call(
      url,
      'POST',
      '/v0.3/jobs',
      key,
      JSON.stringify({ ...VALID_V3, metadata: { k: 'x'.repeat(9 * 1024 * 1024) } }),
    );
    expect(bigMetadata.status).toBe(400);
  });
});

describe('SQL-looking text is data', () => {
  const SQL = ["'; DROP TABLE jobs; --", "' OR '1'='1", 'x"; DELETE FROM api_keys; --', '1); SELECT pg_sleep(5); --'];

  test('in every stored field it is stored and answered verbatim', async () => {
    for (const text of SQL) {
      const created = await call(url, 'POST', '/v0.3/jobs', key, {
        ...VALID_V3,
        name: text,
        metadata: { [text.slice(0, 40)]: text },
      });
      expect(created.status, created.text).toBe(200);
      // A session id must name a live session (issue 23): SQL-looking text is looked up as data and refused.
      const inSession = await call(url, 'POST', '/v0.4/jobs', key, { ...VALID_V4, session_id: text });
      expect(inSession.status, inSession.text).toBe(400);
      expect(inSession.json.validation.keys).toEqual(['session_id']);
      const v4 = await call(url, 'POST', '/v0.4/jobs', key, {
        ...VALID_V4,
        metadata: { note: text },
        input: { data: `// ${text}\n${BELL}` },
      });
      expect(v4.status, v4.text).toBe(201);
      const job = await call(url, 'GET', `/v0.3/jobs/${created.json.id}`, key);
      expect(job.json.name).toBe(text);
      expect(job.json.metadata[text.slice(0, 40)]).toBe(text);
      expect((await call(url, 'GET', `/v0.4/jobs/${v4.json.id}`, key)).json.metadata.note).toBe(text);
    }
    const [counts] = await db.query<{ keys: number }>('SELECT count(*)::int AS keys FROM api_keys');
    expect(counts?.keys).toBeGreaterThanOrEqual(2);
  });

  test('in ids, filters and cursors it is a 400 or an empty answer', async () => {
    for (const text of SQL) {
      const q = encodeURIComponent(text);
      for (const path of [
        `/v0.4/jobs/${q}`,
        `/v0.3/jobs/${q}`,
        `/v0.4/jobs/${q}/results/probabilities`,
        `/v0.4/jobs?next=${q}`,
        `/v0.4/jobs?ids=${q}`,
      ]) {
        const answer = await call(url, 'GET', path, key);
        expect(answer.status, `${path}: ${answer.text}`).toBe(400);
        expectErrorShape(answer);
      }
      for (const path of [
        `/v0.4/jobs?status=${q}`,
        `/v0.4/jobs?backend=${q}`,
        `/v0.4/jobs?session_id=${q}&parent_job_id=00000000-0000-4000-8000-000000000000`,
      ]) {
        const answer = await call(url, 'GET', path, key);
        expect([200, 400], `${path}: ${answer.text}`).toContain(answer.status);
        if (answer.status === 200)
          expect(
            answer.json.jobs.every((j: { session_id: string }) =>
              path.includes('session_id') ? j.session_id === text : true,
            ),
          ).toBe(true);
        else expectErrorShape(answer);
      }
      const put = await call(url, 'PUT', `/v0.4/jobs/${q}/status/cancel`, key);
      expect(put.status).toBe(400);
    }
  });
});

describe('the NUL character, which PostgreSQL cannot store', () => {
  test('in a body field or key, or a query parameter, it is a 400 naming where', async () => {
    const field = await call(url, 'POST', '/v0.3/jobs', key, { ...VALID_V3, registers: '\u0000', name: 'a\u0000b' });
    expect(field.status, field.text).toBe(400);
    expect(field.json.validation).toEqual({ source: 'payload', keys: ['registers', 'name'] });
    const nested = await call(url, 'POST', '/v0.4/jobs', key, { ...VALID_V4, metadata: { 'k\u0000': 'v' } });
    expect(nested.json.validation).toEqual({ source: 'payload', keys: ['metadata.k\u0000'] });
    // An escaped backslash before u0000 is the six characters \u0000, not a NUL: stored as sent.
    const text = await call(url, 'POST', '/v0.3/jobs', key, { ...VALID_V3, name: '\\u0000' });
    expect(text.status, text.text).toBe(200);
    for (const query of ['session_id=%00', 'backend=a%00', 'status=%00']) {
      const answer = await call(url, 'GET', `/v0.4/jobs?${query}`, key);
      expect(answer.status, `${query}: ${answer.text}`).toBe(400);
      expect(answer.json.validation.source).toBe('querystring');
    }
  });
});

describe('list cursors', () => {
  test("forged, tampered, another project's and another filter's cursors are 400; real ones page through", async () => {
    for (let i = 0; i < 3; i++) await call(url, 'POST', '/v0.4/jobs', key, VALID_V4);
    const first = await call(url, 'GET', '/v0.4/jobs?limit=1', key);
    const next = first.json.next as string;
    expect(typeof next).toBe('string');
    expect((await call(url, 'GET', `/v0.4/jobs?limit=1&next=${encodeURIComponent(next)}`, key)).status).toBe(200);
    const [seq, mac] = next.split('.') as [string, string];
    const forged = [
      Buffer.from('s:99999').toString('base64url'),
      `${(Number.parseInt(seq, 36) + 1).toString(36)}.${mac}`,
      `${seq}.${mac.slice(0, -1)}${mac.endsWith('A') ? 'B' : 'A'}`,
      `${seq}.${mac[0] === 'A' ? 'B' : 'A'}${mac.slice(1)}`,
      `${seq}.`,
      `zzzzzzzzzzz.${mac}`,
      'x'.repeat(5000),
    ];
    for (const cursor of forged) {
      const answer = await call(url, 'GET', `/v0.4/jobs?limit=1&next=${encodeURIComponent(cursor)}`, key);
      expect(answer.status, cursor).toBe(400);
      expect(answer.json.validation).toEqual({ source: 'querystring', keys: ['next'] });
    }
    // Stale: issued to another project, or for other filters than the ones it comes back with.
    expect((await call(url, 'GET', `/v0.4/jobs?limit=1&next=${encodeURIComponent(next)}`, keyB)).status).toBe(400);
    expect(
      (await call(url, 'GET', `/v0.4/jobs?limit=1&status=completed&next=${encodeURIComponent(next)}`, key)).status,
    ).toBe(400);
  });
});

/** Sends raw bytes on a socket; resolves with what came back and how long until the server closed it. */
function rawExchange(
  port: number,
  write: (socket: import('node:net').Socket) => void,
): Promise<{ text: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1', () => write(socket));
    let text = '';
    socket.on('data', (chunk) => (text += chunk.toString()));
    socket.on('error', () => undefined);
    socket.on('close', () => resolve({ text, closedAfterMs: Date.now() - started }));
    setTimeout(() => {
      socket.destroy();
      reject(new Error(`the server kept the connection open: ${text.slice(0, 200)}`));
    }, 15_000);
  });
}

describe('header floods and slow clients', () => {
  const port = () => Number(new URL(url).port);

  test('a header block over 16 kB is 431 and the server keeps serving', async () => {
    const headers = Array.from({ length: 400 }, (_, i) => `X-Flood-${i}: ${'a'.repeat(60)}`).join('\r\n');
    const { text } = await rawExchange(port(), (s) => s.write(`GET /health HTTP/1.1\r\nHost: x\r\n${headers}\r\n\r\n`));
    expect(text).toMatch(/^HTTP\/1\.1 431/);
    expect((await call(url, 'GET', '/health', null)).status).toBe(200);
  });

  test('a client that never finishes its headers is cut after the headers timeout', async () => {
    const { text, closedAfterMs } = await rawExchange(port(), (s) =>
      s.write('POST /v0.4/jobs HTTP/1.1\r\nHost: x\r\nX-Slow: '),
    );
    expect(text === '' || /^HTTP\/1\.1 408/.test(text)).toBe(true);
    expect(closedAfterMs).toBeLessThan(5000);
  });

  test('a client trickling its body is cut after the request timeout', async () => {
    let timer: NodeJS.Timeout | undefined;
    const { closedAfterMs } = await rawExchange(port(), (s) => {
      s.write(
        `POST /v0.4/jobs HTTP/1.1\r\nHost: x\r\nAuthorization: apiKey ${key}\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{`,
      );
      timer = setInterval(() => s.writable && s.write(' '), 200);
    });
    clearInterval(timer);
    expect(closedAfterMs).toBeLessThan(6000);
    expect((await call(url, 'GET', '/health', null)).status).toBe(200);
  });
});

describe('per-key rate limit', () => {
  test('429 in the error shape past the limit, counted across two serve instances on one server', async () => {
    const limited = await Promise.all(
      [0, 1].map(async () => {
        const s = await createService({
          databaseUrl: server.url,
          port: 0,
          workers: 0,
          rateLimit: { max: 20, windowMs: 60_000 },
        });
        services.push(s);
        return s.listen();
      }),
    );
    const limitedKey = (await createKey(db, 'busy', 'project-busy')).key;
    const answers = await pool(
      Array.from({ length: 40 }, (_, i) => i),
      4,
      (i) => call(limited[i % 2] as string, 'GET', '/v0.4/jobs?limit=1', limitedKey),
    );
    const ok = answers.filter((a) => a.status === 200).length;
    const limitedAnswers = answers.filter((a) => a.status === 429);
    expect(ok).toBe(20);
    expect(limitedAnswers.length).toBe(20);
    for (const a of limitedAnswers) {
      expect(a.json).toEqual({
        statusCode: 429,
        error: 'Too Many Requests',
        message: expect.stringMatching(/^Rate limit exceeded/),
      });
    }
    // Another key has its own budget; /health is never limited.
    expect((await call(limited[0] as string, 'GET', '/v0.4/jobs?limit=1', key)).status).toBe(200);
    for (let i = 0; i < 25; i++) expect((await call(limited[1] as string, 'GET', '/health', null)).status).toBe(200);
  });
});
