#!/usr/bin/env node
/**
 * The `qasm3-preflight` executable (package.json `bin`). Sets the exit code
 * rather than calling process.exit, so piped output is flushed completely.
 */
import { processIo } from './io.js';
import { runCli } from './program.js';

// A reader that stops early (`| head`) closes the pipe: stop quietly instead of crashing on EPIPE.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(typeof process.exitCode === 'number' ? process.exitCode : 0);
  });
}

process.exitCode = await runCli(process.argv, processIo());
