/**
 * The Fastify application: body parsing as liberal as the real service
 * (service-decisions.md section 3), one error shape, the OpenAPI document
 * generated from the route schemas, and the route plugins.
 */
import Fastify, { type FastifyRequest, type FastifyServerOptions } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { Db } from '../store/db.js';
import type { JobsService } from '../jobs/service.js';
import { KeyCache, requireKey } from './auth.js';
import { errorAnswer, toErrorAnswer } from './errors.js';
import { jobsRoutes } from './jobs.js';
import { resultsRoutes } from './results.js';
import { catalogRoutes } from './catalog.js';
import { calibrationRoutes } from './calibrations.js';
import { estimateRoutes } from './estimates.js';
import { accountRoutes, formatRoutes } from './account.js';
import { sessionRoutes } from './sessions.js';
import { healthRoutes } from './health.js';
import { consoleRoutes } from './console.js';
import { registerRateLimit, type RateLimitOptions } from './rate-limit.js';
import { serverTimeouts, type Timeouts } from './timeouts.js';
import { refuseNonFiniteQueryNumbers, refuseUnstorableParameters } from './input-limits.js';
import { streamingJsonParser } from './json-body.js';
import { boundedValidatorFactory } from './validator.js';
import { answerClientError, bodyFinished, drainRequest } from './client-errors.js';
import { registerQueryBooleans } from './query-booleans.js';
import { coercedValuesYielding, type SchemaError } from './validation.js';
import type { App } from './types.js';

export const BODY_LIMIT = 10 * 1024 * 1024;

export interface AppOptions {
  readonly db: Db;
  readonly jobs: JobsService;
  readonly logger?: FastifyServerOptions['logger'];
  /** Package version shown in the OpenAPI document. */
  readonly version?: string;
  /** Per-key request limit; absent: no limit. */
  readonly rateLimit?: RateLimitOptions | undefined;
  readonly timeouts?: Timeouts | undefined;
}

/** IonQ's organization usage and billing routes, which a local service has nothing to answer with. */
const OUT_OF_SCOPE = /^\/v0\.[34]\/(usages?|organizations?|billing|budgets?)(\/|$)/;

/** Methods whose routes read a body, and the other routes that do (bulk cancel and delete); elsewhere a body is ignored. */
const BODY_METHODS = new Set(['POST']);
const BODY_ROUTES = new Set(['v0.3', 'v0.4'].flatMap((v) => [`PUT /${v}/jobs/status/cancel`, `DELETE /${v}/jobs`]));
const readsBody = (request: { method: string; routeOptions: { url?: string | undefined } }): boolean =>
  BODY_METHODS.has(request.method) || BODY_ROUTES.has(`${request.method} ${request.routeOptions.url ?? ''}`);

/** Refuses a body with values Ajv would have changed, naming every invalid item. */
async function refuseCoerced(request: FastifyRequest, problems: readonly SchemaError[]): Promise<void> {
  if (problems.length === 0) return;
  // Every invalid item at once: the schema's other findings join the type errors (each path named once).
  const validate = request.getValidationFunction('body');
  // A large body's check is asynchronous (in turns, validator.ts): its verdict is awaited.
  const verdict: unknown = validate ? validate(request.body) : true;
  const others = validate && (await Promise.resolve(verdict)) === false ? (validate.errors ?? []) : [];
  const named = new Set(problems.map((p) => p.instancePath));
  throw Object.assign(new Error('The body has values of the wrong type'), {
    validation: [...problems, ...others.filter((e) => !named.has(e.instancePath))],
    validationContext: 'body',
    statusCode: 400,
  });
}

export async function buildApp(options: AppOptions): Promise<App> {
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: BODY_LIMIT,
    ...serverTimeouts(options.timeouts),
    // allErrors is the validator factory's to set: every error only for small bodies (validator.ts).
    ajv: { customOptions: { coerceTypes: 'array', useDefaults: true, removeAdditional: false } },
    schemaController: { compilersFactory: { buildValidator: boundedValidatorFactory } },
    clientErrorHandler: answerClientError,
  }).withTypeProvider<TypeBoxTypeProvider>();

  // PennyLane-IonQ posts JSON without a Content-Type: a body with none is read as JSON.
  // Hooks that never wait take Fastify's callback form: an async hook costs every request a promise and a turn.
  app.addHook('onRequest', (request, _reply, done) => {
    const hasBody =
      request.headers['transfer-encoding'] !== undefined || Number(request.headers['content-length'] ?? 0) > 0;
    if (hasBody && request.headers['content-type'] === undefined)
      request.raw.headers['content-type'] = 'application/json';
    done();
  });
  // One hook, not two: each hook is a turn of Fastify's hook runner on every request.
  app.addHook('preValidation', (request, _reply, done) => {
    // Query and path text PostgreSQL cannot store or search: a 400 before anything reads it.
    try {
      refuseUnstorableParameters(request.params, 'params');
      refuseUnstorableParameters(request.query, 'querystring');
      refuseNonFiniteQueryNumbers(
        request.query,
        request.routeOptions.schema?.querystring as Parameters<typeof refuseNonFiniteQueryNumbers>[1],
      );
    } catch (error) {
      return done(error as Error);
    }
    // Ajv's coercion stays on for the query and path (their values are text); in a body only a numeric string may
    // become a number: any other value of the wrong type is refused before Ajv would change it (validation.ts).
    // In turns: a 150,000-gate body takes a few hundred milliseconds of reading, and /health waits for none of it.
    const found = coercedValuesYielding(
      request.routeOptions.schema?.body as Parameters<typeof coercedValuesYielding>[0],
      request.body,
    );
    if (Array.isArray(found) && found.length === 0) return done();
    Promise.resolve(found)
      .then((problems) => refuseCoerced(request, problems))
      .then(() => done(), done);
  });
  app.removeContentTypeParser(['application/json', 'text/plain']);
  const parseJson = app.getDefaultJsonParser('remove', 'remove');
  // Scanned chunk by chunk as it arrives, refused at the first limit it passes (json-body.ts). A GET, a single
  // job's cancel or delete reads no body: whatever came is read to its end and ignored.
  const parseBody = streamingJsonParser(parseJson, BODY_LIMIT);
  const ignoreBody = streamingJsonParser(parseJson, BODY_LIMIT, { ignore: true });
  app.addContentTypeParser('application/json', (request, payload, done) =>
    (readsBody(request) ? parseBody : ignoreBody)(request, payload, done),
  );
  app.addContentTypeParser('*', (request, payload, done) => {
    if (readsBody(request)) {
      const error = Object.assign(new Error('Unsupported Media Type'), {
        code: 'FST_ERR_CTP_INVALID_MEDIA_TYPE',
        statusCode: 415,
      });
      payload.resume();
      return done(error, undefined);
    }
    payload.resume();
    payload.on('end', () => done(null, undefined));
  });

  // A body not read to its end (answered 413 or 415 early): read and discard it first, so the client sees the answer.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (bodyFinished(request.raw)) return done(null, payload);
    void drainRequest(request.raw).then(() => done(null, payload));
  });

  app.setErrorHandler((error, request, reply) => {
    const { answer, internal } = toErrorAnswer(error);
    if (internal) request.log.error({ err: error }, 'request failed');
    return reply.code(answer.statusCode).type('application/json; charset=utf-8').send(answer);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const message = OUT_OF_SCOPE.test(path)
      ? `Route ${request.method} ${path} not found: organization usage and billing are not served by this local service`
      : `Route ${request.method} ${path} not found`;
    return reply.code(404).send(errorAnswer(404, message));
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'qasm3-preflight job service',
        version: options.version ?? '0.0.0',
        description:
          'The v0.3 and v0.4 job API of the trapped-ion cloud, served on the qasm3-preflight library (docs/service.md).',
      },
      components: {
        securitySchemes: {
          apiKey: {
            type: 'apiKey',
            in: 'header',
            name: 'Authorization',
            description: 'apiKey <API_KEY> (Bearer <API_KEY> accepted)',
          },
        },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
  if (options.rateLimit) await registerRateLimit(app, options.db, options.rateLimit);

  registerQueryBooleans(app);
  const deps = { db: options.db, jobs: options.jobs };
  app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  healthRoutes(app, deps);
  await app.register(async (scope: App) => {
    requireKey(scope, new KeyCache(options.db));
    jobsRoutes(scope, deps);
    estimateRoutes(scope, deps);
    resultsRoutes(scope, deps);
    accountRoutes(scope, deps);
    sessionRoutes(scope, deps);
  });
  catalogRoutes(app, deps);
  calibrationRoutes(app, deps);
  formatRoutes(app);
  await consoleRoutes(app);
  return app;
}
