/**
 * The service's public HTTP API (service-api.md, service-decisions.md), same
 * origin, v0.4. The key the user entered goes in `Authorization: apiKey`.
 */
import { session } from './session.js';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const key = session.apiKey();
  if (key) headers.Authorization = `apiKey ${key}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  let response: Response;
  try {
    response = await fetch(path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  } catch (error) {
    throw new ApiError(0, `The service cannot be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
  const text = await response.text();
  if (!response.ok) {
    let message = `${response.status} ${response.statusText}`;
    try {
      const parsed = JSON.parse(text) as { message?: string };
      if (parsed.message) message = `${response.status}: ${parsed.message}`;
    } catch {
      // Not JSON: keep the status line.
    }
    throw new ApiError(response.status, message);
  }
  const type = response.headers.get('content-type') ?? '';
  return (type.includes('json') ? JSON.parse(text) : text) as T;
}

export interface Job {
  readonly id: string;
  readonly name?: string | null;
  readonly status: string;
  readonly type: string;
  readonly backend: string;
  readonly dry_run?: boolean;
  readonly submitted_at?: string | null;
  readonly started_at?: string | null;
  readonly completed_at?: string | null;
  readonly execution_duration_ms?: number | null;
  readonly shots?: number;
  readonly noise?: { model: string; seed?: number | null } | null;
  readonly failure?: { code: string; message: string; error?: string } | null;
  readonly stats?: { qubits?: number; circuits?: number; gate_counts?: { '1q': number; '2q': number }; kwh?: number };
  readonly output?: {
    compilation?: { diagnostics?: readonly JobDiagnostic[]; compiled_circuits?: Record<string, Artifact> };
    error_mitigation?: { debiasing?: { variants: readonly DebiasingVariant[]; aggregation_method?: string } };
  };
  /** Extension: the characterization an emulated QPU job ran on. */
  readonly characterization_id?: string;
  readonly results?: Record<string, unknown> | null;
  readonly input?: { data?: string } | null;
  readonly metadata?: Record<string, unknown> | null;
  readonly child_job_ids?: readonly string[] | null;
  readonly parent_job_id?: string | null;
}

/** One variant of a debiased job (service-api.md, Variant object). */
export interface DebiasingVariant {
  readonly variant_id: string;
  readonly qubit_map: readonly number[];
  readonly shots: number;
  readonly results: Record<string, Artifact>;
}

/** One physical qubit of a day's device (GET .../characterizations/<id>/qubits, an extension). */
export interface QubitView {
  readonly qubit: number;
  readonly readoutError: number;
  readonly oneQubitError: number;
  readonly twoQubitError: number;
}

export interface Artifact {
  readonly id: string;
  readonly format: string;
  readonly media_type: string;
}

export interface JobDiagnostic {
  readonly code: string;
  readonly rule?: string;
  readonly message: string;
  readonly reason?: string;
  readonly hint?: string;
  readonly severity?: string;
  readonly span?: {
    start: { line: number; column: number; offset: number };
    end: { line: number; column: number; offset: number };
  };
}

export interface Backend {
  readonly backend: string;
  readonly status: string;
  readonly qubits: number;
  readonly average_queue_time?: number;
  readonly last_updated?: string;
  readonly degraded?: boolean;
  readonly characterization_id?: string | null;
  readonly supported_native_gates?: readonly string[];
}

export interface Characterization {
  readonly id: string;
  readonly date: string;
  readonly backend: string;
  readonly qubits: number;
  readonly fidelity: Record<string, { median?: number; mean?: number } | undefined>;
  readonly timing: Record<string, number | undefined>;
}

export const TERMINAL = new Set(['completed', 'failed', 'canceled']);

/** The service's backends (`GET /v0.4/backends`); callers keep working without them (the editor falls back to the library's target names). */
export async function backends(): Promise<Backend[]> {
  return api<Backend[]>('GET', '/v0.4/backends');
}
