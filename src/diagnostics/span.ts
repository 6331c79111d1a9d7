import type { Position, Span } from './source.js';
import { SourceText } from './source.js';

export type { Position, Span } from './source.js';

/**
 * A span stored as two offsets and computed into lines and columns on demand.
 * AST nodes carry these so that a million-statement program does not hold
 * three objects per node; consumers only see the {@link Span} interface.
 */
export class LazySpan implements Span {
  constructor(
    private readonly source: SourceText,
    readonly startOffset: number,
    readonly endOffset: number,
  ) {}
  get start(): Position {
    return this.source.position(this.startOffset);
  }
  get end(): Position {
    return this.source.position(this.endOffset);
  }
  toJSON(): Span {
    return plainSpan(this);
  }
}

/** Where a span starts, as an offset, without computing its line and column when it is lazy. */
export const startOffsetOf = (span: Span): number => (span instanceof LazySpan ? span.startOffset : span.start.offset);

/** Where a span ends, as an offset, without computing its line and column when it is lazy. */
export const endOffsetOf = (span: Span): number => (span instanceof LazySpan ? span.endOffset : span.end.offset);

/** A plain-data copy of any span (what diagnostics hold and JSON prints). */
export function plainSpan(span: Span): Span {
  const s = span.start;
  const e = span.end;
  return {
    start: { line: s.line, column: s.column, offset: s.offset },
    end: { line: e.line, column: e.column, offset: e.offset },
  };
}

/** The span from the start of `a` to the end of `b`. */
export function joinSpans(a: Span, b: Span): Span {
  return { start: a.start, end: b.end };
}

/**
 * The one conversion from Chevrotain token positions (inclusive end offset)
 * to our half-open span. Tokens inserted by error recovery have NaN offsets:
 * they are anchored on the end of `previous` (the last real token), or at the
 * start of the text when there is none, so no NaN or -1 ever escapes.
 */
export function spanFromTokens(
  source: SourceText,
  first: { startOffset: number; isInsertedInRecovery?: boolean },
  last: { startOffset: number; endOffset?: number; image: string; isInsertedInRecovery?: boolean },
  previous?: { startOffset: number; endOffset?: number; image: string },
): Span {
  const anchor = previous ? tokenEnd(previous) : 0;
  const start = validOffset(first.startOffset) && !first.isInsertedInRecovery ? first.startOffset : anchor;
  const end = validOffset(last.startOffset) && !last.isInsertedInRecovery ? tokenEnd(last) : Math.max(start, anchor);
  return source.span(start, Math.max(start, end));
}

function tokenEnd(token: { startOffset: number; endOffset?: number; image: string }): number {
  if (token.endOffset !== undefined && validOffset(token.endOffset)) return token.endOffset + 1;
  return validOffset(token.startOffset) ? token.startOffset + token.image.length : 0;
}

function validOffset(n: number): boolean {
  return Number.isFinite(n) && n >= 0;
}

/** A zero-width span at the start of the text (for diagnostics about a whole program). */
export function startOfText(source: SourceText): Span {
  return source.span(0, 0);
}
