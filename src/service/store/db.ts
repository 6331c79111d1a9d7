/**
 * The store's one seam: both drivers (PGlite embedded, `pg` against a
 * server) answer the same SQL through this interface, so every query in the
 * service is written once.
 */

/** Something that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  tx<T>(work: (q: Queryable) => Promise<T>): Promise<T>;
  /** Calls `onNotify` for each NOTIFY on `channel`; resolves to a function that stops listening. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Thrown when the store cannot be reached (the HTTP layer answers 503). */
export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The store cannot be reached: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StoreUnavailableError';
  }
}

/** Channel on which new jobs are announced to idle workers. */
export const JOBS_CHANNEL = 'qasm3_preflight_jobs';

/** Options that pick a driver: a server URL wins over the embedded data directory. */
export interface StoreOptions {
  /** postgres://... of a PostgreSQL server; absent: the embedded store in `dataDir`. */
  readonly databaseUrl?: string | undefined;
  /** Data directory of the embedded store (default `./.qasm3-preflight/`). */
  readonly dataDir?: string | undefined;
}

export const DEFAULT_DATA_DIR = './.qasm3-preflight';

/** Opens the store the options name and brings its schema up to date. */
export async function openStore(options: StoreOptions): Promise<Db> {
  const { applyMigrations } = await import('./migrate.js');
  const db = options.databaseUrl
    ? await (await import('./pg.js')).openPg(options.databaseUrl)
    : await (await import('./pglite.js')).openPglite(options.dataDir ?? DEFAULT_DATA_DIR);
  try {
    await applyMigrations(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
