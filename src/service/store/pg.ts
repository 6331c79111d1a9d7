/**
 * A PostgreSQL server through `pg`. int8 is read as a number, as PGlite
 * returns it (the only int8 is the jobs' sequence, far below 2^53).
 */
import pg from 'pg';
import { StoreUnavailableError, type Db, type Queryable } from './db.js';

pg.types.setTypeParser(20, (value) => Number(value));

/** Errors that mean the server is not there (as opposed to a bad statement). */
function isConnectionError(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  const message = error instanceof Error ? error.message : '';
  return (
    [
      'ECONNREFUSED',
      'ECONNRESET',
      'ETIMEDOUT',
      'EPIPE',
      'ENOTFOUND',
      '57P01',
      '57P02',
      '57P03',
      '08000',
      '08003',
      '08006',
      '08001',
      '08004',
    ].includes(code) ||
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable|the database system is (starting up|shutting down)/i.test(
      message,
    )
  );
}

/**
 * The server broke a lock cycle by aborting this transaction, which changed
 * nothing: run it again. Cycles come from two changes to one multicircuit
 * job meeting in opposite order (a parent canceled while a child completes).
 */
const DEADLOCK = '40P01';
const DEADLOCK_RETRIES = 3;

async function retryingDeadlocks<T>(work: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK || attempt > DEADLOCK_RETRIES) throw error;
    }
  }
}

function translate(error: unknown): never {
  throw isConnectionError(error) ? new StoreUnavailableError(error) : error;
}

/**
 * Statements with parameters are prepared once per connection under a name
 * (their text is fixed, so the names are few): the server parses and plans
 * them once instead of on every call, which made a grouped job insert a
 * quarter cheaper. Past this many distinct texts, statements go unnamed.
 */
const MAX_NAMED_STATEMENTS = 500;

export async function openPg(url: string): Promise<Db> {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    connectionTimeoutMillis: 5000,
    idleTimeoutMillis: 30_000,
  });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => undefined);
  const names = new Map<string, string>();
  const nameOf = (sql: string): string | undefined => {
    let name = names.get(sql);
    if (name === undefined && names.size < MAX_NAMED_STATEMENTS) names.set(sql, (name = `s${names.size}`));
    return name;
  };
  const query = async <T>(
    q: Pick<pg.PoolClient, 'query'>,
    sql: string,
    params: readonly unknown[] = [],
  ): Promise<T[]> => {
    try {
      const name = params.length > 0 ? nameOf(sql) : undefined;
      const result = name
        ? await q.query({ name, text: sql, values: params as unknown[] })
        : await q.query(sql, params as unknown[]);
      return result.rows as T[];
    } catch (error) {
      return translate(error);
    }
  };
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let listenClient: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;
  // Through a server outage the listening connection is retried every second until it is back.
  const reconnectLater = (): void => {
    if (closed || retry || listeners.size === 0) return;
    retry = setTimeout(() => {
      retry = null;
      void connectListener().catch(reconnectLater);
    }, 1000);
    retry.unref();
  };
  const connectListener = async (): Promise<void> => {
    const client = new pg.Client({ connectionString: url });
    client.on('error', () => undefined);
    client.on('end', () => {
      if (listenClient === client) listenClient = null;
      reconnectLater();
    });
    client.on('notification', (message) => {
      for (const fn of listeners.get(message.channel) ?? []) fn(message.payload ?? '');
    });
    try {
      await client.connect();
      for (const channel of listeners.keys()) await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    listenClient = client;
  };
  const transaction = async <T>(work: (q: Queryable) => Promise<T>): Promise<T> => {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      return translate(error);
    }
    // A checked-out client whose server goes away between two statements emits 'error' with no query to
    // take it; unheard, it would end the process. The next statement reports it instead.
    const ignore = () => undefined;
    client.on('error', ignore);
    const q: Queryable = { query: (sql, params) => query(client, sql, params) };
    try {
      await q.query('BEGIN');
      const result = await work(q);
      await q.query('COMMIT');
      client.off('error', ignore);
      client.release();
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      client.off('error', ignore);
      client.release(isConnectionError(error) || error instanceof StoreUnavailableError);
      throw error;
    }
  };
  const db: Db = {
    kind: 'pg',
    query: (sql, params) => retryingDeadlocks(() => query(pool, sql, params)),
    tx: (work) => retryingDeadlocks(() => transaction(work)),
    async listen(channel, onNotify) {
      const set = listeners.get(channel) ?? new Set();
      listeners.set(channel, set);
      set.add(onNotify);
      if (!listenClient) await connectListener().catch(translate);
      else if (set.size === 1) await listenClient.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      return async () => {
        set.delete(onNotify);
      };
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await listenClient?.end().catch(() => undefined);
      await pool.end();
    },
  };
  return db;
}
