/**
 * Document formatting through the library's printer, statement by
 * statement, so that comments survive: each top-level statement is replaced
 * by its printed form, comments between statements are kept (a trailing
 * comment stays on its statement's line), runs of blank lines shrink to one.
 * A statement with a comment inside is left as written, and a text with
 * syntax errors is not touched. Formatting twice changes nothing.
 */
import { print, type Node } from '../index.js';
import type { SymbolIndex } from './symbols.js';

/** The formatted text, or null when the text cannot be formatted safely (syntax errors). */
export function formatText(text: string, index: SymbolIndex): string | null {
  if (index.hasSyntaxErrors) return null;
  const program = index.program;
  const items: Node[] = [...(program.version === null ? [] : [program.version]), ...program.statements];
  let out = '';
  let cursor = 0;
  let hasPrevious = false;
  for (const item of items) {
    const start = startOf(item);
    const end = item.span.end.offset;
    const gap = layoutGap(text.slice(cursor, start), hasPrevious);
    if (gap === null) return null;
    out += gap;
    const written = text.slice(start, end);
    out += /\/\/|\/\*/.test(written) ? written : print(item).replace(/\n+$/, '');
    cursor = end;
    hasPrevious = true;
  }
  const tail = layoutGap(text.slice(cursor), hasPrevious);
  if (tail === null) return null;
  const body = (out + tail).replace(/\s+$/, '');
  // A byte-order mark stays where it was: first.
  const formatted = (text.startsWith('\ufeff') ? '\ufeff' : '') + (body === '' ? '' : body + '\n');
  return text.includes('\r\n') ? formatted.replace(/\r?\n/g, '\r\n') : formatted;
}

/** Where a statement's text begins: its first annotation, else its span. */
function startOf(node: Node): number {
  const annotations = 'annotations' in node ? (node.annotations as readonly Node[]) : [];
  const first = annotations[0];
  return Math.min(node.span.start.offset, first === undefined ? Infinity : first.span.start.offset);
}

/**
 * The text between two statements re-laid: comments kept in order, a
 * comment on the previous statement's line stays there after one space, one
 * newline between lines (two where the source had a blank line). Null when
 * the gap holds anything but whitespace and comments.
 */
function layoutGap(gap: string, hasPrevious: boolean): string | null {
  let out = '';
  let i = 0;
  let newlines = 0;
  let first = true;
  while (i < gap.length) {
    const c = gap[i] as string;
    if (c === '\n' || (c === '\r' && gap[i + 1] !== '\n')) {
      newlines++;
      i++;
    } else if (c === ' ' || c === '\t' || c === '\r' || c === '\f' || c === '\v' || c === '\ufeff') {
      i++;
    } else if (gap.startsWith('//', i) || gap.startsWith('/*', i)) {
      const end = gap.startsWith('//', i) ? lineEnd(gap, i) : gap.indexOf('*/', i + 2) + 2;
      if (end < 2) return null;
      out += separator(newlines, first && hasPrevious, first && !hasPrevious) + gap.slice(i, end).trimEnd();
      first = false;
      newlines = 0;
      i = end;
    } else {
      return null;
    }
  }
  return out + (hasPrevious || !first ? separator(newlines, false, false, true) : '');
}

function separator(newlines: number, afterStatement: boolean, atStart: boolean, beforeStatement = false): string {
  if (atStart) return '';
  if (newlines === 0) return afterStatement ? ' ' : beforeStatement ? '\n' : ' ';
  return newlines > 1 ? '\n\n' : '\n';
}

function lineEnd(text: string, from: number): number {
  let i = from;
  while (i < text.length && text[i] !== '\n' && text[i] !== '\r') i++;
  return i;
}
