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
import type { Db, Queryable } from './db.js';

export async function openPglite(dataDir: string): Promise<Db> {
  mkdirSync(dataDir, { recursive: true });
  const release = acquireLock(dataDir);
  let pg: PGlite;
  try {
    // A new directory starts from the template built with the package (about a second) instead of initdb.
    const template = existsSync(join(dataDir, 'PG_VERSION')) ? null : storeTemplate();
    pg = await PGlite.create(dataDir, template ? { loadDataDir: template } : {});
  } catch (error) {
    release();
    throw error;
  }
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
      try {
        if (!pg.closed) await pg.close();
      } finally {
        release();
      }
    },
  };
}
