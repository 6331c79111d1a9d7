/**
 * The machine format of `check --format json`, documented in docs/formats.md.
 * `version` changes only when a field is removed or changes meaning; new
 * fields may appear without a version change.
 */
import type { Diagnostic, Failure } from '../../index.js';
import type { CheckSummary, FileReport } from '../check/report.js';
import { summarize } from '../check/report.js';

export const JSON_REPORT_VERSION = 1;

export interface JsonFileEntry {
  readonly file: string;
  readonly ok: boolean;
  readonly failure: Failure | null;
  readonly diagnostics: readonly Diagnostic[];
  readonly error?: string;
}

export interface JsonReport {
  readonly version: typeof JSON_REPORT_VERSION;
  readonly tool: { readonly name: string; readonly version: string };
  readonly target: string;
  readonly files: readonly JsonFileEntry[];
  readonly summary: CheckSummary;
}

export interface JsonContext {
  readonly toolVersion: string;
  readonly target: string;
}

export function buildJsonReport(reports: readonly FileReport[], context: JsonContext): JsonReport {
  return {
    version: JSON_REPORT_VERSION,
    tool: { name: 'qasm3-preflight', version: context.toolVersion },
    target: context.target,
    files: reports.map((r) => ({
      file: r.file,
      ok: r.ok,
      failure: r.failure,
      diagnostics: r.diagnostics,
      ...(r.error !== undefined ? { error: r.error } : {}),
    })),
    summary: summarize(reports),
  };
}

export function formatJson(reports: readonly FileReport[], context: JsonContext): string {
  return JSON.stringify(buildJsonReport(reports, context), null, 2) + '\n';
}
