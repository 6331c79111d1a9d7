/**
 * The one job model both API versions share (service-decisions.md section 4).
 * The records themselves (what the store holds) are store/records.ts, read
 * through here by the layers above; this file adds who asks and how a job's
 * identifiers and program kind are read.
 */
export type { ApiVersion, ArtifactRecord, JobRecord, JobStatus, NewJob, NoiseSetting } from '../store/records.js';
export { FINAL_STATUSES, OPEN_STATUSES } from '../store/records.js';

/** What the worker runs: an OpenQASM program or a svc.circuit.v0 JSON circuit. */
export type ProgramKind = 'qasm3' | 'circuit';

/** Who is asking: the key's user and project. */
export interface Caller {
  readonly userId: string;
  readonly projectId: string;
}

/** The prefix a job was submitted with (`svc` or `ionq`), kept on every identifier it answers with. */
export function prefixOf(type: string): 'svc' | 'ionq' {
  return type.startsWith('ionq.') ? 'ionq' : 'svc';
}

/** `svc.x` in the job's own prefix. */
export function withPrefix(id: string, prefix: 'svc' | 'ionq'): string {
  return prefix === 'svc' ? id : id.replace(/^svc\./, 'ionq.');
}

/** The canonical `svc.` form of an identifier given with either prefix. */
export function canonicalId(id: string): string {
  return id.replace(/^ionq\./, 'svc.');
}

/** The kind of program behind a job type. */
export function programKind(type: string): ProgramKind {
  return canonicalId(type) === 'svc.qasm3.v1' ? 'qasm3' : 'circuit';
}
