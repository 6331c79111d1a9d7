/** Token tables the parser's actions and its recovery read: literal kinds, scalar type names, statement starters. */
import type { TokenType } from 'chevrotain';
import type * as N from '../ast/nodes.js';
import * as T from '../lexer/index.js';

export type LiteralKind = 'integer' | 'float' | 'imaginary' | 'duration' | 'boolean' | 'bitstring';
/** Which builder makes the node of each literal token. */
export const LITERAL_KINDS: ReadonlyMap<TokenType, LiteralKind> = new Map<TokenType, LiteralKind>([
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

export const SCALAR_TYPE_TOKENS: ReadonlyMap<TokenType, N.ScalarTypeName> = new Map<TokenType, N.ScalarTypeName>([
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
export const STATEMENT_STARTERS: ReadonlySet<TokenType> = new Set<TokenType>([
  ...T.KEYWORDS.values(),
  T.Identifier,
  T.AnnotationKeyword,
  T.PRAGMA,
  T.CalBlock,
  T.DefcalBlock,
]);
