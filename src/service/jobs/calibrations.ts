/**
 * The legacy calibrations cirq-ionq reads (`get_current_calibration()`,
 * `list_calibrations(start, end, limit)`, under v0.3 and v0.4 alike): the
 * characterization records in the shape of its `Calibration` class, `id`,
 * `target`, `date` (ISO 8601 with milliseconds: it splits the text at the
 * `.`), `qubits`, `connectivity`, `fidelity`, `timing`.
 */
import type { Queryable } from '../store/db.js';
import { latestCharacterizations, listCalibrationRecords, type CharacterizationRecord } from '../store/catalog.js';
import { backendNotFound, characterizationView } from './backends.js';
import { allTargets } from './catalog.js';
import { isQpu, targetByName } from './backend.js';
import { invalid, Problem } from './problems.js';

export interface CalibrationListRequest {
  /** cirq's name for the backend; `backend` is accepted too. */
  readonly target?: string | undefined;
  readonly backend?: string | undefined;
  /** Unix milliseconds: records from this time on. */
  readonly start?: number | undefined;
  /** Unix milliseconds: records before this time. */
  readonly end?: number | undefined;
  readonly limit?: number | undefined;
  readonly next?: string | undefined;
}

const DEFAULT_LIMIT = 25;
/** The cursor names the last record of a page: its date (Unix ms) and id. */
const CURSOR = /^(\d{1,15})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

export function calibrationView(record: CharacterizationRecord): Record<string, unknown> {
  const { id, qubits, connectivity, fidelity, timing } = characterizationView('v0.3', record);
  return { id, target: record.backend, date: record.date.toISOString(), qubits, connectivity, fidelity, timing };
}

function knownBackend(name: string | undefined): string | undefined {
  if (name !== undefined && !targetByName(name)) throw backendNotFound(name);
  return name;
}

/** `{calibrations, next?}`, newest first; `next` is absent on the last page (cirq stops there). */
export async function calibrationPage(
  db: Queryable,
  request: CalibrationListRequest,
): Promise<{ calibrations: Record<string, unknown>[]; next?: string }> {
  const limit = request.limit ?? DEFAULT_LIMIT;
  const cursor = request.next === undefined ? null : CURSOR.exec(request.next);
  if (request.next !== undefined && !cursor)
    throw invalid(
      `Invalid cursor: ${request.next.slice(0, 60)}; list again from the first page`,
      ['next'],
      'querystring',
    );
  const rows = await listCalibrationRecords(db, {
    backend: knownBackend(request.target ?? request.backend),
    start: request.start === undefined ? undefined : new Date(request.start),
    end: request.end === undefined ? undefined : new Date(request.end),
    limit,
    after: cursor ? { date: new Date(Number(cursor[1])), id: cursor[2] as string } : undefined,
  });
  const page = rows.slice(0, limit);
  const last = page[page.length - 1];
  const calibrations = page.map(calibrationView);
  return rows.length > limit && last ? { calibrations, next: `${last.date.getTime()}_${last.id}` } : { calibrations };
}

/** The newest record of a backend: the one named, else the first available QPU (the legacy API had one QPU). */
export async function currentCalibration(db: Queryable, backend?: string): Promise<Record<string, unknown>> {
  const name = knownBackend(backend) ?? allTargets().find((t) => isQpu(t) && t.status === 'available')?.name;
  const record = name === undefined ? undefined : (await latestCharacterizations(db)).get(name);
  if (!record) throw new Problem('not-found', `No calibration of ${name ?? 'any backend'} found`);
  return calibrationView(record);
}
