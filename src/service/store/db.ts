/**
 * The store's one seam: both drivers (PGlite embedded, `pg` against a
 * server) answer the same SQL through this interface, so every query in the
 * service is written once. The factory that picks a driver is store/open.ts:
 * the drivers import this file, so it imports none of them.
 */

/** Something that runs SQL: the database itself or an open transaction. */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'pg';
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  tx<T>(work: (q: Queryable) => Promise<T>): Promise<T>;
  /** Calls `onNotify` for each NOTIFY on `channel`; resolves to a function that stops listening. */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/** Thrown when the store cannot be reached (the HTTP layer answers 503). */
export class StoreUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`The store cannot be reached: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'StoreUnavailableError';
  }
}

/** Channel on which new jobs are announced to idle workers. */
export const JOBS_CHANNEL = 'qasm3_preflight_jobs';
