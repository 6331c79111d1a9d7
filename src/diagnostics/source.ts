/**
 * Source text with a line-start table: converts 0-based UTF-16 offsets into
 * 1-based lines and 1-based columns counted in Unicode code points.
 *
 * Line ends are `\n`, `\r\n` and a lone `\r` (decisions.md, section 1).
 */
export class SourceText {
  readonly text: string;
  readonly name: string | undefined;
  #lineStarts: readonly number[] | null = null;
  #hasSurrogates: boolean | null = null;

  constructor(text: string, name?: string) {
    this.text = text;
    this.name = name;
  }

  /**
   * Offset of the first character of each line; lineStarts[0] === 0. Built on
   * first use: a program with no diagnostic never needs a line number.
   */
  get lineStarts(): readonly number[] {
    return (this.#lineStarts ??= computeLineStarts(this.text));
  }

  /** 1-based line of an offset (offsets past the end clamp to the last line). */
  lineOf(offset: number): number {
    const starts = this.lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo + 1;
  }

  /** Position of a 0-based offset, clamped into [0, text.length]. */
  position(offset: number): Position {
    const clamped = Number.isFinite(offset) ? Math.max(0, Math.min(Math.trunc(offset), this.text.length)) : 0;
    const line = this.lineOf(clamped);
    const lineStart = this.lineStarts[line - 1] as number;
    // Without surrogate pairs a column is an offset difference: counting code
    // points is for texts that need it (a column deep in a 6 MB line, asked
    // for each of its diagnostics, made reporting quadratic).
    this.#hasSurrogates ??= /[\uD800-\uDFFF]/.test(this.text);
    const column = this.#hasSurrogates ? codePointCount(this.text, lineStart, clamped) : clamped - lineStart;
    return { line, column: column + 1, offset: clamped };
  }

  /** Span from start offset (inclusive) to end offset (exclusive). */
  span(startOffset: number, endOffset: number): Span {
    return { start: this.position(startOffset), end: this.position(Math.max(startOffset, endOffset)) };
  }

  /** Text of a 1-based line, without its line end. */
  lineText(line: number): string {
    const start = this.lineStarts[line - 1];
    if (start === undefined) return '';
    const next = this.lineStarts[line];
    let end = next === undefined ? this.text.length : next;
    while (end > start && (this.text.charCodeAt(end - 1) === 10 || this.text.charCodeAt(end - 1) === 13)) end--;
    return this.text.slice(start, end);
  }
}

/** A 1-based line and code-point column, with the 0-based UTF-16 offset. */
export interface Position {
  readonly line: number;
  readonly column: number;
  readonly offset: number;
}

/** Half-open source range: `end` is exclusive. */
export interface Span {
  readonly start: Position;
  readonly end: Position;
}

function computeLineStarts(text: string): number[] {
  const starts = [0];
  const n = text.length;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13) {
      if (i + 1 < n && text.charCodeAt(i + 1) === 10) i++;
      starts.push(i + 1);
    }
  }
  return starts;
}

/** Number of code points in text[from, to): a surrogate pair counts once, a lone surrogate once. */
export function codePointCount(text: string, from: number, to: number): number {
  let count = 0;
  for (let i = from; i < to; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < to) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}
