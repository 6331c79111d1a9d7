/**
 * `check` on a `.json` file: a svc.circuit.v0 job input (what a v0.3 job
 * carries), validated by the library's validateCircuitJson. Text that is not
 * JSON at all is one InvalidInput diagnostic at the position the parser gave.
 */
import { createDiagnostic, SourceText } from '../../diagnostics/index.js';
import { validateCircuitJson } from '../../ir/circuit-json.js';
import type { CheckOptions, Verdict } from './check-source.js';

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
  return validateCircuitJson(input, { target: options.target, maxErrors: options.maxErrors });
}
