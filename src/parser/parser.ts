/**
 * The OpenQASM 3.1 grammar as a Chevrotain embedded-actions parser. Rule
 * names follow the reference grammar (qasm3Parser.g4). The grammar holds no
 * judgement: each action only hands what was written to a small constructor
 * in src/ast/build.ts. Expressions are read as flat operator runs and folded
 * by one precedence table there.
 *
 * Differences from the reference grammar, all about shape, none about what
 * is accepted: a statement led by an identifier (gate call, assignment,
 * expression) is one rule that decides after the name; `cal` and `defcal`
 * arrive as single opaque tokens; a bare `{ ... }` scope is flattened into
 * the enclosing statement list (the AST has no scope node).
 */
import {
  EmbeddedActionsParser,
  isRecognitionException,
  type IOrAlt,
  type IRecognitionException,
  type IToken,
  type TokenType,
} from 'chevrotain';
import type { AstBuilder, OperandWithPrefixes, PrefixOperator } from '../ast/build.js';
import { emptyList, endOf, NO_PREFIXES, startOf } from '../ast/build.js';
import type * as N from '../ast/nodes.js';
import { NO_ANNOTATIONS } from '../ast/nodes.js';
import { nestingTooDeep } from '../diagnostics/index.js';
import { LIMITS } from '../tables/index.js';
import * as T from '../lexer/index.js';
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

type Annotations = readonly N.Annotation[];

/**
 * One alternative of an OR. A helper rather than an `{ ALT }` literal so that
 * tools keeping function names (tsx, esbuild `keepNames`) do not rename a
 * fresh closure on every call of a hot rule.
 */
function alt<T>(fn: () => T): { ALT: () => T } {
  return { ALT: fn };
}

type Body = readonly N.Statement[];
/** What a statement rule yields: a statement, a version header, or several (a flattened scope). */
export type StatementResult = N.Statement | N.Version | readonly N.Statement[] | undefined;

/**
 * Nesting the parser follows before reporting: the library limit, capped so
 * that the report is deterministic rather than left to the size of the call
 * stack (each level of nesting costs a few Chevrotain rule frames; about 400
 * levels fit Node's default stack).
 */
export const MAX_PARSER_NESTING = Math.min(LIMITS.maxNestingDepth, 256);

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

export class Qasm3Parser extends EmbeddedActionsParser {
  /** Set by the driver before each parse. */
  b!: AstBuilder;
  text = '';
  notes: ParserNote[] = [];
  private depth = 0;
  private statementStart = 0;
  /** Counts statements begun, so that one statement yields at most one syntax error. */
  private statementSerial = 0;
  private lastErrorSerial = -1;

  constructor() {
    super([...T.ALL_TOKENS], {
      recoveryEnabled: true,
      maxLookahead: 2,
      errorMessageProvider: new SyntaxMessages(() => ({ text: this.text, statementStart: this.statementStart, next: this.LA(2) })),
    });
    this.performSelfAnalysis();
  }

  /** Resets per-parse state for a new source text. */
  begin(builder: AstBuilder): void {
    this.b = builder;
    this.text = builder.source.text;
    this.notes = [];
    this.depth = 0;
    this.lastErrorSerial = -1;
  }

  /**
   * Chevrotain records every error here. After a first error in a statement,
   * recovery (a token inserted or deleted) may trip over the same mistake
   * again; only the first error of a statement is kept.
   */
  SAVE_ERROR(error: IRecognitionException): IRecognitionException {
    if (this.lastErrorSerial === this.statementSerial) return error;
    this.lastErrorSerial = this.statementSerial;
    return CHEVROTAIN_SAVE_ERROR.call(this, error);
  }

  // --- helpers (not grammar) -----------------------------------------------------------

  private get tokenIndex(): number {
    return (this as unknown as { currIdx: number }).currIdx;
  }

  /** Start offset of a token; a token inserted by recovery sits at the end of the previous real one. */
  private startAt(token: IToken): number {
    if (token.isInsertedInRecovery || !Number.isFinite(token.startOffset)) return this.previousEnd();
    return token.startOffset;
  }

  /** End offset (exclusive) of a token, anchored like {@link startAt}. */
  private endAt(token: IToken): number {
    if (token.isInsertedInRecovery || !Number.isFinite(token.startOffset)) return this.previousEnd();
    return token.startOffset + token.image.length;
  }

  private previousEnd(): number {
    const previous = this.LA(0);
    return Number.isFinite(previous.startOffset) ? previous.startOffset + previous.image.length : 0;
  }

  private enter(token: IToken): void {
    if (++this.depth > MAX_PARSER_NESTING) throw new NestingTooDeep(token);
  }

  private leave(): void {
    this.depth--;
  }

  private rule<F extends (...args: never[]) => unknown>(name: string, impl: F) {
    return this.RULE(name, impl as unknown as (...args: unknown[]) => ReturnType<F>, { resyncEnabled: false });
  }

  /**
   * Parses one statement with recovery: on a syntax error (already recorded by
   * Chevrotain) it skips to the end of the statement: past the next `;` at the
   * statement's brace depth, past the `}` closing a block the statement opened,
   * or up to a `}` of the enclosing block, or to a token that starts a line and
   * can start a statement.
   */
  private recoverableStatement(list: N.Statement[], occurrence: 1 | 2 | 3): StatementResult {
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
        const token = this.LA(1);
        const at = Number.isFinite(token.startOffset) ? token.startOffset : this.previousEnd();
        // The call stack ran out before the depth limit: report the depth actually reached.
        this.notes.push({ reason: nestingTooDeep(Math.min(this.depth, MAX_PARSER_NESTING)), startOffset: at, endOffset: at });
      } else if (!isRecognitionException(error as Error)) throw error;
      this.depth = depthBefore;
      this.statementStart = outerStatementStart;
      this.skipToStatementEnd(startIndex);
      return undefined;
    }
  }

  private skipToStatementEnd(startIndex: number): void {
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

  private startsLine(token: IToken): boolean {
    const previous = this.LA(0);
    const from = Number.isFinite(previous.startOffset) ? previous.startOffset + previous.image.length : 0;
    for (let i = token.startOffset - 1; i >= from; i--) {
      const c = this.text.charCodeAt(i);
      if (c === 10 || c === 13) return true;
    }
    return false;
  }

  // --- program and statements -------------------------------------------------------------

  /** The statements of one chunk of source (the driver splits long sources at statement ends). */
  program = this.rule('program', (): StatementResult[] => {
    const statements: N.Statement[] = [];
    const results: StatementResult[] = [];
    this.MANY(() => {
      results.push(this.recoverableStatement(statements, 1));
    });
    return results;
  });

  statementOrScope = this.rule('statementOrScope', (): StatementResult => {
    return this.OR([
      alt(() => this.SUBRULE(this.scope)),
      alt(() => this.SUBRULE(this.statement)),
    ]);
  });

  scope = this.rule('scope', (): Body => {
    const open = this.CONSUME(T.LBRACE);
    this.ACTION(() => this.enter(open));
    const statements: N.Statement[] = [];
    this.MANY(() => {
      this.recoverableStatement(statements, 2);
    });
    this.CONSUME(T.RBRACE);
    this.ACTION(() => this.leave());
    return statements;
  });

  /** A body: a scope, or a single statement (which becomes a one-element list). */
  private body = this.rule('body', (): Body => {
    const statements: N.Statement[] = [];
    this.recoverableStatement(statements, 3);
    return statements;
  });

  statement = this.rule('statement', (): StatementResult => {
    const annotations: N.Annotation[] = [];
    const first = this.LA(1);
    this.ACTION(() => {
      this.statementSerial++;
      if (Number.isFinite(first.startOffset)) this.statementStart = first.startOffset;
    });
    this.MANY(() => {
      const token = this.CONSUME(T.AnnotationKeyword);
      this.ACTION(() => annotations.push(this.b.annotation(token.image, token.startOffset)));
    });
    const statement = this.OR<StatementResult>((this.statementAlternatives ??= [
      alt(() => this.SUBRULE(this.pragma)),
      alt(() => this.SUBRULE(this.version)),
      alt(() => this.SUBRULE(this.includeStatement)),
      alt(() => this.SUBRULE(this.calibrationGrammarStatement)),
      alt(() => this.SUBRULE(this.calStatement)),
      alt(() => this.SUBRULE(this.defcalStatement)),
      alt(() => this.SUBRULE(this.quantumDeclarationStatement)),
      alt(() => this.SUBRULE(this.oldStyleDeclarationStatement)),
      alt(() => this.SUBRULE(this.constDeclarationStatement)),
      alt(() => this.SUBRULE(this.ioDeclarationStatement)),
      alt(() => this.SUBRULE(this.aliasDeclarationStatement)),
      alt(() => this.SUBRULE(this.gateStatement)),
      alt(() => this.SUBRULE(this.defStatement)),
      alt(() => this.SUBRULE(this.externStatement)),
      alt(() => this.SUBRULE(this.returnStatement)),
      alt(() => this.SUBRULE(this.jumpStatement)),
      alt(() => this.SUBRULE(this.ifStatement)),
      alt(() => this.SUBRULE(this.forStatement)),
      alt(() => this.SUBRULE(this.whileStatement)),
      alt(() => this.SUBRULE(this.switchStatement)),
      alt(() => this.SUBRULE(this.barrierStatement)),
      alt(() => this.SUBRULE(this.boxStatement)),
      alt(() => this.SUBRULE(this.delayStatement)),
      alt(() => this.SUBRULE(this.resetStatement)),
      alt(() => this.SUBRULE(this.measureArrowAssignmentStatement)),
      alt(() => this.SUBRULE(this.modifiedGateCallStatement)),
      alt(() => this.SUBRULE(this.typeLedStatement)),
      alt(() => this.SUBRULE(this.identifierLedStatement)),
      alt(() => this.SUBRULE(this.expressionStatement)),
      alt(() => this.SUBRULE(this.nopStatement)),
      alt(() => this.SUBRULE(this.emptyStatement)),
    ]));
    return this.ACTION(() => (annotations.length === 0 ? statement : this.b.annotate(statement, annotations)));
  });

  // Alternatives of the hottest ORs, built once (Chevrotain's "caching arrays of
  // alternatives"): they capture nothing but the parser, so one array serves
  // every call instead of a fresh array and closures per operand.
  private operandAlternatives?: IOrAlt<N.Expression>[];
  private nonNameAlternatives?: IOrAlt<N.Expression>[];
  private indexAlternatives?: IOrAlt<N.DiscreteSet | (N.Expression | N.RangeExpression)[]>[];
  private gateOperandAlternatives?: IOrAlt<N.GateOperand>[];
  private rangeAlternatives?: IOrAlt<N.Expression | N.RangeExpression>[];
  private statementAlternatives?: IOrAlt<StatementResult>[];

  private pragma = this.rule('pragma', (): N.Pragma => {
    const token = this.CONSUME(T.PRAGMA);
    return this.ACTION(() => this.b.pragma(token.image, token.startOffset));
  });

  version = this.rule('version', (): N.Version => {
    const keyword = this.CONSUME(T.OPENQASM);
    const number = this.OR([alt(() => this.CONSUME(T.FloatLiteral)), alt(() => this.CONSUME(T.DecimalIntegerLiteral))]);
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() => this.b.version(number.image, keyword.startOffset, this.endAt(semi)));
  });

  includeStatement = this.rule('includeStatement', (): N.Include => {
    const keyword = this.CONSUME(T.INCLUDE);
    const path = this.SUBRULE(this.stringLiteral);
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() => ({
      kind: 'Include',
      path,
      span: this.b.span(keyword.startOffset, this.endAt(semi)),
      annotations: NO_ANNOTATIONS,
    } satisfies N.Include));
  });

  calibrationGrammarStatement = this.rule('calibrationGrammarStatement', (): N.Defcalgrammar => {
    const keyword = this.CONSUME(T.DEFCALGRAMMAR);
    const name = this.SUBRULE(this.stringLiteral);
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() => ({
      kind: 'Defcalgrammar',
      name,
      span: this.b.span(keyword.startOffset, this.endAt(semi)),
      annotations: NO_ANNOTATIONS,
    } satisfies N.Defcalgrammar));
  });

  /** A quoted string, without its quotes (a bit-string-looking path is still a path). */
  private stringLiteral = this.rule('stringLiteral', (): string => {
    const token = this.OR([alt(() => this.CONSUME(T.StringLiteral)), alt(() => this.CONSUME(T.BitstringLiteral))]);
    return this.ACTION(() => token.image.slice(1, -1));
  });

  calStatement = this.rule('calStatement', (): N.Cal => {
    const token = this.CONSUME(T.CalBlock);
    return this.ACTION(() => this.b.cal(token.image, token.startOffset));
  });

  defcalStatement = this.rule('defcalStatement', (): N.Defcal => {
    const token = this.CONSUME(T.DefcalBlock);
    return this.ACTION(() => this.b.defcal(token.image, token.startOffset));
  });

  quantumDeclarationStatement = this.rule('quantumDeclarationStatement', (): N.QubitDeclaration => {
    const keyword = this.CONSUME(T.QUBIT);
    const size = this.OPTION(() => this.SUBRULE(this.designator)) ?? null;
    const name = this.SUBRULE(this.identifier);
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() =>
      ({
        kind: 'QubitDeclaration',
        name,
        size,
        span: this.b.span(keyword.startOffset, this.endAt(semi)),
        annotations: NO_ANNOTATIONS,
      } satisfies N.QubitDeclaration),
    );
  });

  oldStyleDeclarationStatement = this.rule('oldStyleDeclarationStatement', (): N.OldStyleDeclaration => {
    const keyword = this.OR([alt(() => this.CONSUME(T.QREG)), alt(() => this.CONSUME(T.CREG))]);
    const name = this.SUBRULE(this.identifier);
    const size = this.OPTION(() => this.SUBRULE(this.designator)) ?? null;
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() =>
      ({
        kind: 'OldStyleDeclaration',
        keyword: keyword.image as 'qreg' | 'creg',
        name,
        size,
        span: this.b.span(keyword.startOffset, this.endAt(semi)),
        annotations: NO_ANNOTATIONS,
      } satisfies N.OldStyleDeclaration),
    );
  });

  constDeclarationStatement = this.rule('constDeclarationStatement', (): N.ConstDeclaration => {
    const keyword = this.CONSUME(T.CONST);
    const type = this.SUBRULE(this.classicalType);
    const name = this.SUBRULE(this.identifier);
    this.CONSUME(T.EQUALS);
    const init = this.SUBRULE(this.declarationExpression);
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() =>
      ({
        kind: 'ConstDeclaration',
        type,
        name,
        init: init as N.Expression | N.ArrayLiteral,
        span: this.b.span(keyword.startOffset, this.endAt(semi)),
        annotations: NO_ANNOTATIONS,
      } satisfies N.ConstDeclaration),
    );
  });

  ioDeclarationStatement = this.rule('ioDeclarationStatement', (): N.IODeclaration => {
    const keyword = this.OR([alt(() => this.CONSUME(T.INPUT)), alt(() => this.CONSUME(T.OUTPUT))]);
    const type = this.SUBRULE(this.classicalType);
    const name = this.SUBRULE(this.identifier);
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() =>
      ({
        kind: 'IODeclaration',
        direction: keyword.image as 'input' | 'output',
        type,
        name,
        span: this.b.span(keyword.startOffset, this.endAt(semi)),
        annotations: NO_ANNOTATIONS,
      } satisfies N.IODeclaration),
    );
  });

  aliasDeclarationStatement = this.rule('aliasDeclarationStatement', (): N.AliasDeclaration => {
    const keyword = this.CONSUME(T.LET);
    const name = this.SUBRULE(this.identifier);
    this.CONSUME(T.EQUALS);
    const value = this.SUBRULE(this.expression);
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() =>
      ({
        kind: 'AliasDeclaration',
        name,
        value,
        span: this.b.span(keyword.startOffset, this.endAt(semi)),
        annotations: NO_ANNOTATIONS,
      } satisfies N.AliasDeclaration),
    );
  });

  gateStatement = this.rule('gateStatement', (): N.GateDefinition => {
    const keyword = this.CONSUME(T.GATE);
    const name = this.SUBRULE(this.identifier);
    let params: readonly N.Identifier[] = emptyList();
    this.OPTION(() => {
      this.CONSUME(T.LPAREN);
      params = this.OPTION2(() => this.SUBRULE(this.identifierList)) ?? emptyList();
      this.CONSUME(T.RPAREN);
    });
    const qubits = this.SUBRULE2(this.identifierList);
    const body = this.SUBRULE(this.scope);
    return this.ACTION(() =>
      ({
        kind: 'GateDefinition',
        name,
        params,
        qubits,
        body,
        span: this.b.span(keyword.startOffset, this.previousEnd()),
        annotations: NO_ANNOTATIONS,
      } satisfies N.GateDefinition),
    );
  });

  defStatement = this.rule('defStatement', (): N.SubroutineDefinition => {
    const keyword = this.CONSUME(T.DEF);
    const name = this.SUBRULE(this.identifier);
    this.CONSUME(T.LPAREN);
    const params: N.ArgumentDefinition[] = [];
    this.MANY_SEP({ SEP: T.COMMA, DEF: () => params.push(this.SUBRULE(this.argumentDefinition)) });
    this.CONSUME(T.RPAREN);
    const returnType = this.OPTION(() => this.SUBRULE(this.returnSignature)) ?? null;
    const body = this.SUBRULE(this.scope);
    return this.ACTION(() =>
      ({
        kind: 'SubroutineDefinition',
        name,
        params,
        returnType,
        body,
        span: this.b.span(keyword.startOffset, this.previousEnd()),
        annotations: NO_ANNOTATIONS,
      } satisfies N.SubroutineDefinition),
    );
  });

  externStatement = this.rule('externStatement', (): N.ExternDeclaration => {
    const keyword = this.CONSUME(T.EXTERN);
    const name = this.SUBRULE(this.identifier);
    this.CONSUME(T.LPAREN);
    const params: (N.ClassicalType | N.ArrayReferenceType)[] = [];
    this.MANY_SEP({ SEP: T.COMMA, DEF: () => params.push(this.SUBRULE(this.externArgument)) });
    this.CONSUME(T.RPAREN);
    const returnType = this.OPTION(() => this.SUBRULE(this.returnSignature)) ?? null;
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() =>
      ({
        kind: 'ExternDeclaration',
        name,
        params,
        returnType,
        span: this.b.span(keyword.startOffset, this.endAt(semi)),
        annotations: NO_ANNOTATIONS,
      } satisfies N.ExternDeclaration),
    );
  });

  returnStatement = this.rule('returnStatement', (): N.Return => {
    const keyword = this.CONSUME(T.RETURN);
    const value =
      this.OPTION(() =>
        this.OR([alt(() => this.SUBRULE(this.measureExpression)), alt(() => this.SUBRULE(this.expression))]),
      ) ?? null;
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() => ({
      kind: 'Return',
      value,
      span: this.b.span(keyword.startOffset, this.endAt(semi)),
      annotations: NO_ANNOTATIONS,
    } satisfies N.Return));
  });

  /** `break;`, `continue;`, `end;` */
  jumpStatement = this.rule('jumpStatement', (): N.Break | N.Continue | N.End => {
    const keyword = this.OR([
      alt(() => this.CONSUME(T.BREAK)),
      alt(() => this.CONSUME(T.CONTINUE)),
      alt(() => this.CONSUME(T.END)),
    ]);
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() => {
      const kind = keyword.tokenType === T.BREAK ? 'Break' : keyword.tokenType === T.CONTINUE ? 'Continue' : 'End';
      return ({
        kind,
        span: this.b.span(keyword.startOffset, this.endAt(semi)),
        annotations: NO_ANNOTATIONS,
      } satisfies N.Break | N.Continue | N.End);
    });
  });

  ifStatement = this.rule('ifStatement', (): N.If => {
    const keyword = this.CONSUME(T.IF);
    this.CONSUME(T.LPAREN);
    const condition = this.SUBRULE(this.expression);
    this.CONSUME(T.RPAREN);
    const body = this.SUBRULE(this.body);
    const elseBody =
      this.OPTION(() => {
        this.CONSUME(T.ELSE);
        return this.SUBRULE2(this.body);
      }) ?? null;
    return this.ACTION(() =>
      ({
        kind: 'If',
        condition,
        body,
        elseBody,
        span: this.b.span(keyword.startOffset, this.previousEnd()),
        annotations: NO_ANNOTATIONS,
      } satisfies N.If),
    );
  });

  forStatement = this.rule('forStatement', (): N.For => {
    const keyword = this.CONSUME(T.FOR);
    const variableType = this.SUBRULE(this.scalarType);
    const variable = this.SUBRULE(this.identifier);
    this.CONSUME(T.IN);
    const iterable = this.OR<N.For['iterable']>([
      alt(() => this.SUBRULE(this.setExpression)),
      alt(() => {
          const open = this.CONSUME(T.LBRACKET);
          const range = this.SUBRULE(this.rangeOrExpression);
          const close = this.CONSUME(T.RBRACKET);
          return this.ACTION(() =>
            range.kind === 'RangeExpression' ? this.b.range(range.start, range.step, range.end, open.startOffset, this.endAt(close)) : range,
          );
        }),
      alt(() => this.SUBRULE(this.expression)),
    ]);
    const body = this.SUBRULE(this.body);
    return this.ACTION(() =>
      ({
        kind: 'For',
        variableType,
        variable,
        iterable,
        body,
        span: this.b.span(keyword.startOffset, this.previousEnd()),
        annotations: NO_ANNOTATIONS,
      } satisfies N.For),
    );
  });

  whileStatement = this.rule('whileStatement', (): N.While => {
    const keyword = this.CONSUME(T.WHILE);
    this.CONSUME(T.LPAREN);
    const condition = this.SUBRULE(this.expression);
    this.CONSUME(T.RPAREN);
    const body = this.SUBRULE(this.body);
    return this.ACTION(() => ({
      kind: 'While',
      condition,
      body,
      span: this.b.span(keyword.startOffset, this.previousEnd()),
      annotations: NO_ANNOTATIONS,
    } satisfies N.While));
  });

  switchStatement = this.rule('switchStatement', (): N.Switch => {
    const keyword = this.CONSUME(T.SWITCH);
    this.CONSUME(T.LPAREN);
    const subject = this.SUBRULE(this.expression);
    this.CONSUME(T.RPAREN);
    this.CONSUME(T.LBRACE);
    const cases: N.SwitchCase[] = [];
    this.MANY(() => cases.push(this.SUBRULE(this.switchCaseItem)));
    const close = this.CONSUME(T.RBRACE);
    return this.ACTION(() => ({
      kind: 'Switch',
      subject,
      cases,
      span: this.b.span(keyword.startOffset, this.endAt(close)),
      annotations: NO_ANNOTATIONS,
    } satisfies N.Switch));
  });

  switchCaseItem = this.rule('switchCaseItem', (): N.SwitchCase => {
    return this.OR([
      alt(() => {
          const keyword = this.CONSUME(T.CASE);
          const values = this.SUBRULE(this.expressionList);
          const body = this.SUBRULE(this.scope);
          return this.ACTION(() => this.b.switchCase(values, body, keyword.startOffset, this.previousEnd()));
        }),
      alt(() => {
          const keyword = this.CONSUME(T.DEFAULT);
          const body = this.SUBRULE2(this.scope);
          return this.ACTION(() => this.b.switchCase(null, body, keyword.startOffset, this.previousEnd()));
        }),
    ]);
  });

  barrierStatement = this.rule('barrierStatement', (): N.Barrier => {
    const keyword = this.CONSUME(T.BARRIER);
    const operands = this.OPTION(() => this.SUBRULE(this.gateOperandList)) ?? emptyList<N.GateOperand>();
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() => ({
      kind: 'Barrier',
      operands,
      span: this.b.span(keyword.startOffset, this.endAt(semi)),
      annotations: NO_ANNOTATIONS,
    } satisfies N.Barrier));
  });

  boxStatement = this.rule('boxStatement', (): N.Box => {
    const keyword = this.CONSUME(T.BOX);
    const duration = this.OPTION(() => this.SUBRULE(this.designator)) ?? null;
    const body = this.SUBRULE(this.scope);
    return this.ACTION(() => ({
      kind: 'Box',
      duration,
      body,
      span: this.b.span(keyword.startOffset, this.previousEnd()),
      annotations: NO_ANNOTATIONS,
    } satisfies N.Box));
  });

  delayStatement = this.rule('delayStatement', (): N.Delay => {
    const keyword = this.CONSUME(T.DELAY);
    const duration = this.SUBRULE(this.designator);
    const operands = this.OPTION(() => this.SUBRULE(this.gateOperandList)) ?? emptyList<N.GateOperand>();
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() =>
      ({
        kind: 'Delay',
        duration,
        operands,
        span: this.b.span(keyword.startOffset, this.endAt(semi)),
        annotations: NO_ANNOTATIONS,
      } satisfies N.Delay),
    );
  });

  /** `nop q;` (OpenQASM 3.1) has no node of its own: it is a gate call named `nop`. */
  nopStatement = this.rule('nopStatement', (): N.GateCall => {
    const keyword = this.CONSUME(T.NOP);
    const qubits = this.OPTION(() => this.SUBRULE(this.gateOperandList)) ?? emptyList<N.GateOperand>();
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() => ({
      kind: 'GateCall',
      modifiers: emptyList(),
      name: this.b.identifier(keyword.image, keyword.startOffset),
      args: null,
      designator: null,
      qubits,
      span: this.b.span(keyword.startOffset, this.endAt(semi)),
      annotations: NO_ANNOTATIONS,
    }) satisfies N.GateCall);
  });

  resetStatement = this.rule('resetStatement', (): N.Reset => {
    const keyword = this.CONSUME(T.RESET);
    const operand = this.SUBRULE(this.gateOperand);
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() => ({
      kind: 'Reset',
      operand,
      span: this.b.span(keyword.startOffset, this.endAt(semi)),
      annotations: NO_ANNOTATIONS,
    } satisfies N.Reset));
  });

  measureArrowAssignmentStatement = this.rule('measureArrowAssignmentStatement', (): N.MeasureStatement => {
    const measure = this.SUBRULE(this.measureExpression);
    const target =
      this.OPTION(() => {
        this.CONSUME(T.ARROW);
        return this.SUBRULE(this.indexedIdentifier);
      }) ?? null;
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() =>
      ({
        kind: 'MeasureStatement',
        measure,
        target,
        span: this.b.span(startOf(measure), this.endAt(semi)),
        annotations: NO_ANNOTATIONS,
      } satisfies N.MeasureStatement),
    );
  });

  /** A gate call with modifiers (`ctrl @ x a, b;`), or `gphase`. */
  modifiedGateCallStatement = this.rule('modifiedGateCallStatement', (): N.GateCall => {
    const first = this.LA(1);
    return this.OR([
      alt(() => {
          const modifiers: N.GateModifier[] = [];
          this.AT_LEAST_ONE(() => modifiers.push(this.SUBRULE(this.gateModifier)));
          return this.OR2([
            alt(() => this.SUBRULE(this.namedGateCall, { ARGS: [modifiers, first] })),
            alt(() => this.SUBRULE(this.gphaseCall, { ARGS: [modifiers, first] })),
          ]);
        }),
      alt(() => this.SUBRULE2(this.gphaseCall, { ARGS: [emptyList<N.GateModifier>(), first] })),
    ]);
  });

  private namedGateCall = this.rule(
    'namedGateCall',
    (modifiers: readonly N.GateModifier[], first: IToken): N.GateCall => {
      const name = this.SUBRULE(this.identifier);
      const args = this.OPTION(() => this.SUBRULE(this.callArguments)) ?? null;
      const designator = this.OPTION2(() => this.SUBRULE(this.designator)) ?? null;
      const qubits = this.SUBRULE(this.gateOperandList);
      const semi = this.CONSUME(T.SEMICOLON);
      return this.ACTION(() =>
        ({
          kind: 'GateCall',
          modifiers,
          name,
          args,
          designator,
          qubits,
          span: this.b.span(this.startAt(first), this.endAt(semi)),
          annotations: NO_ANNOTATIONS,
        } satisfies N.GateCall),
      );
    },
  );

  private gphaseCall = this.rule('gphaseCall', (modifiers: readonly N.GateModifier[], first: IToken): N.GateCall => {
    const keyword = this.CONSUME(T.GPHASE);
    const args = this.OPTION(() => this.SUBRULE(this.callArguments)) ?? null;
    const designator = this.OPTION2(() => this.SUBRULE(this.designator)) ?? null;
    const qubits = this.OPTION3(() => this.SUBRULE(this.gateOperandList)) ?? emptyList<N.GateOperand>();
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() =>
      ({
        kind: 'GateCall',
        modifiers,
        name: this.b.identifier(keyword.image, keyword.startOffset),
        args,
        designator,
        qubits,
        span: this.b.span(this.startAt(first), this.endAt(semi)),
        annotations: NO_ANNOTATIONS,
      } satisfies N.GateCall),
    );
  });

  gateModifier = this.rule('gateModifier', (): N.GateModifier => {
    const result = this.OR([
      alt(() => {
          const keyword = this.CONSUME(T.INV);
          return { keyword, argument: null as N.Expression | null };
        }),
      alt(() => {
          const keyword = this.CONSUME(T.POW);
          this.CONSUME(T.LPAREN);
          const argument = this.SUBRULE(this.expression);
          this.CONSUME(T.RPAREN);
          return { keyword, argument };
        }),
      alt(() => {
          const keyword = this.OR2([alt(() => this.CONSUME(T.CTRL)), alt(() => this.CONSUME(T.NEGCTRL))]);
          const argument =
            this.OPTION(() => {
              this.CONSUME2(T.LPAREN);
              const count = this.SUBRULE2(this.expression);
              this.CONSUME2(T.RPAREN);
              return count;
            }) ?? null;
          return { keyword, argument };
        }),
    ]);
    const at = this.CONSUME(T.AT);
    return this.ACTION(() =>
      this.b.modifier(result.keyword.image as N.GateModifier['modifier'], result.argument, result.keyword.startOffset, this.endAt(at)),
    );
  });

  /** A declaration `int[32] x = 1;` or a cast used as a statement `int[32](x);`. */
  typeLedStatement = this.rule('typeLedStatement', (): N.ClassicalDeclaration | N.ExpressionStatement => {
    const type = this.SUBRULE(this.classicalType);
    return this.OR([
      alt(() => {
          const name = this.SUBRULE(this.identifier);
          const init =
            this.OPTION(() => {
              this.CONSUME(T.EQUALS);
              return this.SUBRULE(this.declarationExpression);
            }) ?? null;
          const semi = this.CONSUME(T.SEMICOLON);
          return this.ACTION(() =>
            ({
              kind: 'ClassicalDeclaration',
              type,
              name,
              init,
              span: this.b.span(startOf(type), this.endAt(semi)),
              annotations: NO_ANNOTATIONS,
            } satisfies N.ClassicalDeclaration),
          );
        }),
      alt(() => {
          const cast = this.SUBRULE(this.castArgument, { ARGS: [type] });
          const expression = this.SUBRULE(this.expressionTail, { ARGS: [{ prefixes: NO_PREFIXES, operand: cast }] });
          const semi = this.CONSUME2(T.SEMICOLON);
          return this.ACTION(() =>
            ({
              kind: 'ExpressionStatement',
              expression,
              span: this.b.span(startOf(type), this.endAt(semi)),
              annotations: NO_ANNOTATIONS,
            } satisfies N.ExpressionStatement),
          );
        }),
    ]);
  });

  /**
   * A statement that starts with a name: a gate call (`h q;`, `rz(t) q;`,
   * `U(a, b, c)[2] q;`), an assignment (`c[0] = measure q[0];`, `x += 1;`)
   * or an expression (`f(x);`).
   */
  identifierLedStatement = this.rule('identifierLedStatement', (): N.Statement => {
    const nameToken = this.CONSUME(T.Identifier);
    const name = this.ACTION(() => this.b.identifier(nameToken.image, nameToken.startOffset));
    let args: readonly N.Expression[] | null = null;
    const indices: N.IndexOperator[] = [];
    this.OPTION(() => {
      args = this.SUBRULE(this.callArguments);
    });
    this.MANY(() => indices.push(this.SUBRULE(this.indexOperator)));
    return this.OR<N.Statement>([
      alt(() => {
          const qubits = this.SUBRULE(this.gateOperandList);
          const semi = this.CONSUME(T.SEMICOLON);
          return this.ACTION(() =>
            ({
              kind: 'GateCall',
              modifiers: emptyList(),
              name,
              args,
              designator: this.designatorOf(indices),
              qubits,
              span: this.b.span(startOf(name), this.endAt(semi)),
              annotations: NO_ANNOTATIONS,
            } satisfies N.GateCall),
          );
        }),
      alt(() => {
          const op = this.OR2([alt(() => this.CONSUME(T.EQUALS)), alt(() => this.CONSUME(T.CompoundAssignmentOperator))]);
          const value = this.SUBRULE(this.declarationExpression);
          const semi = this.CONSUME2(T.SEMICOLON);
          return this.ACTION(() => {
            const target = this.b.indexedIdentifier(name, indices, indices.length ? endOf(indices[indices.length - 1] as N.Node) : 0);
            if (args !== null) this.note('the left side of an assignment cannot be a call', startOf(name), endOf(target));
            return ({
              kind: 'Assignment',
              target,
              op: op.image as N.AssignmentOperator,
              value,
              span: this.b.span(startOf(name), this.endAt(semi)),
              annotations: NO_ANNOTATIONS,
            } satisfies N.Assignment);
          });
        }),
      alt(() => {
          const head = this.ACTION(() => {
            let value: N.Expression = args === null ? name : this.b.call(name, args, this.endOfCall(indices));
            for (const index of indices) value = this.b.index(value, index);
            return value;
          });
          const expression = this.SUBRULE(this.expressionTail, { ARGS: [{ prefixes: NO_PREFIXES, operand: head }] });
          const semi = this.CONSUME3(T.SEMICOLON);
          return this.ACTION(() =>
            ({
              kind: 'ExpressionStatement',
              expression,
              span: this.b.span(startOf(name), this.endAt(semi)),
              annotations: NO_ANNOTATIONS,
            } satisfies N.ExpressionStatement),
          );
        }),
    ]);
  });

  /** An expression statement that does not start with a name or a type (`(a) + 1;`, `-x;`, `durationof(...)`). */
  expressionStatement = this.rule('expressionStatement', (): N.ExpressionStatement => {
    const first = this.LA(1);
    const head = this.OR<OperandWithPrefixes>([
      alt(() => {
        // Prefix operators first, so that the statement cannot be confused with one led by a name.
        const prefixes: PrefixOperator[] = [];
        this.AT_LEAST_ONE(() => {
          const op = this.CONSUME(T.PrefixOperator);
          this.ACTION(() => prefixes.push({ op: op.image as PrefixOperator['op'], startOffset: op.startOffset }));
        });
        const rest = this.SUBRULE(this.operand);
        return this.ACTION(() => ({ prefixes: [...prefixes, ...rest.prefixes], operand: rest.operand }));
      }),
      alt(() => {
        let operand = this.SUBRULE(this.nonNameOperand);
        this.MANY(() => {
          const index = this.SUBRULE(this.indexOperator);
          this.ACTION(() => {
            operand = this.b.index(operand, index);
          });
        });
        return { prefixes: NO_PREFIXES, operand };
      }),
    ]);
    const expression = this.SUBRULE(this.expressionTail, { ARGS: [head] });
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() =>
      ({
        kind: 'ExpressionStatement',
        expression,
        span: this.b.span(this.startAt(first), this.endAt(semi)),
        annotations: NO_ANNOTATIONS,
      } satisfies N.ExpressionStatement),
    );
  });

  emptyStatement = this.rule('emptyStatement', (): N.EmptyStatement => {
    const semi = this.CONSUME(T.SEMICOLON);
    return this.ACTION(() => ({
      kind: 'EmptyStatement',
      span: this.b.span(semi.startOffset, this.endAt(semi)),
      annotations: NO_ANNOTATIONS,
    } satisfies N.EmptyStatement));
  });

  // --- expressions ------------------------------------------------------------------------

  /** `operand (op operand)*`, folded by precedence in the builder. */
  expression = this.rule('expression', (): N.Expression => {
    const first = this.SUBRULE(this.operand);
    const operands: OperandWithPrefixes[] = [first];
    const ops: N.BinaryOperator[] = [];
    this.MANY(() => {
      const op = this.CONSUME(T.BinaryOperator);
      const operand = this.SUBRULE2(this.operand);
      this.ACTION(() => {
        ops.push(op.image as N.BinaryOperator);
        operands.push(operand);
      });
    });
    return this.ACTION(() => this.b.expression(operands, ops));
  });

  /** Continues an expression whose first operand is already built (statements led by a name). */
  private expressionTail = this.rule('expressionTail', (head: OperandWithPrefixes): N.Expression => {
    const operands: OperandWithPrefixes[] = [head];
    const ops: N.BinaryOperator[] = [];
    this.MANY(() => {
      const op = this.CONSUME(T.BinaryOperator);
      const operand = this.SUBRULE(this.operand);
      this.ACTION(() => {
        ops.push(op.image as N.BinaryOperator);
        operands.push(operand);
      });
    });
    return this.ACTION(() => this.b.expression(operands, ops));
  });

  /**
   * One operand of an expression with its prefix operators and trailing
   * indexes: `-a[0]`, `f(x)`, `int[8](y)`, `(e)`, `1.5`. One rule rather than
   * the reference grammar's levels, so an operand costs one rule call.
   */
  operand = this.rule('operand', (): OperandWithPrefixes => {
    const prefixes: PrefixOperator[] = [];
    this.MANY(() => {
      const op = this.CONSUME(T.PrefixOperator);
      this.ACTION(() => prefixes.push({ op: op.image as PrefixOperator['op'], startOffset: op.startOffset }));
    });
    let value = this.OR<N.Expression>((this.operandAlternatives ??= [
      alt(() => {
        const token = this.CONSUME(T.Identifier);
        const args = this.OPTION(() => this.SUBRULE(this.callArguments));
        return this.ACTION(() => {
          const name = this.b.identifier(token.image, token.startOffset);
          return args === undefined ? name : this.b.call(name, args, this.previousEnd());
        });
      }),
      alt(() => {
        const type = this.SUBRULE(this.classicalType);
        return this.SUBRULE(this.castArgument, { ARGS: [type] });
      }),
      alt(() => this.SUBRULE(this.nonNameOperand)),
    ]));
    this.MANY2(() => {
      const index = this.SUBRULE(this.indexOperator);
      this.ACTION(() => {
        value = this.b.index(value, index);
      });
    });
    return { prefixes: prefixes.length === 0 ? NO_PREFIXES : prefixes, operand: value };
  });

  /** Operands that do not start with a name or a type: literals, `( ... )`, `durationof`, `$n`. */
  private nonNameOperand = this.rule('nonNameOperand', (): N.Expression => {
    return this.OR((this.nonNameAlternatives ??= [
      alt(() => {
        const token = this.CONSUME(T.Literal);
        return this.ACTION(() => this.literal(token));
      }),
      alt(() => {
        const open = this.CONSUME(T.LPAREN);
        this.ACTION(() => this.enter(open));
        const inner = this.SUBRULE(this.expression);
        this.CONSUME(T.RPAREN);
        this.ACTION(() => this.leave());
        return inner;
      }),
      alt(() => {
        const keyword = this.CONSUME(T.DURATIONOF);
        this.CONSUME2(T.LPAREN);
        const body = this.SUBRULE(this.scope);
        const close = this.CONSUME2(T.RPAREN);
        return this.ACTION(() => this.b.durationOf(body, keyword.startOffset, this.endAt(close)));
      }),
      alt(() => {
        const t = this.CONSUME(T.HardwareQubit);
        return this.ACTION(() => this.b.hardwareQubit(t.image, t.startOffset));
      }),
    ]));
  });

  private literal(token: IToken): N.Expression {
    const kind = LITERAL_KINDS.get(token.tokenType) as LiteralKind;
    return this.b[kind](token.image, token.startOffset);
  }

  private castArgument = this.rule('castArgument', (type: N.ScalarType | N.ArrayType): N.Cast => {
    const open = this.CONSUME(T.LPAREN);
    this.ACTION(() => this.enter(open));
    const argument = this.SUBRULE(this.expression);
    const close = this.CONSUME(T.RPAREN);
    this.ACTION(() => this.leave());
    return this.ACTION(() => this.b.cast(type, argument, this.endAt(close)));
  });

  private callArguments = this.rule('callArguments', (): readonly N.Expression[] => {
    const open = this.CONSUME(T.LPAREN);
    this.ACTION(() => this.enter(open));
    const args = this.OPTION(() => this.SUBRULE(this.expressionList)) ?? emptyList<N.Expression>();
    this.CONSUME(T.RPAREN);
    this.ACTION(() => this.leave());
    return args;
  });

  expressionList = this.rule('expressionList', (): N.Expression[] => {
    const items: N.Expression[] = [this.SUBRULE(this.expression)];
    this.MANY(() => {
      this.CONSUME(T.COMMA);
      items.push(this.SUBRULE2(this.expression));
    });
    this.OPTION(() => this.CONSUME2(T.COMMA));
    return items;
  });

  /** `measure q[0]` */
  measureExpression = this.rule('measureExpression', (): N.MeasureExpression => {
    const keyword = this.CONSUME(T.MEASURE);
    const operand = this.SUBRULE(this.gateOperand);
    return this.ACTION(() => this.b.measure(operand, keyword.startOffset));
  });

  /** The right side of a declaration or assignment: an expression, `measure q`, or an array literal. */
  declarationExpression = this.rule('declarationExpression', (): N.Expression | N.MeasureExpression | N.ArrayLiteral => {
    return this.OR<N.Expression | N.MeasureExpression | N.ArrayLiteral>([
      alt(() => this.SUBRULE(this.arrayLiteral)),
      alt(() => this.SUBRULE(this.measureExpression)),
      alt(() => this.SUBRULE(this.expression)),
    ]);
  });

  arrayLiteral = this.rule('arrayLiteral', (): N.ArrayLiteral => {
    const open = this.CONSUME(T.LBRACE);
    this.ACTION(() => this.enter(open));
    const items: (N.Expression | N.ArrayLiteral)[] = [];
    this.OPTION(() => {
      items.push(this.OR([alt(() => this.SUBRULE(this.arrayLiteral)), alt(() => this.SUBRULE(this.expression))]) as N.Expression | N.ArrayLiteral);
      this.MANY(() => {
        this.CONSUME(T.COMMA);
        items.push(
          this.OR2([alt(() => this.SUBRULE2(this.arrayLiteral)), alt(() => this.SUBRULE2(this.expression))]) as
            | N.Expression
            | N.ArrayLiteral,
        );
      });
      this.OPTION2(() => this.CONSUME2(T.COMMA));
    });
    const close = this.CONSUME(T.RBRACE);
    this.ACTION(() => this.leave());
    return this.ACTION(() => this.b.arrayLiteral(items, open.startOffset, this.endAt(close)));
  });

  /** `{a, b, c}` */
  setExpression = this.rule('setExpression', (): N.DiscreteSet => {
    const open = this.CONSUME(T.LBRACE);
    this.ACTION(() => this.enter(open));
    const values = this.SUBRULE(this.expressionList);
    const close = this.CONSUME(T.RBRACE);
    this.ACTION(() => this.leave());
    return this.ACTION(() => this.b.discreteSet(values, open.startOffset, this.endAt(close)));
  });

  /** `[0]`, `[0:2]`, `[1, 2:3]`, `[{0, 1}]` */
  indexOperator = this.rule('indexOperator', (): N.IndexOperator => {
    const open = this.CONSUME(T.LBRACKET);
    this.ACTION(() => this.enter(open));
    const result = this.OR<N.DiscreteSet | (N.Expression | N.RangeExpression)[]>((this.indexAlternatives ??= [
      alt(() => this.SUBRULE(this.setExpression)),
      alt(() => {
          const items: (N.Expression | N.RangeExpression)[] = [this.SUBRULE(this.rangeOrExpression)];
          this.MANY(() => {
            this.CONSUME(T.COMMA);
            items.push(this.SUBRULE2(this.rangeOrExpression));
          });
          this.OPTION(() => this.CONSUME2(T.COMMA));
          return items;
        }),
    ]));
    const close = this.CONSUME(T.RBRACKET);
    this.ACTION(() => this.leave());
    return this.ACTION(() =>
      Array.isArray(result) ? this.b.indexList(result, open.startOffset, this.endAt(close)) : (result as N.DiscreteSet),
    );
  });

  /** `a`, or a range `a:b`, `a:s:b`, `:`, `a:`, `:b`. */
  rangeOrExpression = this.rule('rangeOrExpression', (): N.Expression | N.RangeExpression => {
    return this.OR<N.Expression | N.RangeExpression>((this.rangeAlternatives ??= [
      alt(() => {
        const colon = this.LA(1);
        const rest = this.SUBRULE(this.rangeRest);
        return this.ACTION(() => this.rangeOf(null, rest, this.startAt(colon)));
      }),
      alt(() => {
        const first = this.SUBRULE(this.expression);
        const rest = this.OPTION(() => this.SUBRULE2(this.rangeRest));
        return this.ACTION(() => (rest === undefined ? first : this.rangeOf(first, rest, startOf(first))));
      }),
    ]));
  });


  /** The part of a range from its first `:`. */
  private rangeRest = this.rule('rangeRest', (): { second: N.Expression | null; third: N.Expression | null } => {
    this.CONSUME(T.COLON);
    const second = this.OPTION(() => this.SUBRULE(this.expression)) ?? null;
    const third =
      this.OPTION2(() => {
        this.CONSUME2(T.COLON);
        return this.SUBRULE2(this.expression);
      }) ?? null;
    return { second, third };
  });

  designator = this.rule('designator', (): N.Expression => {
    const open = this.CONSUME(T.LBRACKET);
    this.ACTION(() => this.enter(open));
    const value = this.SUBRULE(this.expression);
    this.CONSUME(T.RBRACKET);
    this.ACTION(() => this.leave());
    return value;
  });

  identifier = this.rule('identifier', (): N.Identifier => {
    const token = this.CONSUME(T.Identifier);
    return this.ACTION(() => this.b.identifier(token.image, this.startAt(token)));
  });

  identifierList = this.rule('identifierList', (): N.Identifier[] => {
    const items: N.Identifier[] = [this.SUBRULE(this.identifier)];
    this.MANY(() => {
      this.CONSUME(T.COMMA);
      items.push(this.SUBRULE2(this.identifier));
    });
    this.OPTION(() => this.CONSUME2(T.COMMA));
    return items;
  });

  indexedIdentifier = this.rule('indexedIdentifier', (): N.IndexedIdentifier => {
    const name = this.SUBRULE(this.identifier);
    const indices: N.IndexOperator[] = [];
    this.MANY(() => indices.push(this.SUBRULE(this.indexOperator)));
    return this.ACTION(() => this.b.indexedIdentifier(name, indices, this.previousEnd()));
  });

  gateOperand = this.rule('gateOperand', (): N.GateOperand => {
    return this.OR((this.gateOperandAlternatives ??= [
      alt(() => {
        const token = this.CONSUME(T.Identifier);
        const indices: N.IndexOperator[] = [];
        this.MANY(() => indices.push(this.SUBRULE(this.indexOperator)));
        return this.ACTION(() => this.b.indexedIdentifier(this.b.identifier(token.image, token.startOffset), indices, this.previousEnd()));
      }),
      alt(() => {
          const t = this.CONSUME(T.HardwareQubit);
          return this.ACTION(() => this.b.hardwareQubit(t.image, t.startOffset));
        }),
    ]));
  });

  gateOperandList = this.rule('gateOperandList', (): N.GateOperand[] => {
    const items: N.GateOperand[] = [this.SUBRULE(this.gateOperand)];
    this.MANY(() => {
      this.CONSUME(T.COMMA);
      items.push(this.SUBRULE2(this.gateOperand));
    });
    this.OPTION(() => this.CONSUME2(T.COMMA));
    return items;
  });

  // --- types ------------------------------------------------------------------------------

  returnSignature = this.rule('returnSignature', (): N.ScalarType => {
    this.CONSUME(T.ARROW);
    return this.SUBRULE(this.scalarType);
  });

  /** `int[32]`, `complex[float[64]]`, `bool`, ... */
  scalarType = this.rule('scalarType', (): N.ScalarType => {
    return this.OR([
      alt(() => {
          const keyword = this.OR2([
            alt(() => this.CONSUME(T.BIT)),
            alt(() => this.CONSUME(T.INT)),
            alt(() => this.CONSUME(T.UINT)),
            alt(() => this.CONSUME(T.FLOAT_TYPE)),
            alt(() => this.CONSUME(T.ANGLE)),
          ]);
          const size = this.OPTION(() => this.SUBRULE(this.designator)) ?? null;
          return this.ACTION(() => this.scalarOf(keyword, size, null));
        }),
      alt(() => {
          const keyword = this.OR3([
            alt(() => this.CONSUME(T.BOOL)),
            alt(() => this.CONSUME(T.DURATION)),
            alt(() => this.CONSUME(T.STRETCH)),
          ]);
          return this.ACTION(() => this.scalarOf(keyword, null, null));
        }),
      alt(() => {
          const keyword = this.CONSUME(T.COMPLEX);
          const component =
            this.OPTION2(() => {
              const open = this.CONSUME(T.LBRACKET);
              this.ACTION(() => this.enter(open));
              const inner = this.SUBRULE(this.scalarType);
              this.CONSUME(T.RBRACKET);
              this.ACTION(() => this.leave());
              return inner;
            }) ?? null;
          return this.ACTION(() => this.scalarOf(keyword, null, component));
        }),
    ]);
  });

  /** `array[int[32], 2, 3]` */
  arrayType = this.rule('arrayType', (): N.ArrayType => {
    const keyword = this.CONSUME(T.ARRAY);
    this.CONSUME(T.LBRACKET);
    const elementType = this.SUBRULE(this.scalarType);
    this.CONSUME(T.COMMA);
    const dimensions = this.SUBRULE(this.expressionList);
    const close = this.CONSUME(T.RBRACKET);
    return this.ACTION(() => this.b.arrayType(elementType, dimensions, keyword.startOffset, this.endAt(close)));
  });

  classicalType = this.rule('classicalType', (): N.ClassicalType => {
    return this.OR<N.ClassicalType>([alt(() => this.SUBRULE(this.scalarType)), alt(() => this.SUBRULE(this.arrayType))]);
  });

  /** `readonly array[int, 2]`, `mutable array[int, #dim = 2]` */
  arrayReferenceType = this.rule('arrayReferenceType', (): N.ArrayReferenceType => {
    const keyword = this.OR([alt(() => this.CONSUME(T.READONLY)), alt(() => this.CONSUME(T.MUTABLE))]);
    this.CONSUME(T.ARRAY);
    this.CONSUME(T.LBRACKET);
    const elementType = this.SUBRULE(this.scalarType);
    this.CONSUME(T.COMMA);
    const shape = this.OR2([
      alt(() => ({ dimensions: this.SUBRULE(this.expressionList), count: null as N.Expression | null })),
      alt(() => {
          this.CONSUME(T.DIM);
          this.CONSUME(T.EQUALS);
          return { dimensions: null as N.Expression[] | null, count: this.SUBRULE(this.expression) };
        }),
    ]);
    const close = this.CONSUME(T.RBRACKET);
    return this.ACTION(() =>
      this.b.arrayReferenceType(
        keyword.image as 'readonly' | 'mutable',
        elementType,
        shape.dimensions,
        shape.count,
        keyword.startOffset,
        this.endAt(close),
      ),
    );
  });

  /** A `def` parameter. */
  argumentDefinition = this.rule('argumentDefinition', (): N.ArgumentDefinition => {
    const first = this.LA(1);
    return this.OR([
      alt(() => {
          const type = this.OR2<N.ClassicalType | N.QubitType | N.ArrayReferenceType>([
            alt(() => this.SUBRULE(this.scalarType)),
            alt(() => this.SUBRULE(this.qubitType)),
            alt(() => this.SUBRULE(this.arrayReferenceType)),
          ]);
          const name = this.SUBRULE(this.identifier);
          return this.ACTION(() => this.b.argument(type, name, null, this.startAt(first), this.previousEnd()));
        }),
      alt(() => {
          const keyword = this.OR3([alt(() => this.CONSUME(T.CREG)), alt(() => this.CONSUME(T.QREG))]);
          const name = this.SUBRULE2(this.identifier);
          const size = this.OPTION(() => this.SUBRULE(this.designator)) ?? null;
          return this.ACTION(() => {
            const end = this.previousEnd();
            const type =
              keyword.tokenType === T.QREG
                ? this.b.qubitType(size, keyword.startOffset, end)
                : this.b.scalarType('bit', size, null, keyword.startOffset, end);
            return this.b.argument(type, name, keyword.image as 'qreg' | 'creg', keyword.startOffset, end);
          });
        }),
    ]);
  });

  qubitType = this.rule('qubitType', (): N.QubitType => {
    const keyword = this.CONSUME(T.QUBIT);
    const size = this.OPTION(() => this.SUBRULE(this.designator)) ?? null;
    return this.ACTION(() => this.b.qubitType(size, keyword.startOffset, this.previousEnd()));
  });

  /** An `extern` parameter: a scalar type, an array reference, or `creg[n]`. */
  externArgument = this.rule('externArgument', (): N.ClassicalType | N.ArrayReferenceType => {
    return this.OR<N.ClassicalType | N.ArrayReferenceType>([
      alt(() => this.SUBRULE(this.scalarType)),
      alt(() => this.SUBRULE(this.arrayReferenceType)),
      alt(() => {
          const keyword = this.CONSUME(T.CREG);
          const size = this.OPTION(() => this.SUBRULE(this.designator)) ?? null;
          return this.ACTION(() => this.b.scalarType('bit', size, null, keyword.startOffset, this.previousEnd()));
        }),
    ]);
  });

  // --- action helpers -----------------------------------------------------------------------

  private designatorOf(indices: readonly N.IndexOperator[]): N.Expression | null {
    if (indices.length === 0) return null;
    const only = indices[0] as N.IndexOperator;
    if (indices.length === 1 && only.kind === 'IndexList' && only.items.length === 1 && only.items[0]?.kind !== 'RangeExpression') {
      return only.items[0] as N.Expression;
    }
    this.note('a gate designator is one expression in brackets, like `[4]`', startOf(only), endOf(indices[indices.length - 1] as N.Node));
    return null;
  }

  private scalarOf(keyword: IToken, size: N.Expression | null, component: N.ScalarType | null): N.ScalarType {
    const name = SCALAR_TYPE_TOKENS.get(keyword.tokenType) as N.ScalarTypeName;
    return this.b.scalarType(name, size, component, keyword.startOffset, this.previousEnd());
  }

  private endOfCall(indices: readonly N.IndexOperator[]): number {
    if (indices.length === 0) return this.previousEnd();
    return startOf(indices[0] as N.Node);
  }

  private note(reason: string, startOffset: number, endOffset: number): void {
    this.notes.push({ reason, startOffset, endOffset });
  }

  /** `a:b` has no step; `a:s:b` has one. */
  private rangeOf(
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
