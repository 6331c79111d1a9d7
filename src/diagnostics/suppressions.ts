/**
 * Lint suppressions, a CLI concern only (the library's `validate`, the
 * service's path, never reads them):
 *
 *   // qasm3-preflight-disable-next-line unknown-gate, float-type
 *   // qasm3-preflight-disable unknown-gate            (whole file)
 *
 * Rule ids are separated by commas or spaces; text after `--` is a free
 * explanation. A directive without rule ids covers every rule. Each rule id
 * (or rule-less directive) that suppresses nothing earns a warning, so stale
 * suppressions do not pile up.
 */
import { createDiagnostic, SourceText, unusedSuppression, type Diagnostic, type Span } from './index.js';

export const UNUSED_SUPPRESSION_RULE = 'unused-suppression';
/** The comment directives: for the whole file, and for the next line. */
export const SUPPRESSION_DIRECTIVES = Object.freeze({
  file: 'qasm3-preflight-disable',
  nextLine: 'qasm3-preflight-disable-next-line',
});
const MARKER = SUPPRESSION_DIRECTIVES.file;
const DIRECTIVE = /\/\/\s*qasm3-preflight-(disable-next-line|disable)(?![\w-])([^\r\n]*)/g;

type Scope = 'next-line' | 'file';

interface Entry {
  readonly scope: Scope;
  /** The line a next-line directive covers (its own line + 1). */
  readonly coveredLine: number;
  /** Undefined: every rule. */
  readonly rule: string | undefined;
  readonly span: Span;
  used: boolean;
}

export interface SuppressionResult {
  readonly kept: Diagnostic[];
  readonly unused: Diagnostic[];
}

/** Removes suppressed diagnostics and reports directives that removed nothing (line starts are computed only when a directive is present). */
export function applySuppressions(source: SourceText | string, diagnostics: readonly Diagnostic[]): SuppressionResult {
  const text = typeof source === 'string' ? source : source.text;
  if (!text.includes(MARKER)) return { kept: [...diagnostics], unused: [] };
  if (typeof source === 'string') return applySuppressions(new SourceText(source), diagnostics);
  const entries = parseDirectives(source);
  if (entries.length === 0) return { kept: [...diagnostics], unused: [] };
  const kept = diagnostics.filter((d) => {
    const covering = entries.filter((e) => covers(e, d));
    for (const e of covering) e.used = true;
    return covering.length === 0;
  });
  const unused = entries
    .filter((e) => !e.used)
    .map((e) => {
      const reason = unusedSuppression(e.rule, e.scope);
      return createDiagnostic({
        code: 'PreflightError',
        rule: UNUSED_SUPPRESSION_RULE,
        severity: 'warning',
        reason,
        message: reason,
        span: e.span,
      });
    });
  return { kept, unused };
}

function covers(entry: Entry, d: Diagnostic): boolean {
  if (entry.rule !== undefined && entry.rule !== d.rule) return false;
  return entry.scope === 'file' || d.span.start.line === entry.coveredLine;
}

function parseDirectives(source: SourceText): Entry[] {
  const entries: Entry[] = [];
  for (const match of source.text.matchAll(DIRECTIVE)) {
    const scope: Scope = match[1] === 'disable' ? 'file' : 'next-line';
    const directiveStart = match.index;
    const line = source.lineOf(directiveStart);
    const argsText = (match[2] ?? '').split('--')[0] ?? '';
    const argsStart = directiveStart + match[0].length - (match[2] ?? '').length;
    const rules = [...argsText.matchAll(/[^\s,]+/g)];
    if (rules.length === 0) {
      const span = source.span(directiveStart, argsStart);
      entries.push({ scope, coveredLine: line + 1, rule: undefined, span, used: false });
      continue;
    }
    for (const rule of rules) {
      const start = argsStart + rule.index;
      entries.push({
        scope,
        coveredLine: line + 1,
        rule: rule[0],
        span: source.span(start, start + rule[0].length),
        used: false,
      });
    }
  }
  return entries;
}
