/** `qasm3-preflight fix <file>`: the program rewritten into the accepted subset, proven equal (docs/fix.md). */
import { resolve } from 'node:path';
import { Command, Option } from 'commander';
import type { FixResult } from '../../index.js';
import { EXIT_ERRORS, EXIT_OK } from '../check/report.js';
import { UsageError } from '../errors.js';
import type { CliIo } from '../io.js';
import { diagnosticsText, readProgram } from '../read-program.js';
import { targetOption } from '../target-option.js';

interface FixFlags {
  target: string;
  input: Record<string, number>;
  format: 'text' | 'json';
  write?: boolean;
}

const EXAMPLES = `
Examples:
  $ qasm3-preflight fix prog.qasm                              the fixed program on standard output
  $ qasm3-preflight fix prog.qasm --target qpu.aria-1 --write  rewrite the file in place, summary on standard error
  $ qasm3-preflight fix vqe.qasm --input theta=0.25 --input layers=3
  $ qasm3-preflight fix prog.qasm --format json                the library's result: source, applied, diagnostics, equivalent

Exit codes: 0 the fixed program is accepted, 1 diagnostics remain, 2 usage error.
`;

/** `NAME=VALUE` into the accumulated inputs; VALUE is a number (radians for angles). */
export function inputOption(text: string, previous: Record<string, number> = {}): Record<string, number> {
  const match = /^([A-Za-z_][A-Za-z0-9_]*)=(.+)$/.exec(text);
  const value = match === null ? NaN : Number(match[2]);
  if (match === null || !Number.isFinite(value))
    throw new UsageError(`--input takes NAME=VALUE with a number as VALUE (like --input theta=0.5), not ${text}`);
  return { ...previous, [match[1] as string]: value };
}

/** One line per rewrite and the verdict, for standard error. */
export function fixSummary(file: string, result: FixResult): string {
  const lines = result.applied.map((a) => `${file}:${a.line}:${a.column}  ${a.rule}  ${a.description}\n`);
  const verdict = result.ok ? 'accepted' : `${result.diagnostics.length} diagnostic(s) remain`;
  const proof =
    result.equivalent === true
      ? 'proven equal to the original'
      : result.equivalent === false
        ? 'NOT proven equal: nothing applied'
        : 'equality unchecked (each gate rewrite proven on its own)';
  return `${lines.join('')}${file}: ${result.applied.length} fix(es) applied; ${verdict}; ${proof}\n`;
}

export function fixCommand(io: CliIo, setExitCode: (code: number) => void, colorFlag: () => boolean | undefined) {
  return new Command('fix')
    .description('rewrite a program into the subset the service accepts, proven equal (- for standard input)')
    .argument('<file>', 'program to fix')
    .option('-t, --target <backend>', 'target the fixed program must be accepted by', 'simulator')
    .option('-i, --input <name=value>', 'value of an input parameter (repeatable)', inputOption, {})
    .addOption(
      new Option('-f, --format <format>', 'text: the fixed program; json: the full result')
        .choices(['text', 'json'])
        .default('text'),
    )
    .option('-w, --write', 'rewrite the file in place and print a summary on standard error')
    .addHelpText('after', EXAMPLES)
    .action(async (file: string, flags: FixFlags) => {
      const target = targetOption(flags.target);
      if (flags.write && file === '-') throw new UsageError('--write needs a file, not standard input');
      const input = await readProgram(file, io);
      const { fix } = await import('../../index.js');
      const result = fix(input.text, { target: target.name, inputs: flags.input });
      if (flags.write) {
        if (result.source !== input.text) {
          try {
            io.writeFile(resolve(io.cwd, file), result.source);
          } catch (error) {
            throw new UsageError(`cannot write ${file}: ${error instanceof Error ? error.message : String(error)}`);
          }
        }
        io.stderr(fixSummary(input.file, result));
      } else if (flags.format === 'json') io.stdout(JSON.stringify(result, null, 2) + '\n');
      else {
        io.stdout(result.source.endsWith('\n') ? result.source : result.source + '\n');
        io.stderr(fixSummary(input.file, result));
      }
      if (!result.ok && flags.format !== 'json')
        io.stderr(
          diagnosticsText({ file: input.file, text: result.source }, result.diagnostics, io.stderrStyle(colorFlag())),
        );
      setExitCode(result.ok ? EXIT_OK : EXIT_ERRORS);
    });
}

/** `check --fix`: `fix --write` on each file before it is checked; returns how many files could not be read or written. */
export async function fixFilesInPlace(
  files: readonly { readonly path: string; readonly display: string }[],
  options: { readonly target: string; readonly inputs: Record<string, number> },
  io: CliIo,
): Promise<number> {
  const { fix } = await import('../../index.js');
  const { readInputFile } = await import('../check/read-input.js');
  let problems = 0;
  for (const file of files) {
    const read = readInputFile(file.path, file.display);
    if ('error' in read) continue; // the check that follows reports it
    const result = fix(read.text, options);
    try {
      if (result.source !== read.text) io.writeFile(file.path, result.source);
    } catch (error) {
      io.stderr(
        `qasm3-preflight: cannot write ${file.display}: ${error instanceof Error ? error.message : String(error)}\n`,
      );
      problems++;
      continue;
    }
    if (result.applied.length > 0) io.stderr(fixSummary(file.display, result));
  }
  return problems;
}
