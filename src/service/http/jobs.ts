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
  MovedAnswer,
  StatusAnswer,
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
      return {
        id: await jobs.create({ version: 'v0.3', body: request.body }, request.caller),
        status: 'ready' as const,
      };
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
      const id = await jobs.create({ version: 'v0.4', body }, request.caller);
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
}
