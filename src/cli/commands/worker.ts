/** `qasm3-preflight worker`: a process that only runs jobs from a PostgreSQL server's queue. */
import { Command } from 'commander';
import { integerAtLeast, UsageError } from '../errors.js';
import type { CliIo } from '../io.js';
import { stopSignal, storeProblem, type StoreFlags } from './serve.js';

export function workerCommand(io: CliIo): Command {
  return new Command('worker')
    .description('run jobs from the queue of a PostgreSQL server that serve processes share')
    .option('--database <url>', 'the PostgreSQL server (postgres://...; default $DATABASE_URL)')
    .option('--workers <n>', 'jobs run at once', integerAtLeast(1), 1)
    .option(
      '--lease-ms <ms>',
      "how long a claimed job stays this process's without renewal (a dead process's jobs run again after it)",
      integerAtLeast(100),
      30_000,
    )
    .addHelpText(
      'after',
      '\nExamples:\n  $ qasm3-preflight worker --database postgres://db.internal/jobs --workers 4\n',
    )
    .action(async (flags: StoreFlags & { workers: number; leaseMs: number }) => {
      const databaseUrl = flags.database ?? io.env.DATABASE_URL;
      if (!databaseUrl)
        throw new UsageError(
          'worker needs a PostgreSQL server',
          'pass --database postgres://... or set DATABASE_URL (the embedded store serves one process only)',
        );
      const { createWorker } = await import('../../service/index.js');
      const log = (level: string, message: string, fields?: Record<string, unknown>) =>
        io.stderr(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, msg: message, ...fields })}\n`);
      const worker = await createWorker({ databaseUrl, workers: flags.workers, leaseMs: flags.leaseMs, log }).catch(
        storeProblem,
      );
      // As serve: the handler is in place before the line that says the worker runs.
      const stopped = stopSignal();
      log('info', 'worker started', { owner: worker.runner.owner, threads: flags.workers });
      const signal = await stopped;
      log('info', 'stopping', { signal });
      await worker.close();
    });
}
