/** The diagnostic an operation returns when the library itself failed: never thrown at the caller. */
import { OPTION_SPAN } from '../capabilities/target.js';
import {
  createDiagnostic,
  INTERNAL_ERROR_RULE,
  internalError,
  type Diagnostic,
  type DiagnosticCode,
} from '../diagnostics/index.js';

/**
 * `internal-error` at 1:1 with the error's message; `code` as the operation reports its input problems. When the
 * operation's `input` is an object that cannot be read (a Proxy whose traps throw, a throwing getter), the fault
 * is the caller's: an `invalid-input` diagnostic says so instead.
 */
export function internalErrorDiagnostic(
  error: unknown,
  code: DiagnosticCode = 'InvalidInput',
  input?: unknown,
): Diagnostic {
  const unreadable = unreadableInput(input);
  if (unreadable !== null)
    return createDiagnostic({ code: 'InvalidInput', rule: 'invalid-input', reason: unreadable, span: OPTION_SPAN });
  return createDiagnostic({ code, rule: INTERNAL_ERROR_RULE, reason: internalError(error), span: OPTION_SPAN });
}

/** Why an object input cannot be read, or null when it can (or is no object). */
export function unreadableInput(input: unknown): string | null {
  if (typeof input !== 'object' || input === null) return null;
  try {
    void Object.keys(input);
    void (input as Record<string, unknown>)['circuits'];
    return null;
  } catch (error) {
    return `the input object could not be read: ${error instanceof Error ? error.message : 'reading it threw'}`;
  }
}
