/** `GET /v0.4/jobs/estimate`: the price and time of a run before it is submitted (qiskit-ionq's estimate_job). */
import type { App, RouteDeps } from './types.js';
import { errorResponses } from './schemas/common.js';
import { Estimate, EstimateQuery } from './schemas/estimates.js';
import { estimateAnswer } from '../jobs/estimate.js';

export function estimateRoutes(app: App, { db }: RouteDeps): void {
  app.get(
    '/v0.4/jobs/estimate',
    {
      schema: {
        tags: ['jobs'],
        security: [{ apiKey: [] }],
        summary: 'Estimate the cost and execution time of a job',
        querystring: EstimateQuery,
        response: { 200: Estimate, ...errorResponses(400, 401, 503) },
      },
    },
    async (request) => estimateAnswer(db, request.query, request.caller) as never,
  );
}
