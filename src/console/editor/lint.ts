/** Diagnostics from the worker's validate, as CodeMirror lint diagnostics: the spec's message, the hint and the rule on hover. */
import type { Diagnostic as LintDiagnostic } from '@codemirror/lint';
import type { Diagnostic } from '../../index.js';

const SEVERITY: Readonly<Record<string, LintDiagnostic['severity']>> = {
  error: 'error',
  warning: 'warning',
  info: 'info',
};

export function toLintDiagnostic(d: Diagnostic, length: number): LintDiagnostic {
  const from = Math.max(0, Math.min(d.span.start.offset, length));
  let to = Math.max(from, Math.min(d.span.end.offset, length));
  // An empty span (end of input, a missing token) still gets a visible squiggle.
  if (to === from && to < length) to = from + 1;
  return {
    from,
    to,
    severity: SEVERITY[d.severity] ?? 'error',
    message: d.message,
    source: `${d.code} · ${d.rule}`,
    renderMessage: () => {
      const box = document.createElement('div');
      box.className = 'diagnostic';
      const message = box.appendChild(document.createElement('div'));
      message.className = 'diagnostic-message';
      message.textContent = d.message;
      if (d.hint !== undefined) {
        const hint = box.appendChild(document.createElement('div'));
        hint.className = 'diagnostic-hint';
        hint.textContent = `hint: ${d.hint}`;
      }
      const where = box.appendChild(document.createElement('div'));
      where.className = 'diagnostic-where';
      where.textContent = `line ${d.span.start.line}, column ${d.span.start.column}`;
      return box;
    },
  };
}
