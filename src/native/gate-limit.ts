/**
 * The native gate limit: lowering stops once the native circuit holds more
 * operations than its bound, so that a program within the QIS gate limit
 * (a multi-controlled gate becomes a hundred native gates and more) cannot
 * make `compile` build millions of objects. Thrown by the counting walk
 * before any native gate is built (lower.ts), turned into a diagnostic by
 * `compile`.
 */
import type { Span } from '../diagnostics/index.js';

export class NativeGateLimitError extends Error {
  constructor(
    readonly limit: number,
    /** The statement whose lowering passed the limit, when it came from source text. */
    readonly span?: Span,
    /** Native operations built when it was thrown: 0 when the counting walk refused, as it always should. */
    readonly built = 0,
  ) {
    super(`more than ${limit} native operations`);
  }
}
