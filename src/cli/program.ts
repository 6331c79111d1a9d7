/**
 * The `qasm3-preflight` command line: commander wiring, and the one place
 * where failures become exit codes and plain-word messages. Stack traces are
 * shown only with `--debug`.
 */
import { Command, CommanderError } from 'commander';
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

interface CommandContext {
  readonly io: CliIo;
  readonly setExitCode: (code: number) => void;
  readonly colorFlag: () => boolean | undefined;
}

/**
 * The commands, in `--help`'s order, each loaded only when it may run: a
 * command line that names one loads that one alone, so `keys create` does
 * not pay for the library (its parser tables and ~300 modules, about 0.3 s
 * of a 1.5 s command) nor `check` for the service.
 */
const COMMANDS: readonly {
  readonly names: readonly string[];
  readonly load: (c: CommandContext) => Promise<Command>;
}[] = [
  {
    names: ['check', 'lint'],
    load: async (c) => (await import('./commands/check.js')).checkCommand(c.io, c.setExitCode, c.colorFlag),
  },
  {
    names: ['compile'],
    load: async (c) => (await import('./commands/compile.js')).compileCommand(c.io, c.setExitCode, c.colorFlag),
  },
  {
    names: ['fix'],
    load: async (c) => (await import('./commands/fix.js')).fixCommand(c.io, c.setExitCode, c.colorFlag),
  },
  {
    names: ['simulate'],
    load: async (c) => (await import('./commands/simulate.js')).simulateCommand(c.io, c.setExitCode, c.colorFlag),
  },
  { names: ['targets'], load: async (c) => (await import('./commands/targets.js')).targetsCommand(c.io) },
  { names: ['serve'], load: async (c) => (await import('./commands/serve.js')).serveCommand(c.io) },
  { names: ['worker'], load: async (c) => (await import('./commands/worker.js')).workerCommand(c.io) },
  { names: ['keys'], load: async (c) => (await import('./commands/keys.js')).keysCommand(c.io) },
  { names: ['lsp'], load: async () => (await import('./commands/lsp.js')).lspCommand() },
];

/** The command (or alias) a command line names: its first operand (the global flags take no values), if any. */
function commandOperand(argv: readonly string[]): string | undefined {
  return argv.slice(2).find((arg) => !arg.startsWith('-'));
}

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
  const context: CommandContext = { io, setExitCode, colorFlag };
  const operand = commandOperand(argv);
  const named = COMMANDS.find((c) => operand !== undefined && c.names.includes(operand));
  const commands = await Promise.all((named ? [named] : COMMANDS).map((c) => c.load(context)));
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
