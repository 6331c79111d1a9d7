/**
 * The OpenQASM 3.1 token set, named as in the reference grammar
 * (openqasm/openqasm `source/grammar/qasm3Lexer.g4`): keywords and fixed
 * symbols in CAPS, tokens carrying a value in PascalCase.
 *
 * Keywords are not patterns: an identifier is lexed once and then looked up
 * in {@link KEYWORDS}, which is both faster than sixty `longer_alt` patterns
 * and exact about word boundaries (`gates` stays an identifier).
 */
import { createToken, Lexer, type TokenType } from 'chevrotain';
import {
  IDENTIFIER_START_HINT,
  INVALID_START_HINT,
  matchInvalidCharacters,
  matchAnnotation,
  matchCalBlock,
  matchDefcalBlock,
  matchIdentifier,
  matchPragma,
  matchUnterminatedCalibration,
} from './matchers.js';

const custom = (exec: (text: string, offset: number) => [string] | null) => ({ exec });

// --- trivia ------------------------------------------------------------------------

export const Whitespace = createToken({ name: 'Whitespace', pattern: /[ \t\r\n\f\v\uFEFF]+/, group: Lexer.SKIPPED });
export const LineComment = createToken({ name: 'LineComment', pattern: /\/\/[^\r\n]*/, group: Lexer.SKIPPED });
export const BlockComment = createToken({ name: 'BlockComment', pattern: /\/\*[\s\S]*?\*\//, group: Lexer.SKIPPED });
/** Group of tokens that are lexer errors with a better message than "unexpected character". */
export const INVALID_GROUP = 'invalid';
export const UnterminatedBlockComment = createToken({
  name: 'UnterminatedBlockComment',
  pattern: /\/\*[\s\S]*/,
  group: INVALID_GROUP,
});

// --- line-based and opaque tokens --------------------------------------------------

export const PRAGMA = createToken({
  name: 'PRAGMA',
  pattern: custom(matchPragma),
  start_chars_hint: ['#', 'p'],
  line_breaks: false,
});
export const AnnotationKeyword = createToken({
  name: 'AnnotationKeyword',
  pattern: custom(matchAnnotation),
  start_chars_hint: ['@'],
  line_breaks: false,
});
/** `cal { ... }` as one token (the reference grammar's CAL_PRELUDE/CAL_BLOCK modes). */
export const CalBlock = createToken({
  name: 'CalBlock',
  pattern: custom(matchCalBlock),
  start_chars_hint: ['c'],
  line_breaks: true,
});
/** `defcal ... { ... }` as one token. */
export const DefcalBlock = createToken({
  name: 'DefcalBlock',
  pattern: custom(matchDefcalBlock),
  start_chars_hint: ['d'],
  line_breaks: true,
});
export const UnterminatedCalibration = createToken({
  name: 'UnterminatedCalibration',
  pattern: custom(matchUnterminatedCalibration),
  start_chars_hint: ['c', 'd'],
  line_breaks: true,
  group: INVALID_GROUP,
});
export const DIM = createToken({ name: 'DIM', pattern: /#dim/ });

// --- literals ----------------------------------------------------------------------

// Digits separated by single underscores, written so that the regular
// expression engine loops without a backtracking frame per digit (the form
// `[0-9](?:_?[0-9])*` overflowed its stack on a 9-million-digit literal).
const DIGITS = '[0-9]+(?:_[0-9]+)*';
const EXPONENT = `[eE][+-]?${DIGITS}`;
const FLOAT = `(?:${DIGITS}${EXPONENT}|\\.${DIGITS}(?:${EXPONENT})?|${DIGITS}\\.(?:${DIGITS})?(?:${EXPONENT})?)`;
const NOT_ID_PART = '(?![A-Za-z0-9_])';
const NUMBER_START = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '.'];

/** Category of every literal token (numbers, durations, bit strings, booleans). */
export const Literal = createToken({ name: 'Literal', pattern: Lexer.NA, label: 'a literal' });
/** Category of the prefix operators `-`, `!`, `~`. */
export const PrefixOperator = createToken({ name: 'PrefixOperator', pattern: Lexer.NA, label: "'-', '!' or '~'" });

export const TimingLiteral = createToken({
  name: 'TimingLiteral',
  categories: [Literal],
  pattern: new RegExp(`(?:${FLOAT}|${DIGITS})[ \\t]*(?:dt|ns|us|\u00b5s|ms|s)${NOT_ID_PART}`),
  start_chars_hint: NUMBER_START,
});
export const ImaginaryLiteral = createToken({
  name: 'ImaginaryLiteral',
  categories: [Literal],
  pattern: new RegExp(`(?:${FLOAT}|${DIGITS})[ \\t]*im${NOT_ID_PART}`),
  start_chars_hint: NUMBER_START,
});
export const FloatLiteral = createToken({
  name: 'FloatLiteral',
  categories: [Literal],
  pattern: new RegExp(FLOAT),
  start_chars_hint: NUMBER_START,
});
export const BinaryIntegerLiteral = createToken({
  name: 'BinaryIntegerLiteral',
  categories: [Literal],
  pattern: /0[bB][01]+(?:_[01]+)*/,
});
export const OctalIntegerLiteral = createToken({
  name: 'OctalIntegerLiteral',
  categories: [Literal],
  pattern: /0o[0-7]+(?:_[0-7]+)*/,
});
export const HexIntegerLiteral = createToken({
  name: 'HexIntegerLiteral',
  categories: [Literal],
  pattern: /0[xX][0-9a-fA-F]+(?:_[0-9a-fA-F]+)*/,
});
export const DecimalIntegerLiteral = createToken({
  name: 'DecimalIntegerLiteral',
  categories: [Literal],
  pattern: new RegExp(DIGITS),
});
export const BitstringLiteral = createToken({
  name: 'BitstringLiteral',
  categories: [Literal],
  pattern: /"[01]+(?:_[01]+)*"/,
});
export const StringLiteral = createToken({ name: 'StringLiteral', pattern: /"[^"\r\n]*"|'[^'\r\n]*'/ });
export const UnterminatedString = createToken({
  name: 'UnterminatedString',
  pattern: /["'][^\r\n]*/,
  group: INVALID_GROUP,
});
export const HardwareQubit = createToken({ name: 'HardwareQubit', pattern: /\$[0-9]+/ });
export const Identifier = createToken({
  name: 'Identifier',
  pattern: custom(matchIdentifier),
  start_chars_hint: [...IDENTIFIER_START_HINT],
  line_breaks: false,
});

/** Characters no token starts with, reported as one lexical problem per run. */
export const InvalidCharacters = createToken({
  name: 'InvalidCharacters',
  pattern: custom(matchInvalidCharacters),
  start_chars_hint: [...INVALID_START_HINT],
  group: INVALID_GROUP,
  line_breaks: false,
});

// --- keywords (looked up after lexing an identifier) --------------------------------

function keyword(name: string, image: string, categories?: TokenType[]): TokenType {
  const token = createToken({ name, pattern: Lexer.NA, ...(categories ? { categories } : {}) });
  KEYWORD_LIST.push([image, token]);
  return token;
}
const KEYWORD_LIST: [string, TokenType][] = [];

export const OPENQASM = keyword('OPENQASM', 'OPENQASM');
export const INCLUDE = keyword('INCLUDE', 'include');
export const DEFCALGRAMMAR = keyword('DEFCALGRAMMAR', 'defcalgrammar');
export const DEF = keyword('DEF', 'def');
export const CAL = keyword('CAL', 'cal');
export const DEFCAL = keyword('DEFCAL', 'defcal');
export const GATE = keyword('GATE', 'gate');
export const EXTERN = keyword('EXTERN', 'extern');
export const BOX = keyword('BOX', 'box');
export const LET = keyword('LET', 'let');
export const BREAK = keyword('BREAK', 'break');
export const CONTINUE = keyword('CONTINUE', 'continue');
export const IF = keyword('IF', 'if');
export const ELSE = keyword('ELSE', 'else');
export const END = keyword('END', 'end');
export const RETURN = keyword('RETURN', 'return');
export const FOR = keyword('FOR', 'for');
export const WHILE = keyword('WHILE', 'while');
export const IN = keyword('IN', 'in');
export const SWITCH = keyword('SWITCH', 'switch');
export const CASE = keyword('CASE', 'case');
export const DEFAULT = keyword('DEFAULT', 'default');
export const NOP = keyword('NOP', 'nop');
export const INPUT = keyword('INPUT', 'input');
export const OUTPUT = keyword('OUTPUT', 'output');
export const CONST = keyword('CONST', 'const');
export const READONLY = keyword('READONLY', 'readonly');
export const MUTABLE = keyword('MUTABLE', 'mutable');
export const QREG = keyword('QREG', 'qreg');
export const QUBIT = keyword('QUBIT', 'qubit');
export const CREG = keyword('CREG', 'creg');
export const BOOL = keyword('BOOL', 'bool');
export const BIT = keyword('BIT', 'bit');
export const INT = keyword('INT', 'int');
export const UINT = keyword('UINT', 'uint');
export const FLOAT_TYPE = keyword('FLOAT', 'float');
export const ANGLE = keyword('ANGLE', 'angle');
export const COMPLEX = keyword('COMPLEX', 'complex');
export const ARRAY = keyword('ARRAY', 'array');
export const VOID = keyword('VOID', 'void');
export const DURATION = keyword('DURATION', 'duration');
export const STRETCH = keyword('STRETCH', 'stretch');
export const GPHASE = keyword('GPHASE', 'gphase');
export const INV = keyword('INV', 'inv');
export const POW = keyword('POW', 'pow');
export const CTRL = keyword('CTRL', 'ctrl');
export const NEGCTRL = keyword('NEGCTRL', 'negctrl');
export const DURATIONOF = keyword('DURATIONOF', 'durationof');
export const DELAY = keyword('DELAY', 'delay');
export const RESET = keyword('RESET', 'reset');
export const MEASURE = keyword('MEASURE', 'measure');
export const BARRIER = keyword('BARRIER', 'barrier');
export const BooleanLiteral = createToken({ name: 'BooleanLiteral', pattern: Lexer.NA, categories: [Literal] });
KEYWORD_LIST.push(['true', BooleanLiteral], ['false', BooleanLiteral]);

/** Keyword images to their token types. */
export const KEYWORDS: ReadonlyMap<string, TokenType> = new Map(KEYWORD_LIST);

// --- symbols (longest first where one is a prefix of another) -----------------------

const symbol = (name: string, image: string) =>
  createToken({ name, pattern: new RegExp(image.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')), label: `'${image}'` });

/** Category of every compound assignment (`+=`, `<<=`, ...). */
export const CompoundAssignmentOperator = createToken({ name: 'CompoundAssignmentOperator', pattern: Lexer.NA });
const compound = (name: string, image: string) =>
  createToken({
    name,
    pattern: new RegExp(image.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')),
    categories: [CompoundAssignmentOperator],
    label: `'${image}'`,
  });

export const POWER_ASSIGN = compound('POWER_ASSIGN', '**=');
export const LSHIFT_ASSIGN = compound('LSHIFT_ASSIGN', '<<=');
export const RSHIFT_ASSIGN = compound('RSHIFT_ASSIGN', '>>=');
export const PLUS_ASSIGN = compound('PLUS_ASSIGN', '+=');
export const MINUS_ASSIGN = compound('MINUS_ASSIGN', '-=');
export const TIMES_ASSIGN = compound('TIMES_ASSIGN', '*=');
export const DIVIDE_ASSIGN = compound('DIVIDE_ASSIGN', '/=');
export const AND_ASSIGN = compound('AND_ASSIGN', '&=');
export const OR_ASSIGN = compound('OR_ASSIGN', '|=');
export const NOT_ASSIGN = compound('NOT_ASSIGN', '~=');
export const XOR_ASSIGN = compound('XOR_ASSIGN', '^=');
export const MODULO_ASSIGN = compound('MODULO_ASSIGN', '%=');

/**
 * Category of every binary operator. The grammar reads an expression as a flat
 * sequence of operands and operators; precedence is applied when building the
 * AST, from one table (src/ast/build-expression.ts).
 */
export const BinaryOperator = createToken({ name: 'BinaryOperator', pattern: Lexer.NA, label: 'an operator' });
const binary = (name: string, image: string, categories: TokenType[] = [BinaryOperator]) =>
  createToken({
    name,
    pattern: new RegExp(image.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')),
    categories,
    label: `'${image}'`,
  });

export const DOUBLE_ASTERISK = binary('DOUBLE_ASTERISK', '**');
export const DOUBLE_PLUS = binary('DOUBLE_PLUS', '++');
export const ARROW = symbol('ARROW', '->');
export const DOUBLE_AMPERSAND = binary('DOUBLE_AMPERSAND', '&&');
export const DOUBLE_PIPE = binary('DOUBLE_PIPE', '||');
export const EQUALITY = binary('EqualityOperator', '==');
export const INEQUALITY = binary('InequalityOperator', '!=');
export const LESS_EQUAL = binary('LessEqualOperator', '<=');
export const GREATER_EQUAL = binary('GreaterEqualOperator', '>=');
export const LEFT_SHIFT = binary('LeftShiftOperator', '<<');
export const RIGHT_SHIFT = binary('RightShiftOperator', '>>');
export const LESS = binary('LessOperator', '<');
export const GREATER = binary('GreaterOperator', '>');
export const PLUS = binary('PLUS', '+');
export const MINUS = binary('MINUS', '-', [BinaryOperator, PrefixOperator]);
export const ASTERISK = binary('ASTERISK', '*');
export const SLASH = binary('SLASH', '/');
export const PERCENT = binary('PERCENT', '%');
export const PIPE = binary('PIPE', '|');
export const AMPERSAND = binary('AMPERSAND', '&');
export const CARET = binary('CARET', '^');
export const TILDE = binary('TILDE', '~', [PrefixOperator]);
export const EXCLAMATION_POINT = binary('EXCLAMATION_POINT', '!', [PrefixOperator]);
export const EQUALS = symbol('EQUALS', '=');
export const AT = symbol('AT', '@');
export const LBRACKET = symbol('LBRACKET', '[');
export const RBRACKET = symbol('RBRACKET', ']');
export const LBRACE = symbol('LBRACE', '{');
export const RBRACE = symbol('RBRACE', '}');
export const LPAREN = symbol('LPAREN', '(');
export const RPAREN = symbol('RPAREN', ')');
export const COLON = symbol('COLON', ':');
export const SEMICOLON = symbol('SEMICOLON', ';');
export const DOT = symbol('DOT', '.');
export const COMMA = symbol('COMMA', ',');

/** Patterns in matching order: the first pattern that matches wins. */
export const LEXER_TOKENS: readonly TokenType[] = [
  Whitespace,
  LineComment,
  BlockComment,
  UnterminatedBlockComment,
  PRAGMA,
  AnnotationKeyword,
  CalBlock,
  DefcalBlock,
  UnterminatedCalibration,
  DIM,
  TimingLiteral,
  ImaginaryLiteral,
  FloatLiteral,
  BinaryIntegerLiteral,
  OctalIntegerLiteral,
  HexIntegerLiteral,
  DecimalIntegerLiteral,
  BitstringLiteral,
  StringLiteral,
  UnterminatedString,
  HardwareQubit,
  Identifier,
  POWER_ASSIGN,
  LSHIFT_ASSIGN,
  RSHIFT_ASSIGN,
  PLUS_ASSIGN,
  MINUS_ASSIGN,
  TIMES_ASSIGN,
  DIVIDE_ASSIGN,
  AND_ASSIGN,
  OR_ASSIGN,
  NOT_ASSIGN,
  XOR_ASSIGN,
  MODULO_ASSIGN,
  DOUBLE_ASTERISK,
  DOUBLE_PLUS,
  ARROW,
  DOUBLE_AMPERSAND,
  DOUBLE_PIPE,
  EQUALITY,
  INEQUALITY,
  LESS_EQUAL,
  GREATER_EQUAL,
  LEFT_SHIFT,
  RIGHT_SHIFT,
  LESS,
  GREATER,
  PLUS,
  MINUS,
  ASTERISK,
  SLASH,
  PERCENT,
  PIPE,
  AMPERSAND,
  CARET,
  TILDE,
  EXCLAMATION_POINT,
  EQUALS,
  AT,
  LBRACKET,
  RBRACKET,
  LBRACE,
  RBRACE,
  LPAREN,
  RPAREN,
  COLON,
  SEMICOLON,
  DOT,
  COMMA,
  InvalidCharacters,
];

/** Every token type the parser knows: lexed ones, keywords and categories. */
export const ALL_TOKENS: readonly TokenType[] = [
  ...LEXER_TOKENS,
  ...new Set(KEYWORD_LIST.map(([, t]) => t)),
  CompoundAssignmentOperator,
  BinaryOperator,
  PrefixOperator,
  Literal,
];
