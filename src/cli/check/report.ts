/**
 * What `check` learns about each file, as plain data: the worker threads send
 * it back through structured clone, and every output format reads it.
 */
import type { Diagnostic, Failure } from '../../index.js';

export interface FileReport {
  /** The path as the user will recognise it (as given, or below the directory given). */
  readonly file: string;
  /** True when no error diagnostic remains after suppressions (warnings do not fail a file). */
  readonly ok: boolean;
  /** What the service's job `failure` would be: the first error in pipeline order, or null. */
  readonly failure: Failure | null;
  readonly diagnostics: readonly Diagnostic[];
  /** The source text, kept only when there are diagnostics to show a code frame for. */
  readonly source?: string;
  /** Set when the file could not be checked (unreadable, or an internal error); it then has no diagnostics. */
  readonly error?: string;
}

export interface CheckSummary {
  readonly filesChecked: number;
  readonly filesWithErrors: number;
  /** Files with at least one diagnostic of any severity. */
  readonly filesWithProblems: number;
  readonly errors: number;
  readonly warnings: number;
  readonly uncheckedFiles: number;
}

export function summarize(reports: readonly FileReport[]): CheckSummary {
  let errors = 0;
  let warnings = 0;
  let filesWithErrors = 0;
  let filesWithProblems = 0;
  let uncheckedFiles = 0;
  for (const report of reports) {
    if (report.error !== undefined) {
      uncheckedFiles++;
      continue;
    }
    const fileErrors = report.diagnostics.filter((d) => d.severity === 'error').length;
    errors += fileErrors;
    warnings += report.diagnostics.length - fileErrors;
    if (fileErrors > 0) filesWithErrors++;
    if (report.diagnostics.length > 0) filesWithProblems++;
  }
  return {
    filesChecked: reports.length - uncheckedFiles,
    filesWithErrors,
    filesWithProblems,
    errors,
    warnings,
    uncheckedFiles,
  };
}

/** Exit codes (issue 6): 2 for files that could not be checked and usage errors, else 1 when any error remains, else 0. */
export const EXIT_OK = 0;
export const EXIT_ERRORS = 1;
export const EXIT_USAGE = 2;

export function exitCodeFor(summary: CheckSummary, usageProblems = 0): number {
  if (summary.uncheckedFiles > 0 || usageProblems > 0) return EXIT_USAGE;
  return summary.errors > 0 ? EXIT_ERRORS : EXIT_OK;
}

/** `3 errors in 2 files, 41 files checked` (plural-aware, warnings mentioned when present). */
export function summaryLine(summary: CheckSummary): string {
  const counted: string[] = [];
  if (summary.errors > 0) counted.push(plural(summary.errors, 'error'));
  if (summary.warnings > 0) counted.push(plural(summary.warnings, 'warning'));
  const checked = `${plural(summary.filesChecked, 'file')} checked`;
  const unreadable = summary.uncheckedFiles > 0 ? `, ${plural(summary.uncheckedFiles, 'file')} could not be read` : '';
  if (counted.length === 0) return `no problems, ${checked}${unreadable}`;
  return `${counted.join(' and ')} in ${plural(summary.filesWithProblems, 'file')}, ${checked}${unreadable}`;
}

export function plural(n: number, noun: string): string {
  return `${groupThousands(n)} ${noun}${n === 1 ? '' : 's'}`;
}

/** `12345` -> `12,345`; by hand, since toLocaleString's first call loads ICU data (~70 ms of a check run). */
export function groupThousands(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
