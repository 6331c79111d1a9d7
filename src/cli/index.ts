/**
 * CLI: the `qasm3-preflight` commands and their report formats.
 *
 * In: command-line arguments, files, standard input.
 * Out: reports on standard output, messages on standard error, exit codes
 * (0 accepted, 1 errors found, 2 usage error or unreadable input).
 * Imports: every earlier stage and the src root API files (validate, compile,
 * simulate, equivalence); nothing imports the CLI.
 */
export { runCli } from './program.js';
export type { CliIo } from './io.js';
export { processIo } from './io.js';
