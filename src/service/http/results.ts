/** Results routes: v0.3 results, v0.4 probabilities (flat and aggregated), histogram, shots, artifacts, input, cost. */
import { Type } from 'typebox';
import type { App, RouteDeps } from './types.js';
import { JobParams, errorResponses } from './schemas/common.js';
import {
  ArtifactParams,
  CompiledCircuitParams,
  Cost,
  ResultsQuery,
  VariantParams,
  VariantResults,
} from './schemas/jobs.js';
import type { Aggregation, RawJson } from '../jobs/service.js';
import { invalid } from '../jobs/problems.js';
import { readQueryBoolean } from './query-booleans.js';
import type { FastifyReply } from 'fastify';

const tags = ['results'];
const security = [{ apiKey: [] }];
const ProbabilityMap = Type.Record(Type.String(), Type.Unknown(), {
  description: 'Little-endian decimal state -> probability (child id -> map for a multicircuit job)',
});

const sendRaw = (reply: FastifyReply, raw: RawJson) => reply.type('application/json; charset=utf-8').send(raw.json);

/**
 * `sharpen` as Python clients send it (`true`, `True`, `1`; `false`, `False`,
 * `0`) and `aggregation`: which aggregation of a debiased job to answer.
 */
export function aggregationOf(query: {
  sharpen?: string | undefined;
  aggregation?: Aggregation | undefined;
}): Aggregation {
  const { sharpen, aggregation } = query;
  // The six spellings every boolean query parameter takes (query-booleans.ts), no others.
  const sharpened = sharpen === undefined ? false : readQueryBoolean(sharpen);
  if (typeof sharpened !== 'boolean')
    throw invalid(
      `sharpen must be true or false (also True, False, 1, 0), not ${String(sharpen).slice(0, 40)}`,
      ['sharpen'],
      'querystring',
    );
  if (sharpened && aggregation === 'average')
    throw invalid(
      'sharpen=true asks for voting, aggregation=average for averaging: give one',
      ['sharpen', 'aggregation'],
      'querystring',
    );
  return sharpened ? 'voting' : (aggregation ?? 'average');
}

export function resultsRoutes(app: App, { jobs }: RouteDeps): void {
  const schema = (summary: string, ok: Parameters<typeof Type.Object>[0] | typeof ProbabilityMap = ProbabilityMap) => ({
    tags,
    security,
    summary,
    params: JobParams,
    querystring: ResultsQuery,
    response: { 200: ok, ...errorResponses(400, 401, 404, 503) },
  });
  app.get(
    '/v0.3/jobs/:UUID/results',
    { schema: schema('Probabilities of a completed job (v0.3)') },
    async (request, reply) =>
      sendRaw(reply, await jobs.probabilities(request.params.UUID, request.caller, aggregationOf(request.query))),
  );
  for (const path of ['probabilities', 'probabilities/aggregated']) {
    app.get(
      `/v0.4/jobs/:UUID/results/${path}`,
      { schema: schema(`Probabilities of a completed job (${path})`) },
      async (request, reply) =>
        sendRaw(reply, await jobs.probabilities(request.params.UUID, request.caller, aggregationOf(request.query))),
    );
  }
  app.get(
    '/v0.4/jobs/:UUID/results/histogram',
    { schema: schema('Counts per state of a job with shots') },
    async (request, reply) =>
      sendRaw(reply, await jobs.histogram(request.params.UUID, request.caller, aggregationOf(request.query))),
  );
  app.get(
    '/v0.4/jobs/:UUID/results/shots',
    {
      schema: {
        ...schema('One decimal state per shot'),
        response: { 200: Type.Array(Type.String()), ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (request, reply) => sendRaw(reply, await jobs.shots(request.params.UUID, request.caller)),
  );
  app.get(
    '/v0.4/jobs/:UUID/artifacts/:artifact',
    {
      schema: {
        tags,
        security,
        summary: 'Download an artifact by its descriptor id',
        params: ArtifactParams,
        response: {
          200: Type.Unknown({ description: 'The artifact: JSON, or text/plain for a compiled OpenQASM circuit' }),
          ...errorResponses(400, 401, 404, 503),
        },
      },
    },
    async (request, reply) => {
      const artifact = await jobs.artifact(request.params.UUID, request.params.artifact, request.caller);
      const type =
        artifact.mediaType === 'text/plain' ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8';
      return reply.type(type).send(artifact.body);
    },
  );
  app.get(
    '/v0.4/jobs/:UUID/circuits/:lang',
    {
      schema: {
        tags,
        security,
        summary:
          "A compiled circuit's text as a JSON string (qiskit-ionq's compiled_circuit, the SDK's get_compiled_file)",
        params: CompiledCircuitParams,
        response: {
          200: Type.String({
            description: 'native: the native-gate circuit JSON as text; qasm3: the OpenQASM 3 program',
          }),
          ...errorResponses(400, 401, 404, 503),
        },
      },
    },
    async (request, reply) =>
      sendRaw(reply, await jobs.compiledCircuit(request.params.UUID, request.params.lang, request.caller)),
  );
  for (const kind of ['probabilities', 'histogram', 'shots'] as const) {
    app.get(
      `/v0.4/jobs/:UUID/variants/:variant_id/results/${kind}`,
      {
        schema: {
          tags,
          security,
          summary: `A debiasing variant's ${kind} (IonQ's SDK get_variant_${kind})`,
          params: VariantParams,
          response: { 200: VariantResults, ...errorResponses(400, 401, 404, 503) },
        },
      },
      async (request, reply) =>
        sendRaw(reply, await jobs.variantResults(request.params.UUID, request.params.variant_id, kind, request.caller)),
    );
  }
  app.get(
    '/v0.4/jobs/:UUID/input',
    {
      schema: {
        tags,
        security,
        summary: 'The input the job was submitted with (an extension of this service: the console shows it)',
        params: JobParams,
        response: {
          200: Type.Object(
            {},
            { additionalProperties: true, description: 'input as submitted (input.data: the program)' },
          ),
          ...errorResponses(400, 401, 404, 503),
        },
      },
    },
    async (request) => jobs.input(request.params.UUID, request.caller),
  );
  app.get(
    '/v0.4/jobs/:UUID/cost',
    {
      schema: {
        tags,
        security,
        summary: 'Estimated and actual cost in USD',
        params: JobParams,
        response: { 200: Cost, ...errorResponses(400, 401, 404, 503) },
      },
    },
    async (request) => jobs.cost(request.params.UUID, request.caller),
  );
}
