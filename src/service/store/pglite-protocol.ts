/**
 * Messages between the service and the thread that owns its embedded
 * PostgreSQL (store/pglite-thread.ts). Every request carries an id that its
 * one reply repeats; notifications arrive unasked.
 */

/** What the service asks of the store's thread. */
export type StoreRequest =
  | {
      readonly op: 'query';
      readonly id: number;
      readonly sql: string;
      readonly params: readonly unknown[];
      readonly tx?: number;
    }
  /** Opens transaction `tx`; the reply comes once it holds the database. */
  | { readonly op: 'begin'; readonly id: number; readonly tx: number }
  /** Commits or rolls back transaction `tx`; the reply comes once that is done. */
  | { readonly op: 'end'; readonly id: number; readonly tx: number; readonly commit: boolean }
  | { readonly op: 'listen'; readonly id: number; readonly channel: string }
  | { readonly op: 'unlisten'; readonly id: number; readonly channel: string }
  | { readonly op: 'close'; readonly id: number };

/** An error as it crosses the thread boundary: its message and PostgreSQL's fields (code, detail, ...). */
export interface StoreErrorData {
  readonly message: string;
  readonly fields: Readonly<Record<string, string | number>>;
}

/** What the store's thread sends back. */
export type StoreReply =
  | { readonly kind: 'ready' }
  | { readonly kind: 'failed'; readonly error: StoreErrorData }
  | { readonly kind: 'done'; readonly id: number; readonly rows?: unknown[] }
  | { readonly kind: 'error'; readonly id: number; readonly error: StoreErrorData }
  | { readonly kind: 'notify'; readonly channel: string; readonly payload: string };

/** What the store's thread is told at start. */
export interface StoreThreadSetup {
  readonly dataDir: string;
  readonly startParams: readonly string[];
}

/** An error's message and its own string or number fields (PostgreSQL's `code`, `detail`, `constraint`, ...). */
export function errorData(error: unknown): StoreErrorData {
  if (!(error instanceof Error)) return { message: String(error), fields: {} };
  const fields: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(error))
    if (typeof value === 'string' || typeof value === 'number') fields[key] = value;
  return { message: error.message, fields };
}

/** The error again on the service's side, with the same message and fields. */
export function errorFromData(data: StoreErrorData): Error {
  return Object.assign(new Error(data.message), data.fields);
}
