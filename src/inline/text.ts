/** Source text of a node, for messages that quote what was written. */
import type { SourceText, Span } from '../diagnostics/index.js';
import { LazySpan } from '../diagnostics/index.js';

/** Longest quotation in a message; longer text is cut with an ellipsis. */
export const MAX_QUOTED_LENGTH = 80;

/** The text a node spans, whitespace runs folded to one space, cut to {@link MAX_QUOTED_LENGTH}. */
export function textOf(source: SourceText, node: { readonly span: Span }): string {
  const span = node.span;
  const [start, end] =
    span instanceof LazySpan ? [span.startOffset, span.endOffset] : [span.start.offset, span.end.offset];
  const text = source.text
    .slice(start, Math.min(end, start + 4 * MAX_QUOTED_LENGTH))
    .replace(/\s+/g, ' ')
    .trim();
  return end - start > 4 * MAX_QUOTED_LENGTH || text.length > MAX_QUOTED_LENGTH
    ? [...text]
        .slice(0, MAX_QUOTED_LENGTH - 1)
        .join('')
        .trimEnd() + '…'
    : text;
}

/** Start offset of a span without computing its line and column. */
export function startOffsetOf(span: Span): number {
  return span instanceof LazySpan ? span.startOffset : span.start.offset;
}
