/**
 * The service's side of the embedded store's thread (store/pglite-thread.ts):
 * a {@link Db} whose calls are messages. A thread that dies fails every call
 * in flight and after with "PGlite is closed", which the HTTP layer answers
 * with 503.
 */
import type { Worker } from 'node:worker_threads';
import { startThread } from './start-thread.js';
import type { Db, Queryable } from './db.js';
import { errorFromData, type StoreReply, type StoreRequest, type StoreThreadSetup } from './pglite-protocol.js';

type Pending = { resolve: (rows: unknown[] | undefined) => void; reject: (error: Error) => void };
type Request = StoreRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never;

/** Starts the store's thread; resolves once PGlite is open in it, rejects with its error otherwise. */
export async function startStoreThread(setup: StoreThreadSetup): Promise<Worker> {
  const thread = startThread(import.meta.url, 'pglite-thread', setup);
  let onMessage = (_reply: StoreReply): void => undefined;
  let onError = (_error: Error): void => undefined;
  let onExit = (_code: number): void => undefined;
  try {
    await new Promise<void>((resolve, reject) => {
      onMessage = (reply) => {
        if (reply.kind === 'ready') resolve();
        else if (reply.kind === 'failed') reject(errorFromData(reply.error));
      };
      onError = reject;
      onExit = (code) => reject(new Error(`The store's thread exited (code ${code}) before PGlite opened`));
      thread.on('message', onMessage).on('error', onError).on('exit', onExit);
    });
  } catch (error) {
    await thread.terminate();
    throw error;
  } finally {
    // Only these: Node's own listeners on a Worker keep its messages flowing.
    thread.off('message', onMessage).off('error', onError).off('exit', onExit);
  }
  return thread;
}

/** The Db that sends its calls to `thread`; `release` runs once the thread has ended on close. */
export function threadDb(thread: Worker, release: () => void): Db {
  const pending = new Map<number, Pending>();
  /** Per channel: its callbacks, and the LISTEN they wait for (removed again if that fails). */
  const listeners = new Map<
    string,
    { readonly callbacks: Set<(payload: string) => void>; readonly listening: Promise<unknown> }
  >();
  let nextId = 1;
  let nextTx = 1;
  let closedBecause: string | null = null;

  const failAll = (why: string): void => {
    closedBecause ??= why;
    for (const { reject } of pending.values()) reject(new Error(`PGlite is closed: ${why}`));
    pending.clear();
  };
  thread.on('message', (reply: StoreReply) => {
    if (reply.kind === 'notify') {
      for (const onNotify of listeners.get(reply.channel)?.callbacks ?? []) onNotify(reply.payload);
      return;
    }
    if (reply.kind !== 'done' && reply.kind !== 'error') return;
    const waiting = pending.get(reply.id);
    pending.delete(reply.id);
    if (reply.kind === 'done') waiting?.resolve(reply.rows);
    else waiting?.reject(errorFromData(reply.error));
  });
  thread.on('error', (error) => failAll(`its thread failed: ${error.message}`));
  thread.on('exit', (code) => failAll(`its thread exited (code ${code})`));

  const call = (request: Request): Promise<unknown[] | undefined> => {
    if (closedBecause !== null) return Promise.reject(new Error(`PGlite is closed: ${closedBecause}`));
    const id = nextId++;
    return new Promise((resolve, reject) => {
      pending.set(id, { resolve, reject });
      const message: StoreRequest = { ...request, id };
      thread.postMessage(message);
    });
  };
  /** The channel's entry, its LISTEN sent; a LISTEN that fails leaves no entry, so the next listen sends its own. */
  const startListening = (channel: string) => {
    const entry = { callbacks: new Set<(payload: string) => void>(), listening: call({ op: 'listen', channel }) };
    listeners.set(channel, entry);
    entry.listening.catch(() => {
      if (listeners.get(channel) === entry) listeners.delete(channel);
    });
    return entry;
  };
  const queryable = (tx?: number): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const request =
        tx === undefined ? { op: 'query' as const, sql, params } : { op: 'query' as const, sql, params, tx };
      return ((await call(request)) ?? []) as T[];
    },
  });

  return {
    kind: 'pglite',
    ...queryable(),
    async tx(work) {
      const tx = nextTx++;
      await call({ op: 'begin', tx });
      let result;
      try {
        result = await work(queryable(tx));
      } catch (error) {
        await call({ op: 'end', tx, commit: false }).catch(() => undefined);
        throw error;
      }
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    async listen(channel, onNotify) {
      const entry = listeners.get(channel) ?? startListening(channel);
      // Every caller waits for the channel's LISTEN, so a concurrent one fails with it rather than hearing nothing.
      await entry.listening;
      const { callbacks } = entry;
      callbacks.add(onNotify);
      return async () => {
        callbacks.delete(onNotify);
        if (callbacks.size > 0 || listeners.get(channel) !== entry) return;
        listeners.delete(channel);
        if (closedBecause === null) await call({ op: 'unlisten', channel });
      };
    },
    async close() {
      try {
        if (closedBecause === null) await call({ op: 'close' });
      } finally {
        closedBecause ??= 'the store was closed';
        await thread.terminate();
        release();
      }
    },
  };
}
