/**
 * The `qasm3-preflight` command line: commander wiring, and the one place
 * where failures become exit codes and plain-word messages. Stack traces are
 * shown only with `--debug`.
 */
import { Command, CommanderError } from 'commander';
import { checkCommand } from './commands/check.js';
import { compileCommand } from './commands/compile.js';
import { fixCommand } from './commands/fix.js';
import { lspCommand } from './commands/lsp.js';
import { simulateCommand } from './commands/simulate.js';
import { targetsCommand } from './commands/targets.js';
import { serveCommand } from './commands/serve.js';
import { workerCommand } from './commands/worker.js';
import { keysCommand } from './commands/keys.js';
import { EXIT_OK, EXIT_USAGE } from './check/report.js';
import { UsageError } from './errors.js';
import type { CliIo } from './io.js';
import { packageVersion } from './version.js';

const OVERVIEW = `
Examples:
  $ qasm3-preflight check examples/            check every .qasm below a folder
  $ qasm3-preflight check prog.qasm --target qpu.forte-1 --format sarif
  $ qasm3-preflight compile prog.qasm --gateset native --verify
  $ qasm3-preflight fix prog.qasm --write           rewrite into the accepted subset, proven equal
  $ qasm3-preflight simulate examples/bell.qasm --shots 1000 --seed 7
  $ qasm3-preflight targets
  $ qasm3-preflight serve                      the job service API (docs/service.md)

Run qasm3-preflight <command> --help for a command's options and examples.
`;

interface GlobalFlags {
  color?: boolean;
  debug?: boolean;
}

/** Runs the CLI on `argv` (as in process.argv) and returns the exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let exitCode = EXIT_OK;
  const program = new Command('qasm3-preflight');
  const flags = (): GlobalFlags => program.opts<GlobalFlags>();
  program
    .description(
      'Preflight-check, compile and simulate OpenQASM 3 programs the way the trapped-ion quantum cloud accepts them.',
    )
    .version(packageVersion(), '-V, --version', 'print the version')
    .option('--color', 'force colours on')
    .option('--no-color', 'never use colours (NO_COLOR in the environment does the same)')
    .option('--debug', 'show stack traces of internal errors')
    .helpCommand(true)
    .showSuggestionAfterError(true)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => io.stdout(text),
      writeErr: (text) => io.stderr(text),
      outputError: (text, write) =>
        write(text.startsWith('error:') ? `qasm3-preflight: ${text.slice('error: '.length)}` : text),
    })
    .addHelpText('after', OVERVIEW);

  const setExitCode = (code: number) => {
    exitCode = code;
  };
  const colorFlag = () => flags().color;
  const commands = [
    checkCommand(io, setExitCode, colorFlag),
    compileCommand(io, setExitCode, colorFlag),
    fixCommand(io, setExitCode, colorFlag),
    simulateCommand(io, setExitCode, colorFlag),
    targetsCommand(io),
    serveCommand(io),
    workerCommand(io),
    keysCommand(io),
    lspCommand(),
  ];
  for (const command of commands) {
    program.addCommand(
      command.exitOverride().configureOutput(program.configureOutput()).showSuggestionAfterError(true),
    );
  }

  try {
    await program.parseAsync([...argv]);
    return exitCode;
  } catch (error) {
    return reportFailure(error, io, flags().debug === true || argv.includes('--debug'));
  }
}

function reportFailure(error: unknown, io: CliIo, debug: boolean): number {
  // Commander has already printed its message: help and version (exit code 0), or a usage mistake.
  if (error instanceof CommanderError) return error.exitCode === 0 ? EXIT_OK : EXIT_USAGE;
  if (error instanceof UsageError) {
    io.stderr(`qasm3-preflight: ${error.message}\n${error.hint ? `hint: ${error.hint}\n` : ''}`);
    return EXIT_USAGE;
  }
  const message = error instanceof Error ? error.message : String(error);
  io.stderr(`qasm3-preflight: internal error: ${message}\n`);
  io.stderr(
    debug && error instanceof Error && error.stack
      ? `${error.stack}\n`
      : 'This is a bug; run again with --debug for the stack trace and please report it.\n',
  );
  return EXIT_USAGE;
}
