/**
 * Renders a diagnostic for people: a header line, the source line with a
 * caret underline, related locations with their own frames, and the hint.
 *
 * ```text
 * prog.qasm:3:1  PreflightError  unknown-gate  Circuit failed preflight validation: Unknown gate: cnto
 *   3 | cnto q[0], q[1];
 *     | ^^^^
 *   hint: did you mean cnot?
 * ```
 *
 * The frame is laid out in terminal cells, not code units: tabs expand to
 * tab stops, East Asian wide characters and emoji take two cells, combining
 * marks none, and control or bidirectional-override characters are shown as
 * visible placeholders so that hostile source cannot move the cursor or
 * reorder the line. Very long lines are cut to a window around the span.
 */
import type { Diagnostic } from './diagnostic.js';
import { SourceText } from './source.js';
import type { Span } from './source.js';

/** How {@link formatDiagnostic} renders. */
export interface FormatOptions {
  /** Name shown in headers; defaults to the source's name, then `<input>`. */
  readonly filename?: string;
  /** ANSI colours (the caller decides: TTY, `NO_COLOR`). Off by default. */
  readonly color?: boolean;
}

/**
 * A diagnostic as text: `file:line:column  code  rule  message`, the source
 * line underlined over the span (to the end of the first line when the span
 * covers several), each related location the same way, then the hint.
 * Warnings show `warning` in place of the failure code. No trailing newline.
 *
 * `source` is the program text the diagnostic came from (the string given to
 * `validate` or `compile`), or a {@link SourceText} already built for it.
 *
 * @example
 * const program = 'qubit[2] q;\ncnto q[0], q[1];';
 * formatDiagnostic(validate(program).diagnostics[0], program, { filename: 'bell.qasm' });
 */
export function formatDiagnostic(
  diagnostic: Diagnostic,
  source: string | SourceText,
  options: FormatOptions = {},
): string {
  const text =
    source instanceof SourceText ? source : new SourceText(typeof source === 'string' ? source : String(source ?? ''));
  return formatWithSource(diagnostic, text, options);
}

function formatWithSource(diagnostic: Diagnostic, source: SourceText, options: FormatOptions): string {
  const file = options.filename ?? source.name ?? '<input>';
  const paint = options.color ? ansiPainter : plainPainter;
  const severityStyle: Style = diagnostic.severity === 'warning' ? 'warning' : 'error';
  const related = diagnostic.related ?? [];
  const frames = [diagnostic.span, ...related.map((r) => r.span)].map((span) => frameOf(source, span));
  const gutterWidth = Math.max(...frames.map((f) => String(f.lineNumber).length));

  const label = diagnostic.severity === 'warning' ? 'warning' : diagnostic.code;
  const lines = [
    [
      paint('location', `${file}:${positionText(diagnostic.span)}`),
      paint(severityStyle, label),
      paint('rule', diagnostic.rule),
      paint('message', diagnostic.message),
    ].join('  '),
    ...renderFrame(frames[0] as Frame, gutterWidth, severityStyle, paint),
  ];
  related.forEach((location, i) => {
    lines.push(
      `  ${paint('note', 'note:')} ${paint('location', `${file}:${positionText(location.span)}`)}  ${location.message}`,
    );
    lines.push(...renderFrame(frames[i + 1] as Frame, gutterWidth, 'note', paint));
  });
  if (diagnostic.hint !== undefined) {
    const [first = '', ...rest] = diagnostic.hint.split(/\r\n|\r|\n/);
    lines.push(`  ${paint('hint', 'hint:')} ${first}`, ...rest.map((line) => `        ${line}`));
  }
  return lines.join('\n');
}

function positionText(span: Span): string {
  return `${span.start.line}:${span.start.column}`;
}

// --- frames -------------------------------------------------------------------------

/** Widest line content shown, in cells; longer lines are cut around the span. */
const MAX_LINE_CELLS = 120;
/** Code units kept before the span when a long line is cut. */
const CONTEXT_BEFORE_SPAN = 40;
const TAB_STOP = 4;
const ELLIPSIS = '…';

interface Frame {
  readonly lineNumber: number;
  readonly text: string;
  /** Cells before the first caret, and the caret count (at least one). */
  readonly caretColumn: number;
  readonly caretWidth: number;
}

interface Cell {
  readonly offset: number;
  readonly text: string;
  readonly width: number;
}

function frameOf(source: SourceText, span: Span): Frame {
  const text = source.text;
  const startOffset = clamp(span.start.offset, 0, text.length);
  const lineNumber = source.lineOf(startOffset);
  const lineStart = source.lineStarts[lineNumber - 1] as number;
  const lineEnd = lineStart + source.lineText(lineNumber).length;
  const caretStart = Math.min(startOffset, lineEnd);
  const caretEnd = clamp(span.end.offset, caretStart, lineEnd);

  const isLong = lineEnd - lineStart > MAX_LINE_CELLS;
  let from = isLong ? Math.max(lineStart, caretStart - CONTEXT_BEFORE_SPAN) : lineStart;
  if (from > lineStart && isLowSurrogate(text.charCodeAt(from))) from--;

  const cells: Cell[] = [];
  let used = 0;
  let offset = from;
  while (offset < lineEnd && (!isLong || used < MAX_LINE_CELLS)) {
    const codePoint = text.codePointAt(offset) as number;
    const cell = cellOf(codePoint, offset, used);
    cells.push(cell);
    used += cell.width;
    offset += codePoint > 0xffff ? 2 : 1;
  }
  const cutBefore = from > lineStart;
  const cutAfter = offset < lineEnd;

  let caretColumn = cutBefore ? 1 : 0;
  let caretWidth = 0;
  for (const cell of cells) {
    if (cell.offset < caretStart) caretColumn += cell.width;
    else if (cell.offset < caretEnd) caretWidth += cell.width;
  }
  const body = cells.map((c) => c.text).join('');
  return {
    lineNumber,
    text: (cutBefore ? ELLIPSIS : '') + body + (cutAfter ? ELLIPSIS : ''),
    caretColumn,
    caretWidth: Math.max(1, caretWidth),
  };
}

function renderFrame(frame: Frame, gutterWidth: number, caretStyle: Style, paint: Painter): string[] {
  const number = String(frame.lineNumber).padStart(gutterWidth);
  const blank = ' '.repeat(gutterWidth);
  return [
    `  ${paint('gutter', `${number} |`)} ${frame.text}`.trimEnd(),
    `  ${paint('gutter', `${blank} |`)} ${' '.repeat(frame.caretColumn)}${paint(caretStyle, '^'.repeat(frame.caretWidth))}`,
  ];
}

function clamp(n: number, low: number, high: number): number {
  return Number.isFinite(n) ? Math.max(low, Math.min(Math.trunc(n), high)) : low;
}

function isLowSurrogate(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

// --- cell widths --------------------------------------------------------------------

/** Characters that change how a terminal lays out or orders text; shown as U+FFFD. */
const UNSAFE_RANGES: readonly (readonly [number, number])[] = [
  [0x80, 0x9f], // C1 controls
  [0x200b, 0x200f], // zero-width space, joiners, LRM/RLM
  [0x2028, 0x202e], // line/paragraph separators, bidi embeddings and overrides
  [0x2060, 0x206f], // word joiner, invisible operators, bidi isolates
  [0xfeff, 0xfeff], // byte-order mark
];

const ZERO_WIDTH_RANGES: readonly (readonly [number, number])[] = [
  [0x0300, 0x036f],
  [0x0483, 0x0489],
  [0x0591, 0x05bd],
  [0x0610, 0x061a],
  [0x064b, 0x065f],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x20d0, 0x20ff],
  [0xfe00, 0xfe0f],
  [0xfe20, 0xfe2f],
  [0xe0100, 0xe01ef],
];

const WIDE_RANGES: readonly (readonly [number, number])[] = [
  [0x1100, 0x115f],
  [0x231a, 0x231b],
  [0x2329, 0x232a],
  [0x23e9, 0x23ec],
  [0x25fd, 0x25fe],
  [0x2614, 0x2615],
  [0x2648, 0x2653],
  [0x26a1, 0x26a1],
  [0x26aa, 0x26ab],
  [0x26bd, 0x26be],
  [0x26c4, 0x26c5],
  [0x26d4, 0x26d4],
  [0x26ea, 0x26ea],
  [0x26f2, 0x26f5],
  [0x26fa, 0x26fd],
  [0x2705, 0x2705],
  [0x270a, 0x270b],
  [0x2728, 0x2728],
  [0x274c, 0x274c],
  [0x2753, 0x2755],
  [0x2757, 0x2757],
  [0x2795, 0x2797],
  [0x27b0, 0x27b0],
  [0x27bf, 0x27bf],
  [0x2b1b, 0x2b1c],
  [0x2b50, 0x2b55],
  [0x2e80, 0x303e],
  [0x3041, 0x33ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xa000, 0xa4cf],
  [0xa960, 0xa97f],
  [0xac00, 0xd7a3],
  [0xf900, 0xfaff],
  [0xfe10, 0xfe19],
  [0xfe30, 0xfe6f],
  [0xff00, 0xff60],
  [0xffe0, 0xffe6],
  [0x16fe0, 0x18cff],
  [0x1b000, 0x1b2ff],
  [0x1f004, 0x1f004],
  [0x1f0cf, 0x1f0cf],
  [0x1f18e, 0x1f18e],
  [0x1f191, 0x1f19a],
  [0x1f200, 0x1f251],
  [0x1f300, 0x1f64f],
  [0x1f680, 0x1f6ff],
  [0x1f7e0, 0x1f7eb],
  [0x1f90c, 0x1f9ff],
  [0x1fa70, 0x1faff],
  [0x20000, 0x3fffd],
];

function inRanges(codePoint: number, ranges: readonly (readonly [number, number])[]): boolean {
  let lo = 0;
  let hi = ranges.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [first, last] = ranges[mid] as readonly [number, number];
    if (codePoint < first) hi = mid - 1;
    else if (codePoint > last) lo = mid + 1;
    else return true;
  }
  return false;
}

/** How one code point is shown, `column` cells into the shown text. */
function cellOf(codePoint: number, offset: number, column: number): Cell {
  if (codePoint === 0x09) {
    const width = TAB_STOP - (column % TAB_STOP);
    return { offset, text: ' '.repeat(width), width };
  }
  // C0 controls and DEL become their Control Pictures (U+2400..U+2421).
  if (codePoint < 0x20) return { offset, text: String.fromCodePoint(0x2400 + codePoint), width: 1 };
  if (codePoint === 0x7f) return { offset, text: '\u2421', width: 1 };
  if (isLoneSurrogate(codePoint) || inRanges(codePoint, UNSAFE_RANGES)) return { offset, text: '\ufffd', width: 1 };
  const text = String.fromCodePoint(codePoint);
  if (inRanges(codePoint, ZERO_WIDTH_RANGES)) return { offset, text, width: 0 };
  return { offset, text, width: inRanges(codePoint, WIDE_RANGES) ? 2 : 1 };
}

function isLoneSurrogate(codePoint: number): boolean {
  return codePoint >= 0xd800 && codePoint <= 0xdfff;
}

// --- colour -------------------------------------------------------------------------

type Style = 'location' | 'error' | 'warning' | 'rule' | 'message' | 'gutter' | 'note' | 'hint';
type Painter = (style: Style, text: string) => string;

/** SGR parameters per style. */
const ANSI_STYLES: Readonly<Record<Style, string>> = {
  location: '1',
  error: '1;31',
  warning: '1;33',
  rule: '2',
  message: '1',
  gutter: '34',
  note: '1;36',
  hint: '1;32',
};

const ansiPainter: Painter = (style, text) => (text === '' ? text : `\u001b[${ANSI_STYLES[style]}m${text}\u001b[0m`);
const plainPainter: Painter = (_style, text) => text;
