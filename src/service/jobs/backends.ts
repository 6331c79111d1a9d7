/**
 * Backends and characterizations as each version answers them (service-api.md
 * Backend and Characterization; service-decisions.md section 6).
 */
import { characterizationQubits as qubitsOf, type CharacterizationInput } from '../../index.js';
import type { Queryable } from '../store/db.js';
import {
  getCharacterization,
  latestCharacterizations,
  listCharacterizations,
  queuedPerBackend,
  type CharacterizationRecord,
} from '../store/catalog.js';
import { allTargets, siteOf, supportedGates, supportedNativeGates } from './catalog.js';
import { isQpu, simulatorNoiseModels, targetByName } from './backend.js';
import { Problem } from './problems.js';
import type { ApiVersion } from './model.js';
import type { BackendAnswer } from '../http/schemas/catalog.js';

/** A rough wait per queued job, for `average_queue_time` (ms). */
const QUEUE_MS_PER_JOB = 1000;

const backendNotFound = (name: string) => new Problem('not-found', `Backend ${name} not found`);

export async function listBackends(db: Queryable): Promise<BackendAnswer[]> {
  const [latest, queued] = await Promise.all([latestCharacterizations(db), queuedPerBackend(db)]);
  return allTargets().map((target) => {
    const characterization = latest.get(target.name) ?? null;
    const site = siteOf(target.name);
    return {
      backend: target.name,
      status: target.status,
      average_queue_time: (queued.get(target.name) ?? 0) * QUEUE_MS_PER_JOB,
      last_updated: (characterization?.date ?? new Date()).toISOString(),
      qubits: target.qubits,
      characterization_id: characterization?.id ?? null,
      degraded: false,
      kw: site.kw,
      location: site.location,
      supported_error_mitigations: isQpu(target) ? ['debiasing'] : [],
      supported_gates: supportedGates(),
      supported_native_gates: supportedNativeGates(target),
      has_access: target.status !== 'retired',
      noise_models: isQpu(target) ? [] : simulatorNoiseModels(),
    };
  });
}

export async function oneBackend(db: Queryable, name: string): Promise<BackendAnswer> {
  const found = (await listBackends(db)).find((b) => b.backend === name);
  if (!found) throw backendNotFound(name);
  return found;
}

function characterizationView(version: ApiVersion, record: CharacterizationRecord): Record<string, unknown> {
  const body = record.body as {
    qubits: number;
    connectivity: unknown;
    fidelity: Record<string, { median: number; mean: number; stderr: number | null }>;
    timing: unknown;
  };
  const fidelity = Object.fromEntries(
    Object.entries(body.fidelity).map(([k, f]) => [
      k,
      version === 'v0.3'
        ? { mean: f.mean, stderr: f.stderr, median: f.median }
        : { median: f.median, stderr: f.stderr },
    ]),
  );
  return {
    id: record.id,
    date: version === 'v0.3' ? Math.floor(record.date.getTime() / 1000) : record.date.toISOString(),
    backend: record.backend,
    qubits: body.qubits,
    connectivity: body.connectivity,
    fidelity,
    timing: body.timing,
  };
}

export interface CharacterizationPageRequest {
  readonly start?: Date | undefined;
  readonly end?: Date | undefined;
  readonly limit?: number | undefined;
  readonly page?: number | undefined;
}

export async function characterizationPage(
  db: Queryable,
  version: ApiVersion,
  backend: string,
  request: CharacterizationPageRequest,
) {
  if (!targetByName(backend)) throw backendNotFound(backend);
  const { items, pages } = await listCharacterizations(db, {
    backend,
    start: request.start,
    end: request.end,
    limit: request.limit ?? 10,
    page: request.page ?? 1,
  });
  return { characterizations: items.map((r) => characterizationView(version, r)), pages };
}

/**
 * Extension (docs/service.md): the per-qubit device behind one record, as the
 * emulated QPU runs it: each physical qubit's readout errors, one-qubit error
 * and over-rotation, and the median two-qubit error of its pairs. The record
 * itself keeps the spec's shape.
 */
export async function characterizationQubits(db: Queryable, backend: string, id: string) {
  if (!targetByName(backend)) throw backendNotFound(backend);
  const record = await getCharacterization(db, id, backend);
  if (!record) throw new Problem('not-found', `Characterization ${id} not found`);
  const qubits = qubitsOf({ id: record.id, backend: record.backend, ...(record.body as CharacterizationInput) });
  if (!Array.isArray(qubits)) throw new Error(`Stored characterization ${id} is malformed: ${qubits.reason}`);
  return { id: record.id, backend: record.backend, date: record.date.toISOString(), qubits };
}

export async function oneCharacterization(db: Queryable, version: ApiVersion, id: string, backend?: string) {
  if (backend !== undefined && !targetByName(backend)) throw backendNotFound(backend);
  const record = await getCharacterization(db, id, backend);
  if (!record) throw new Problem('not-found', `Characterization ${id} not found`);
  return characterizationView(version, record);
}
