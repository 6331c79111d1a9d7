#!/usr/bin/env node
/**
 * The `qasm3-preflight` executable (package.json `bin`). Sets the exit code
 * rather than calling process.exit, so piped output is flushed completely.
 */
import { processIo } from './io.js';
import { runCli } from './program.js';

process.exitCode = await runCli(process.argv, processIo());
