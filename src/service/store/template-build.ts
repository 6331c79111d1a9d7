/**
 * Builds the store template (template.ts) at `npm run build`: initdb in an
 * in-memory PGlite started as the store starts it, this build's migrations,
 * then PGlite's gzipped tarball of the data directory. Its own module, since
 * it needs the driver (pglite.ts) that reads the template.
 */
import { existsSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { applyMigrations } from './migrate.js';
import { PGLITE_START_PARAMS, pgliteDb } from './pglite.js';
import { candidates } from './template.js';

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
  const pg = await PGlite.create({ startParams: [...PGLITE_START_PARAMS] });
  try {
    await applyMigrations(pgliteDb(pg));
    const tarball = await pg.dumpDataDir('gzip');
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, new Uint8Array(await tarball.arrayBuffer()));
    renameSync(partial, path);
  } finally {
    await pg.close();
  }
  return path;
}
