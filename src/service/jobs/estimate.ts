/**
 * What a run will cost and how long it will take, from one pricing table
 * (pricing.ts) and one timing model (catalog.ts `estimateExecutionMs`, the
 * one the worker gives a job's `execution_duration_ms`): `GET /jobs/estimate`,
 * a job's `cost` and a session's cost limit all ask here, so an estimate
 * equals the cost of the job it describes.
 */
import type { Queryable } from '../store/db.js';
import { queuedPerBackend } from '../store/catalog.js';
import { estimateExecutionMs } from './catalog.js';
import { targetByName } from './backend.js';
import { PRICE_SOURCE, PRICES, priceOf, type Price } from './pricing.js';
import { canonicalId, type Caller, type JobRecord, type NewJob } from './model.js';
import { QUEUE_MS_PER_JOB } from './backends.js';
import { invalid } from './problems.js';
import { SUPPORTED_TYPES } from './create.js';

/** The facts of a run that its price and time depend on. */
export interface RunShape {
  readonly backend: string;
  readonly shots: number;
  readonly qubits: number;
  readonly oneQubitGates: number;
  readonly twoQubitGates: number;
  readonly errorMitigation: boolean;
}

export interface RunEstimate {
  /** USD, rounded to cents; 0 on the simulator. */
  readonly cost: number;
  /** QPU time in ms; 0 on the simulator (its jobs report the measured run time instead). */
  readonly executionMs: number;
  /** The prices applied, or null where nothing is billed (the simulator). */
  readonly price: Price | null;
}

export function estimateRun(run: RunShape): RunEstimate {
  return {
    cost: priceOf(run.backend, run.shots, run.oneQubitGates, run.twoQubitGates, run.errorMitigation),
    executionMs: estimateExecutionMs(run.backend, run.shots, run.qubits, run.oneQubitGates, run.twoQubitGates),
    price: PRICES[run.backend] ?? null,
  };
}

type Json = Record<string, unknown>;

/** Whether a job asked for error mitigation (v0.4 `debiasing`, v0.3 `debias`): it raises the per-job minimum. */
export function hasErrorMitigation(job: Pick<NewJob, 'error_mitigation'>): boolean {
  return job.error_mitigation?.debiasing === true || job.error_mitigation?.debias === true;
}

/**
 * A stored job's run: gate counts from its stats (as submitted, once
 * compiled), or counted from its JSON circuit before it ran; an OpenQASM job
 * not yet compiled counts no gates.
 */
export function runShapeOf(
  job: Pick<JobRecord, 'backend' | 'shots' | 'input'> & { readonly stats?: JobRecord['stats'] },
  errorMitigation: boolean,
): RunShape {
  const stats = (job.stats ?? null) as { qubits?: number; gate_counts?: Record<string, number> } | null;
  const [oneQubitGates, twoQubitGates] = stats?.gate_counts
    ? [stats.gate_counts['1q'] ?? 0, stats.gate_counts['2q'] ?? 0]
    : countJsonGates(job.input);
  const qubits = stats?.qubits ?? (typeof job.input.qubits === 'number' ? job.input.qubits : 0);
  return { backend: job.backend, shots: job.shots ?? 0, qubits, oneQubitGates, twoQubitGates, errorMitigation };
}

/** 1q and 2q gates of a svc.circuit.v0 circuit, by how many qubits each touches. */
function countJsonGates(input: Json): [number, number] {
  const gates = Array.isArray(input.circuit) ? (input.circuit as Json[]) : [];
  let one = 0;
  let two = 0;
  for (const g of gates) {
    const width =
      (Array.isArray(g.targets) ? g.targets.length : 1) +
      (Array.isArray(g.controls) ? g.controls.length : g.control !== undefined ? 1 : 0);
    if (width >= 2) two++;
    else one++;
  }
  return [one, two];
}

/** The query of `GET /v0.4/jobs/estimate` (IonQ's OpenAPI `EstimateJobCost`; qiskit-ionq adds `session`). */
export interface EstimateRequest {
  readonly backend: string;
  readonly type?: string | undefined;
  readonly qubits?: number | undefined;
  readonly shots?: number | undefined;
  readonly '1q_gates'?: number | undefined;
  readonly '2q_gates'?: number | undefined;
  readonly error_mitigation?: boolean | undefined;
  readonly session?: boolean | undefined;
}

/**
 * The estimate in IonQ's v0.4 shape (`estimate_context`, `estimated_unit`,
 * `rate_card`, `estimated_total_cost`, ...) and, beside it, the names of the
 * earlier published shape that qiskit-ionq's `JobEstimate` reads
 * (`input_values`, `cost_unit`, `rate_information`, `estimated_cost`).
 */
export async function estimateAnswer(db: Queryable, request: EstimateRequest, caller: Caller): Promise<Json> {
  const target = targetByName(request.backend);
  if (!target) throw invalid(`Unknown backend ${request.backend}`, ['backend'], 'querystring');
  if (target.status === 'retired') throw invalid(`Backend ${request.backend} is retired`, ['backend'], 'querystring');
  const type = request.type ?? 'ionq.circuit.v1';
  if (!SUPPORTED_TYPES.has(canonicalId(type)))
    throw invalid(`Job type ${type} is not supported by this service`, ['type'], 'querystring');
  const inputs = {
    backend: target.name,
    type,
    qubits: request.qubits ?? 25,
    shots: request.shots ?? 1000,
    '1q_gates': request['1q_gates'] ?? 0,
    '2q_gates': request['2q_gates'] ?? 0,
    error_mitigation: request.error_mitigation ?? false,
  };
  const run = estimateRun({
    backend: target.name,
    shots: inputs.shots,
    qubits: inputs.qubits,
    oneQubitGates: inputs['1q_gates'],
    twoQubitGates: inputs['2q_gates'],
    errorMitigation: inputs.error_mitigation,
  });
  const queued = (await queuedPerBackend(db)).get(target.name) ?? 0;
  const price = run.price;
  const minimum = price ? (inputs.error_mitigation ? price.minimumPerJobWithErrorMitigation : price.minimumPerJob) : 0;
  const rates = price
    ? [
        {
          sku: target.name,
          unit: 'gates',
          cost_1q_gate: price.oneQubitGateShot,
          cost_2q_gate: price.twoQubitGateShot,
          job_cost_minimum: minimum,
        },
      ]
    : [];
  return {
    estimate_context: { ...inputs, organization: caller.projectId, project: caller.projectId },
    // +00:00 rather than Z: qiskit-ionq parses it with datetime.fromisoformat, which reads Z only from Python 3.11.
    estimated_at: new Date().toISOString().replace('Z', '+00:00'),
    estimated_unit: 'usd',
    rate_card: { id: `${PRICE_SOURCE}: ${target.name}`, rates },
    estimated_total_cost: run.cost,
    estimated_execution_time: run.executionMs,
    current_predicted_queue_time: queued * QUEUE_MS_PER_JOB,
    input_values: { ...inputs, session: request.session ?? false },
    cost_unit: 'usd',
    rate_information: {
      job_cost_minimum: minimum,
      cost_1q_gate: price?.oneQubitGateShot ?? 0,
      cost_2q_gate: price?.twoQubitGateShot ?? 0,
      organization: caller.projectId,
    },
    estimated_cost: run.cost,
  };
}
