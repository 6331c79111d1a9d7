/**
 * `qasm3-preflight serve`: the job service (docs/service.md). The service's
 * modules (Fastify, PGlite, pg) load only when this command runs.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Command } from 'commander';
import { integerAtLeast, UsageError } from '../errors.js';
import type { CliIo } from '../io.js';
import { lineBatch } from '../log-lines.js';
import { packageVersion } from '../version.js';

export interface StoreFlags {
  data?: string;
  database?: string;
}

/** `--data` / `--database` (or DATABASE_URL) to the service's store options. */
export function storeOptions(flags: StoreFlags, io: CliIo): { dataDir?: string; databaseUrl?: string } {
  const databaseUrl = flags.database ?? io.env.DATABASE_URL;
  if (databaseUrl) return { databaseUrl };
  const dataDir = flags.data ?? './.qasm3-preflight';
  // Said once, so a user knows where the store went (it starts from the template built with the package).
  if (!existsSync(join(dataDir, 'PG_VERSION'))) {
    // A JSON line like the server's own logs (pino's level 30 is info).
    io.stderr(`${JSON.stringify({ level: 30, time: Date.now(), msg: `creating the embedded store in ${dataDir}` })}\n`);
  }
  return { dataDir };
}

/** A locked data directory or an unreachable server is the caller's to fix: plain words, exit code 2. */
export function storeProblem(error: unknown): never {
  const name = (error as Error | undefined)?.name;
  if (name === 'DataDirLockedError') throw new UsageError((error as Error).message);
  if ((error as { code?: string }).code === 'ECONNREFUSED') {
    throw new UsageError(
      `Cannot reach the PostgreSQL server: ${(error as Error).message}`,
      'check --database (or DATABASE_URL) and that the server runs',
    );
  }
  throw error;
}

/**
 * Resolves on the first SIGINT or SIGTERM, and keeps the process alive until
 * then: a `worker` whose store connections all dropped (a server outage) has
 * nothing else holding its event loop and would exit.
 */
export function stopSignal(): Promise<string> {
  return new Promise((resolve) => {
    const hold = setInterval(() => undefined, 2 ** 30);
    const stop = (signal: string) => {
      clearInterval(hold);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/**
 * JSON logs, one line each, on standard error; the Authorization header never
 * appears. The lines of one event-loop turn go out in one write (log-lines.ts).
 */
export function jsonLogger(io: CliIo) {
  const lines = lineBatch((text) => io.stderr(text));
  return {
    level: io.env.LOG_LEVEL ?? 'info',
    redact: ['req.headers.authorization', 'req.headers.cookie'],
    stream: { write: (line: string) => lines.write(line) },
  };
}

export function serveCommand(io: CliIo): Command {
  return new Command('serve')
    .description('serve the v0.3 and v0.4 job API (embedded store by default; see docs/service.md)')
    .option('--host <host>', 'address to listen on', '127.0.0.1')
    .option('--port <port>', 'port (0 picks a free one)', integerAtLeast(0), 8080)
    .option('--data <dir>', 'embedded store directory', './.qasm3-preflight')
    .option('--database <url>', 'a PostgreSQL server instead (postgres://...; default $DATABASE_URL)')
    .option('--workers <n>', 'jobs run at once in this process (0: HTTP only)', integerAtLeast(0), 1)
    .option(
      '--lease-ms <ms>',
      "how long a claimed job stays this process's without renewal (a dead process's jobs run again after it)",
      integerAtLeast(100),
      30_000,
    )
    .option(
      '--rate-limit <n>',
      'requests per API key (or address) per window, across every serve process of one PostgreSQL server (default: none)',
      integerAtLeast(1),
    )
    .option('--rate-window <seconds>', 'length of the rate-limit window', integerAtLeast(1), 60)
    .addHelpText(
      'after',
      '\nExamples:\n  $ qasm3-preflight keys create --user me --project demo\n  $ qasm3-preflight serve --port 8080\n  $ qasm3-preflight serve --database postgres://localhost/jobs --workers 2\n',
    )
    .action(
      async (
        flags: StoreFlags & {
          host: string;
          port: number;
          workers: number;
          leaseMs: number;
          rateLimit?: number;
          rateWindow: number;
        },
      ) => {
        const { createService } = await import('../../service/index.js');
        const service = await createService({
          ...storeOptions(flags, io),
          host: flags.host,
          port: flags.port,
          workers: flags.workers,
          leaseMs: flags.leaseMs,
          rateLimit:
            flags.rateLimit !== undefined ? { max: flags.rateLimit, windowMs: flags.rateWindow * 1000 } : undefined,
          logger: jsonLogger(io),
          version: packageVersion(),
        }).catch(storeProblem);
        const url = await service.listen();
        // Listen for the stop signal before saying we listen: a SIGTERM sent on that line must find its handler.
        const stopped = stopSignal();
        io.stdout(`listening on ${url}\n`);
        const signal = await stopped;
        service.app.log.info({ signal }, 'stopping');
        await service.close();
      },
    );
}
