/**
 * Positions between the library and LSP. The library's spans carry 0-based
 * UTF-16 offsets next to their code-point columns; LSP counts UTF-16 code
 * units too, so converting through the offset is exact for any text (an
 * emoji before an error moves the LSP character by two, the library column
 * by one).
 */
import type { Range, Position as LspPosition } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import type { Span } from '../index.js';

/** The LSP range of a library span in the document it was computed on. */
export function rangeOf(document: TextDocument, span: Span): Range {
  return offsetRange(document, span.start.offset, span.end.offset);
}

export function offsetRange(document: TextDocument, start: number, end: number): Range {
  return { start: document.positionAt(start), end: document.positionAt(Math.max(start, end)) };
}

/** Whether two LSP ranges overlap or touch. */
export function rangesMeet(a: Range, b: Range): boolean {
  return !(before(a.end, b.start) || before(b.end, a.start));
}

function before(a: LspPosition, b: LspPosition): boolean {
  return a.line < b.line || (a.line === b.line && a.character < b.character);
}
