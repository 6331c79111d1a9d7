/**
 * What every service suite needs: a listening service on a free loopback
 * port, keys of two projects, and requests sent the way real clients send
 * them (real fetch, JSON bodies, `Authorization: apiKey <key>`).
 */
import { readFileSync } from 'node:fs';
import { createKey, createService, type Db, type Service } from '../../src/service/index.js';

export interface Harness {
  readonly service: Service;
  readonly url: string;
  /** A key of project A, another of project A, and one of project B. */
  readonly keyA: string;
  readonly keyA2: string;
  readonly keyB: string;
  request(
    method: string,
    path: string,
    options?: { key?: string | null; body?: unknown; raw?: string; headers?: Record<string, string> },
  ): Promise<Answer>;
  /** Polls a job until it is completed, failed or canceled. */
  settle(id: string, key?: string, version?: 'v0.3' | 'v0.4'): Promise<Record<string, any>>;
  close(): Promise<void>;
}

export interface Answer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
  readonly json: any;
}

export async function startHarness(db: Db, options: { workers?: number; leaseMs?: number } = {}): Promise<Harness> {
  const service = await createService({ db, port: 0, workers: options.workers ?? 2, leaseMs: options.leaseMs });
  const url = await service.listen();
  const keyA = (await createKey(db, 'alice', 'project-a')).key;
  const keyA2 = (await createKey(db, 'anna', 'project-a')).key;
  const keyB = (await createKey(db, 'bob', 'project-b')).key;
  const request: Harness['request'] = async (method, path, options = {}) => {
    const headers: Record<string, string> = { ...(options.headers ?? {}) };
    const key = options.key === undefined ? keyA : options.key;
    if (key !== null && headers.Authorization === undefined) headers.Authorization = `apiKey ${key}`;
    let body: string | undefined = options.raw;
    if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type'))
      headers['Content-Type'] = 'application/json';
    const response = await fetch(url + path, { method, headers, ...(body !== undefined ? { body } : {}) });
    const text = await response.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, headers: response.headers, text, json };
  };
  const settle: Harness['settle'] = async (id, key = keyA, version = 'v0.4') => {
    const deadline = Date.now() + 60_000;
    for (;;) {
      const answer = await request('GET', `/${version}/jobs/${id}`, { key });
      if (answer.status !== 200) throw new Error(`GET job ${id}: ${answer.status} ${answer.text}`);
      if (['completed', 'failed', 'canceled'].includes(answer.json.status)) return answer.json;
      if (Date.now() > deadline) throw new Error(`job ${id} still ${answer.json.status}`);
      await new Promise((r) => setTimeout(r, 25));
    }
  };
  return { service, url, keyA, keyA2, keyB, request, settle, close: () => service.close() };
}

/** The project's Bell example, the program the README's first command runs. */
export const BELL_QASM = readFileSync(new URL('../../examples/bell.qasm', import.meta.url), 'utf8');

/** The Bell circuit as qiskit-ionq, cirq-ionq and PennyLane-IonQ send it (svc.circuit.v0 JSON, QIS gates). */
export const BELL_JSON = {
  gateset: 'qis',
  qubits: 2,
  circuit: [
    { gate: 'h', target: 0 },
    { gate: 'cnot', control: 0, target: 1 },
  ],
};
