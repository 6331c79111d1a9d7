/**
 * Opens the store the options name: a PostgreSQL server through `pg`, or the
 * embedded PGlite in a data directory, and brings its schema up to date. The
 * drivers load on demand, so a process only pays for the one it opens.
 */
import type { Db } from './db.js';

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
