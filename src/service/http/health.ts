/** GET /health: 200 while the store answers, 503 in the error shape while it does not. */
import { Type } from 'typebox';
import type { App, RouteDeps } from './types.js';
import { errorAnswer } from './errors.js';

export function healthRoutes(app: App, { db }: RouteDeps): void {
  app.get(
    '/health',
    {
      schema: {
        tags: ['service'],
        summary: 'Whether the service and its store answer',
        response: {
          200: Type.Object({ status: Type.Literal('ok') }),
          503: Type.Object({}, { additionalProperties: true }),
        },
      },
    },
    async (_request, reply) => {
      try {
        await db.query('SELECT 1');
        return { status: 'ok' as const };
      } catch {
        return reply.code(503).send({ ...errorAnswer(503, 'The job store cannot be reached'), status: 'unavailable' });
      }
    },
  );
}
