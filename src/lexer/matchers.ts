/**
 * Hand-written matchers for the tokens a regular expression cannot say well
 * (or cannot say fast): Unicode identifiers, rest-of-line pragmas and
 * annotations, and `cal`/`defcal` bodies kept as opaque text with balanced
 * braces. Each follows Chevrotain's custom pattern contract: return a
 * one-element array holding the matched text, or null.
 */

type Match = [string] | null;

const ID_CONTINUE_UNICODE = /[\p{Lu}\p{Ll}\p{Lt}\p{Lm}\p{Lo}\p{Nl}_0-9]*/uy;
const ID_START_UNICODE = /[\p{Lu}\p{Ll}\p{Lt}\p{Lm}\p{Lo}\p{Nl}]/uy;

function isAsciiIdStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

function isAsciiIdPart(c: number): boolean {
  return isAsciiIdStart(c) || (c >= 48 && c <= 57);
}

/** End offset of the identifier starting at `offset`, or -1 when none starts there. */
export function identifierEnd(text: string, offset: number): number {
  const first = text.charCodeAt(offset);
  let i: number;
  if (isAsciiIdStart(first)) i = offset + 1;
  else if (first >= 128) {
    ID_START_UNICODE.lastIndex = offset;
    if (!ID_START_UNICODE.test(text)) return -1;
    i = ID_START_UNICODE.lastIndex;
  } else return -1;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (isAsciiIdPart(c)) i++;
    else if (c >= 128) {
      ID_CONTINUE_UNICODE.lastIndex = i;
      ID_CONTINUE_UNICODE.test(text);
      if (ID_CONTINUE_UNICODE.lastIndex === i) break;
      i = ID_CONTINUE_UNICODE.lastIndex;
    } else break;
  }
  return i;
}

export function matchIdentifier(text: string, offset: number): Match {
  const end = identifierEnd(text, offset);
  return end < 0 ? null : [text.slice(offset, end)];
}

/**
 * Identifier start characters for Chevrotain's first-character index: ASCII,
 * every code unit of Latin-1, and one code unit per 256-wide bucket above
 * (Chevrotain buckets code units from 256 up), so any letter can start one.
 */
export const IDENTIFIER_START_HINT: readonly number[] = (() => {
  const hint: number[] = [95];
  for (let c = 65; c <= 90; c++) hint.push(c, c + 32);
  for (let c = 128; c < 256; c++) hint.push(c);
  for (let c = 256; c < 0x10000; c += 256) hint.push(c);
  return hint;
})();

function lineEnd(text: string, offset: number): number {
  let i = offset;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 10 || c === 13) break;
    i++;
  }
  return i;
}

/** `pragma ...` or `#pragma ...` to the end of the line. */
export function matchPragma(text: string, offset: number): Match {
  let i = offset;
  if (text.charCodeAt(i) === 35 /* # */) i++;
  if (!text.startsWith('pragma', i)) return null;
  i += 6;
  if (isIdentifierPart(text, i)) return null;
  return [text.slice(offset, lineEnd(text, i))];
}

function isIdentifierPart(text: string, offset: number): boolean {
  const c = text.charCodeAt(offset);
  return isAsciiIdPart(c) || (c >= 128 && identifierEnd(text, offset) !== -1);
}

/**
 * An annotation `@name.part rest of line`. To keep `ctrl @x q;` a modifier,
 * `@` starts an annotation only where a statement can start: first on its
 * line, or after `;`, `{` or `}`.
 */
export function matchAnnotation(text: string, offset: number): Match {
  if (text.charCodeAt(offset) !== 64 /* @ */ || !atStatementStart(text, offset)) return null;
  let i = identifierEnd(text, offset + 1);
  if (i < 0) return null;
  while (text.charCodeAt(i) === 46 /* . */) {
    const next = identifierEnd(text, i + 1);
    if (next < 0) break;
    i = next;
  }
  return [text.slice(offset, lineEnd(text, i))];
}

function atStatementStart(text: string, offset: number): boolean {
  for (let i = offset - 1; i >= 0; i--) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 0xfeff) continue;
    return c === 10 || c === 13 || c === 59 /* ; */ || c === 123 /* { */ || c === 125; /* } */
  }
  return true;
}

/** Skips whitespace and comments; returns the next offset. */
function skipTrivia(text: string, offset: number): number {
  let i = offset;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 32 || c === 9 || c === 10 || c === 13 || c === 12 || c === 11) i++;
    else if (c === 47 && text.charCodeAt(i + 1) === 47) i = lineEnd(text, i);
    else if (c === 47 && text.charCodeAt(i + 1) === 42) {
      const close = text.indexOf('*/', i + 2);
      if (close < 0) return n;
      i = close + 2;
    } else break;
  }
  return i;
}

/** Offset just after the brace closing the one at `open`, or -1 when unbalanced. */
function balancedBraceEnd(text: string, open: number): number {
  let depth = 0;
  const n = text.length;
  for (let i = open; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 123) depth++;
    else if (c === 125 && --depth === 0) return i + 1;
  }
  return -1;
}

function keywordAt(text: string, offset: number, keyword: string): boolean {
  return text.startsWith(keyword, offset) && !isIdentifierPart(text, offset + keyword.length);
}

/** `cal { opaque }`: the whole statement is one token. */
export function matchCalBlock(text: string, offset: number): Match {
  if (!keywordAt(text, offset, 'cal')) return null;
  const open = skipTrivia(text, offset + 3);
  if (text.charCodeAt(open) !== 123) return null;
  const end = balancedBraceEnd(text, open);
  return end < 0 ? null : [text.slice(offset, end)];
}

/**
 * `cal {` or `defcal ... {` whose braces never balance: the rest of the text,
 * as one token, so that it is reported once instead of parsed as statements.
 */
export function matchUnterminatedCalibration(text: string, offset: number): Match {
  const keyword = keywordAt(text, offset, 'defcal') ? 'defcal' : keywordAt(text, offset, 'cal') ? 'cal' : null;
  if (keyword === null) return null;
  let i = offset + keyword.length;
  while (i < text.length) {
    i = skipTrivia(text, i);
    const c = text.charCodeAt(i);
    if (c === 123) return balancedBraceEnd(text, i) < 0 ? [text.slice(offset)] : null;
    if (keyword === 'cal' || c === 125 || c === 59) return null;
    i++;
  }
  return null;
}

/** `defcal header { opaque }`: the whole statement is one token; the header holds no brace. */
export function matchDefcalBlock(text: string, offset: number): Match {
  if (!keywordAt(text, offset, 'defcal')) return null;
  let i = offset + 6;
  const n = text.length;
  while (i < n) {
    i = skipTrivia(text, i);
    const c = text.charCodeAt(i);
    if (c === 123) break;
    if (c === 125 || c === 59) return null;
    i++;
  }
  if (i >= n) return null;
  const end = balancedBraceEnd(text, i);
  return end < 0 ? null : [text.slice(offset, end)];
}

/** True for a code unit no token can start with (control characters, `?`, `` ` ``, `\\`, `#`, non-letters above ASCII). */
function isInvalidStart(text: string, offset: number): boolean {
  const c = text.charCodeAt(offset);
  if (c < 0x20) return c !== 9 && c !== 10 && c !== 11 && c !== 12 && c !== 13;
  if (c === 0x7f || c === 63 /* ? */ || c === 96 /* ` */ || c === 92 /* \\ */) return true;
  if (c === 35 /* # */) return !text.startsWith('#pragma', offset) && !text.startsWith('#dim', offset);
  if (c < 0x80) return false;
  return c !== 0xfeff && c !== 0xb5 && identifierEnd(text, offset) < 0;
}

/**
 * A run of characters that cannot start any token, as one token: the lexer
 * reports it once, and a megabyte of garbage costs one scan, not one
 * recovery attempt per character.
 */
export function matchInvalidCharacters(text: string, offset: number): Match {
  let i = offset;
  while (i < text.length && isInvalidStart(text, i)) i++;
  return i === offset ? null : [text.slice(offset, i)];
}

/** Start characters of {@link matchInvalidCharacters}, for Chevrotain's first-character index. */
export const INVALID_START_HINT: readonly number[] = (() => {
  const hint: number[] = [];
  for (let c = 0; c < 0x20; c++) if (c < 9 || c > 13) hint.push(c);
  hint.push(0x7f, 63, 96, 92, 35);
  for (let c = 128; c < 256; c++) hint.push(c);
  for (let c = 256; c < 0x10000; c += 256) hint.push(c);
  return hint;
})();
