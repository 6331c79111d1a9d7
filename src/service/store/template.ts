/**
 * The embedded store's empty data directory, made once at build time.
 * Creating a PGlite data directory runs PostgreSQL's initdb in WebAssembly
 * (16-20 s on a loaded 2-core machine); a new store instead unpacks this
 * tarball (the format of PGlite's `dumpDataDir`; template-tar.ts). It holds
 * initdb's output and this build's migrations (so a new store does not run
 * them again): no keys, no secrets, no jobs, so every store made from it is
 * as new as one made by initdb and migrated.
 *
 * The file name carries the archive's format (template-tar.ts; a checkout
 * built before a change of it builds its template again), the PGlite version
 * that wrote it (a data directory from another PGlite may not open in this
 * one: a store is then created the slow way) and a digest of the migrations
 * it holds (a template of other migrations is not used; openStore applies any
 * the template lacks).
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { readMigrations } from './migrate.js';

/** The installed PGlite's version (from its package.json). */
export function pgliteVersion(): string {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  let dir = dirname(entry);
  while (!existsSync(join(dir, 'package.json'))) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Digest of the migrations' names and text: a template holds exactly these. */
function migrationsDigest(): string {
  const hash = createHash('sha256');
  for (const m of readMigrations()) hash.update(`${m.name}\0${m.sql}\0`);
  return hash.digest('hex').slice(0, 12);
}

/**
 * 3: without initdb's template databases (template-build.ts); 2: packed from a
 * cleanly shut-down directory; 1: PGlite's dump of a running server.
 */
const TEMPLATE_FORMAT = 3;

const fileName = () =>
  `empty-store.format-${TEMPLATE_FORMAT}.pglite-${pgliteVersion()}.migrations-${migrationsDigest()}.tar.gz`;

/**
 * Where the built template lives: beside this module in dist/, and (for code
 * run from src/ by tsx, as the tests do) in the checkout's dist/.
 */
export function candidates(): string[] {
  const here = dirname(fileURLToPath(import.meta.url));
  return [join(here, fileName()), join(here, '..', '..', '..', 'dist', 'service', 'store', fileName())];
}

/** The template's path, or null when none was built for this PGlite. */
export function storeTemplatePath(): string | null {
  return candidates().find((path) => existsSync(path)) ?? null;
}

/** The template's bytes (gzipped tar, PGlite's `dumpDataDir` format), or null. */
export function storeTemplate(): Buffer | null {
  const path = storeTemplatePath();
  return path ? readFileSync(path) : null;
}
