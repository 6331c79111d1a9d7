/**
 * A new embedded store opens from the template built with the package
 * (template.ts): initdb and every migration already done, so its first open
 * applies none, and PostgreSQL starts with the 16 MB buffer cache whose
 * zeroing no longer dominates the open (docs/service.md, "Starting it").
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyMigrations, readMigrations } from '../../src/service/store/migrate.js';
import { openPglite } from '../../src/service/store/pglite.js';
import { storeTemplatePath } from '../../src/service/store/template.js';
import { ensureStoreTemplate } from './store-template-fixture.js';

describe('the embedded store template', () => {
  const dirs: string[] = [];
  beforeAll(ensureStoreTemplate, 600_000);
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('is named for the PGlite and the migrations it holds', () => {
    expect(basename(storeTemplatePath() ?? '')).toMatch(
      /^empty-store\.format-\d+\.pglite-\d+\.\d+\.\d+\.migrations-[0-9a-f]{12}\.tar\.gz$/,
    );
  });

  it('opens a new store with every migration applied, no key, and a 16 MB buffer cache', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'q3p-template-'));
    dirs.push(dir);
    const db = await openPglite(dir);
    try {
      expect(await applyMigrations(db)).toEqual([]);
      const applied = await db.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY version');
      expect(applied.map((m) => m.name)).toEqual(readMigrations().map((m) => m.name));
      expect(await db.query('SELECT id FROM api_keys')).toEqual([]);
      expect(await db.query('SHOW shared_buffers')).toEqual([{ shared_buffers: '16MB' }]);
      // initdb's template databases are left out of the template: the store uses `postgres` alone.
      expect(await db.query('SELECT datname FROM pg_database')).toEqual([{ datname: 'postgres' }]);
    } finally {
      await db.close();
    }
  }, 300_000);
});
