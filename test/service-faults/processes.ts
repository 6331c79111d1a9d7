/**
 * Real processes of the built CLI (dist/cli/main.js): `serve` and `worker`,
 * started on free loopback ports, stopped with SIGTERM or killed with -9
 * (test/support/processes.ts starts them; logs kept to warnings).
 */
import { fileURLToPath } from 'node:url';
import * as processes from '../support/processes.js';

/** The built CLI; `QASM3_PREFLIGHT_CLI` names another build (the service bench compares two). */
export const CLI = process.env.QASM3_PREFLIGHT_CLI ?? fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));
export type { CliProcess } from '../support/processes.js';

const quiet = { env: { ...process.env, LOG_LEVEL: 'warn' } };

/** `serve` on a free port; resolves once it prints its address (`cli`: the main.js of another build). */
export const startServe = (args: string[], cli = CLI) => processes.startServe(args, { ...quiet, cli: [cli] });

/** `worker`; resolves once it logs that it started (its threads are loaded). */
export const startWorker = (args: string[]) => processes.startWorker(args, quiet);
