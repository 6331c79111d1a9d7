/**
 * The one program a `compile` or `simulate` command works on: a file, or
 * standard input for `-`. A file that cannot be read is a usage error that
 * names the path.
 */
import { resolve } from 'node:path';
import type { Diagnostic } from '../index.js';
import { readInputFile, readStdin } from './check/read-input.js';
import { UsageError } from './errors.js';
import { formatText } from './formats/text.js';
import type { CliIo } from './io.js';
import type { Style } from './style.js';

export interface ProgramInput {
  /** The name shown in messages. */
  readonly file: string;
  readonly text: string;
}

export async function readProgram(file: string, io: CliIo): Promise<ProgramInput> {
  if (file === '-') return { file: '<stdin>', text: await readStdin(io.stdin) };
  const read = readInputFile(resolve(io.cwd, file), file);
  if ('error' in read) throw new UsageError(read.error);
  return { file, text: read.text };
}

/** Diagnostics of a rejected program, as code frames for standard error. */
export function diagnosticsText(input: ProgramInput, diagnostics: readonly Diagnostic[], style: Style): string {
  const first = diagnostics.find((d) => d.severity === 'error');
  const report = {
    file: input.file,
    ok: first === undefined,
    failure: first ? { code: first.code, message: first.message } : null,
    diagnostics,
    source: input.text,
  };
  return formatText([report], { style, quiet: false, summary: false });
}
