/**
 * Schemas shared by every route: the error body, ids, metadata and names.
 * The same objects validate requests, type handlers and make /openapi.json.
 */
import { Type, type TSchema } from 'typebox';
import { PATTERNS } from '../validation.js';
import { catalogue } from '../../../index.js';

const { limits } = catalogue;

export const ErrorBody = Type.Object(
  {
    statusCode: Type.Integer(),
    error: Type.String(),
    message: Type.String(),
    validation: Type.Optional(Type.Object({ source: Type.String(), keys: Type.Array(Type.String()) })),
  },
  { description: 'Every error answer (service-decisions.md section 3).' },
);

export const errorResponses = (...statuses: number[]): Record<number, TSchema> =>
  Object.fromEntries(statuses.map((s) => [s, ErrorBody]));

/**
 * The canonical 36-character form only: Ajv's `format: uuid` also takes
 * `urn:uuid:<uuid>`, which PostgreSQL's uuid type refuses (issue 24, S5).
 */
export const UUID_PATTERN = PATTERNS.uuid.pattern;
export const Uuid = Type.String({
  format: 'uuid',
  pattern: UUID_PATTERN,
  description: 'A job, artifact or characterization id: 36 characters, 8-4-4-4-12 hexadecimal digits.',
});
export const JobParams = Type.Object({ UUID: Uuid });

/** Metadata limits (service-api.md Limits): 10 keys, keys up to 40 characters, string values up to 40,000. */
export const Metadata = Type.Union([
  Type.Null(),
  Type.Record(
    Type.String(),
    Type.Union([Type.String({ maxLength: limits.metadataValueLength }), Type.Number(), Type.Boolean(), Type.Null()]),
    {
      maxProperties: limits.metadataKeys,
      propertyNames: { maxLength: limits.metadataKeyLength },
    },
  ),
]);

export const NameV4 = Type.Union([Type.Null(), Type.String({ maxLength: 100, pattern: PATTERNS.jobName.pattern })]);
export const NameV3 = Type.Union([Type.Null(), Type.String({ maxLength: 100 })]);
export const Shots = Type.Integer({ minimum: limits.minShots, maximum: limits.maxShots });

/** `ideal` and the library's noise models. */
export const NOISE_MODEL_NAMES = catalogue.noiseModelNames;
export const Noise = Type.Union([
  Type.Null(),
  Type.Object({
    model: Type.Optional(Type.Union(NOISE_MODEL_NAMES.map((m) => Type.Literal(m)))),
    seed: Type.Optional(Type.Union([Type.Null(), Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 })])),
    characterization_id: Type.Optional(Uuid),
  }),
]);

/** A job body as the store answers it: open-ended (output, results and metadata are maps). */
export const AnyObject = Type.Object({}, { additionalProperties: true });
