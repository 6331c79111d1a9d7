/**
 * `qasm3-preflight/service`: the v0.3 and v0.4 job API on the library
 * (docs/service.md). Loads Fastify and the store drivers; the library's own
 * entry point never imports this.
 *
 * @example
 * const service = await createService({ dataDir: './.qasm3-preflight', port: 0 });
 * const url = await service.listen(); // http://127.0.0.1:<port>
 * await service.close();
 */
import type { FastifyServerOptions } from 'fastify';
import type { Db } from './store/db.js';
import { DEFAULT_DATA_DIR, openStore } from './store/open.js';
import { startAdminSocket } from './admin.js';
import { seedCatalog, createKey } from './store/catalog.js';
import type { JobsService } from './jobs/service.js';
import type { JobRunner } from './worker/runner.js';
import type { App } from './http/types.js';
import type { RateLimitOptions } from './http/rate-limit.js';
import type { Timeouts } from './http/timeouts.js';

export interface ServiceOptions {
  /** Embedded store directory (default `./.qasm3-preflight/`); ignored with `databaseUrl` or `db`. */
  readonly dataDir?: string | undefined;
  /** postgres://... of a PostgreSQL server (else `DATABASE_URL` is not read here: the CLI reads it). */
  readonly databaseUrl?: string | undefined;
  /** An open store to use instead (it is not closed by `close()`). */
  readonly db?: Db | undefined;
  readonly host?: string | undefined;
  /** 0 picks a free port (default 8080). */
  readonly port?: number | undefined;
  /** Jobs run at once in this process (worker threads); 0 runs none (an HTTP-only process). Default 1. */
  readonly workers?: number | undefined;
  /** Lease of a claimed job in ms (default 30 s). */
  readonly leaseMs?: number | undefined;
  /** Fastify's logger option (default off). */
  readonly logger?: FastifyServerOptions['logger'] | undefined;
  readonly version?: string | undefined;
  /** Per-key request limit (429 over it); absent: none. Shared by every process on one PostgreSQL server. */
  readonly rateLimit?: RateLimitOptions | undefined;
  /** Client timeouts (header, request, keep-alive, idle); each has a default. */
  readonly timeouts?: Timeouts | undefined;
}

export interface Service {
  readonly app: App;
  readonly db: Db;
  readonly jobs: JobsService;
  readonly runner: JobRunner | null;
  /** Starts listening; resolves to `http://host:port`. */
  listen(): Promise<string>;
  /** Stops accepting, hands running jobs back to the queue, closes the store (if it opened it). */
  close(): Promise<void>;
}

/**
 * Fastify, the routes, the job runner and the library (about 1.5 s of CPU on
 * a loaded 2-core machine) load when a service or worker starts, not on
 * import: `keys create|list|revoke` import this module for the store alone.
 */
async function serviceModules() {
  const [{ characterizationSource }, { JobsService }, { JobRunner }, { buildApp }] = await Promise.all([
    import('./jobs/characterizations.js'),
    import('./jobs/service.js'),
    import('./worker/runner.js'),
    import('./http/app.js'),
  ]);
  return { characterizationSource, JobsService, JobRunner, buildApp };
}

export async function createService(options: ServiceOptions = {}): Promise<Service> {
  const ownsDb = options.db === undefined;
  const { characterizationSource, JobsService, JobRunner, buildApp } = await serviceModules();
  const db = options.db ?? (await openStore({ databaseUrl: options.databaseUrl, dataDir: options.dataDir }));
  try {
    await seedCatalog(db, characterizationSource);
    let runner: JobRunner | null = null;
    const jobs = new JobsService(db, () => runner?.wake(), {
      reserve: () => runner?.reserve() ?? null,
      settle: (claim, claimed) => runner?.settle(claim, claimed),
      runBeforeInsert: (inserted) => runner?.runBeforeInsert(inserted) ?? null,
    });
    const app = await buildApp({
      db,
      jobs,
      logger: options.logger,
      version: options.version,
      rateLimit: options.rateLimit,
      timeouts: options.timeouts,
    });
    const workers = options.workers ?? 1;
    const log = (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) =>
      app.log[level](fields ?? {}, message);
    runner = workers > 0 ? new JobRunner(db, { threads: workers, leaseMs: options.leaseMs, log }) : null;
    await runner?.start();
    const closeAdmin =
      ownsDb && !options.databaseUrl ? await adminSocket(db, options.dataDir ?? DEFAULT_DATA_DIR, log) : null;
    let closed = false;
    return {
      app,
      db,
      jobs,
      runner,
      async listen() {
        await app.listen({ host: options.host ?? '127.0.0.1', port: options.port ?? 8080 });
        const address = app.server.address();
        const port = typeof address === 'object' && address ? address.port : options.port;
        const host = options.host ?? '127.0.0.1';
        return `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
      },
      async close() {
        if (closed) return;
        closed = true;
        await closeAdmin?.();
        await app.close();
        await runner?.stop();
        if (ownsDb) await db.close();
      },
    };
  } catch (error) {
    if (ownsDb) await db.close();
    throw error;
  }
}

/**
 * The embedded store's admin socket (admin.ts), so `keys` works while this
 * process holds the data directory. A directory whose path is too long for a
 * socket name serves without one: the keys commands then say the directory is
 * in use, as before.
 */
async function adminSocket(
  db: Db,
  dataDir: string,
  log: (level: 'warn', message: string, fields?: Record<string, unknown>) => void,
): Promise<(() => Promise<void>) | null> {
  try {
    return await startAdminSocket(db, dataDir);
  } catch (error) {
    log('warn', 'no admin socket: keys commands cannot reach this process', { err: String(error) });
    return null;
  }
}

/** Runs only jobs: a `worker` process beside any number of `serve` processes on one PostgreSQL server. */
export async function createWorker(options: {
  databaseUrl?: string;
  dataDir?: string;
  db?: Db;
  workers?: number;
  leaseMs?: number;
  log?: (level: 'info' | 'warn' | 'error', message: string, fields?: Record<string, unknown>) => void;
}) {
  const ownsDb = options.db === undefined;
  const db = options.db ?? (await openStore({ databaseUrl: options.databaseUrl, dataDir: options.dataDir }));
  const { characterizationSource, JobRunner } = await serviceModules();
  await seedCatalog(db, characterizationSource);
  const runner = new JobRunner(db, { threads: options.workers ?? 1, leaseMs: options.leaseMs, log: options.log });
  await runner.start();
  return {
    runner,
    db,
    async close() {
      await runner.stop();
      if (ownsDb) await db.close();
    },
  };
}

export { openStore, createKey };
export { listKeys, revokeKey } from './store/catalog.js';
export type { Db, Queryable } from './store/db.js';
export type { StoreOptions } from './store/open.js';
export type { RateLimitOptions } from './http/rate-limit.js';
export type { Timeouts } from './http/timeouts.js';
export { DataDirLockedError } from './store/lock.js';
export { adminClient, type AdminClient } from './admin.js';
