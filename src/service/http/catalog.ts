/** Backends and characterizations routes (no key needed; a key is accepted). */
import { Type } from 'typebox';
import type { App, RouteDeps } from './types.js';
import { errorResponses } from './schemas/common.js';
import {
  Backend,
  BackendParams,
  Characterization,
  CharacterizationIdParams,
  CharacterizationPage,
  CharacterizationParams,
  CharacterizationQueryV3,
  CharacterizationQueryV4,
} from './schemas/catalog.js';
import {
  characterizationPage,
  characterizationQubits,
  listBackends,
  oneBackend,
  oneCharacterization,
} from '../jobs/backends.js';
import { queryDate } from '../jobs/query-dates.js';

const tags = ['backends'];

export function catalogRoutes(app: App, { db }: RouteDeps): void {
  for (const version of ['v0.3', 'v0.4'] as const) {
    app.get(
      `/${version}/backends`,
      { schema: { tags, summary: 'Every backend', response: { 200: Type.Array(Backend), ...errorResponses(503) } } },
      async () => listBackends(db),
    );
  }
  app.get(
    '/v0.4/backends/:backend',
    {
      schema: {
        tags,
        summary: 'One backend',
        params: BackendParams,
        response: { 200: Backend, ...errorResponses(404, 503) },
      },
    },
    async (request) => oneBackend(db, request.params.backend),
  );
  app.get(
    '/v0.4/backends/:backend/characterizations',
    {
      schema: {
        tags,
        summary: 'Characterizations of a backend, newest first (start/end ISO 8601)',
        params: BackendParams,
        querystring: CharacterizationQueryV4,
        response: { 200: CharacterizationPage, ...errorResponses(400, 404, 503) },
      },
    },
    async (request) => {
      const q = request.query;
      return characterizationPage(db, 'v0.4', request.params.backend, {
        start: queryDate(q.start, 'start'),
        end: queryDate(q.end, 'end'),
        limit: q.limit,
        page: q.page,
      });
    },
  );
  app.get(
    '/v0.4/backends/:backend/characterizations/:UUID',
    {
      schema: {
        tags,
        summary: 'One characterization (v0.4 shape)',
        params: CharacterizationParams,
        response: { 200: Characterization, ...errorResponses(400, 404, 503) },
      },
    },
    async (request) => oneCharacterization(db, 'v0.4', request.params.UUID, request.params.backend),
  );
  app.get(
    '/v0.4/backends/:backend/characterizations/:UUID/qubits',
    {
      schema: {
        tags,
        summary:
          'Extension: the per-qubit device behind one characterization (readout, one-qubit error and over-rotation per physical qubit)',
        params: CharacterizationParams,
        response: { 200: Characterization, ...errorResponses(400, 404, 503) },
      },
    },
    async (request) => characterizationQubits(db, request.params.backend, request.params.UUID),
  );
  app.get(
    '/v0.3/characterizations/backends/:backend',
    {
      schema: {
        tags,
        summary: 'Characterizations of a backend, newest first (start/end Unix milliseconds)',
        params: BackendParams,
        querystring: CharacterizationQueryV3,
        response: { 200: CharacterizationPage, ...errorResponses(400, 404, 503) },
      },
    },
    async (request) => {
      const q = request.query;
      const ms = (v: number | undefined) => (v === undefined ? undefined : new Date(v));
      return characterizationPage(db, 'v0.3', request.params.backend, {
        start: ms(q.start),
        end: ms(q.end),
        limit: q.limit,
        page: q.page,
      });
    },
  );
  app.get(
    '/v0.3/characterizations/:UUID',
    {
      schema: {
        tags,
        summary: 'One characterization (v0.3 shape)',
        params: CharacterizationIdParams,
        response: { 200: Characterization, ...errorResponses(400, 404, 503) },
      },
    },
    async (request) => oneCharacterization(db, 'v0.3', request.params.UUID),
  );
}
