/** Schemas of the jobs routes, v0.3 and v0.4. */
import { Type, type Static } from 'typebox';
import { circuitJsonLimits as LIMITS } from '../../../index.js';
import { Metadata, NameV3, NameV4, Noise, Shots, Uuid } from './common.js';

/** A QIS or native gate of the svc.circuit.v0 JSON; the library checks the rest of it (validateCircuitJson). */
const Gate = Type.Object({ gate: Type.String() }, { additionalProperties: true });
/** The spec's limits (src/tables LIMITS): checked on the lengths before any item is read. */
const Gates = Type.Array(Gate, { maxItems: LIMITS.maxGatesPerJob, description: 'at most 150,000 gates per job' });
const CircuitEntry = Type.Object(
  { name: Type.Optional(Type.String()), gateset: Type.Optional(Type.String()), circuit: Gates },
  { additionalProperties: true },
);

/** svc.circuit.v0 JSON: one `circuit` or several `circuits`. */
export const CircuitInput = Type.Object(
  {
    format: Type.Optional(Type.String()),
    gateset: Type.Optional(Type.String()),
    qubits: Type.Optional(Type.Integer({ minimum: 0 })),
    circuit: Type.Optional(Gates),
    circuits: Type.Optional(Type.Array(CircuitEntry, { maxItems: LIMITS.maxCircuitsPerJob })),
    data: Type.Optional(Type.String()),
  },
  { additionalProperties: true },
);

const Backend = Type.String({
  description: 'simulator, qpu.aria-1, qpu.aria-2, qpu.forte-1, qpu.forte-enterprise-1 (qpu.harmony is retired)',
});

export const CreateV3Body = Type.Object(
  {
    name: Type.Optional(NameV3),
    metadata: Type.Optional(Metadata),
    shots: Type.Optional(Shots),
    target: Type.Optional(Backend),
    input: Type.Optional(CircuitInput),
    lang: Type.Optional(Type.String()),
    body: Type.Optional(CircuitInput),
    noise: Type.Optional(Noise),
    error_mitigation: Type.Optional(Type.Union([Type.Null(), Type.Object({ debias: Type.Optional(Type.Boolean()) })])),
    registers: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: true },
);

const Settings = Type.Union([
  Type.Null(),
  Type.Object(
    {
      error_mitigation: Type.Optional(
        Type.Union([
          Type.Null(),
          Type.Object({
            debiasing: Type.Optional(Type.Boolean()),
            symmetry_verification: Type.Optional(Type.Boolean()),
          }),
        ]),
      ),
      compilation: Type.Optional(
        Type.Union([
          Type.Null(),
          Type.Object(
            {
              gate_basis: Type.Optional(Type.String()),
              precision: Type.Optional(Type.String()),
              opt: Type.Optional(Type.Integer()),
            },
            { additionalProperties: true },
          ),
        ]),
      ),
    },
    { additionalProperties: true },
  ),
]);

export const CreateV4Body = Type.Object(
  {
    type: Type.Optional(
      Type.String({ description: 'svc.qasm3.v1, svc.circuit.v1 or svc.multi-circuit.v1 (also with the ionq. prefix)' }),
    ),
    name: Type.Optional(NameV4),
    metadata: Type.Optional(Metadata),
    shots: Type.Optional(Shots),
    backend: Type.Optional(Backend),
    dry_run: Type.Optional(Type.Boolean()),
    input: CircuitInput,
    noise: Type.Optional(Noise),
    settings: Type.Optional(Settings),
    session_id: Type.Optional(Type.Union([Type.Null(), Type.String()])),
    registers: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: true },
);

/** Each property given overrides the inherited value (service-api.md, move). */
const MOVE_FIELDS = {
  parent: Type.Optional(
    Type.Union([Type.Null(), Type.String({ description: "The clone's parent_job_id: a job of your project" })]),
  ),
  name: Type.Optional(NameV4),
  metadata: Type.Optional(Metadata),
  shots: Type.Optional(Shots),
  backend: Type.Optional(Backend),
  session_id: Type.Optional(Type.Union([Type.Null(), Type.String()])),
  settings: Type.Optional(Settings),
  dry_run: Type.Optional(Type.Boolean()),
};

export const MoveBody = Type.Union([Type.Null(), Type.Object(MOVE_FIELDS, { additionalProperties: true })]);

/** The move body plus `noise` (IonQ's SDK `CloneJobPayload`). */
export const CloneBody = Type.Union([
  Type.Null(),
  Type.Object({ ...MOVE_FIELDS, noise: Type.Optional(Noise) }, { additionalProperties: true }),
]);

/** The bodies as the routes hand them on, after their schema has checked them. */
export type CreateV3 = Static<typeof CreateV3Body>;
export type CreateV4 = Static<typeof CreateV4Body>;
export type Move = NonNullable<Static<typeof MoveBody>>;
export type Clone = NonNullable<Static<typeof CloneBody>>;

export const JOB_STATUSES = ['submitted', 'ready', 'started', 'canceled', 'failed', 'completed'] as const;

/** Ids as a comma list, or repeated (`ids=a&ids=b`, as httpx and requests write a list). */
const IdList = Type.Union([
  Type.String({ maxLength: 100_000 }),
  Type.Array(Type.String({ maxLength: 100_000 }), { maxItems: 1000 }),
]);
const IsoDate = (description: string) => Type.Optional(Type.String({ maxLength: 40, description }));

export const ListQuery = Type.Object(
  {
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
    next: Type.Optional(Type.String({ maxLength: 200 })),
    status: Type.Optional(
      Type.Union(
        [...JOB_STATUSES, 'queued', 'running'].map((s) => Type.Literal(s)),
        {
          description: 'A status, or queued (submitted or ready), or running (started)',
        },
      ),
    ),
    ids: Type.Optional(IdList),
    id: Type.Optional(IdList),
    parent_job_id: Type.Optional(Uuid),
    session_id: Type.Optional(Type.String({ maxLength: 100 })),
    submitter_id: Type.Optional(Type.String({ maxLength: 200 })),
    target: Type.Optional(Type.String({ maxLength: 1000, description: 'a backend, or a comma list of backends' })),
    backend: Type.Optional(Type.String({ maxLength: 1000, description: 'as target' })),
    submitted_after: IsoDate('ISO 8601: jobs submitted at or after this time'),
    submitted_before: IsoDate('ISO 8601: jobs submitted before this time'),
  },
  { additionalProperties: true },
);

export const CreatedV3 = Type.Object({
  id: Uuid,
  status: Type.Literal('ready'),
  request: Type.Optional(Type.Integer({ description: 'Submission time, Unix seconds (multicircuit jobs)' })),
});
export const CreatedV4 = Type.Object({
  id: Uuid,
  status: Type.Literal('submitted'),
  session_id: Type.Union([Type.Null(), Type.String()]),
});
export const StatusAnswer = Type.Object({ id: Uuid, status: Type.String() });
/**
 * IonQ's v0.4 JobsBulkOperationRequest, `{"ids": [...]}`; none (null) when
 * v0.3 names the ids in the query. Nullable rather than a union, so that a
 * bad item is named (`ids.0`) instead of the union as a whole.
 */
export const BulkBody = Type.Object(
  { ids: Type.Optional(Type.Array(Uuid, { maxItems: 1000, description: 'Job ids, 1 to 1,000' })) },
  { additionalProperties: true, nullable: true },
);
export const BulkQuery = Type.Object({ ids: Type.Optional(IdList) }, { additionalProperties: true });
export const BulkAnswer = (status: 'canceled' | 'deleted') =>
  Type.Object({ ids: Type.Array(Uuid), status: Type.Literal(status) });
export const MovedAnswer = Type.Object({
  id: Uuid,
  status: Type.Literal('submitted'),
  session_id: Type.Union([Type.Null(), Type.String()]),
});
export const JobList = Type.Object({
  jobs: Type.Array(Type.Object({}, { additionalProperties: true })),
  next: Type.Optional(Type.String()),
});
export const ResultsQuery = Type.Object(
  {
    sharpen: Type.Optional(
      Type.String({
        description:
          'true, True or 1: the plurality-voting aggregation of a debiased job (false, False, 0: averaging); a job that was not debiased answers its plain results',
      }),
    ),
    aggregation: Type.Optional(
      Type.Union([Type.Literal('average'), Type.Literal('voting')], {
        description: 'How a debiased job is aggregated: average (the default) or voting (the same as sharpen=true)',
      }),
    ),
  },
  { additionalProperties: true },
);
export const ArtifactParams = Type.Object({ UUID: Uuid, artifact: Uuid });
/** `lang` of `GET /v0.4/jobs/{UUID}/circuits/{lang}`: IonQ's GetCompiledFileLang. */
export const CompiledCircuitParams = Type.Object({
  UUID: Uuid,
  lang: Type.Union([Type.Literal('native'), Type.Literal('qasm3')], {
    description: 'native: the native-gate JSON (as text); qasm3: the OpenQASM 3 program',
  }),
});
export const VariantParams = Type.Object({ UUID: Uuid, variant_id: Uuid });
/** A debiasing variant's results, as IonQ's SDK reads them (GetVariantResultsResponse: an object of numbers). */
export const VariantResults = Type.Record(Type.String(), Type.Number(), {
  description:
    'probabilities: decimal state -> probability; histogram: decimal state -> count; shots: shot index -> decimal state (little-endian: qubit 0 is bit 0)',
});
export const Cost = Type.Object({
  dry_run: Type.Boolean(),
  estimated_cost: Type.Object({ value: Type.Number(), unit: Type.Literal('usd') }),
  cost: Type.Union([Type.Null(), Type.Object({ value: Type.Number(), unit: Type.Literal('usd') })]),
});
export type CostAnswer = Static<typeof Cost>;
