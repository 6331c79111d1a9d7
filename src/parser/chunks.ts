/**
 * Splits a long source into statement-aligned chunks, so that the tokens of
 * a 13 MB program never all live at once: each chunk is lexed, parsed and
 * dropped before the next. A cut is made only right after a `;` at brace
 * depth 0, outside comments, strings, pragmas and annotations, and not before
 * an `else`; when no such place exists the rest of the source is one chunk,
 * which is always correct, only larger.
 */

/** Target chunk size in UTF-16 code units. */
export const CHUNK_SIZE = 256 * 1024;

/**
 * End offset (exclusive) of the chunk starting at `from`: the first cut at or
 * after `from + size`, or with `atMostSize` the last cut before it when there
 * is one (so a small region never swallows the long statement after it).
 */
export function chunkEnd(text: string, from: number, size = CHUNK_SIZE, atMostSize = false): number {
  const n = text.length;
  if (n - from <= size) return n;
  const target = from + size;
  let depth = 0;
  let lineStart = true;
  let lastCut = -1;
  let i = from;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) {
      lineStart = true;
      i++;
      continue;
    }
    if (c === 32 || c === 9) {
      i++;
      continue;
    }
    const atLineStart = lineStart;
    lineStart = false;
    if (c === 47 /* / */ && text.charCodeAt(i + 1) === 47) i = lineEnd(text, i);
    else if (c === 47 && text.charCodeAt(i + 1) === 42 /* * */) {
      const close = text.indexOf('*/', i + 2);
      if (close < 0) return n;
      i = close + 2;
    } else if (c === 34 /* " */ || c === 39 /* ' */) {
      i = stringEnd(text, i, c);
    } else if ((c === 64 /* @ */ && atLineStart) || startsPragma(text, i)) {
      i = lineEnd(text, i);
    } else if (c === 123 /* { */) {
      depth++;
      i++;
    } else if (c === 125 /* } */) {
      if (depth > 0) depth--;
      i++;
    } else if (c === 59 /* ; */) {
      i++;
      if (depth === 0 && (atMostSize || i >= target) && !elseFollows(text, i)) {
        if (i >= target) return atMostSize && lastCut > from ? lastCut : i;
        if (atMostSize) lastCut = i;
      }
    } else i++;
  }
  return n;
}

function lineEnd(text: string, offset: number): number {
  let i = offset;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) break;
    i++;
  }
  return i;
}

function stringEnd(text: string, offset: number, quote: number): number {
  for (let i = offset + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === quote) return i + 1;
    if (c === 10 || c === 13) return i;
  }
  return text.length;
}

function startsPragma(text: string, offset: number): boolean {
  const c = text.charCodeAt(offset);
  if (c === 35 /* # */) return text.startsWith('pragma', offset + 1);
  if (c !== 112 /* p */ || !text.startsWith('pragma', offset)) return false;
  const before = offset > 0 ? text.charCodeAt(offset - 1) : 32;
  return !isWordCharacter(before) && !isWordCharacter(text.charCodeAt(offset + 6));
}

function isWordCharacter(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c >= 128;
}

/** True when the next word after trivia is `else` (cutting there would split an `if`). */
function elseFollows(text: string, offset: number): boolean {
  let i = offset;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13) i++;
    else if (c === 47 && text.charCodeAt(i + 1) === 47) i = lineEnd(text, i);
    else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const close = text.indexOf('*/', i + 2);
      if (close < 0) return true;
      i = close + 2;
    } else break;
  }
  return text.startsWith('else', i) && !isWordCharacter(text.charCodeAt(i + 4));
}

/**
 * Where to end the prefix of an oversized chunk (see `readPrefixFirst` in
 * parser/index.ts), at or after `at` and before `to`: a line end, else a
 * comma, else a blank within the next CHUNK_SIZE characters, else `at`
 * itself. The prefix is only ever kept when its verdict cannot change with
 * what follows, so any place is correct; a boundary between tokens is only
 * tidier. -1 when the chunk ends first.
 */
export function prefixCut(text: string, at: number, to: number): number {
  if (at + 1 >= to) return -1;
  const window = Math.min(to - 1, at + CHUNK_SIZE);
  for (const boundary of ['\n', ',', ' ']) {
    const found = text.indexOf(boundary, at);
    if (found >= 0 && found < window) return found;
  }
  return at;
}
