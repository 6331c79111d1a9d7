/** Jobs routes of v0.3 and v0.4: create, list, get, cancel, delete, move. */
import { Type } from 'typebox';
import type { App, RouteDeps } from './types.js';
import { AnyObject, JobParams, errorResponses } from './schemas/common.js';
import {
  CreatedV3,
  CreatedV4,
  CreateV3Body,
  CreateV4Body,
  JobList,
  ListQuery,
  MoveBody,
  CloneBody,
  MovedAnswer,
  StatusAnswer,
  BulkAnswer,
  BulkBody,
  BulkQuery,
} from './schemas/jobs.js';
import type { ApiVersion } from '../jobs/model.js';

const tags = ['jobs'];
const security = [{ apiKey: [] }];

export function jobsRoutes(app: App, { jobs }: RouteDeps): void {
  app.post(
    '/v0.3/jobs',
    {
      schema: {
        tags,
        security,
        summary: 'Create a job (v0.3)',
        body: CreateV3Body,
        response: { 200: CreatedV3, ...errorResponses(400, 401, 413, 415, 503) },
      },
    },
    async (request) => {
      const job = await jobs.create({ version: 'v0.3', body: request.body }, request.caller);
      // The spec's multicircuit example answers with `request`, the submission time in Unix seconds.
      const request_ = job.child_job_ids ? { request: Math.floor(Date.parse(job.submitted_at ?? '') / 1000) } : {};
      return { id: job.id, status: 'ready' as const, ...request_ };
    },
  );
  app.post(
    '/v0.4/jobs',
    {
      schema: {
        tags,
        security,
        summary: 'Create a job (v0.4)',
        body: CreateV4Body,
        response: { 201: CreatedV4, ...errorResponses(400, 401, 413, 415, 503) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const { id } = await jobs.create({ version: 'v0.4', body }, request.caller);
      return reply.code(201).send({
        id,
        status: 'submitted' as const,
        session_id: body.session_id ?? null,
      });
    },
  );
  for (const version of ['v0.3', 'v0.4'] as ApiVersion[]) {
    app.get(
      `/${version}/jobs`,
      {
        schema: {
          tags,
          security,
          summary: `List jobs, newest first (${version})`,
          querystring: ListQuery,
          response: { 200: JobList, ...errorResponses(400, 401, 503) },
        },
      },
      async (request) => jobs.list(version, request.query, request.caller),
    );
    app.get(
      `/${version}/jobs/:UUID`,
      {
        schema: {
          tags,
          security,
          summary: `One job (${version})`,
          params: JobParams,
          response: { 200: AnyObject, ...errorResponses(400, 401, 404, 503) },
        },
      },
      async (request) => jobs.get(version, request.params.UUID, request.caller),
    );
    app.put(
      `/${version}/jobs/:UUID/status/cancel`,
      {
        schema: {
          tags,
          security,
          summary: 'Cancel a job',
          params: JobParams,
          response: { 200: StatusAnswer, ...errorResponses(400, 401, 404, 409, 503) },
        },
      },
      async (request) => jobs.cancel(request.params.UUID, request.caller),
    );
    // IonQ's bulk operations (v0.4 OpenAPI CancelJobs and DeleteJobs; v0.3 cancelManyJobs and deleteManyjobs).
    const bulk = [
      { method: 'PUT', url: `/${version}/jobs/status/cancel`, done: 'canceled', what: 'Cancel many jobs' },
      { method: 'DELETE', url: `/${version}/jobs`, done: 'deleted', what: 'Delete many jobs and their results' },
    ] as const;
    for (const { method, url, done, what } of bulk)
      app.route({
        method,
        url,
        schema: {
          tags,
          security,
          summary: `${what}: all of them or none (a 404 naming the ids not found)`,
          querystring: BulkQuery,
          body: Type.Optional(BulkBody),
          response: { 200: BulkAnswer(done), ...errorResponses(400, 401, 404, 503) },
        },
        handler: async (request) => {
          const ids = request.body?.ids ?? request.query.ids;
          return done === 'canceled' ? jobs.cancelMany(ids, request.caller) : jobs.removeMany(ids, request.caller);
        },
      });
    app.delete(
      `/${version}/jobs/:UUID`,
      {
        schema: {
          tags,
          security,
          summary: 'Delete a job and its results',
          params: JobParams,
          response: { 200: StatusAnswer, ...errorResponses(400, 401, 404, 503) },
        },
      },
      async (request) => jobs.remove(request.params.UUID, request.caller),
    );
  }
  app.post(
    '/v0.4/jobs/:UUID/move',
    {
      schema: {
        tags,
        security,
        summary: 'Clone a job and cancel the original in one step',
        params: JobParams,
        body: Type.Optional(MoveBody),
        response: { 200: MovedAnswer, ...errorResponses(400, 401, 404, 409, 503) },
      },
    },
    async (request) => jobs.move(request.params.UUID, request.body ?? {}, request.caller),
  );
  app.post(
    '/v0.4/jobs/:UUID/clone',
    {
      schema: {
        tags,
        security,
        summary: 'Copy a job (any status) with overrides; the original is kept',
        params: JobParams,
        body: Type.Optional(CloneBody),
        response: { 201: MovedAnswer, ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await jobs.clone(request.params.UUID, request.body ?? {}, request.caller)),
  );
}
