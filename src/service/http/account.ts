/**
 * What IonQ's SDK asks about the account and the formats: `GET /v0.4/whoami`
 * and `GET /v0.4/schemas/formats/{format}`. Organization usage and billing
 * are not served: their paths answer a 404 that says so (app.ts).
 */
import type { App, RouteDeps } from './types.js';
import { errorResponses } from './schemas/common.js';
import { FormatParams, FormatSchemaDocument, Whoami } from './schemas/account.js';
import { formatSchema } from '../jobs/formats.js';
import { isUuid } from '../jobs/model.js';

/** whoami: registered in the keyed scope. */
export function accountRoutes(app: App, _deps: RouteDeps): void {
  app.get(
    '/v0.4/whoami',
    {
      schema: {
        tags: ['account'],
        security: [{ apiKey: [] }],
        summary: "The key's id and name, its user and its project",
        response: { 200: Whoami, ...errorResponses(401, 503) },
      },
    },
    async (request) => {
      const { keyId, userId, projectId } = request.caller;
      // The SDK reads project_id as a UUID: a project named otherwise is given as `project` only.
      return {
        key_id: keyId ?? '',
        key_name: `${userId} (${projectId})`,
        ...(isUuid(projectId) ? { project_id: projectId } : {}),
        user_id: userId,
        project: projectId,
      };
    },
  );
}

/** The JSON Schema of each format: no key needed, as for backends. */
export function formatRoutes(app: App): void {
  app.get(
    '/v0.4/schemas/formats/:format',
    {
      schema: {
        tags: ['account'],
        summary: 'JSON Schema of a circuit or result format (svc. or ionq. spelling)',
        params: FormatParams,
        response: { 200: FormatSchemaDocument, ...errorResponses(404) },
      },
    },
    async (request) => formatSchema(request.params.format) as never,
  );
}
