/**
 * Syntax errors from forms older than OpenQASM 3.0 (`for i in ...`,
 * `const n = 3;`, `qubit q[n];`) get a hint naming the 3.0 form, and what
 * the service makes of it. Read from the source text around the error: the
 * parser's message stays as it is.
 */
import { sizeAfterNameHint, untypedConstHint, untypedLoopHint } from '../diagnostics/index.js';
import type { Diagnostic, SourceText } from '../diagnostics/index.js';

const SYNTAX_RULE = 'syntax-error';

/** Each pre-3.0 form: how its statement starts, and the hint. */
const LEGACY_FORMS: readonly { readonly pattern: RegExp; readonly hint: (match: RegExpExecArray) => string }[] = [
  {
    pattern: /^for\s+([\p{L}_][\p{L}\p{N}_]*)\s+in\s*([^{]*?)\s*(?:\{|$)/u,
    hint: (m) => untypedLoopHint(m[1] as string, (m[2] as string) || '[0:3]'),
  },
  {
    pattern: /^const\s+([\p{L}_][\p{L}\p{N}_]*)\s*=\s*([^;]*?)\s*(?:;|$)/u,
    hint: (m) => untypedConstHint(m[1] as string, (m[2] as string) || '3'),
  },
  {
    pattern: /^(qubit|bit)\s+([\p{L}_][\p{L}\p{N}_]*)\s*\[([^\]]*)\]/u,
    hint: (m) => sizeAfterNameHint(m[1] as string, m[2] as string, (m[3] as string).trim()),
  },
];

/** The syntax diagnostics, with a hint on those that stand in a pre-3.0 form. */
export function explainLegacySyntax(diagnostics: readonly Diagnostic[], source: SourceText): Diagnostic[] {
  return diagnostics.map((d) => {
    if (d.rule !== SYNTAX_RULE || d.hint !== undefined) return d;
    const statement = statementAround(source, d.span.start.offset);
    for (const form of LEGACY_FORMS) {
      const match = form.pattern.exec(statement);
      if (match !== null) return { ...d, hint: form.hint(match) };
    }
    return d;
  });
}

/** The text of the line holding `offset`, from the last statement boundary before it. */
function statementAround(source: SourceText, offset: number): string {
  const line = source.lineOf(offset);
  const lineStart = source.lineStarts[line - 1] as number;
  const text = source.lineText(line);
  const before = text.slice(0, Math.max(0, offset - lineStart));
  const boundary = Math.max(before.lastIndexOf(';'), before.lastIndexOf('{'), before.lastIndexOf('}'));
  return text.slice(boundary + 1).trimStart();
}
