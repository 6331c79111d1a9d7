/**
 * Fixed-window request counters in the database, so that every `serve`
 * process on one PostgreSQL server counts against the same limit. Windows are
 * cut on the server's clock, so processes on machines whose clocks disagree
 * still share one window.
 */
import type { Queryable } from './db.js';

/** Counts one request of `key`; answers the count in the current window and the ms left in it. */
const COUNT_REQUEST = `
  WITH w AS (SELECT to_timestamp(floor(extract(epoch FROM now()) * 1000 / $2) * $2 / 1000.0) AS start)
  INSERT INTO rate_limits AS r (key, window_start, count) SELECT $1, w.start, 1 FROM w
  ON CONFLICT (key) DO UPDATE SET
    count = CASE WHEN r.window_start = EXCLUDED.window_start THEN r.count + 1 ELSE 1 END,
    window_start = EXCLUDED.window_start
  RETURNING count, greatest(0, ceil(extract(epoch FROM (window_start + $2 * interval '1 millisecond' - now())) * 1000))::int AS ttl`;

export async function countRequest(
  q: Queryable,
  key: string,
  windowMs: number,
): Promise<{ current: number; ttl: number }> {
  const rows = await q.query<{ count: number; ttl: number }>(COUNT_REQUEST, [key, windowMs]);
  const row = rows[0];
  return { current: row?.count ?? 1, ttl: row?.ttl ?? windowMs };
}

/** Drops counters whose window ended long ago (keys that stopped sending, or a flood of made-up keys). */
export async function dropStaleCounters(q: Queryable, olderThanMs: number): Promise<void> {
  await q.query(`DELETE FROM rate_limits WHERE window_start < now() - $1 * interval '1 millisecond'`, [olderThanMs]);
}
