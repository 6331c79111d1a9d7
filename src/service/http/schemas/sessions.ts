/** Schemas of the sessions routes (IonQ's v0.4 OpenAPI `CreateSessionRequest`, `Session`, `SessionsResponse`). */
import { Type } from 'typebox';
import { Uuid } from './common.js';

export const SessionParams = Type.Object({ session_id: Uuid });

export const CreateSessionBody = Type.Object(
  {
    backend: Type.String({ maxLength: 100, description: 'The backend every job of the session runs on' }),
    settings: Type.Optional(
      Type.Union([
        Type.Null(),
        Type.Object(
          {
            job_count_limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
            duration_limit_min: Type.Optional(
              Type.Integer({ minimum: 1, maximum: 525_600, description: 'Minutes from its first job' }),
            ),
            cost_limit: Type.Optional(
              Type.Object(
                {
                  unit: Type.Optional(Type.Literal('usd')),
                  value: Type.Number({
                    minimum: 0,
                    maximum: 1e9,
                    description: 'USD: the sum of its jobs\u2019 estimates',
                  }),
                },
                { additionalProperties: true },
              ),
            ),
          },
          { additionalProperties: true },
        ),
      ]),
    ),
  },
  { additionalProperties: true },
);

export const Session = Type.Object(
  {
    id: Uuid,
    created_at: Type.String(),
    started_at: Type.Union([Type.Null(), Type.String()]),
    ended_at: Type.Union([Type.Null(), Type.String()]),
    organization_id: Type.String(),
    project_id: Type.String(),
    creator_id: Type.String(),
    ender_id: Type.Union([Type.Null(), Type.String()]),
    backend: Type.String(),
    active: Type.Boolean(),
    status: Type.Union([Type.Literal('created'), Type.Literal('started'), Type.Literal('ended')]),
    state: Type.Optional(
      Type.Union([Type.Literal('created'), Type.Literal('started'), Type.Literal('ended')], {
        description: "Extension: status again, as qiskit-ionq's Session.status() reads it",
      }),
    ),
    usage_time: Type.Optional(
      Type.Number({ description: "Extension: seconds its completed jobs ran (qiskit-ionq's Session.usage())" }),
    ),
    settings: Type.Object({}, { additionalProperties: true }),
  },
  { additionalProperties: true },
);

export const SessionsQuery = Type.Object(
  {
    active: Type.Optional(Type.Boolean({ description: 'true: not ended; false: ended' })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'Newest first (100)' })),
  },
  { additionalProperties: true },
);

export const SessionList = Type.Object({ organization_id: Type.String(), sessions: Type.Array(Session) });
