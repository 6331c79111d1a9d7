/** What the grammar's layers (expressions.ts, types.ts, parser.ts) share: result types, notes, and `alt`. */
import type * as N from '../ast/nodes.js';

/** A problem the parser found outside Chevrotain's own error reporting. */
export interface ParserNote {
  readonly reason: string;
  readonly startOffset: number;
  readonly endOffset: number;
}

/**
 * One alternative of an OR. A helper rather than an `{ ALT }` literal so that
 * tools keeping function names (tsx, esbuild `keepNames`) do not rename a
 * fresh closure on every call of a hot rule.
 */
export function alt<T>(fn: () => T): { ALT: () => T } {
  return { ALT: fn };
}

export type Body = readonly N.Statement[];
/** What a statement rule yields: a statement, a version header, or several (a flattened scope). */
export type StatementResult = N.Statement | N.Version | readonly N.Statement[] | undefined;
