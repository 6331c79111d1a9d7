/**
 * The embedded store: PGlite (PostgreSQL in WebAssembly) in a data directory.
 * PGlite does not lock its directory and a second process writing to it loses
 * its writes silently, so the directory carries a lock file with the holder's
 * pid (store/lock.ts).
 */
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { acquireLock } from './lock.js';
import { storeTemplate } from './template.js';
import { unpackTemplate } from './template-tar.js';
import type { Db, Queryable } from './db.js';
import { startStoreThread, threadDb } from './pglite-client.js';

/**
 * PGlite's start parameters with a 16 MB buffer cache instead of
 * postgresql.conf's 128 MB: PostgreSQL zeroes its shared buffers at start,
 * which in WebAssembly was the largest single cost of opening a store (a
 * CPU profile of a new store's open: 3.0 s of 11 s in that memset at load
 * 15-19). The embedded store's tables are small and the files sit in the
 * operating system's cache anyway.
 */
export const PGLITE_START_PARAMS: readonly string[] = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Opens the embedded store in `dataDir` on a thread of its own
 * (store/pglite-thread.ts): PostgreSQL's work, a large jsonb conversion
 * included, no longer stops the HTTP server.
 */
export async function openPglite(dataDir: string): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  const release = acquireLock(dataDir);
  try {
    // A new directory starts from the template built with the package (initdb and migrations done) instead of initdb.
    const template = existsSync(join(dataDir, 'PG_VERSION')) ? null : storeTemplate();
    if (template) unpackTemplate(template, dataDir);
    const thread = await startStoreThread({ dataDir, startParams: PGLITE_START_PARAMS });
    return threadDb(thread, release);
  } catch (error) {
    release();
    throw error;
  }
}

/** The Db of an open PGlite (closing it is the caller's). */
export function pgliteDb(pg: PGlite): Db {
  const wrap = (q: Pick<PGlite, 'query'>): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      return (await q.query<T>(sql, params as unknown[])).rows;
    },
  });
  return {
    kind: 'pglite',
    ...wrap(pg),
    tx: (work) => pg.transaction((tx) => work(wrap(tx))),
    async listen(channel, onNotify) {
      const stop = await pg.listen(channel, onNotify);
      return async () => {
        if (!pg.closed) await stop();
      };
    },
    async close() {
      if (!pg.closed) await pg.close();
    },
  };
}
