/**
 * Syntax error wording. Chevrotain asks this provider for a message at each
 * error; it answers in words for people (`expected ';' after \`h q[0]\``,
 * `unexpected \`)\``), never with lists of token names.
 */
import { EOF, type IParserErrorMessageProvider, type IToken, type TokenType } from 'chevrotain';
import { expectedAfter, unexpectedEndOfFile, unexpectedToken } from '../diagnostics/index.js';

/** How a token type is named in messages. */
const TOKEN_LABELS: Readonly<Record<string, string>> = {
  Identifier: 'a name',
  DecimalIntegerLiteral: 'an integer',
  FloatLiteral: 'a number',
  StringLiteral: 'a quoted string',
  BitstringLiteral: 'a bit string',
  TimingLiteral: 'a duration',
  HardwareQubit: 'a hardware qubit',
  AnnotationKeyword: 'an annotation',
  CompoundAssignmentOperator: "'=' or a compound assignment",
  BinaryOperator: 'an operator',
  CalBlock: "'cal { ... }'",
  DefcalBlock: "'defcal ... { ... }'",
  PRAGMA: "'pragma'",
  EOF: 'end of file',
};

/** What a rule stands for, when nothing it could start with was found. */
const RULE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  statement: 'a statement',
  statementOrScope: 'a statement',
  body: 'a statement or a block',
  expression: 'an expression',
  operand: 'an expression',
  nonNameOperand: 'an expression',
  groupedOperand: 'an expression',
  rangeOrExpression: 'an index or a range',
  indexOperator: 'an index or a range',
  declarationExpression: 'a value',
  gateOperand: 'a qubit',
  gateOperandList: 'a qubit',
  gateModifier: "'inv', 'pow', 'ctrl' or 'negctrl'",
  modifiedGateCallStatement: 'a gate call',
  namedGateCall: 'a gate name',
  scalarType: 'a type',
  classicalType: 'a type',
  arrayReferenceType: 'an array type',
  argumentDefinition: 'a parameter',
  externArgument: 'a parameter type',
  typeLedStatement: 'a name or a cast',
  identifierLedStatement: "qubits, '=' or ';'",
  switchCaseItem: "'case' or 'default'",
  stringLiteral: 'a quoted string',
  version: 'a version number',
  jumpStatement: "'break', 'continue' or 'end'",
  oldStyleDeclarationStatement: "'qreg' or 'creg'",
  ioDeclarationStatement: "'input' or 'output'",
  forStatement: "'{', '[' or an expression",
};

/** The human name of a token type: `';'`, `'gate'`, `a name`. */
export function tokenLabel(type: TokenType): string {
  const known = TOKEN_LABELS[type.name];
  if (known !== undefined) return known;
  if (type.LABEL !== undefined) return type.LABEL;
  if (/^[A-Z_]+$/.test(type.name)) return `'${type.name.toLowerCase()}'`;
  return type.name;
}

function ruleDescription(ruleName: string): string | null {
  return RULE_DESCRIPTIONS[ruleName] ?? null;
}

function isEnd(token: IToken): boolean {
  return token.tokenType === EOF || !Number.isFinite(token.startOffset);
}

/** Where the parser is: the text and where the innermost statement started. */
export interface ParserPosition {
  readonly text: string;
  readonly statementStart: number;
  /** The token after the offending one (to tell a stray token from a missing one). */
  readonly next: IToken;
}

export class SyntaxMessages implements IParserErrorMessageProvider {
  constructor(private readonly position: () => ParserPosition) {}

  /** The statement text so far, up to and including `previous`, or null when the statement has not started. */
  private written(previous: IToken): string | null {
    if (isEnd(previous)) return null;
    const { text, statementStart } = this.position();
    if (previous.startOffset < statementStart) return null;
    const image = previous.image;
    if (image === ';' || image === '}') return null;
    return text.slice(statementStart, previous.startOffset + previous.image.length);
  }

  buildMismatchTokenMessage(options: {
    expected: TokenType;
    actual: IToken;
    previous: IToken;
    ruleName: string;
  }): string {
    const { expected, actual, previous } = options;
    const closing = expected === EOF || expected.name === 'RBRACE';
    if (closing && !isEnd(actual)) return unexpectedToken(actual.image, null, null);
    if (closing) return unexpectedEndOfFile(tokenLabel(expected));
    // A stray token before the expected one: recovery deletes it, and the message says so.
    if (!isEnd(actual) && this.position().next.tokenType === expected) return unexpectedToken(actual.image, null, null);
    return expectedAfter(tokenLabel(expected), this.written(previous));
  }

  buildNotAllInputParsedMessage(options: { firstRedundant: IToken; ruleName: string }): string {
    return unexpectedToken(options.firstRedundant.image, null, null);
  }

  buildNoViableAltMessage(options: {
    expectedPathsPerAlt: TokenType[][][];
    actual: IToken[];
    previous: IToken;
    customUserDescription?: string;
    ruleName: string;
  }): string {
    return this.unexpected(options.actual[0], options.previous, options.ruleName);
  }

  buildEarlyExitMessage(options: {
    expectedIterationPaths: TokenType[][];
    actual: IToken[];
    previous: IToken;
    customUserDescription?: string;
    ruleName: string;
  }): string {
    return this.unexpected(options.actual[0], options.previous, options.ruleName);
  }

  private unexpected(actual: IToken | undefined, previous: IToken, ruleName: string): string {
    const image = actual === undefined || isEnd(actual) ? '' : actual.image;
    return unexpectedToken(image, this.written(previous), ruleDescription(ruleName));
  }
}
