/**
 * The parser's foundation: per-parse state, token-position helpers, the
 * nesting guard, statement-level recovery and the small helpers the grammar's
 * actions share. The grammar itself is in three layers on top of it:
 * expressions.ts, types.ts and parser.ts (statements).
 */
import {
  EOF,
  EmbeddedActionsParser,
  isRecognitionException,
  type IRecognitionException,
  type IToken,
  type ParserMethod,
  type TokenType,
} from 'chevrotain';
import type { AstBuilder } from '../ast/build.js';
import { endOf, startOf } from '../ast/build.js';
import type * as N from '../ast/nodes.js';
import { nestingTooDeep } from '../diagnostics/index.js';
import * as T from '../lexer/index.js';
import { LIMITS } from '../tables/index.js';
import { SyntaxMessages } from './errors.js';

/** Thrown (and caught at the nearest statement) when nesting passes {@link MAX_PARSER_NESTING}. */
export class NestingTooDeep extends Error {
  constructor(readonly token: IToken) {
    super('nesting too deep');
  }
}

/** A problem the parser found outside Chevrotain's own error reporting. */
export interface ParserNote {
  readonly reason: string;
  readonly startOffset: number;
  readonly endOffset: number;
}

export type Annotations = readonly N.Annotation[];

/**
 * One alternative of an OR. A helper rather than an `{ ALT }` literal so that
 * tools keeping function names (tsx, esbuild `keepNames`) do not rename a
 * fresh closure on every call of a hot rule.
 */
export function alt<T>(fn: () => T): { ALT: () => T } {
  return { ALT: fn };
}

export type Body = readonly N.Statement[];
/** What a statement rule yields: a statement, a version header, or several (a flattened scope). */
export type StatementResult = N.Statement | N.Version | readonly N.Statement[] | undefined;

/**
 * Nesting the parser follows before reporting: the library limit, capped so
 * that the report is deterministic rather than left to the size of the call
 * stack. Each level of nesting costs a few Chevrotain rule frames: about 400
 * levels fit Node's default stack, but error recovery at the bottom of a deep
 * nest needs much more (150 unclosed braces already exhausted it), hence 128.
 */
export const MAX_PARSER_NESTING = Math.min(LIMITS.maxNestingDepth, 128);

type LiteralKind = 'integer' | 'float' | 'imaginary' | 'duration' | 'boolean' | 'bitstring';
/** Which builder makes the node of each literal token. */
const LITERAL_KINDS: ReadonlyMap<TokenType, LiteralKind> = new Map<TokenType, LiteralKind>([
  [T.DecimalIntegerLiteral, 'integer'],
  [T.HexIntegerLiteral, 'integer'],
  [T.OctalIntegerLiteral, 'integer'],
  [T.BinaryIntegerLiteral, 'integer'],
  [T.FloatLiteral, 'float'],
  [T.ImaginaryLiteral, 'imaginary'],
  [T.TimingLiteral, 'duration'],
  [T.BooleanLiteral, 'boolean'],
  [T.BitstringLiteral, 'bitstring'],
]);

const SCALAR_TYPE_TOKENS: ReadonlyMap<TokenType, N.ScalarTypeName> = new Map<TokenType, N.ScalarTypeName>([
  [T.BIT, 'bit'],
  [T.INT, 'int'],
  [T.UINT, 'uint'],
  [T.FLOAT_TYPE, 'float'],
  [T.ANGLE, 'angle'],
  [T.BOOL, 'bool'],
  [T.DURATION, 'duration'],
  [T.STRETCH, 'stretch'],
  [T.COMPLEX, 'complex'],
]);

/** Token types that start a statement: resynchronisation stops before one that starts a line. */
const STATEMENT_STARTERS: ReadonlySet<TokenType> = new Set<TokenType>([
  ...T.KEYWORDS.values(),
  T.Identifier,
  T.AnnotationKeyword,
  T.PRAGMA,
  T.CalBlock,
  T.DefcalBlock,
]);

/** Chevrotain's own error recording (a runtime method its type declarations leave out). */
const CHEVROTAIN_SAVE_ERROR = (
  EmbeddedActionsParser.prototype as unknown as { SAVE_ERROR(this: unknown, e: IRecognitionException): IRecognitionException }
).SAVE_ERROR;

export abstract class ParserBase extends EmbeddedActionsParser {
  /** Set by the driver before each parse. */
  b!: AstBuilder;
  text = '';
  notes: ParserNote[] = [];
  private depth = 0;
  protected statementStart = 0;
  /** Counts statements begun, so that one statement yields at most one syntax error. */
  protected statementSerial = 0;
  private lastErrorSerial = -1;
  private reportedEnd = false;
  private reportedStackExhaustion = false;

  /**
   * `validate` runs Chevrotain's grammar checks (ambiguities, left recursion):
   * the tests do, and the shared instance skips them to start faster.
   */
  constructor(options: { readonly validate?: boolean } = {}) {
    super([...T.ALL_TOKENS], {
      recoveryEnabled: true,
      maxLookahead: 2,
      skipValidations: options.validate !== true,
      errorMessageProvider: new SyntaxMessages(() => ({ text: this.text, statementStart: this.statementStart, next: this.LA(2) })),
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
    return CHEVROTAIN_SAVE_ERROR.call(this, error);
  }

  // --- helpers (not grammar) -----------------------------------------------------------

  private get tokenIndex(): number {
    return (this as unknown as { currIdx: number }).currIdx;
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

  /** A grammar rule. Chevrotain's own re-synchronisation is off: recovery is per statement (below). */
  protected rule<F extends (...args: never[]) => unknown>(name: string, impl: F): ParserMethod<Parameters<F>, ReturnType<F>> {
    return this.RULE(name, impl as unknown as (...args: Parameters<F>) => ReturnType<F>, { resyncEnabled: false });
  }

  /**
   * Parses one statement with recovery: on a syntax error (already recorded by
   * Chevrotain) it skips to the end of the statement: past the next `;` at the
   * statement's brace depth, past the `}` closing a block the statement opened,
   * or up to a `}` of the enclosing block, or to a token that starts a line and
   * can start a statement.
   */
  protected recoverableStatement(list: N.Statement[], occurrence: 1 | 2 | 3): StatementResult {
    const startIndex = this.tokenIndex;
    const depthBefore = this.depth;
    const outerStatementStart = this.statementStart;
    try {
      const result =
        occurrence === 1
          ? this.SUBRULE1(this.statementOrScope)
          : occurrence === 2
            ? this.SUBRULE2(this.statementOrScope)
            : this.SUBRULE3(this.statementOrScope);
      this.ACTION(() => pushStatements(list, result));
      return result;
    } catch (error) {
      if (error instanceof NestingTooDeep) {
        this.notes.push({
          reason: nestingTooDeep(MAX_PARSER_NESTING),
          startOffset: error.token.startOffset,
          endOffset: error.token.startOffset + error.token.image.length,
        });
      } else if (error instanceof RangeError) {
        // The call stack ran out before the depth limit (error handling deep in
        // a nest needs more stack): report it once, at the depth reached.
        if (!this.reportedStackExhaustion) {
          this.reportedStackExhaustion = true;
          const token = this.LA(1);
          const at = Number.isFinite(token.startOffset) ? token.startOffset : this.previousEnd();
          this.notes.push({ reason: nestingTooDeep(Math.min(this.depth, MAX_PARSER_NESTING)), startOffset: at, endOffset: at });
        }
      } else if (!isRecognitionException(error as Error)) throw error;
      this.depth = depthBefore;
      this.statementStart = outerStatementStart;
      this.skipToStatementEnd(startIndex);
      return undefined;
    }
  }

  protected skipToStatementEnd(startIndex: number): void {
    if (this.LA(1).tokenType === EOF) return;
    const tokens = this.input;
    let depth = 0;
    for (let i = startIndex + 1; i <= this.tokenIndex; i++) {
      const type = tokens[i]?.tokenType;
      if (type === T.LBRACE) depth++;
      else if (type === T.RBRACE) depth--;
    }
    if (depth < 0) depth = 0;
    for (;;) {
      const token = this.LA(1);
      const type = token.tokenType;
      if (!Number.isFinite(token.startOffset) || token.tokenType.name === 'EOF') return;
      const progressed = this.tokenIndex > startIndex;
      if (type === T.RBRACE) {
        if (depth === 0) {
          if (!progressed) this.SKIP_TOKEN();
          return;
        }
        depth--;
        this.SKIP_TOKEN();
        if (depth === 0) return;
        continue;
      }
      if (depth === 0 && progressed && STATEMENT_STARTERS.has(type) && this.startsLine(token)) return;
      this.SKIP_TOKEN();
      if (type === T.SEMICOLON && depth === 0) return;
      if (type === T.LBRACE) depth++;
    }
  }

  protected startsLine(token: IToken): boolean {
    const previous = this.LA(0);
    const from = Number.isFinite(previous.startOffset) ? previous.startOffset + previous.image.length : 0;
    for (let i = token.startOffset - 1; i >= from; i--) {
      const c = this.text.charCodeAt(i);
      if (c === 10 || c === 13) return true;
    }
    return false;
  }

  /** Defined by the statement layer (parser.ts). */
  declare statementOrScope: ParserMethod<[], StatementResult>;

  protected literal(token: IToken): N.Expression {
    const kind = LITERAL_KINDS.get(token.tokenType) as LiteralKind;
    return this.b[kind](token.image, token.startOffset);
  }

  // --- action helpers -----------------------------------------------------------------------

  protected designatorOf(indices: readonly N.IndexOperator[]): N.Expression | null {
    if (indices.length === 0) return null;
    const only = indices[0] as N.IndexOperator;
    if (indices.length === 1 && only.kind === 'IndexList' && only.items.length === 1 && only.items[0]?.kind !== 'RangeExpression') {
      return only.items[0] as N.Expression;
    }
    this.note('a gate designator is one expression in brackets, like `[4]`', startOf(only), endOf(indices[indices.length - 1] as N.Node));
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
  }

  /** `a:b` has no step; `a:s:b` has one. */
  protected rangeOf(
    first: N.Expression | null,
    rest: { second: N.Expression | null; third: N.Expression | null },
    start: number,
  ): N.RangeExpression {
    const end = this.previousEnd();
    return rest.third === null ? this.b.range(first, null, rest.second, start, end) : this.b.range(first, rest.second, rest.third, start, end);
  }
}

function pushStatements(list: N.Statement[], result: StatementResult): void {
  if (result === undefined) return;
  if (Array.isArray(result)) list.push(...(result as N.Statement[]));
  else list.push(result as N.Statement);
}

