/**
 * The service's request-body limit (decisions.md section 6: 10 MB), checked
 * before anything is parsed so that an oversized program costs nothing.
 * Not a subset rule over the AST, so it lives outside `rules/`; its id is
 * documented in docs/rules.md with the others.
 */
import { createDiagnostic, sourceTooLarge, startOfText } from '../diagnostics/index.js';
import type { Diagnostic, SourceText } from '../diagnostics/index.js';

export const SOURCE_SIZE_RULE = 'source-size';

/** A diagnostic when `source` is longer than `maxLength` UTF-16 code units, else null. */
export function checkSourceSize(source: SourceText, maxLength: number): Diagnostic | null {
  if (!(source.text.length > maxLength)) return null;
  return createDiagnostic({
    code: 'PreflightError',
    rule: SOURCE_SIZE_RULE,
    reason: sourceTooLarge(source.text.length, maxLength),
    span: startOfText(source),
  });
}
