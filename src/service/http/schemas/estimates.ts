/** Schemas of `GET /v0.4/jobs/estimate` (IonQ's OpenAPI `EstimateJobCost`, and the `session` flag qiskit-ionq adds). */
import { Type } from 'typebox';
import { Shots } from './common.js';

const Count = (description: string) =>
  Type.Optional(Type.Integer({ minimum: 0, maximum: 1_000_000, description: `${description} (0)` }));

export const EstimateQuery = Type.Object(
  {
    backend: Type.String({ maxLength: 100, description: 'simulator, qpu.aria-1, qpu.aria-2, qpu.forte-1, ...' }),
    type: Type.Optional(Type.String({ maxLength: 100, description: 'A job type (ionq.circuit.v1)' })),
    qubits: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, description: 'Qubits (25)' })),
    shots: Type.Optional(Shots),
    '1q_gates': Count('Single-qubit gates'),
    '2q_gates': Count('Two-qubit gates'),
    error_mitigation: Type.Optional(Type.Boolean({ description: 'Debiasing (false): a higher per-job minimum' })),
    session: Type.Optional(Type.Boolean({ description: 'Sent by qiskit-ionq; echoed, changes nothing' })),
  },
  { additionalProperties: true },
);

export const Estimate = Type.Object(
  {
    estimate_context: Type.Record(Type.String(), Type.Unknown()),
    estimated_at: Type.String(),
    estimated_unit: Type.String(),
    rate_card: Type.Object({ id: Type.String(), rates: Type.Array(Type.Record(Type.String(), Type.Unknown())) }),
    estimated_total_cost: Type.Number(),
    estimated_execution_time: Type.Integer({ description: 'ms' }),
    current_predicted_queue_time: Type.Integer({ description: 'ms' }),
  },
  { additionalProperties: true },
);
