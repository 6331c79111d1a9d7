/**
 * The thread that owns the embedded PostgreSQL. PGlite runs PostgreSQL in
 * WebAssembly on the thread that calls it, so on the service's own thread a
 * large statement (a 5.9 MB job input converted to jsonb: 0.8-9 s at load 13)
 * stopped every request meanwhile. Here it runs beside the HTTP server, which
 * keeps answering. Requests are served in arrival order, as PGlite's own
 * queue serves them; a transaction holds the database from `begin` to `end`.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';
import { errorData, type StoreReply, type StoreRequest, type StoreThreadSetup } from './pglite-protocol.js';

/** What the transaction's callback throws to make PGlite roll it back. */
const ROLLBACK = new Error('rolled back by the service');

interface OpenTransaction {
  readonly tx: Transaction;
  readonly decide: (commit: boolean) => void;
}

async function serve(port: NonNullable<typeof parentPort>, setup: StoreThreadSetup): Promise<void> {
  const send = (reply: StoreReply): void => port.postMessage(reply);
  let pg: PGlite;
  try {
    pg = await PGlite.create(setup.dataDir, { startParams: [...setup.startParams] });
  } catch (error) {
    send({ kind: 'failed', error: errorData(error) });
    return;
  }
  const transactions = new Map<number, OpenTransaction>();
  const finished = new Map<number, Promise<void>>();
  const stopListening = new Map<string, () => Promise<void>>();
  const answer = (id: number, work: Promise<unknown[] | undefined>): void => {
    work.then(
      (rows) => send(rows === undefined ? { kind: 'done', id } : { kind: 'done', id, rows }),
      (error: unknown) => send({ kind: 'error', id, error: errorData(error) }),
    );
  };

  const begin = (id: number, txId: number): void => {
    let opened = false;
    const done = pg.transaction(
      (tx) =>
        new Promise<void>((resolve, reject) => {
          transactions.set(txId, { tx, decide: (commit) => (commit ? resolve() : reject(ROLLBACK)) });
          opened = true;
          send({ kind: 'done', id });
        }),
    );
    finished.set(
      txId,
      done.then(
        () => undefined,
        (error: unknown) => {
          // Unopened, its one answer is this error; opened, `end` reports how it ended.
          if (!opened) {
            finished.delete(txId);
            send({ kind: 'error', id, error: errorData(error) });
          } else if (error !== ROLLBACK) throw error;
        },
      ),
    );
  };

  const end = async (txId: number, commit: boolean): Promise<undefined> => {
    const open = transactions.get(txId);
    const done = finished.get(txId);
    transactions.delete(txId);
    finished.delete(txId);
    if (!open || !done) throw new Error(`No open transaction ${txId}`);
    open.decide(commit);
    await done;
    return undefined;
  };

  const query = async (sql: string, params: readonly unknown[], txId: number | undefined): Promise<unknown[]> => {
    if (txId === undefined) return (await pg.query(sql, [...params])).rows;
    const open = transactions.get(txId);
    if (!open) throw new Error(`No open transaction ${txId}`);
    return (await open.tx.query(sql, [...params])).rows;
  };

  port.on('message', (request: StoreRequest) => {
    switch (request.op) {
      case 'query':
        answer(request.id, query(request.sql, request.params, request.tx));
        return;
      case 'begin':
        begin(request.id, request.tx);
        return;
      case 'end':
        answer(request.id, end(request.tx, request.commit));
        return;
      case 'listen': {
        const channel = request.channel;
        answer(
          request.id,
          pg
            .listen(channel, (payload) => send({ kind: 'notify', channel, payload }))
            .then((stop) => {
              stopListening.set(channel, stop);
              return undefined;
            }),
        );
        return;
      }
      case 'unlisten': {
        const stop = stopListening.get(request.channel);
        stopListening.delete(request.channel);
        answer(
          request.id,
          (stop && !pg.closed ? stop() : Promise.resolve()).then(() => undefined),
        );
        return;
      }
      case 'close':
        // The service ends the thread once it has this answer.
        answer(
          request.id,
          (pg.closed ? Promise.resolve() : pg.close()).then(() => undefined),
        );
        return;
    }
  });
  send({ kind: 'ready' });
}

if (parentPort) void serve(parentPort, workerData as StoreThreadSetup);
