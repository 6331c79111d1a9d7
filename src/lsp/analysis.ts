/**
 * One document's check: `validate` for the chosen target, then the CLI's
 * lint suppressions, converted to LSP diagnostics (rule id as the code, the
 * hint and related locations as related information).
 */
import {
  DiagnosticSeverity,
  type Diagnostic as LspDiagnostic,
  type DiagnosticRelatedInformation,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { applySuppressions, catalogue, validate, type Diagnostic } from '../index.js';
import { fullCheck, incrementalCheck, type Baseline, type Edit } from './incremental.js';
import { rangeOf } from './positions.js';
import { chooseTarget, fileTarget, type ServerSettings } from './settings.js';

export const SOURCE = 'qasm3-preflight';

/** What the server keeps of one check of one document version. */
export interface Analysis {
  readonly version: number;
  readonly target: string | undefined;
  /** The library's result and what later edits may build on. */
  readonly baseline: Baseline;
  /** Library diagnostics left after suppressions (unused-suppression warnings included). */
  readonly diagnostics: readonly Diagnostic[];
  readonly lsp: readonly LspDiagnostic[];
}

/**
 * Checks the text of a document as the CLI's `check` would, for the target
 * its comment or the settings name. Given the previous analysis and the
 * edit since, only the edited region is re-checked when that is exact
 * (incremental.ts).
 */
export function analyze(
  document: TextDocument,
  settings: ServerSettings,
  previous: Analysis | null = null,
  edit: Edit | null = null,
): Analysis {
  const text = document.getText();
  const target = chooseTarget(text, settings);
  const incremental =
    previous !== null && edit !== null && previous.target === target
      ? incrementalCheck(previous.baseline, text, edit, (offset) => document.positionAt(offset))
      : null;
  const baseline = incremental ?? fullCheck(text, target);
  const diagnostics = lintView(text, baseline.diagnostics);
  return {
    version: document.version,
    target,
    baseline,
    diagnostics,
    lsp: diagnostics.map((d) => toLspDiagnostic(document, d)),
  };
}

/** Library diagnostics of a text after suppressions; an unknown target named in the file is reported on its name. */
export function checkText(text: string, target: string | undefined): Diagnostic[] {
  return lintView(text, validate(text, target === undefined ? {} : { target }).diagnostics);
}

function lintView(text: string, diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const { kept, unused } = applySuppressions(text, diagnostics);
  const named = fileTarget(text);
  const placed =
    named === null
      ? kept
      : kept.map((d) =>
          d.rule === catalogue.ruleIds.unknownTarget ? { ...d, span: spanAt(text, named.start, named.end, d.span) } : d,
        );
  return [...placed, ...unused];
}

/** Errors of a text: what a quick fix must reduce. */
export function errorCount(diagnostics: readonly Diagnostic[]): number {
  return diagnostics.filter((d) => d.severity === 'error').length;
}

function spanAt(text: string, start: number, end: number, fallback: Diagnostic['span']): Diagnostic['span'] {
  const lineOf = (offset: number) => text.slice(0, offset).split(/\r\n|\r|\n/).length;
  const columnOf = (offset: number) => {
    const lineStart = Math.max(text.lastIndexOf('\n', offset - 1), text.lastIndexOf('\r', offset - 1)) + 1;
    return [...text.slice(lineStart, offset)].length + 1;
  };
  if (end > text.length) return fallback;
  return {
    start: { line: lineOf(start), column: columnOf(start), offset: start },
    end: { line: lineOf(end), column: columnOf(end), offset: end },
  };
}

export function toLspDiagnostic(document: TextDocument, d: Diagnostic): LspDiagnostic {
  const related: DiagnosticRelatedInformation[] = (d.related ?? []).map((r) => ({
    location: { uri: document.uri, range: rangeOf(document, r.span) },
    message: r.message,
  }));
  if (d.hint !== undefined)
    related.push({ location: { uri: document.uri, range: rangeOf(document, d.span) }, message: `hint: ${d.hint}` });
  const diagnostic: LspDiagnostic = {
    range: rangeOf(document, d.span),
    severity: d.severity === 'warning' ? DiagnosticSeverity.Warning : DiagnosticSeverity.Error,
    code: d.rule,
    source: SOURCE,
    message: d.hint === undefined ? d.reason : `${d.reason} (${d.hint})`,
    data: { rule: d.rule, failureCode: d.code },
  };
  if (related.length > 0) diagnostic.relatedInformation = related;
  return diagnostic;
}
