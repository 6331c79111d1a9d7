/** Sessions of v0.4: create, list, one, end, and the session's jobs (keyed routes). */
import type { App, RouteDeps } from './types.js';
import { errorResponses } from './schemas/common.js';
import { JobList, ListQuery } from './schemas/jobs.js';
import { CreateSessionBody, Session, SessionList, SessionParams, SessionsQuery } from './schemas/sessions.js';
import { createSession, finishSession, oneSession, sessionDetails, sessionList } from '../jobs/sessions.js';

const tags = ['sessions'];
const security = [{ apiKey: [] }];

export function sessionRoutes(app: App, { db, jobs }: RouteDeps): void {
  app.post(
    '/v0.4/sessions',
    {
      schema: {
        tags,
        security,
        summary: 'Create a session on a backend, with optional limits',
        body: CreateSessionBody,
        response: { 201: Session, ...errorResponses(400, 401, 413, 415, 503) },
      },
    },
    async (request, reply) => reply.code(201).send((await createSession(db, request.body, request.caller)) as never),
  );
  app.get(
    '/v0.4/sessions',
    {
      schema: {
        tags,
        security,
        summary: "The project's sessions, newest first",
        querystring: SessionsQuery,
        response: { 200: SessionList, ...errorResponses(400, 401, 503) },
      },
    },
    async (request) => sessionList(db, request.caller, request.query.active, request.query.limit ?? 100) as never,
  );
  app.get(
    '/v0.4/sessions/:session_id',
    {
      schema: {
        tags,
        security,
        summary: 'One session',
        params: SessionParams,
        response: { 200: Session, ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (request) => sessionDetails(db, request.params.session_id, request.caller) as never,
  );
  app.post(
    '/v0.4/sessions/:session_id/end',
    {
      schema: {
        tags,
        security,
        summary: 'End a session: its jobs that have not started are canceled, and it takes no more',
        params: SessionParams,
        response: { 200: Session, ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (request) => finishSession(db, request.params.session_id, request.caller) as never,
  );
  app.get(
    '/v0.4/sessions/:session_id/jobs',
    {
      schema: {
        tags,
        security,
        summary: "The session's jobs, newest first (the jobs list's filters and cursor)",
        params: SessionParams,
        querystring: ListQuery,
        response: { 200: JobList, ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (request) => {
      const session = await oneSession(db, request.params.session_id, request.caller);
      return jobs.list('v0.4', { ...request.query, session_id: session.id }, request.caller);
    },
  );
}
