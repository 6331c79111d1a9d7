/**
 * A tight loop over the character codes of the commonest statement, a plain
 * gate call such as `h q[3];`, `cx q[0], q[1];` or `rz(pi/4) q[2];`, that
 * leaves its row for the statement table without a call through the node
 * builder, a string per name or number, or a list per argument (issue 27).
 *
 * It is a shortcut, never a judge: it accepts a statement only when the
 * fast path's reader (fast-path.ts) would read it and make a row, and then
 * leaves exactly the row the reader would leave (same names, same values
 * folded in the same order, same end). Anything else (parentheses, `+`,
 * names other than `pi`, empty or long argument lists, broadcasts,
 * modifiers, reserved words, Unicode, an operator or literal limit) is left
 * to the reader by returning -1. test/properties/plain-scan.property.test.ts
 * compares the two on random statements.
 */
import { MAX_LIST_LENGTH } from './limits.js';
import { decimalLiteralEnd, isReservedWord, literalFollower, skipBlanks } from './fast-path.js';
import type { StatementTable } from './statement-table.js';

/** What the reader allows in one statement before declining (fast-path.ts, MAX_FAST_OPERATORS). */
const MAX_FAST_OPERATORS = 64;
/** The largest index a row keeps (statement-table.ts). */
const MAX_ROW_INDEX = 0x7fff_ffff;
/** Arguments a scanned call may have; a call with more is the reader's. */
const MAX_SCANNED_ARGS = 16;
/** Digits summed exactly in a double (below 2^53): longer literals are converted from their text. */
const EXACT_DIGITS = 15;

function isIdentifierStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}
function isIdentifierPart(c: number): boolean {
  return isIdentifierStart(c) || isDigit(c);
}

/** The scanner for one text (see the file header). */
export class PlainCallScanner {
  private at = 0;
  private operators = 0;
  /** The last name scanned of each length and first letter, with its id in the table (-1: `pi`). */
  private readonly recentText: string[] = [];
  private readonly recentId: number[] = [];
  /** The id the last {@link name} call found, -1 for `pi`. */
  private nameId = 0;
  /** After a scan that returned an offset: the row's gate name id, argument values and operands (name id, index pairs). */
  gate = -1;
  readonly args = new Float64Array(MAX_SCANNED_ARGS);
  argCount = 0;
  readonly operands = new Int32Array(2 * MAX_LIST_LENGTH);
  operandCount = 0;

  constructor(
    private readonly text: string,
    private readonly table: StatementTable,
  ) {}

  /**
   * Scans the statement at `start` (no leading blanks): when it is a plain
   * call the reader would make a row of, leaves that row in {@link gate},
   * {@link args} and {@link operands} and returns the offset after its `;`;
   * else -1.
   */
  scan(start: number): number {
    const text = this.text;
    this.operators = 0;
    const nameEnd = this.name(start);
    if (nameEnd < 0 || this.nameId < 0) return -1;
    const gate = this.nameId;
    this.at = skipBlanks(text, nameEnd);
    const args = this.args;
    let argCount = 0;
    if (text.charCodeAt(this.at) === 40 /* ( */) {
      this.at = skipBlanks(text, this.at + 1);
      for (;;) {
        const value = this.argument();
        if (Number.isNaN(value) || argCount === MAX_SCANNED_ARGS) return -1;
        args[argCount++] = value;
        const c = text.charCodeAt(this.at);
        if (c === 41 /* ) */) break;
        if (c !== 44 /* , */) return -1;
        this.at = skipBlanks(text, this.at + 1);
        // A trailing comma is the reader's to decline.
        if (text.charCodeAt(this.at) === 41) return -1;
      }
      this.at = skipBlanks(text, this.at + 1);
    }
    let operandCount = 0;
    for (;;) {
      if (!this.operand(operandCount)) return -1;
      operandCount++;
      const c = text.charCodeAt(this.at);
      if (c === 59 /* ; */) break;
      if (c !== 44 || operandCount >= MAX_LIST_LENGTH) return -1;
      this.at = skipBlanks(text, this.at + 1);
    }
    this.gate = gate;
    this.argCount = argCount;
    this.operandCount = operandCount;
    return this.at + 1;
  }

  /**
   * The identifier at `offset` as the reader's `word` reads it: its end, with
   * its table id (or -1 for `pi`) in {@link nameId}; -1 when it is none or a
   * reserved word.
   */
  private name(offset: number): number {
    const text = this.text;
    const first = text.charCodeAt(offset);
    if (!isIdentifierStart(first)) return -1;
    let i = offset + 1;
    while (isIdentifierPart(text.charCodeAt(i))) i++;
    if (text.charCodeAt(i) >= 128) return -1;
    const key = ((i - offset) << 7) | first;
    const known = this.recentText[key];
    if (known !== undefined && text.startsWith(known, offset)) {
      this.nameId = this.recentId[key] as number;
      return i;
    }
    const word = text.slice(offset, i);
    if (isReservedWord(word)) return -1;
    const id = word === 'pi' ? -1 : this.table.nameId(word);
    this.recentText[key] = word;
    this.recentId[key] = id;
    this.nameId = id;
    return i;
  }

  /**
   * `-* atom ((* | /) -* atom)*` with atoms decimal literals or `pi`, folded
   * as the recorder folds it; NaN for anything else or any value it refuses.
   */
  private argument(): number {
    const text = this.text;
    let value = this.signedAtom();
    for (;;) {
      const c = text.charCodeAt(this.at);
      if (c === 41 || c === 44) return value;
      const next = text.charCodeAt(this.at + 1);
      const isTimes = c === 42 && next !== 42 && next !== 61;
      const isOver = c === 47 && next !== 47 && next !== 42 && next !== 61;
      if (!isTimes && !isOver) return NaN;
      if (++this.operators > MAX_FAST_OPERATORS) return NaN;
      this.at = skipBlanks(text, this.at + 1);
      const right = this.signedAtom();
      if (Number.isNaN(right) || Number.isNaN(value)) return NaN;
      if (isTimes) value = value * right;
      else if (right !== 0) value = value / right;
      else return NaN;
      if (!Number.isFinite(value)) return NaN;
    }
  }

  private signedAtom(): number {
    const text = this.text;
    let negate = false;
    while (text.charCodeAt(this.at) === 45 /* - */) {
      const next = text.charCodeAt(this.at + 1);
      if (next === 61 || next === 62) return NaN;
      if (++this.operators > MAX_FAST_OPERATORS) return NaN;
      negate = !negate;
      this.at = skipBlanks(text, this.at + 1);
    }
    const value = this.atom();
    return negate ? -value : value;
  }

  /** A decimal literal or `pi`, blanks after it skipped; NaN for anything else or a value that is not finite. */
  private atom(): number {
    const text = this.text;
    const start = this.at;
    const c = text.charCodeAt(start);
    if (isIdentifierStart(c)) {
      const end = this.name(start);
      if (end < 0 || this.nameId !== -1) return NaN;
      this.at = skipBlanks(text, end);
      const after = text.charCodeAt(this.at);
      return after === 40 || after === 91 ? NaN : Math.PI;
    }
    if (!isDigit(c) && c !== 46 /* . */) return NaN;
    const end = decimalLiteralEnd(text, start);
    if (end < 0) return NaN;
    const after = literalFollower(text, end);
    if (after < 0) return NaN;
    this.at = after;
    let i = start;
    let whole = 0;
    while (isDigit(text.charCodeAt(i))) whole = whole * 10 + text.charCodeAt(i++) - 48;
    // Digits alone, few enough to sum exactly, are the value Number gives; anything else is converted from its text.
    const value = i === end && i - start <= EXACT_DIGITS ? whole : Number(text.slice(start, end));
    return Number.isFinite(value) ? value : NaN;
  }

  /** `name[digits]` (blanks allowed inside), blanks after it skipped; its name id and index kept as operand `k`. */
  private operand(k: number): boolean {
    const text = this.text;
    const end = this.name(this.at);
    if (end < 0 || this.nameId < 0) return false;
    const id = this.nameId;
    const open = skipBlanks(text, end);
    if (text.charCodeAt(open) !== 91 /* [ */) return false;
    const indexStart = skipBlanks(text, open + 1);
    let i = indexStart;
    let index = 0;
    while (isDigit(text.charCodeAt(i))) index = index * 10 + text.charCodeAt(i++) - 48;
    if (i === indexStart || i - indexStart > EXACT_DIGITS || index > MAX_ROW_INDEX) return false;
    const close = skipBlanks(text, i);
    if (text.charCodeAt(close) !== 93 /* ] */) return false;
    this.at = skipBlanks(text, close + 1);
    if (text.charCodeAt(this.at) === 91) return false;
    this.operands[2 * k] = id;
    this.operands[2 * k + 1] = index;
    return true;
  }
}
