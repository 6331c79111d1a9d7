/** A job row as the service inserts it, for tests that write to the store directly. */
import { randomUUID } from 'node:crypto';
import type { NewJob } from '../../src/service/jobs/model.js';

/** A submitted one-gate simulator job of project `queue-test`, with `overrides` on top. */
export function newJob(overrides: Partial<NewJob> = {}): NewJob {
  return {
    id: randomUUID(),
    project_id: 'queue-test',
    submitter_id: 'queue-test',
    api_version: 'v0.4',
    type: 'svc.circuit.v1',
    status: 'submitted',
    backend: 'simulator',
    name: null,
    metadata: null,
    shots: null,
    dry_run: false,
    noise: null,
    settings: null,
    error_mitigation: null,
    registers: null,
    session_id: null,
    input: { format: 'svc.circuit.v0', qubits: 1, circuit: [{ gate: 'x', target: 0 }] },
    parent_job_id: null,
    child_index: null,
    child_job_ids: null,
    clone_parent_id: null,
    ...overrides,
  };
}
