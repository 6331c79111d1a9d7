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

// Node ends a process whose top-level await can never settle (nothing left to wait on) with code 13
// and no output; a command must never stop without saying why, so that exit gets a sentence.
let finished = false;
process.once('exit', (code) => {
  if (finished || code !== 13) return;
  process.stderr.write(
    `qasm3-preflight: ${process.argv.slice(2, 3).join('') || 'the command'} stopped before it finished: ` +
      'it was waiting on work that nothing kept running. This is a bug; please report it with the command line.\n',
  );
});

process.exitCode = await runCli(process.argv, processIo());
finished = true;
