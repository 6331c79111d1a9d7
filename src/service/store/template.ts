/**
 * The embedded store's empty data directory, made once at build time.
 * Creating a PGlite data directory runs PostgreSQL's initdb in WebAssembly
 * (16-20 s on a loaded 2-core machine); a new store instead unpacks this
 * tarball (PGlite's `loadDataDir`, the format of its `dumpDataDir`) and opens
 * in about a second. It holds initdb's output only: no migrations, no keys, no
 * secrets, so every store made from it is as new as one made by initdb.
 *
 * The file name carries the PGlite version that wrote it: a data directory
 * from another PGlite may not open in this one, and a store is then created
 * the slow way instead.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The installed PGlite's version (from its package.json). */
export function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = dirname(entry);
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

const fileName = () => `empty-store.pglite-${pgliteVersion()}.tar.gz`;

/**
 * Where the built template lives: beside this module in dist/, and (for code
 * run from src/ by tsx, as the tests do) in the checkout's dist/.
 */
function candidates(): string[] {
  const here = dirname(fileURLToPath(import.meta.url));
  return [join(here, fileName()), join(here, '..', '..', '..', 'dist', 'service', 'store', fileName())];
}

/** The template's path, or null when none was built for this PGlite. */
export function storeTemplatePath(): string | null {
  return candidates().find((path) => existsSync(path)) ?? null;
}

/** The template as a Blob for PGlite's `loadDataDir`, or null. */
export function storeTemplate(): Blob | null {
  const path = storeTemplatePath();
  return path ? new Blob([readFileSync(path)]) : null;
}

/**
 * Writes the template beside the built module (npm run build calls this);
 * does nothing when the one for this PGlite exists. Returns its path.
 */
export async function writeStoreTemplate(): Promise<string> {
  const path = candidates()[0] as string;
  if (existsSync(path)) return path;
  const { PGlite } = await import('@electric-sql/pglite');
  const pg = await PGlite.create();
  try {
    const tarball = await pg.dumpDataDir('gzip');
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, new Uint8Array(await tarball.arrayBuffer()));
    renameSync(partial, path);
  } finally {
    await pg.close();
  }
  return path;
}
