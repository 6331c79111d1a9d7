/**
 * Numbered migrations (`migrations/NNN-name.sql`), applied in order at start
 * inside one transaction holding an advisory lock, so several processes that
 * start at once apply each migration exactly once.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { Db } from './db.js';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
/** Arbitrary constant naming this service's migration lock. */
const MIGRATION_LOCK = 74_236_011;

export interface Migration {
  readonly version: number;
  readonly name: string;
  readonly sql: string;
}

export function readMigrations(): Migration[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((name) => /^\d+-.+\.sql$/.test(name))
    .sort()
    .map((name) => ({
      version: Number.parseInt(name, 10),
      name,
      sql: readFileSync(new URL(name, MIGRATIONS_DIR), 'utf8'),
    }));
}

/** Applies the migrations not yet applied; returns their names. */
export async function applyMigrations(db: Db): Promise<string[]> {
  const migrations = readMigrations();
  return db.tx(async (q) => {
    await q.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await q.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await q.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version),
    );
    const applied: string[] = [];
    for (const migration of migrations) {
      if (done.has(migration.version)) continue;
      for (const statement of splitStatements(migration.sql)) await q.query(statement);
      await q.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [
        migration.version,
        migration.name,
      ]);
      applied.push(migration.name);
    }
    return applied;
  });
}

/** Splits a migration into statements (they hold no semicolons inside literals or bodies). */
function splitStatements(sql: string): string[] {
  return sql
    .replace(/--[^\n]*/g, '')
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);
}
