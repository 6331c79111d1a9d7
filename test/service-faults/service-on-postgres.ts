/** A PostgreSQL server, the store opened on it, a service listening on loopback, and one key: the fault tests' setup. */
import { createKey, createService, openStore, type Db, type Service } from '../../src/service/index.js';
import { startPostgres, type PostgresServer } from './postgres.js';

export interface ServiceOnPostgres {
  readonly server: PostgresServer;
  readonly db: Db;
  readonly service: Service;
  readonly url: string;
  readonly key: string;
  /** Closes the service, the store and the server, whichever were started. */
  stop(): Promise<void>;
}

/** Starts it all; `workers: 0` leaves jobs unclaimed for a test that plays the worker itself. */
export async function startServiceOnPostgres(
  name: string,
  options: { readonly workers: number; readonly user: string; readonly project: string },
): Promise<ServiceOnPostgres> {
  const server = await startPostgres(name);
  const started: { db?: Db; service?: Service } = {};
  try {
    started.db = await openStore({ databaseUrl: server.url });
    started.service = await createService({ databaseUrl: server.url, port: 0, workers: options.workers });
  } catch (error) {
    await started.db?.close();
    await server.stop();
    throw error;
  }
  const { db, service } = started;
  const url = await service.listen();
  const key = (await createKey(db, options.user, options.project)).key;
  return {
    server,
    db,
    service,
    url,
    key,
    async stop() {
      await service.close();
      await db.close();
      await server.stop();
    },
  };
}
