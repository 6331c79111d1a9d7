/**
 * `check` on a `.json` file: a svc.circuit.v0 job input (what a v0.3 job
 * carries), validated by the library's validateCircuitJson. Text that is not
 * JSON at all is one InvalidInput diagnostic at the position the parser gave.
 * Diagnostics that name a JSON path are moved onto that value in the text.
 */
import { createDiagnostic, SourceText, validateCircuitJson, type Diagnostic } from '../../index.js';
import type { CheckOptions, Verdict } from './check-source.js';
import { locateJsonValues, locatePath } from './json-locate.js';

export const INVALID_JSON_RULE = 'invalid-json';

export function isJsonFile(file: string): boolean {
  return /\.json$/i.test(file);
}

export function validateJsonText(text: string, options: CheckOptions): Verdict {
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const source = new SourceText(text);
    const at = /at position (\d+)/.exec(detail);
    const offset = at ? Number(at[1]) : text.length;
    const diagnostic = createDiagnostic({
      code: 'InvalidInput',
      rule: INVALID_JSON_RULE,
      reason: `Not valid JSON: ${detail.replace(/ in JSON at position \d+.*$/, '')}`,
      span: source.span(offset, Math.min(offset + 1, text.length)),
    });
    return { diagnostics: [diagnostic], failure: { code: diagnostic.code, message: diagnostic.message } };
  }
  const verdict = validateCircuitJson(input, { target: options.target, maxErrors: options.maxErrors });
  return verdict.diagnostics.some((d) => d.path !== undefined)
    ? { ...verdict, diagnostics: withJsonSpans(text, verdict.diagnostics) }
    : verdict;
}

/** Moves each diagnostic that names a JSON path from 1:1 onto that value in the text. */
function withJsonSpans(text: string, diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const source = new SourceText(text);
  const locations = locateJsonValues(text);
  return diagnostics.map((d) => {
    const at = d.path === undefined ? undefined : locatePath(locations, d.path);
    return at === undefined ? d : { ...d, span: source.span(at[0], at[1]) };
  });
}
