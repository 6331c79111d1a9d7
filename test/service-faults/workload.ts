/**
 * What the fault suites submit and how they talk to the service: the job
 * mix (Bell on the simulator, a 12-qubit random circuit, a failing program, a
 * dry run, a long 22-qubit job), a fetch client, and the store's own view of
 * every job (status, attempt counter, artifacts) to check exactly-once.
 */
import type { Queryable } from '../../src/service/index.js';
import { BELL_QASM } from '../service/harness.js';

/** Bell on two qubits, measured qubit by qubit: the service suites' own. */
export const BELL = BELL_QASM;

/** A seeded random circuit on `qubits` qubits, `layers` layers of one-qubit rotations and a ring of cx. */
export function randomCircuit(qubits: number, layers: number, seed = 1): string {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  const lines = ['OPENQASM 3.0;', 'include "stdgates.inc";', `qubit[${qubits}] q;`, `bit[${qubits}] c;`];
  for (let layer = 0; layer < layers; layer++) {
    for (let i = 0; i < qubits; i++)
      lines.push(`${['rx', 'ry', 'rz'][Math.floor(next() * 3)]}(${(next() * 6.28).toFixed(4)}) q[${i}];`);
    for (let i = layer % 2; i + 1 < qubits; i += 2) lines.push(`cx q[${i}], q[${i + 1}];`);
  }
  for (let i = 0; i < qubits; i++) lines.push(`c[${i}] = measure q[${i}];`);
  return lines.join('\n');
}

/**
 * A long job with a short answer: `layers` random layers on `qubits` qubits and
 * then their inverse, so the run touches the whole state for every gate but
 * ends in |0...0> (one outcome to store, not 2^qubits).
 */
export function mirroredCircuit(qubits: number, layers: number, seed = 1): string {
  const forward = randomCircuit(qubits, layers, seed)
    .split('\n')
    .filter((l) => /^(rx|ry|rz|cx)/.test(l));
  const inverse = [...forward]
    .reverse()
    .map((l) => l.replace(/\((-?[\d.]+)\)/, (_, angle: string) => `(${-Number(angle)})`));
  const measures = Array.from({ length: qubits }, (_, i) => `c[${i}] = measure q[${i}];`);
  return [
    'OPENQASM 3.0;',
    'include "stdgates.inc";',
    `qubit[${qubits}] q;`,
    `bit[${qubits}] c;`,
    ...forward,
    ...inverse,
    ...measures,
  ].join('\n');
}

/** Fails preflight (a `for` loop): the job ends `failed`. */
export const FAILING = `OPENQASM 3.0;
include "stdgates.inc";
qubit[2] q;
for int i in [0:1] { h q[i]; }`;

export type JobKind = 'bell' | 'random12' | 'failing' | 'dry-run';
export const JOB_KINDS: readonly JobKind[] = ['bell', 'random12', 'failing', 'dry-run'];

const RANDOM_12 = randomCircuit(12, 8, 7);

export function jobBody(kind: JobKind): Record<string, unknown> {
  const base = { type: 'svc.qasm3.v1', backend: 'simulator' };
  switch (kind) {
    case 'bell':
      return { ...base, name: 'bell', input: { data: BELL } };
    case 'random12':
      return { ...base, name: 'random12', input: { data: RANDOM_12 } };
    case 'failing':
      return { ...base, name: 'failing', input: { data: FAILING } };
    case 'dry-run':
      return { ...base, name: 'dry-run', dry_run: true, input: { data: BELL } };
  }
}

/** What each kind must end as. */
export const FINAL_STATUS: Readonly<Record<JobKind, string>> = {
  bell: 'completed',
  random12: 'completed',
  failing: 'failed',
  'dry-run': 'completed',
};

export interface Answer {
  readonly status: number;
  readonly json: any;
  readonly text: string;
}

export async function call(
  base: string,
  method: string,
  path: string,
  key: string | null,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const response = await fetch(base + path, {
    method,
    headers: {
      ...(key ? { Authorization: `apiKey ${key}` } : {}),
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...headers,
    },
    ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, json, text };
}

/** Runs `work` over `items` with at most `concurrency` at once. */
export async function pool<T, R>(
  items: readonly T[],
  concurrency: number,
  work: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as T, index);
      }
    }),
  );
  return results;
}

export interface StoredJob {
  readonly id: string;
  readonly status: string;
  readonly attempts: number;
  readonly name: string | null;
  readonly results: number;
  readonly compiled: number;
  /** Most artifacts of one format on this job (1 when nothing was stored twice). */
  readonly most_of_one_format: number;
}

/** The store's record of these jobs: status, attempt counter, and artifacts counted by kind. */
export async function storedJobs(q: Queryable, ids: readonly string[]): Promise<Map<string, StoredJob>> {
  const rows = await q.query<StoredJob>(
    `SELECT j.id, j.status, j.attempts, j.name,
       count(a.id) FILTER (WHERE a.kind = 'result')::int AS results,
       count(a.id) FILTER (WHERE a.kind = 'compiled')::int AS compiled,
       coalesce((SELECT max(n) FROM (SELECT count(*)::int AS n FROM artifacts b WHERE b.job_id = j.id GROUP BY b.format) f), 0)::int AS most_of_one_format
     FROM jobs j LEFT JOIN artifacts a ON a.job_id = j.id
     WHERE j.id = ANY($1::uuid[]) GROUP BY j.id`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** Waits until none of these jobs is open; throws after `timeoutMs`. */
export async function waitSettled(q: Queryable, ids: readonly string[], timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await q.query<{ open: number }>(
      `SELECT count(*)::int AS open FROM jobs WHERE id = ANY($1::uuid[]) AND status NOT IN ('completed', 'failed', 'canceled')`,
      [ids],
    );
    if ((row?.open ?? 0) === 0) return;
    if (Date.now() > deadline) throw new Error(`${row?.open} of ${ids.length} jobs still open after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Tally of attempt counts: attempts -> jobs. */
export function attemptTally(jobs: Iterable<StoredJob>): Record<number, number> {
  const tally: Record<number, number> = {};
  for (const job of jobs) tally[job.attempts] = (tally[job.attempts] ?? 0) + 1;
  return tally;
}

/** Every kind's expected artifacts: results for a run, compiled circuits for a dry run, nothing for a failure. */
export function checkStored(job: StoredJob, kind: JobKind): string | null {
  if (job.status !== FINAL_STATUS[kind]) return `${kind} job ${job.id} is ${job.status}`;
  if (job.most_of_one_format > 1) return `${kind} job ${job.id} stored a format ${job.most_of_one_format} times`;
  if (kind === 'failing' && job.results + job.compiled !== 0) return `failed job ${job.id} has artifacts`;
  if (kind === 'dry-run' && (job.results !== 0 || job.compiled === 0))
    return `dry run ${job.id}: ${job.results} results, ${job.compiled} compiled`;
  if ((kind === 'bell' || kind === 'random12') && (job.results === 0 || job.compiled === 0))
    return `${kind} job ${job.id}: ${job.results} results, ${job.compiled} compiled`;
  return null;
}
