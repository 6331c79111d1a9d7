/**
 * Failures of the store reach clients as 503 (unreachable) or 500 (anything
 * else) in the one error shape, with no SQL or stack in the body; the
 * validation keys are the dotted paths of the invalid items.
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/service/http/app.js';
import { validationKeys } from '../../src/service/http/errors.js';
import { JobsService } from '../../src/service/jobs/service.js';
import { StoreUnavailableError, type Db } from '../../src/service/store/db.js';

function failingDb(error: () => Error): Db {
  const fail = async (): Promise<never> => {
    throw error();
  };
  return { kind: 'pg', query: fail, tx: fail, listen: fail, close: async () => undefined };
}

async function answer(db: Db, url: string) {
  const app = await buildApp({ db, jobs: new JobsService(db) });
  const response = await app.inject({ method: 'GET', url, headers: { authorization: 'apiKey q3p_some-key' } });
  await app.close();
  return { status: response.statusCode, body: response.json() };
}

describe('store failures over HTTP', () => {
  it('answers 503 while the store cannot be reached, on /health too', async () => {
    const db = failingDb(
      () =>
        new StoreUnavailableError(
          Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' }),
        ),
    );
    expect(await answer(db, '/v0.4/jobs')).toEqual({
      status: 503,
      body: {
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The job store cannot be reached; try again shortly',
      },
    });
    expect((await answer(db, '/v0.4/backends')).status).toBe(503);
    expect(await answer(db, '/health')).toEqual({
      status: 503,
      body: {
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The job store cannot be reached',
        status: 'unavailable',
      },
    });
  });

  it('answers 500 with a fixed message for anything unexpected, never the SQL or a stack', async () => {
    const db = failingDb(() => new Error('relation "api_keys" does not exist at SELECT id, user_id FROM api_keys'));
    const { status, body } = await answer(db, '/v0.4/jobs');
    expect(status).toBe(500);
    expect(body).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'An internal error occurred; see the service status page',
    });
  });
});

describe('validation keys', () => {
  it('names missing properties, array indices and property names as dotted paths, once each', () => {
    expect(
      validationKeys([
        { instancePath: '/input/circuit/3', keyword: 'required', params: { missingProperty: 'target' } },
        { instancePath: '/input/circuit/3', keyword: 'required', params: { missingProperty: 'target' } },
        { instancePath: '/metadata', keyword: 'maxLength', params: {}, propertyName: 'a.b' },
        { instancePath: '/metadata', keyword: 'propertyNames', params: { propertyName: 'a.b' } },
        { instancePath: '/name', keyword: 'type', params: { type: 'null' } },
        { instancePath: '/name', keyword: 'pattern', params: {} },
        { instancePath: '/name', keyword: 'anyOf', params: {} },
        { instancePath: '/shots', keyword: 'type', params: { type: 'integer' } },
      ]),
    ).toEqual(['input.circuit.3.target', 'metadata.a.b', 'name', 'shots']);
  });
});
