/**
 * Lexer stage: source text in, Chevrotain tokens and lexical problems out.
 *
 * Takes: a string (or a slice of one, with the offset of the slice).
 * Gives: tokens with offset-only positions (lines and columns come later from
 * the SourceText line table), keywords already told apart from identifiers,
 * and problems as plain data with an offset range.
 * Imports: chevrotain, src/diagnostics (nothing else).
 */
import { Lexer, type IToken } from 'chevrotain';
import {
  INVALID_GROUP,
  KEYWORDS,
  LEXER_TOKENS,
  UnterminatedBlockComment,
  UnterminatedCalibration,
  UnterminatedString,
  Identifier,
} from './tokens.js';

/** The lexical problem each invalid token stands for. */
const PROBLEM_KINDS = new Map([
  [UnterminatedBlockComment, 'unterminated-comment'],
  [UnterminatedString, 'unterminated-string'],
  [UnterminatedCalibration, 'unterminated-calibration'],
] as const);

export * from './tokens.js';

/**
 * A lexer for the token set. `validate` runs Chevrotain's checks of the
 * token definitions (unreachable or conflicting patterns): the tests do, and
 * the shared instance skips them to start faster.
 */
export function createLexer(options: { readonly validate?: boolean } = {}): Lexer {
  return new Lexer([...LEXER_TOKENS], {
    positionTracking: 'onlyOffset',
    ensureOptimizations: true,
    skipValidations: options.validate !== true,
  });
}

const lexer = createLexer();

/** A lexical problem: what went wrong and where (0-based offsets, end exclusive). */
export interface LexProblem {
  readonly kind: 'unexpected-character' | 'unterminated-comment' | 'unterminated-string' | 'unterminated-calibration';
  readonly startOffset: number;
  readonly endOffset: number;
}

export interface LexResult {
  readonly tokens: IToken[];
  readonly problems: LexProblem[];
}

const IDENTIFIER_IDX = Identifier.tokenTypeIdx as number;

/**
 * Tokenizes `text`. When `text` is a slice of a larger source starting at
 * `baseOffset`, token offsets are shifted to be offsets into the whole source.
 */
export function tokenize(text: string, baseOffset = 0): LexResult {
  const result = lexer.tokenize(text);
  const tokens = result.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as IToken;
    if (token.tokenTypeIdx === IDENTIFIER_IDX) {
      const keyword = KEYWORDS.get(token.image);
      if (keyword !== undefined) {
        token.tokenType = keyword;
        token.tokenTypeIdx = keyword.tokenTypeIdx as number;
      }
    }
    // Offset-only tracking: a token's end is startOffset + image.length.
    if (baseOffset !== 0) token.startOffset += baseOffset;
  }
  const problems: LexProblem[] = result.errors.map((e) => ({
    kind: 'unexpected-character',
    startOffset: e.offset + baseOffset,
    endOffset: e.offset + Math.max(1, e.length) + baseOffset,
  }));
  const invalid = result.groups[INVALID_GROUP] ?? [];
  for (const token of invalid) {
    problems.push({
      kind: PROBLEM_KINDS.get(token.tokenType) ?? 'unexpected-character',
      startOffset: token.startOffset + baseOffset,
      endOffset: token.startOffset + baseOffset + token.image.length,
    });
  }
  if (invalid.length > 0) problems.sort((a, b) => a.startOffset - b.startOffset);
  return { tokens, problems };
}
