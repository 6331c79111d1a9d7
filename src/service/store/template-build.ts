/**
 * Builds the store template (template.ts) at `npm run build`: initdb in a
 * PGlite started as the store starts it in a temporary directory, this
 * build's migrations, the unused template databases dropped, a clean shutdown, then the directory packed as a
 * gzipped ustar archive (template-tar.ts). Its own module, since
 * it needs the driver (pglite.ts) that reads the template.
 */
import { existsSync, mkdtempSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { applyMigrations } from './migrate.js';
import { PGLITE_START_PARAMS, pgliteDb } from './pglite.js';
import { candidates } from './template.js';
import { packTemplate } from './template-tar.js';

/**
 * The store lives in PGlite's `postgres` database and never creates another,
 * so initdb's two template databases are dropped: they were 2 of 3 copies of
 * the system catalogues, 640 of the archive's 1,015 files, and every new
 * store wrote them all (opening a file costs more than writing 8 KB to it).
 */
async function dropUnusedDatabases(pg: PGlite): Promise<void> {
  for (const name of ['template0', 'template1']) {
    await pg.exec(`ALTER DATABASE ${name} IS_TEMPLATE false`);
    await pg.exec(`DROP DATABASE ${name}`);
  }
}

/**
 * Writes the template beside the built module (npm run build calls this), or
 * at `path`; does nothing when the one for this PGlite and these migrations
 * exists. Returns its path.
 */
export async function writeStoreTemplate(path = candidates()[0] as string): Promise<string> {
  if (existsSync(path)) return path;
  // Templates of another PGlite or other migrations are never read again.
  for (const old of readdirSync(dirname(path)))
    if (/^empty-store\..*\.tar\.gz$/.test(old)) rmSync(join(dirname(path), old), { force: true });
  const dataDir = mkdtempSync(join(tmpdir(), 'q3p-store-template-'));
  try {
    const pg = await PGlite.create(dataDir, { startParams: [...PGLITE_START_PARAMS] });
    try {
      await applyMigrations(pgliteDb(pg));
      await dropUnusedDatabases(pg);
    } finally {
      await pg.close();
    }
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, packTemplate(dataDir));
    renameSync(partial, path);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return path;
}
