/**
 * API keys and characterizations: their queries, and the seed written once
 * per store (a 30-day characterization history per QPU). What a
 * characterization says is the caller's (jobs/characterizations.ts): the store only
 * writes it.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db, Queryable } from './db.js';

export interface KeyOwner {
  readonly keyId: string;
  readonly userId: string;
  readonly projectId: string;
}

export interface KeyListing {
  readonly id: string;
  readonly user_id: string;
  readonly project_id: string;
  readonly created_at: Date;
  readonly revoked_at: Date | null;
}

export const digestOf = (key: string): string => createHash('sha256').update(key).digest('hex');

/** Creates a key; the key itself is returned once and only its digest is stored. */
export async function createKey(
  db: Queryable,
  userId: string,
  projectId: string,
): Promise<{ id: string; key: string }> {
  const id = randomUUID();
  const key = `q3p_${randomBytes(24).toString('base64url')}`;
  await db.query('INSERT INTO api_keys (id, digest, user_id, project_id) VALUES ($1, $2, $3, $4)', [
    id,
    digestOf(key),
    userId,
    projectId,
  ]);
  return { id, key };
}

export async function findKey(db: Queryable, key: string): Promise<KeyOwner | null> {
  const rows = await db.query<{ id: string; user_id: string; project_id: string }>(
    'SELECT id, user_id, project_id FROM api_keys WHERE digest = $1 AND revoked_at IS NULL',
    [digestOf(key)],
  );
  const row = rows[0];
  return row ? { keyId: row.id, userId: row.user_id, projectId: row.project_id } : null;
}

export function listKeys(db: Queryable): Promise<KeyListing[]> {
  return db.query<KeyListing>(
    'SELECT id, user_id, project_id, created_at, revoked_at FROM api_keys ORDER BY created_at',
  );
}

export async function revokeKey(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.query(
    'UPDATE api_keys SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING id',
    [id],
  );
  return rows.length > 0;
}

export interface CharacterizationRecord {
  readonly id: string;
  readonly backend: string;
  readonly date: Date;
  readonly body: Record<string, unknown>;
}

export const HISTORY_DAYS = 30;
const SEED_LOCK = 74_236_012;
const DAY_MS = 86_400_000;

const startOfDay = (date: Date) => Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());

/**
 * What the records say, which is the caller's (jobs/characterizations.ts):
 * the QPUs that have a history, and the body of one backend's record for a
 * day, given the id it will be stored under.
 */
export interface CharacterizationSource {
  readonly backends: readonly string[];
  body(backend: string, date: Date, id: string): Record<string, unknown>;
}

/**
 * Writes the characterization history once per store (several processes may
 * start at once): 30 days up to the store's creation; later starts add the
 * days since (extendCharacterizations).
 */
export async function seedCatalog(db: Db, source: CharacterizationSource, now = new Date()): Promise<void> {
  await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const seeded = await q.query("SELECT value FROM service_meta WHERE key = 'seeded_at'");
    if (seeded.length) return;
    const day = startOfDay(now);
    await insertDays(
      q,
      source,
      source.backends.flatMap((backend) =>
        Array.from({ length: HISTORY_DAYS }, (_, i) => ({ backend, date: new Date(day - i * DAY_MS) })),
      ),
    );
    await q.query("INSERT INTO service_meta (key, value) VALUES ('seeded_at', $1)", [now.toISOString()]);
  });
  await extendCharacterizations(db, source, now);
}

async function insertDays(
  q: Queryable,
  source: CharacterizationSource,
  days: readonly { backend: string; date: Date }[],
): Promise<void> {
  if (days.length === 0) return;
  const rows = days.map(({ backend, date }) => {
    const id = randomUUID();
    return { id, backend, date: date.toISOString(), body: source.body(backend, date, id) };
  });
  await q.query(
    'INSERT INTO characterizations (id, backend, date, body) SELECT id, backend, date, body FROM jsonb_to_recordset($1::jsonb) AS x(id uuid, backend text, date timestamptz, body jsonb)',
    [JSON.stringify(rows)],
  );
}

/** The day each QPU's newest record is for (start of its UTC day), if it has one. */
async function newestDays(q: Queryable): Promise<Map<string, number>> {
  const rows = await q.query<{ backend: string; date: Date }>(
    'SELECT backend, max(date) AS date FROM characterizations GROUP BY backend',
  );
  return new Map(rows.map((r) => [r.backend, startOfDay(new Date(r.date))]));
}

/** Adds one record per QPU for every day since its newest, up to `now`'s day (a service running for days gets one a day). */
export async function extendCharacterizations(db: Db, source: CharacterizationSource, now = new Date()): Promise<void> {
  const today = startOfDay(now);
  const stale = (newest: Map<string, number>) =>
    source.backends.some((b) => newest.has(b) && (newest.get(b) as number) < today);
  if (!stale(await newestDays(db))) return;
  await db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [SEED_LOCK]);
    const newest = await newestDays(q);
    const days: { backend: string; date: Date }[] = [];
    for (const backend of source.backends) {
      const from = newest.get(backend);
      if (from === undefined) continue;
      for (let day = from + DAY_MS; day <= today; day += DAY_MS) days.push({ backend, date: new Date(day) });
    }
    await insertDays(q, source, days);
  });
}

/** The record current at `at` for a backend: its newest dated at or before then (the oldest if none is). */
export async function characterizationAt(
  db: Queryable,
  backend: string,
  at: Date,
): Promise<CharacterizationRecord | null> {
  const rows = await db.query<CharacterizationRecord>(
    'SELECT * FROM characterizations WHERE backend = $1 ORDER BY (date <= $2) DESC, CASE WHEN date <= $2 THEN date END DESC, date ASC LIMIT 1',
    [backend, at.toISOString()],
  );
  return rows[0] ?? null;
}

export interface CharacterizationQuery {
  readonly backend: string;
  readonly start?: Date | undefined;
  readonly end?: Date | undefined;
  readonly limit: number;
  readonly page: number;
}

/** One page, newest first, and how many pages the filter has. */
export async function listCharacterizations(
  db: Queryable,
  query: CharacterizationQuery,
): Promise<{ items: CharacterizationRecord[]; pages: number }> {
  const params: unknown[] = [query.backend, query.start ?? null, query.end ?? null];
  const where = 'backend = $1 AND ($2::timestamptz IS NULL OR date >= $2) AND ($3::timestamptz IS NULL OR date < $3)';
  const count = await db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM characterizations WHERE ${where}`,
    params,
  );
  const items = await db.query<CharacterizationRecord>(
    `SELECT * FROM characterizations WHERE ${where} ORDER BY date DESC LIMIT $4 OFFSET $5`,
    [...params, query.limit, (query.page - 1) * query.limit],
  );
  return { items, pages: Math.ceil((count[0]?.n ?? 0) / query.limit) };
}

export async function getCharacterization(
  db: Queryable,
  id: string,
  backend?: string,
): Promise<CharacterizationRecord | null> {
  const rows = await db.query<CharacterizationRecord>(
    'SELECT * FROM characterizations WHERE id = $1 AND ($2::text IS NULL OR backend = $2)',
    [id, backend ?? null],
  );
  return rows[0] ?? null;
}

/** The newest characterization of each backend (for the backends list). */
export async function latestCharacterizations(db: Queryable): Promise<Map<string, CharacterizationRecord>> {
  const rows = await db.query<CharacterizationRecord>(
    'SELECT DISTINCT ON (backend) * FROM characterizations ORDER BY backend, date DESC',
  );
  return new Map(rows.map((r) => [r.backend, r]));
}

/** Jobs waiting per backend, for `average_queue_time`. */
export async function queuedPerBackend(db: Queryable): Promise<Map<string, number>> {
  const rows = await db.query<{ backend: string; n: number }>(
    "SELECT backend, count(*)::int AS n FROM jobs WHERE status IN ('submitted', 'ready') GROUP BY backend",
  );
  return new Map(rows.map((r) => [r.backend, r.n]));
}
