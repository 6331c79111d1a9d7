/**
 * Vitest global setup: brings dist/ up to date once, before any test file
 * runs, with no time limit. Test files that run the built CLI call
 * ensureBuilt() in a hook with a timeout; on a loaded machine a build that
 * started inside that hook (tsc took over 4 minutes at load 25) failed the
 * whole file, its tests skipped. Here they find dist fresh and go on.
 */
import { ensureBuilt } from '../cli/run-cli.js';

export default async function setup(): Promise<void> {
  await ensureBuilt();
}
