/**
 * Real processes of the built CLI (dist/cli/main.js): `serve` and `worker`,
 * started on free loopback ports, stopped with SIGTERM or killed with -9
 * (test/support/processes.ts starts them; logs kept to warnings).
 */
import { fileURLToPath } from 'node:url';
import * as processes from '../support/processes.js';

export const CLI = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
export type { CliProcess } from '../support/processes.js';

const quiet = { env: { ...process.env, LOG_LEVEL: 'warn' } };

/** `serve` on a free port; resolves once it prints its address. */
export const startServe = (args: string[]) => processes.startServe(args, quiet);

/** `worker`; resolves once it logs that it started (its threads are loaded). */
export const startWorker = (args: string[]) => processes.startWorker(args, quiet);
