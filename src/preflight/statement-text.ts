/** A statement's source text as messages quote it. */
import type { Statement } from '../ast/nodes.js';
import type { SourceText } from '../diagnostics/index.js';
import { startOffsetOf } from '../inline/index.js';

/**
 * From the statement's first token (annotations excluded) up to and excluding
 * its `;`, whitespace runs folded to one space.
 */
export function statementText(source: SourceText, statement: Statement): string {
  const span = statement.span;
  let start = startOffsetOf(span);
  const last = statement.annotations[statement.annotations.length - 1];
  if (last !== undefined)
    start = Math.max(start, startOffsetOf(last.span) + (last.span.end.offset - last.span.start.offset));
  const end = span.end.offset;
  const text = source.text.slice(start, end);
  const trimmed = text.replace(/\s*;\s*$/, '');
  return trimmed.replace(/\s+/g, ' ').trim();
}
