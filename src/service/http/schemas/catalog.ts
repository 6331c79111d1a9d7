/** Schemas of the backends and characterizations routes. */
import { Type, type Static } from 'typebox';
import { Uuid } from './common.js';
import { PATTERNS } from '../validation.js';
import { LAST_MS } from '../../jobs/query-dates.js';

/**
 * An ISO 8601 date, with or without a time, in the years 0001-9999 (validation.ts says it in words):
 * PostgreSQL has no year 0, and later years need more than four digits (issue 24, S6).
 */
const ISO_DATE = PATTERNS.isoDate.pattern;

export const BackendParams = Type.Object({ backend: Type.String({ maxLength: 100 }) });
export const CharacterizationParams = Type.Object({ backend: Type.String({ maxLength: 100 }), UUID: Uuid });
export const CharacterizationIdParams = Type.Object({ UUID: Uuid });

export const Backend = Type.Object({
  backend: Type.String(),
  status: Type.Union([Type.Literal('available'), Type.Literal('unavailable'), Type.Literal('retired')]),
  average_queue_time: Type.Integer(),
  last_updated: Type.String(),
  qubits: Type.Integer({ minimum: 0 }),
  characterization_id: Type.Union([Type.Null(), Uuid]),
  degraded: Type.Boolean(),
  kw: Type.Number(),
  location: Type.String(),
  supported_error_mitigations: Type.Array(Type.String()),
  supported_gates: Type.Array(Type.String()),
  supported_native_gates: Type.Array(Type.String()),
  has_access: Type.Boolean(),
  noise_models: Type.Array(Type.String()),
});

/** A backend as both versions answer it. */
export type BackendAnswer = Static<typeof Backend>;

/** Highest page: far past the 30 records a backend keeps, and an offset PostgreSQL holds. */
export const MAX_PAGE = 1_000_000;

const Limit = Type.Optional(Type.Integer({ minimum: 1, maximum: 10 }));
const Page = Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE }));
const UnixMs = Type.Optional(
  Type.Integer({ minimum: 0, maximum: LAST_MS, description: 'Unix milliseconds, up to 9999-12-31T23:59:59.999Z' }),
);

/** v0.3: start and end in Unix milliseconds. */
export const CharacterizationQueryV3 = Type.Object(
  {
    start: UnixMs,
    end: UnixMs,
    limit: Limit,
    page: Page,
  },
  { additionalProperties: true },
);
/** v0.4: start and end as ISO 8601 dates. */
export const CharacterizationQueryV4 = Type.Object(
  {
    start: Type.Optional(Type.String({ pattern: ISO_DATE, maxLength: 40 })),
    end: Type.Optional(Type.String({ pattern: ISO_DATE, maxLength: 40 })),
    limit: Limit,
    page: Page,
  },
  { additionalProperties: true },
);

export const Characterization = Type.Object({}, { additionalProperties: true });
export const CharacterizationPage = Type.Object({
  characterizations: Type.Array(Characterization),
  pages: Type.Integer(),
});

const BackendName = Type.Optional(Type.String({ maxLength: 100, description: 'A backend (qpu.aria-1, ...)' }));

/** Legacy calibrations (cirq-ionq): start and end in Unix milliseconds, as cirq sends them. */
export const CalibrationQuery = Type.Object(
  {
    // Bounded like the characterizations' (issue 24, S6): past 9999-12-31 PostgreSQL holds no timestamp, a 500.
    start: Type.Optional(
      Type.Integer({ minimum: 0, maximum: LAST_MS, description: 'Unix milliseconds: records from this time on' }),
    ),
    end: Type.Optional(
      Type.Integer({ minimum: 0, maximum: LAST_MS, description: 'Unix milliseconds: records before this time' }),
    ),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'Records per page (25)' })),
    next: Type.Optional(Type.String({ maxLength: 100, description: 'The cursor of the previous page' })),
    target: BackendName,
    backend: BackendName,
  },
  { additionalProperties: true },
);
export const CurrentCalibrationQuery = Type.Object(
  { target: BackendName, backend: BackendName },
  { additionalProperties: true },
);

export const Calibration = Type.Object({
  id: Uuid,
  target: Type.String(),
  date: Type.String({ description: 'ISO 8601 with milliseconds' }),
  qubits: Type.Integer(),
  connectivity: Type.Array(Type.Array(Type.Integer())),
  fidelity: Type.Record(Type.String(), Type.Unknown()),
  timing: Type.Record(Type.String(), Type.Number()),
});
export const CalibrationList = Type.Object({
  calibrations: Type.Array(Calibration),
  next: Type.Optional(Type.String()),
});
