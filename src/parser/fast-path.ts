/**
 * A hand-written reader for the commonest statements: gate calls such as
 * `h q[0];`, `cx q[0], q[1];`, `rz(-pi/4) q[2];` or `ctrl @ x a, b;`, and
 * measurements, resets and barriers, so that the bulk of a large program
 * skips Chevrotain's per-token machinery (the lexer's pattern loop and the
 * parser's rule frames).
 *
 * The contract is strict: it either builds exactly the node the general
 * parser would build (same AstBuilder calls, same spans, same shared empty
 * lists and interned names), or it declines with `null` and the general
 * parser reads the statement. It never reports anything: whatever is unusual
 * (annotations, designators, non-decimal or separated numbers, Unicode,
 * other keywords, a missing `;`) is declined.
 *
 * {@link parseChunkWithFastPath} drives it over one chunk of the source,
 * handing the statements it declines to the general parser in regions that
 * grow while statements keep being declined. A region that yields any
 * diagnostic makes the whole chunk fall back to the general parser, so
 * error reports and recovery stay exactly those of a chunk read as a whole.
 */
import type { AstBuilder, OperandWithPrefixes, PrefixOperator } from '../ast/build.js';
import { emptyList, NO_PREFIXES } from '../ast/build.js';
import { DEFERRED_CLASSES, type DeferrableStatement, type StatementRebuilder } from '../ast/deferred.js';
import type { Span } from '../diagnostics/index.js';
import type * as N from '../ast/nodes.js';
import { KEYWORDS } from '../lexer/index.js';
import { MAX_LIST_LENGTH, MAX_LITERAL_LENGTH } from './limits.js';
import { chunkEnd } from './chunks.js';
import type { Qasm3Parser } from './parser.js';
import type { StatementTable, TableRecorder } from './statement-table.js';

/** Words the lexer does not read as an identifier: keywords, `true`/`false`, and `pragma` (a line token). */
export function isReservedWord(word: string): boolean {
  // No reserved word has one letter, and most names (q, h, x) do.
  return word.length > 1 && (KEYWORDS.has(word) || word === 'pragma');
}

/** Gate modifier keywords, as the lexer reads them. */
const MODIFIERS: readonly N.GateModifier['modifier'][] = ['ctrl', 'negctrl', 'inv', 'pow'];

/**
 * Parentheses nested deeper than this are left to the general parser, which
 * owns the nesting limit and its diagnostic.
 */
const MAX_FAST_NESTING = 32;

/**
 * Operators and prefix signs one statement may hold on the fast path: a
 * longer run is left to the general parser, which bounds the depth of
 * expression trees and reports it.
 */
const MAX_FAST_OPERATORS = 64;

const enum Char {
  Tab = 9,
  LineFeed = 10,
  CarriageReturn = 13,
  Space = 32,
  Dollar = 36,
  LParen = 40,
  RParen = 41,
  Star = 42,
  Plus = 43,
  Comma = 44,
  Minus = 45,
  Dot = 46,
  Slash = 47,
  Zero = 48,
  Nine = 57,
  Semicolon = 59,
  Equals = 61,
  Greater = 62,
  At = 64,
  UpperA = 65,
  UpperE = 69,
  UpperZ = 90,
  LBracket = 91,
  RBracket = 93,
  Underscore = 95,
  LowerA = 97,
  LowerB = 98,
  LowerE = 101,
  LowerM = 109,
  LowerR = 114,
  LowerZ = 122,
}

function isIdentifierStart(c: number): boolean {
  return (c >= Char.LowerA && c <= Char.LowerZ) || (c >= Char.UpperA && c <= Char.UpperZ) || c === Char.Underscore;
}

function isDigit(c: number): boolean {
  return c >= Char.Zero && c <= Char.Nine;
}

function isIdentifierPart(c: number): boolean {
  return isIdentifierStart(c) || isDigit(c);
}

/**
 * Offset after spaces, tabs, line ends and comments from `offset` (what the
 * lexer skips). An unterminated block comment is not skipped: the general
 * parser reports it.
 */
export function skipBlanks(text: string, offset: number): number {
  let i = offset;
  for (;;) {
    const c = text.charCodeAt(i);
    if (c === Char.Space || c === Char.LineFeed || c === Char.Tab || c === Char.CarriageReturn) i++;
    else if (c !== Char.Slash) return i;
    else {
      const next = text.charCodeAt(i + 1);
      if (next === Char.Slash) i = lineCommentEnd(text, i + 2);
      else if (next === Char.Star) {
        const close = text.indexOf('*/', i + 2);
        if (close < 0) return i;
        i = close + 2;
      } else return i;
    }
  }
}

/**
 * The end of the decimal integer or float literal at `start` as the lexer
 * reads it (no `_` separators; `1.`, `.5`, `1e-3`), or -1 when there is none
 * or it is longer than the general parser converts quickly (its to refuse).
 */
export function decimalLiteralEnd(text: string, start: number): number {
  let i = start;
  while (isDigit(text.charCodeAt(i))) i++;
  if (text.charCodeAt(i) === Char.Dot) {
    const digitsBefore = i > start;
    i++;
    const fractionStart = i;
    while (isDigit(text.charCodeAt(i))) i++;
    if (!digitsBefore && i === fractionStart) return -1;
  }
  const e = text.charCodeAt(i);
  if (e === Char.LowerE || e === Char.UpperE) {
    let j = i + 1;
    const sign = text.charCodeAt(j);
    if (sign === Char.Plus || sign === Char.Minus) j++;
    const digitsStart = j;
    while (isDigit(text.charCodeAt(j))) j++;
    if (j === digitsStart) return -1;
    i = j;
  }
  return i === start || i - start > MAX_LITERAL_LENGTH ? -1 : i;
}

/**
 * Where reading goes on after a literal ending at `end` (blanks skipped), or
 * -1 when what follows would continue it: `_`, `.`, a letter (a unit or
 * `im`, even after blanks) or another digit.
 */
export function literalFollower(text: string, end: number): number {
  const after = skipBlanks(text, end);
  const next = text.charCodeAt(end);
  const nextWord = text.charCodeAt(after);
  if (next === Char.Underscore || next === Char.Dot || next >= 128 || isIdentifierPart(nextWord) || nextWord >= 128)
    return -1;
  return after;
}

/** The offset of the line end (or the end of the text) after a `//` comment. */
function lineCommentEnd(text: string, from: number): number {
  let i = from;
  for (;;) {
    const c = text.charCodeAt(i);
    // NaN past the end compares false
    if (c === Char.LineFeed || c === Char.CarriageReturn || i >= text.length) return i;
    i++;
  }
}

/** The node constructors the reader calls. */
type StatementNodes = Pick<
  AstBuilder,
  | 'span'
  | 'identifier'
  | 'integer'
  | 'float'
  | 'expression'
  | 'indexList'
  | 'indexedIdentifier'
  | 'modifier'
  | 'measure'
  | 'gateCall'
  | 'measureStatement'
  | 'assignment'
  | 'barrier'
  | 'reset'
>;

/** What the recognising reader returns for every node: never read, only tested for null. */
const RECOGNISED = Object.freeze({ kind: 'Recognised' }) as never;

/** A recognised statement: only its kind is read, to pick the deferred class that rebuilds it. */
const recognisedStatement = (kind: DeferrableStatement['kind']): never => Object.freeze({ kind }) as never;
const RECOGNISED_GATE_CALL = recognisedStatement('GateCall');
const RECOGNISED_MEASURE = recognisedStatement('MeasureStatement');
const RECOGNISED_ASSIGNMENT = recognisedStatement('Assignment');
const RECOGNISED_BARRIER = recognisedStatement('Barrier');
const RECOGNISED_RESET = recognisedStatement('Reset');

/**
 * Node constructors that build nothing. Parsing only needs to know that a
 * statement is a plain gate call (its nodes are rebuilt when read, see
 * deferred.ts), so the parse reads with these and allocates no node.
 * The reader's decisions never depend on what the constructors return.
 */
const RECOGNISER: StatementNodes = {
  span: () => RECOGNISED,
  identifier: () => RECOGNISED,
  integer: () => RECOGNISED,
  float: () => RECOGNISED,
  expression: () => RECOGNISED,
  indexList: () => RECOGNISED,
  indexedIdentifier: () => RECOGNISED,
  modifier: () => RECOGNISED,
  measure: () => RECOGNISED,
  gateCall: () => RECOGNISED_GATE_CALL,
  measureStatement: () => RECOGNISED_MEASURE,
  assignment: () => RECOGNISED_ASSIGNMENT,
  barrier: () => RECOGNISED_BARRIER,
  reset: () => RECOGNISED_RESET,
};

/** A reader that only recognises statements (see {@link RECOGNISER}). */
export function statementRecogniser(text: string): StatementReader {
  return new StatementReader(text, RECOGNISER);
}

/**
 * A recognising reader that also leaves each plain gate call's row in
 * `recorder` (statement-table.ts): still no node, only names and numbers.
 */
export function tableRecogniser(text: string, recorder: TableRecorder): StatementReader {
  const nodes: StatementNodes = {
    ...RECOGNISER,
    identifier: (name) => recorder.identifier(name) as never,
    integer: (raw) => recorder.integer(raw) as never,
    float: (raw) => recorder.float(raw) as never,
    expression: (operands, ops) => recorder.expression(operands, ops) as never,
    indexList: (items) => recorder.indexList(items) as never,
    indexedIdentifier: (name, indices) =>
      recorder.indexedIdentifier(name as unknown as string, indices as unknown as readonly number[]) as never,
    gateCall: (modifiers, name, args, designator, qubits) => {
      recorder.gateCall(modifiers, name as unknown as string, args, designator, qubits as unknown as readonly number[]);
      return RECOGNISED_GATE_CALL;
    },
  };
  return new StatementReader(text, nodes);
}

/** The statements the fast path reads. */
export type FastStatementNode = DeferrableStatement;

/** A statement read by the fast path, with the offset just after its `;`. */
export interface FastStatement {
  readonly statement: FastStatementNode;
  readonly end: number;
}

/**
 * Reads one plain statement starting exactly at `start` (no leading blanks),
 * or returns null when the text there is anything else.
 */
export function readStatement(text: string, start: number, b: AstBuilder): FastStatement | null {
  const reader = new StatementReader(text, b);
  const statement = reader.read(start);
  return statement === null ? null : { statement, end: reader.end };
}

/**
 * Reads plain statements from one text: gate calls (with `ctrl`, `negctrl`,
 * `inv` and `pow` modifiers), `measure` in its arrow and assignment forms,
 * `reset` and `barrier`. Its only state is the cursor, reset by each
 * {@link StatementReader.read}. It also rebuilds the calls it stored deferred.
 */
export class StatementReader implements StatementRebuilder {
  private at = 0;
  private depth = 0;
  private operators = 0;
  /** After a successful {@link read}: the offset just after the statement's `;`. */
  end = 0;
  /** The last non-reserved word read, by length and first letter. */
  private readonly recentWords = new Map<number, string>();
  /** The last statement {@link rebuild} built, and its offset. */
  private rebuilt: FastStatementNode | null = null;
  private rebuiltStart = -1;
  /** Raw text of small integers, by value, so that `q[7]` costs no new string. */
  private readonly smallIntegers: string[] = [];

  constructor(
    private readonly text: string,
    private readonly b: StatementNodes,
  ) {}

  span(start: number, end: number): Span {
    return this.b.span(start, end);
  }

  rebuild(start: number): FastStatementNode {
    if (start === this.rebuiltStart && this.rebuilt !== null) return this.rebuilt;
    const statement = this.read(start);
    // The text has not changed since the statement was recognised at `start`.
    if (statement === null) throw new Error(`fast path: no statement to rebuild at offset ${start}`);
    this.rebuiltStart = start;
    this.rebuilt = statement;
    return statement;
  }

  read(start: number): FastStatementNode | null {
    this.at = start;
    this.depth = 0;
    this.operators = 0;
    switch (this.text.charCodeAt(start)) {
      case Char.LowerM:
        if (this.keywordAt(start, 'measure')) return this.measureStatement(start);
        break;
      case Char.LowerB:
        if (this.keywordAt(start, 'barrier')) return this.barrier(start);
        break;
      case Char.LowerR:
        if (this.keywordAt(start, 'reset')) return this.reset(start);
        break;
    }
    return this.gateCall(start);
  }

  /** True when `keyword` is written at `offset` as a whole word. */
  private keywordAt(offset: number, keyword: string): boolean {
    const after = this.text.charCodeAt(offset + keyword.length);
    return this.text.startsWith(keyword, offset) && !isIdentifierPart(after) && !(after >= 128);
  }

  /** `modifier* name (args)? operands;`, or `c[0] = measure q[0];` when the name is followed by an index or `=`. */
  private gateCall(start: number): N.GateCall | N.Assignment | null {
    const modifiers = this.modifiers();
    if (modifiers === null) return null;
    const nameStart = this.at;
    const word = this.word(nameStart);
    if (word === null) return null;
    const name = this.b.identifier(word, nameStart);
    this.at = skipBlanks(this.text, nameStart + word.length);
    const c = this.text.charCodeAt(this.at);
    if (
      modifiers.length === 0 &&
      (c === Char.LBracket || (c === Char.Equals && this.text.charCodeAt(this.at + 1) !== Char.Equals))
    ) {
      return this.measureAssignment(name, nameStart, nameStart + word.length);
    }
    let args: readonly N.Expression[] | null = null;
    if (c === Char.LParen) {
      args = this.callArguments();
      if (args === null) return null;
    }
    const qubits = this.operandList();
    if (qubits === null) return null;
    // operandList stops on the `;`
    const end = this.at + 1;
    this.end = end;
    return this.b.gateCall(modifiers, name, args, null, qubits, start, end);
  }

  /** `ctrl @`, `ctrl(2) @`, `negctrl @`, `inv @`, `pow(k) @`, any number; the shared empty list for none. */
  private modifiers(): readonly N.GateModifier[] | null {
    const text = this.text;
    let modifiers: N.GateModifier[] | null = null;
    for (;;) {
      const start = this.at;
      const keyword = this.modifierAt(start);
      if (keyword === null) return modifiers ?? emptyList();
      this.at = skipBlanks(text, start + keyword.length);
      let argument: N.Expression | null = null;
      if (text.charCodeAt(this.at) === Char.LParen) {
        if (keyword === 'inv') return null;
        this.at = skipBlanks(text, this.at + 1);
        argument = this.expression();
        if (argument === null || text.charCodeAt(this.at) !== Char.RParen) return null;
        this.at = skipBlanks(text, this.at + 1);
      } else if (keyword === 'pow') return null;
      if (text.charCodeAt(this.at) !== Char.At) return null;
      (modifiers ??= []).push(this.b.modifier(keyword, argument, start, this.at + 1));
      this.at = skipBlanks(text, this.at + 1);
    }
  }

  /** The modifier keyword written at `offset`, if any. */
  private modifierAt(offset: number): N.GateModifier['modifier'] | null {
    const first = this.text.charCodeAt(offset);
    for (let i = 0; i < MODIFIERS.length; i++) {
      const keyword = MODIFIERS[i] as N.GateModifier['modifier'];
      if (first === keyword.charCodeAt(0) && this.keywordAt(offset, keyword)) return keyword;
    }
    return null;
  }

  /** `measure operand;` or `measure operand -> target;`. */
  private measureStatement(start: number): N.MeasureStatement | null {
    const text = this.text;
    this.at = skipBlanks(text, start + 'measure'.length);
    const operand = this.gateOperand();
    if (operand === null) return null;
    const measure = this.b.measure(operand, start);
    let target: N.IndexedIdentifier | null = null;
    if (text.charCodeAt(this.at) === Char.Minus && text.charCodeAt(this.at + 1) === Char.Greater) {
      this.at = skipBlanks(text, this.at + 2);
      target = this.gateOperand();
      if (target === null) return null;
    }
    if (text.charCodeAt(this.at) !== Char.Semicolon) return null;
    const end = (this.end = this.at + 1);
    return this.b.measureStatement(measure, target, start, end);
  }

  /** `name[index] = measure operand;` or `name = measure operand;`, with the cursor after the name. */
  private measureAssignment(name: N.Identifier, start: number, nameEnd: number): N.Assignment | null {
    const text = this.text;
    const target = this.indexTail(name, nameEnd);
    if (target === null || text.charCodeAt(this.at) !== Char.Equals || text.charCodeAt(this.at + 1) === Char.Equals)
      return null;
    const measureStart = skipBlanks(text, this.at + 1);
    if (!this.keywordAt(measureStart, 'measure')) return null;
    this.at = skipBlanks(text, measureStart + 'measure'.length);
    const operand = this.gateOperand();
    if (operand === null || text.charCodeAt(this.at) !== Char.Semicolon) return null;
    const end = (this.end = this.at + 1);
    return this.b.assignment(target, '=', this.b.measure(operand, measureStart), start, end);
  }

  /** `barrier;` or `barrier operands;`. */
  private barrier(start: number): N.Barrier | null {
    this.at = skipBlanks(this.text, start + 'barrier'.length);
    let operands: readonly N.GateOperand[] = emptyList();
    if (this.text.charCodeAt(this.at) !== Char.Semicolon) {
      const list = this.operandList();
      if (list === null) return null;
      operands = list;
    }
    const end = (this.end = this.at + 1);
    return this.b.barrier(operands, start, end);
  }

  /** `reset operand;`. */
  private reset(start: number): N.Reset | null {
    this.at = skipBlanks(this.text, start + 'reset'.length);
    const operand = this.gateOperand();
    if (operand === null || this.text.charCodeAt(this.at) !== Char.Semicolon) return null;
    const end = (this.end = this.at + 1);
    return this.b.reset(operand, start, end);
  }

  /** The plain ASCII identifier at `offset` (not a reserved word), or null. */
  private word(offset: number): string | null {
    const text = this.text;
    const first = text.charCodeAt(offset);
    if (!isIdentifierStart(first)) return null;
    let i = offset + 1;
    while (isIdentifierPart(text.charCodeAt(i))) i++;
    // A non-ASCII letter would continue the identifier.
    if (text.charCodeAt(i) >= 128) return null;
    // Programs repeat a few names (`q`, `cx`, `pi`) endlessly: compare with the last
    // word of this first letter and length before slicing and looking it up.
    const key = ((i - offset) << 7) | first;
    const known = this.recentWords.get(key);
    if (known !== undefined && text.startsWith(known, offset)) return known;
    const word = text.slice(offset, i);
    if (isReservedWord(word)) return null;
    this.recentWords.set(key, word);
    return word;
  }

  /** `( expression, ... )` with the cursor on `(`; the shared empty list for `()`. */
  private callArguments(): readonly N.Expression[] | null {
    this.at = skipBlanks(this.text, this.at + 1);
    if (this.text.charCodeAt(this.at) === Char.RParen) {
      this.at = skipBlanks(this.text, this.at + 1);
      return emptyList();
    }
    const first = this.expression();
    if (first === null) return null;
    let args: N.Expression[] | null = null;
    for (;;) {
      const c = this.text.charCodeAt(this.at);
      if (c === Char.RParen) break;
      if (c !== Char.Comma) return null;
      this.at = skipBlanks(this.text, this.at + 1);
      // A trailing comma is valid but rare: left to the general parser.
      if (this.text.charCodeAt(this.at) === Char.RParen) return null;
      const next = this.expression();
      if (next === null) return null;
      (args ??= [first]).push(next);
    }
    this.at = skipBlanks(this.text, this.at + 1);
    return args ?? [first];
  }

  /** `operand (op operand)*`, folded by the builder like the general parser's; the cursor ends on the next token. */
  private expression(): N.Expression | null {
    const first = this.operand();
    if (first === null) return null;
    let operands: OperandWithPrefixes[] | null = null;
    let ops: N.BinaryOperator[] | null = null;
    for (;;) {
      const op = this.binaryOperator();
      if (op === undefined) return null;
      if (op === null) break;
      const operand = this.operand();
      if (operand === null) return null;
      (operands ??= [first]).push(operand);
      (ops ??= []).push(op);
    }
    if (operands === null) return first.prefixes.length === 0 ? first.operand : this.b.expression([first], []);
    return this.b.expression(operands, ops as N.BinaryOperator[]);
  }

  /**
   * The operator at the cursor (consumed, blanks after it skipped): null when
   * the expression ends here (`)` or `,`), undefined when the text holds
   * something the fast path does not read.
   */
  private binaryOperator(): N.BinaryOperator | null | undefined {
    const text = this.text;
    const c = text.charCodeAt(this.at);
    if (c === Char.RParen || c === Char.Comma) return null;
    const next = text.charCodeAt(this.at + 1);
    let op: N.BinaryOperator;
    if (c === Char.Plus && next !== Char.Plus && next !== Char.Equals) op = '+';
    else if (c === Char.Minus && next !== Char.Equals && next !== Char.Greater) op = '-';
    else if (c === Char.Star && next !== Char.Star && next !== Char.Equals) op = '*';
    else if (c === Char.Slash && next !== Char.Slash && next !== Char.Star && next !== Char.Equals) op = '/';
    else return undefined;
    if (++this.operators > MAX_FAST_OPERATORS) return undefined;
    this.at = skipBlanks(text, this.at + 1);
    return op;
  }

  /** Prefix `-`s, then a number, a name or a parenthesised expression; blanks after it skipped. */
  private operand(): OperandWithPrefixes | null {
    const text = this.text;
    let prefixes: PrefixOperator[] | null = null;
    while (text.charCodeAt(this.at) === Char.Minus) {
      const next = text.charCodeAt(this.at + 1);
      if (next === Char.Equals || next === Char.Greater) return null;
      if (++this.operators > MAX_FAST_OPERATORS) return null;
      (prefixes ??= []).push({ op: '-', startOffset: this.at });
      this.at = skipBlanks(text, this.at + 1);
    }
    const value = this.primary();
    if (value === null) return null;
    return { prefixes: prefixes ?? NO_PREFIXES, operand: value };
  }

  private primary(): N.Expression | null {
    const text = this.text;
    const start = this.at;
    const c = text.charCodeAt(start);
    if (c === Char.LParen) {
      if (++this.depth > MAX_FAST_NESTING) return null;
      this.at = skipBlanks(text, start + 1);
      const inner = this.expression();
      if (inner === null || text.charCodeAt(this.at) !== Char.RParen) return null;
      this.depth--;
      this.at = skipBlanks(text, this.at + 1);
      return inner;
    }
    if (isDigit(c) || c === Char.Dot) return this.number();
    const word = this.word(start);
    if (word === null) return null;
    this.at = skipBlanks(text, start + word.length);
    // A call `f(x)` or an index `a[0]` is left to the general parser.
    const after = text.charCodeAt(this.at);
    if (after === Char.LParen || after === Char.LBracket) return null;
    return this.b.identifier(word, start);
  }

  /** A decimal integer or float literal as the lexer reads it (no `_` separators, no suffix). */
  private number(): N.Expression | null {
    const text = this.text;
    const start = this.at;
    const i = decimalLiteralEnd(text, start);
    if (i < 0) return null;
    const after = literalFollower(text, i);
    if (after < 0) return null;
    this.at = after;
    let isFloat = false;
    for (let k = start; k < i && !isFloat; k++) isFloat = !isDigit(text.charCodeAt(k));
    return isFloat ? this.b.float(text.slice(start, i), start) : this.b.integer(this.integerText(start, i), start);
  }

  /** `operand (, operand)* ;` with the cursor on the first operand; the cursor ends on the `;`. */
  private operandList(): readonly N.GateOperand[] | null {
    const first = this.gateOperand();
    if (first === null) return null;
    let c = this.text.charCodeAt(this.at);
    if (c === Char.Semicolon) return [first];
    if (c !== Char.Comma) return null;
    this.at = skipBlanks(this.text, this.at + 1);
    const second = this.gateOperand();
    if (second === null) return null;
    // Two operands (the common case) get a list of exactly two: a list grown by push keeps room for 17.
    const qubits: N.GateOperand[] = [first, second];
    c = this.text.charCodeAt(this.at);
    while (c === Char.Comma) {
      this.at = skipBlanks(this.text, this.at + 1);
      const next = this.gateOperand();
      if (next === null || qubits.length >= MAX_LIST_LENGTH) return null;
      qubits.push(next);
      c = this.text.charCodeAt(this.at);
    }
    return c === Char.Semicolon ? qubits : null;
  }

  /** The text of the decimal digits `[start, end)`, shared for small values written without leading zeros. */
  private integerText(start: number, end: number): string {
    const text = this.text;
    if (end - start > 3 || (text.charCodeAt(start) === Char.Zero && end - start > 1)) return text.slice(start, end);
    let value = 0;
    for (let i = start; i < end; i++) value = value * 10 + text.charCodeAt(i) - Char.Zero;
    return (this.smallIntegers[value] ??= text.slice(start, end));
  }

  /** `name` or `name[integer]`; blanks after it skipped. */
  private gateOperand(): N.IndexedIdentifier | null {
    const start = this.at;
    const word = this.word(start);
    if (word === null) return null;
    return this.indexTail(this.b.identifier(word, start), start + word.length);
  }

  /** The optional `[integer]` after a name ending at `nameEnd`; blanks after it skipped. */
  private indexTail(name: N.Identifier, nameEnd: number): N.IndexedIdentifier | null {
    const text = this.text;
    this.at = skipBlanks(text, nameEnd);
    if (text.charCodeAt(this.at) !== Char.LBracket) return this.b.indexedIdentifier(name, emptyList(), nameEnd);
    const open = this.at;
    const indexStart = skipBlanks(text, open + 1);
    let i = indexStart;
    while (isDigit(text.charCodeAt(i))) i++;
    if (i === indexStart || i - indexStart > MAX_LITERAL_LENGTH) return null;
    const close = skipBlanks(text, i);
    if (text.charCodeAt(close) !== Char.RBracket) return null;
    const index = this.b.integer(this.integerText(indexStart, i), indexStart);
    const indexList = this.b.indexList([index], open, close + 1);
    this.at = skipBlanks(text, close + 1);
    // A second index `q[0][1]` is left to the general parser.
    if (text.charCodeAt(this.at) === Char.LBracket) return null;
    return this.b.indexedIdentifier(name, [indexList], close + 1);
  }
}

/** What the table's scanner (plain-scan.ts) gives: after `scan` returned an offset, the row it read. */
export interface PlainRowScanner {
  scan(start: number): number;
  readonly gate: number;
  readonly args: ArrayLike<number>;
  readonly argCount: number;
  readonly operands: ArrayLike<number>;
  readonly operandCount: number;
}

/** The general parser's side of {@link parseChunkWithFastPath}. */
export interface ChunkParseContext {
  readonly text: string;
  readonly builder: AstBuilder;
  /** The fast path's reader for this text (one per parse: deferred statements keep it to rebuild). */
  readonly reader: StatementReader;
  /** The same reader without nodes, for recognising statements (see {@link statementRecogniser}). */
  readonly recogniser: StatementReader;
  /** With a table: the recogniser's recorder, and the table its plain gate calls go to (see {@link tableRecogniser}). */
  readonly table: {
    readonly rows: StatementTable;
    readonly recorder: TableRecorder;
    /** Reads the commonest plain calls without the recorder (plain-scan.ts); the recogniser reads the rest. */
    readonly scanner: PlainRowScanner;
  } | null;
  /** Statements so far without a table row; fast-path statements are appended here unless they make a row. */
  readonly statements: N.Statement[];
  /** The version header, once read (a region may read it). */
  readonly state: { version: N.Version | null };
  /** Diagnostics so far. */
  readonly diagnostics: unknown[];
  /** The general parser, already begun on this text; `parseRegion` uses it. */
  readonly parser: Qasm3Parser;
  /** Lexes and parses `[start, end)` with the general parser, appending statements and diagnostics. */
  parseRegion(start: number, end: number): void;
}

/** Size of the first region handed to the general parser; it doubles while statements keep being declined. */
const FIRST_REGION_SIZE = 256;

/**
 * Parses the chunk `[from, to)` (statement-aligned, as cut by chunks.ts):
 * plain gate calls by the fast path, the rest by the general parser in
 * regions. Returns false, with everything rolled back, when a region
 * reported a diagnostic: the caller then parses the chunk as a whole, so
 * errors are reported and recovered from exactly as without the fast path.
 *
 * Only a chunk with no diagnostic before it is tried: the parser's state
 * then is its initial state (it changes only with errors), which `begin`
 * restores after a rollback. After a first error, chunks are read whole.
 */
export function parseChunkWithFastPath(context: ChunkParseContext, from: number, to: number): boolean {
  const { text, builder, reader, recogniser, table, statements, state, diagnostics, parser } = context;
  if (diagnostics.length !== 0) return false;
  const statementCount = statements.length;
  const rowCount = table?.rows.length ?? 0;
  const version = state.version;
  let regionSize = FIRST_REGION_SIZE;
  let at = from;
  while (at < to) {
    at = skipBlanks(text, at);
    if (at >= to) break;
    if (table !== null) {
      const scanner = table.scanner;
      const end = scanner.scan(at);
      if (end >= 0 && end <= to) {
        const { gate, args, argCount, operands, operandCount } = scanner;
        table.rows.commitRow(
          statements.length + table.rows.length,
          at,
          end,
          gate,
          args,
          argCount,
          operands,
          operandCount,
        );
        at = end;
        regionSize = FIRST_REGION_SIZE;
        continue;
      }
      table.recorder.reset();
    }
    const fast = recogniser.read(at);
    if (fast !== null && recogniser.end <= to) {
      // A row is the statement: it gets no node (statement-table.ts); `statements` holds the others.
      if (table !== null && table.recorder.gate >= 0)
        table.rows.commit(statements.length + table.rows.length, at, recogniser.end, table.recorder);
      else statements.push(new DEFERRED_CLASSES[fast.kind](reader, at, recogniser.end));
      at = recogniser.end;
      regionSize = FIRST_REGION_SIZE;
      continue;
    }
    const end = Math.min(chunkEnd(text, at, regionSize, true), to);
    context.parseRegion(at, end);
    if (diagnostics.length !== 0) {
      statements.length = statementCount;
      table?.rows.truncate(rowCount);
      diagnostics.length = 0;
      state.version = version;
      parser.begin(builder);
      return false;
    }
    at = end;
    regionSize *= 2;
  }
  return true;
}
