/**
 * Checks a batch of files on the current thread (the worker threads run this
 * too). Each file is read and checked independently: one unreadable or
 * hostile file never stops the others.
 */
import type { CheckOptions, Validator } from './check-source.js';
import { checkSource } from './check-source.js';
import { readInputFile } from './read-input.js';
import type { FileReport } from './report.js';

export interface FileToCheck {
  readonly path: string;
  readonly display: string;
}

export function checkFiles(validator: Validator, files: readonly FileToCheck[], options: CheckOptions): FileReport[] {
  return files.map((file) => checkFile(validator, file, options));
}

export function checkFile(validator: Validator, file: FileToCheck, options: CheckOptions): FileReport {
  const read = readInputFile(file.path, file.display);
  if ('error' in read) return { file: file.display, ok: false, failure: null, diagnostics: [], error: read.error };
  return checkText(validator, read.text, file.display, options);
}

/** Like {@link checkSource}, but a bug in the library becomes this file's error instead of ending the run. */
export function checkText(validator: Validator, text: string, display: string, options: CheckOptions): FileReport {
  try {
    return checkSource(validator, text, display, options);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return {
      file: display,
      ok: false,
      failure: null,
      diagnostics: [],
      error: `internal error while checking ${display}: ${detail} (a bug: please report it)`,
    };
  }
}
