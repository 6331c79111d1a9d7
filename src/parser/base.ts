/**
 * The parser's foundation class: per-parse state and error budget,
 * token-position helpers, the nesting guard and the small helpers the
 * grammar's actions share. Its limits are in limits.ts, its token tables in
 * token-tables.ts, the types the layers share in rule-types.ts. Statement-level
 * recovery is the next layer (recovery.ts); the grammar itself is in three
 * layers on top of that: expressions.ts, types.ts and parser.ts (statements).
 */
import {
  EOF,
  EmbeddedActionsParser,
  type IRecognitionException,
  type IToken,
  type ParserMethod,
  type TokenType,
} from 'chevrotain';
import type { AstBuilder } from '../ast/build.js';
import { foldedDepth, treeDepthExceeds } from '../ast/depth.js';
import type { OperandWithPrefixes } from '../ast/build-expression.js';
import { endOf, startOf } from '../ast/build.js';
import type * as N from '../ast/nodes.js';
import { literalTooLong } from '../diagnostics/index.js';
import * as T from '../lexer/index.js';
import { SyntaxMessages } from './errors.js';
import {
  ErrorBudgetSpent,
  MAX_EXPRESSION_DEPTH,
  MAX_LITERAL_LENGTH,
  MAX_LIST_LENGTH,
  MAX_PARSER_NESTING,
  NestingTooDeep,
} from './limits.js';
import type { ParserNote } from './rule-types.js';
import { LITERAL_KINDS, SCALAR_TYPE_TOKENS, type LiteralKind } from './token-tables.js';

/** Follow sets kept per grammar path (error recovery asks for the same ones again and again). */
const FOLLOW_CACHE_SIZE = 4096;

/** Chevrotain's own error recording (a runtime method its type declarations leave out). */
const CHEVROTAIN_SAVE_ERROR = (
  EmbeddedActionsParser.prototype as unknown as {
    readonly SAVE_ERROR: (this: unknown, e: IRecognitionException) => IRecognitionException;
  }
).SAVE_ERROR;

export abstract class ParserBase extends EmbeddedActionsParser {
  /** Set by the driver before each parse. */
  b!: AstBuilder;
  text = '';
  notes: ParserNote[] = [];
  protected depth = 0;
  protected statementStart = 0;
  /** Counts statements begun, so that one statement yields at most one syntax error. */
  protected statementSerial = 0;
  private lastErrorSerial = -1;
  protected reportedEnd = false;
  protected reportedStackExhaustion = false;
  /** Expression rules entered and not left: the depth of a tree is checked once, at its root. */
  protected expressionDepth = 0;
  /** Problems (Chevrotain's errors and notes) this parse may still find before it stops; set by the driver. */
  errorBudget = Infinity;
  /** True when the last statement was refused whole (nesting, a list too long) and its skip ran to the end of the input. */
  refusedThroughEnd = false;
  private readonly followCache = new Map<string, TokenType[]>();

  /**
   * `validate` runs Chevrotain's grammar checks (ambiguities, left recursion):
   * the tests do, and the shared instance skips them to start faster.
   */
  constructor(options: { readonly validate?: boolean } = {}) {
    super([...T.ALL_TOKENS], {
      recoveryEnabled: true,
      maxLookahead: 2,
      skipValidations: options.validate !== true,
      errorMessageProvider: new SyntaxMessages(() => ({
        text: this.text,
        statementStart: this.statementStart,
        next: this.LA(2),
      })),
    });
  }

  /** Resets per-parse state for a new source text. */
  begin(builder: AstBuilder): void {
    this.b = builder;
    this.text = builder.source.text;
    this.notes = [];
    this.depth = 0;
    this.lastErrorSerial = -1;
    this.reportedEnd = false;
    this.reportedStackExhaustion = false;
    this.expressionDepth = 0;
    this.errorBudget = Infinity;
    this.refusedThroughEnd = false;
  }

  /**
   * Chevrotain records every error here. After a first error in a statement,
   * recovery (a token inserted or deleted) may trip over the same mistake
   * again; only the first error of a statement is kept.
   */
  SAVE_ERROR(error: IRecognitionException): IRecognitionException {
    if (this.lastErrorSerial === this.statementSerial) return error;
    // Running out of text is one mistake, however many blocks it leaves open.
    const atEnd = error.token.tokenType === EOF;
    if (atEnd && this.reportedEnd) return error;
    this.lastErrorSerial = this.statementSerial;
    this.reportedEnd ||= atEnd;
    const saved = CHEVROTAIN_SAVE_ERROR.call(this, error);
    // "Not all input parsed" is saved after the root rule returned: nothing is left to stop,
    // and a throw there would escape the rule as an internal error.
    if (error.name !== 'NotAllInputParsedException') this.checkBudget();
    return saved;
  }

  private checkBudget(): void {
    if (this.errors.length + this.notes.length > this.errorBudget) throw new ErrorBudgetSpent();
  }

  /**
   * Chevrotain's in-rule recovery asks which tokens may follow a token, by
   * walking the grammar along the whole rule stack from the top: a cost that
   * grows with the nesting depth at every error (120 nested broken blocks
   * took seconds). The walk from the innermost enclosing block is exact (a
   * block's closing brace always ends the follow set), and repeated paths
   * are cached.
   */
  protected override getNextPossibleTokenTypes(
    path: Parameters<EmbeddedActionsParser['getNextPossibleTokenTypes']>[0],
  ): TokenType[] {
    const rules = path.ruleStack;
    let top = 0;
    for (let i = rules.length - 2; i > 0; i--) {
      if (rules[i] === 'scope') {
        top = i;
        break;
      }
    }
    const ruleStack = top === 0 ? rules : rules.slice(top);
    const occurrenceStack = top === 0 ? path.occurrenceStack : path.occurrenceStack.slice(top);
    const key = `${ruleStack.join(',')}|${occurrenceStack.join(',')}|${path.lastTok.name}|${path.lastTokOccurrence}`;
    const cached = this.followCache.get(key);
    if (cached !== undefined) return cached;
    const follows = super.getNextPossibleTokenTypes({ ...path, ruleStack, occurrenceStack });
    if (this.followCache.size >= FOLLOW_CACHE_SIZE) this.followCache.clear();
    this.followCache.set(key, follows);
    return follows;
  }

  // --- helpers (not grammar) -----------------------------------------------------------

  protected get tokenIndex(): number {
    return (this as unknown as { currIdx: number }).currIdx;
  }

  /** Moves the cursor so that the next token read is `input[index + 1]` (Chevrotain's cursor, untyped). */
  protected moveTo(index: number): void {
    (this as unknown as { currIdx: number }).currIdx = index;
  }

  /** How many real tokens there are: during a parse Chevrotain appends EOF sentinels to the input. */
  protected get tokenCount(): number {
    const tokens = this.input;
    let n = tokens.length;
    while (n > 0 && (tokens[n - 1] as IToken).tokenType === EOF) n--;
    return n;
  }

  /** Leaves every remaining token unread. */
  protected skipRest(): void {
    this.moveTo(this.tokenCount - 1);
  }

  /** Start offset of a token; a token inserted by recovery sits at the end of the previous real one. */
  protected startAt(token: IToken): number {
    if (token.isInsertedInRecovery || !Number.isFinite(token.startOffset)) return this.previousEnd();
    return token.startOffset;
  }

  /** End offset (exclusive) of a token, anchored like {@link startAt}. */
  protected endAt(token: IToken): number {
    if (token.isInsertedInRecovery || !Number.isFinite(token.startOffset)) return this.previousEnd();
    return token.startOffset + token.image.length;
  }

  protected previousEnd(): number {
    const previous = this.LA(0);
    return Number.isFinite(previous.startOffset) ? previous.startOffset + previous.image.length : 0;
  }

  protected enter(token: IToken): void {
    if (++this.depth > MAX_PARSER_NESTING) throw new NestingTooDeep(token);
  }

  protected leave(): void {
    this.depth--;
  }

  protected enterExpression(): void {
    this.expressionDepth++;
  }

  /**
   * Leaves an expression rule with the tree it built. At the root of an
   * expression, a tree deeper than {@link MAX_EXPRESSION_DEPTH} is refused
   * like any nesting; only a run of more tokens than that can be so deep,
   * so shorter ones are not walked.
   */
  protected leaveExpression<E extends N.Node>(tree: E, first: IToken): E {
    if (--this.expressionDepth > 0) return tree;
    const tokens = this.tokenIndex - this.indexOf(first);
    if (tokens > MAX_EXPRESSION_DEPTH && treeDepthExceeds(tree, MAX_EXPRESSION_DEPTH))
      throw new NestingTooDeep(first, 'expression');
    return tree;
  }

  /** Refuses the statement once a list passes {@link MAX_LIST_LENGTH} (the comma before the next item is `at`). */
  protected checkListLength(length: number, at: IToken): void {
    if (length >= MAX_LIST_LENGTH) throw new NestingTooDeep(at, 'list');
  }

  /**
   * A flat operator run is read by a loop: one of a million terms would be
   * built whole before its depth is known. At each power of two from 1,024
   * operators, the depth of the run so far is computed (the fold over
   * numbers, not nodes), so a run too deep stops early; the checks cost at
   * most twice the run.
   */
  protected checkOperatorRun(
    operands: readonly OperandWithPrefixes[],
    ops: readonly N.BinaryOperator[],
    first: IToken,
  ): void {
    const n = ops.length;
    if (n < 1024 || (n & (n - 1)) !== 0) return;
    if (foldedDepth(operands, ops, MAX_EXPRESSION_DEPTH) > MAX_EXPRESSION_DEPTH)
      throw new NestingTooDeep(first, 'expression');
  }

  private indexOf(token: IToken): number {
    // Tokens are in source order: a binary search finds the first token of the expression.
    const tokens = this.input;
    let lo = 0;
    let hi = this.tokenIndex;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((tokens[mid] as IToken).startOffset < token.startOffset) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** A grammar rule. Chevrotain's own re-synchronisation is off: recovery is per statement (below). */
  protected rule<F extends (...args: never[]) => unknown>(
    name: string,
    impl: F,
  ): ParserMethod<Parameters<F>, ReturnType<F>> {
    return this.RULE(name, impl as unknown as (...args: Parameters<F>) => ReturnType<F>, { resyncEnabled: false });
  }

  protected literal(token: IToken): N.Expression {
    const kind = LITERAL_KINDS.get(token.tokenType) as LiteralKind;
    if (kind === 'integer' && token.image.length > MAX_LITERAL_LENGTH) {
      const end = token.startOffset + token.image.length;
      this.note(literalTooLong(token.image.length, MAX_LITERAL_LENGTH), token.startOffset, end);
      // Refused: the node keeps its text, and a value of 0 that nothing reads.
      return { kind: 'IntegerLiteral', raw: token.image, value: 0n, span: this.b.span(token.startOffset, end) };
    }
    return this.b[kind](token.image, token.startOffset);
  }

  // --- action helpers -----------------------------------------------------------------------

  protected designatorOf(indices: readonly N.IndexOperator[]): N.Expression | null {
    if (indices.length === 0) return null;
    const only = indices[0] as N.IndexOperator;
    if (
      indices.length === 1 &&
      only.kind === 'IndexList' &&
      only.items.length === 1 &&
      only.items[0]?.kind !== 'RangeExpression'
    ) {
      return only.items[0] as N.Expression;
    }
    this.note(
      'a gate designator is one expression in brackets, like `[4]`',
      startOf(only),
      endOf(indices[indices.length - 1] as N.Node),
    );
    return null;
  }

  protected scalarOf(keyword: IToken, size: N.Expression | null, component: N.ScalarType | null): N.ScalarType {
    const name = SCALAR_TYPE_TOKENS.get(keyword.tokenType) as N.ScalarTypeName;
    return this.b.scalarType(name, size, component, keyword.startOffset, this.previousEnd());
  }

  protected endOfCall(indices: readonly N.IndexOperator[]): number {
    if (indices.length === 0) return this.previousEnd();
    return startOf(indices[0] as N.Node);
  }

  protected note(reason: string, startOffset: number, endOffset: number): void {
    this.notes.push({ reason, startOffset, endOffset });
    this.checkBudget();
  }

  /** `a:b` has no step; `a:s:b` has one. */
  protected rangeOf(
    first: N.Expression | null,
    rest: { second: N.Expression | null; third: N.Expression | null },
    start: number,
  ): N.RangeExpression {
    const end = this.previousEnd();
    return rest.third === null
      ? this.b.range(first, null, rest.second, start, end)
      : this.b.range(first, rest.second, rest.third, start, end);
  }
}
