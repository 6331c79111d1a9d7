/**
 * JSON Schema documents of the formats this service reads and writes
 * (`GET /v0.4/schemas/formats/{format}`, IonQ's SDK `get_format_schema`):
 * the circuit input, the compiled circuits and the result artifacts, each
 * under its `svc.` and `ionq.` spelling; the document's `$id` is the
 * spelling asked for. The shapes are those of service-api.md "Result
 * artifacts" and service-decisions.md sections 4 and 5.
 */
import { RESULT_FORMATS } from '../../index.js';
import { canonicalId } from './model.js';
import { Problem } from './problems.js';

type Schema = Record<string, unknown>;

const DRAFT = 'https://json-schema.org/draft/2020-12/schema';
const BITSTRING = '^[01]+$';
const DECIMAL = '^(0|[1-9][0-9]*)$';
const index = { type: 'integer', minimum: 0 };

/** A gate of the svc.circuit.v0 JSON: QIS (radians) or native (turns). */
const GATE: Schema = {
  type: 'object',
  required: ['gate'],
  properties: {
    gate: { type: 'string', description: 'h, x, cnot, rz, ... or gpi, gpi2, ms, zz' },
    target: index,
    targets: { type: 'array', items: index, minItems: 1 },
    control: index,
    controls: { type: 'array', items: index, minItems: 1 },
    rotation: { type: 'number', description: 'radians (QIS rotations)' },
    phase: { type: 'number', minimum: -1, maximum: 1, description: 'turns (gpi, gpi2)' },
    phases: { type: 'array', items: { type: 'number', minimum: -1, maximum: 1 }, minItems: 2, maxItems: 2 },
    angle: { type: 'number', description: 'turns (ms 0..0.25, zz)' },
  },
};

const CIRCUIT: Schema = {
  type: 'object',
  description: 'One circuit (circuit) or several (circuits) in QIS or native gates',
  properties: {
    format: { type: 'string', enum: ['svc.circuit.v0', 'ionq.circuit.v0'] },
    gateset: { type: 'string', enum: ['qis', 'native'], default: 'qis' },
    qubits: index,
    circuit: { type: 'array', items: GATE },
    circuits: {
      type: 'array',
      maxItems: 5000,
      items: {
        type: 'object',
        required: ['circuit'],
        properties: {
          name: { type: 'string' },
          gateset: { type: 'string', enum: ['qis', 'native'] },
          circuit: { type: 'array', items: GATE },
        },
      },
    },
  },
};

const registersOf = (value: Schema): Schema => ({
  type: 'object',
  required: ['output_all'],
  description: 'output_all (every qubit) and each classical register by name',
  additionalProperties: value,
});

/** The flat v1 maps: decimal state (qubit k worth 2^k) -> a number. */
const decimalMap = (value: Schema, description: string): Schema => ({
  type: 'object',
  description,
  propertyNames: { pattern: DECIMAL },
  additionalProperties: value,
});
const PROBABILITY = { type: 'number', minimum: 0, maximum: 1 };

const DOCUMENTS: Readonly<Record<string, Schema>> = {
  'svc.circuit.v0': { ...CIRCUIT, description: 'The JSON circuit input of v0.3 jobs and of svc.circuit.v1 jobs' },
  'svc.circuit.v1': {
    ...CIRCUIT,
    required: ['qubits', 'circuit'],
    description: 'The input of a svc.circuit.v1 job: qubits, gateset (qis or native) and circuit',
  },
  'svc.multi-circuit.v1': {
    ...CIRCUIT,
    required: ['qubits', 'circuits'],
    description: 'The input of a svc.multi-circuit.v1 job: circuits, each run as a child job',
  },
  'svc.native.v1': {
    type: 'object',
    description: "A compiled circuit in the backend's native gates (gpi, gpi2, ms or zz), as JSON",
    required: ['qubits', 'circuit'],
    properties: { ...(CIRCUIT.properties as Schema), gateset: { const: 'native' } },
  },
  'svc.qasm3.v1': {
    type: 'string',
    contentMediaType: 'text/plain',
    description: 'An OpenQASM 3 program: the input.data of a svc.qasm3.v1 job, and the compiled circuit artifact',
  },
  [RESULT_FORMATS.probabilities]: {
    type: 'object',
    description: 'Probabilities per register; bitstrings put q[0] (c[0]) leftmost',
    required: ['probabilities'],
    properties: {
      probabilities: {
        type: 'object',
        required: ['registers'],
        properties: {
          registers: registersOf({
            type: 'object',
            propertyNames: { pattern: BITSTRING },
            additionalProperties: { type: 'number', minimum: 0, maximum: 1 },
          }),
        },
      },
    },
  },
  [RESULT_FORMATS.histogram]: {
    type: 'object',
    description: 'Counts per register; bitstrings put q[0] (c[0]) leftmost',
    required: ['histogram'],
    properties: {
      histogram: {
        type: 'object',
        required: ['registers'],
        properties: {
          registers: registersOf({
            type: 'object',
            propertyNames: { pattern: BITSTRING },
            additionalProperties: index,
          }),
        },
      },
    },
  },
  [RESULT_FORMATS.shots]: {
    type: 'object',
    description: 'One object per shot; bit i of a register at index i',
    required: ['shots'],
    properties: {
      shots: {
        type: 'array',
        items: {
          type: 'object',
          required: ['registers'],
          properties: { registers: registersOf({ type: 'array', items: { enum: [0, 1] } }) },
        },
      },
    },
  },
  [RESULT_FORMATS.v03]: decimalMap(
    PROBABILITY,
    'The v0.3 results map: decimal state (qubit k worth 2^k) -> probability',
  ),
  'svc.result.histogram.json.v1': decimalMap(
    index,
    'GET .../results/histogram: decimal state (qubit k worth 2^k) -> count',
  ),
  'svc.result.shots.json.v1': {
    type: 'array',
    description: 'GET .../results/shots: one decimal state (qubit k worth 2^k) per shot',
    items: { type: 'string', pattern: DECIMAL },
  },
  'svc.result.probabilities-aggregate.json.v1': {
    type: 'object',
    description: "A multicircuit job's probabilities: child job id -> decimal state -> probability",
    propertyNames: { pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' },
    additionalProperties: decimalMap(PROBABILITY, "One child's probabilities"),
  },
};

/** Every format served, in its svc. spelling. */
export const SCHEMA_FORMATS: readonly string[] = Object.keys(DOCUMENTS);

/** The document of a format given in either spelling, or a 404 naming the formats there are. */
export function formatSchema(format: string): Schema {
  const document = DOCUMENTS[canonicalId(format)];
  if (!document)
    throw new Problem('not-found', `Format ${format} not found; formats: ${SCHEMA_FORMATS.join(', ')} (also as ionq.)`);
  return { $schema: DRAFT, $id: format, ...document };
}
