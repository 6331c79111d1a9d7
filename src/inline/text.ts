/** Source text of a node, for messages that quote what was written. */
import type { SourceText, Span } from '../diagnostics/index.js';
import { LazySpan } from '../diagnostics/index.js';

/** The text a node spans, whitespace runs folded to one space. */
export function textOf(source: SourceText, node: { readonly span: Span }): string {
  const span = node.span;
  const [start, end] =
    span instanceof LazySpan ? [span.startOffset, span.endOffset] : [span.start.offset, span.end.offset];
  return source.text.slice(start, end).replace(/\s+/g, ' ').trim();
}

/** Start offset of a span without computing its line and column. */
export function startOffsetOf(span: Span): number {
  return span instanceof LazySpan ? span.startOffset : span.start.offset;
}
