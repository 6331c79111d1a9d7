/**
 * Checks one program the way `check` reports it: the library's validation
 * (exactly the service's verdict), then the CLI's lint suppressions on top.
 */
import { applySuppressions, type Diagnostic, type Failure } from '../../index.js';
import type { FileReport } from './report.js';

export interface CheckOptions {
  /** A backend name from the targets table, already known to exist. */
  readonly target: string;
  readonly maxErrors: number;
}

/** What the library's validation says about one program. */
export interface Verdict {
  readonly diagnostics: readonly Diagnostic[];
  readonly failure: Failure | null;
}

export type Validator = (source: string, options: CheckOptions & { readonly filename: string }) => Verdict;

export function checkSource(validator: Validator, text: string, file: string, options: CheckOptions): FileReport {
  const verdict = validator(text, { ...options, filename: file });
  const { kept, unused } = applySuppressions(text, verdict.diagnostics);
  const diagnostics =
    unused.length === 0 ? kept : [...kept, ...unused].sort((a, b) => a.span.start.offset - b.span.start.offset);
  const errors = kept.filter((d) => d.severity === 'error');
  const failure = errors.length === 0 ? null : failureAfterSuppression(verdict, errors);
  return {
    file,
    ok: failure === null,
    failure,
    diagnostics,
    ...(diagnostics.length > 0 ? { source: text } : {}),
  };
}

/** The service's failure unless it was suppressed; then the first remaining error, in the verdict's (pipeline) order. */
function failureAfterSuppression(verdict: Verdict, errors: readonly Diagnostic[]): Failure {
  const original = verdict.failure;
  if (original && errors.some((d) => d.code === original.code && d.message === original.message)) return original;
  const first = errors[0] as Diagnostic;
  return { code: first.code, message: first.message };
}
