/** The diagnostic an operation returns when the library itself failed: never thrown at the caller. */
import { OPTION_SPAN } from '../capabilities/target.js';
import {
  createDiagnostic,
  INTERNAL_ERROR_RULE,
  internalError,
  type Diagnostic,
  type DiagnosticCode,
} from '../diagnostics/index.js';

/** `internal-error` at 1:1 with the error's message; `code` as the operation reports its input problems. */
export function internalErrorDiagnostic(error: unknown, code: DiagnosticCode = 'InvalidInput'): Diagnostic {
  return createDiagnostic({ code, rule: INTERNAL_ERROR_RULE, reason: internalError(error), span: OPTION_SPAN });
}
