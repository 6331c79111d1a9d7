/**
 * The parser's own limits (nesting, expression depth, literal and list
 * length), the errors that carry a stop at one of them to the nearest
 * statement, and the words each stop is reported with.
 */
import type { IToken } from 'chevrotain';
import { expressionTooDeep, listTooLong, nestingTooDeep } from '../diagnostics/index.js';
import { LIMITS } from '../tables/index.js';

/** Thrown (and caught at the nearest statement) when nesting passes {@link MAX_PARSER_NESTING}. */
export class NestingTooDeep extends Error {
  constructor(
    readonly token: IToken,
    /** Brackets and blocks, the tree of one expression, or a list too long. */
    readonly what: 'brackets' | 'expression' | 'list' = 'brackets',
  ) {
    super('nesting too deep');
  }
}

/**
 * Thrown once a parse has found more problems than its budget (the caller's
 * `maxErrors` plus one): the rest of the chunk is not read, so a program of a
 * million broken lines costs as much as its first hundred.
 */
export class ErrorBudgetSpent extends Error {
  constructor() {
    super('error budget spent');
  }
}

/**
 * Nesting the parser follows before reporting: the library limit, capped so
 * that the report is deterministic rather than left to the size of the call
 * stack. Each level of nesting costs a few Chevrotain rule frames: about 400
 * levels fit Node's default stack, but error recovery at the bottom of a deep
 * nest needs much more (150 unclosed braces already exhausted it), hence 128.
 */
export const MAX_PARSER_NESTING = Math.min(LIMITS.maxNestingDepth, 128);

/**
 * Depth of one expression tree (operator chains, prefix operators, indexes
 * and brackets together): `1+1+...` is read by a loop, not by recursion, but
 * every later walk of its left-deep tree (print, inlining, evaluation)
 * recurses once per operator. The library limit; walks were checked to five
 * times that.
 */
export const MAX_EXPRESSION_DEPTH = LIMITS.maxNestingDepth;

/**
 * Longest integer literal read, in characters: converting decimal digits to
 * a bigint takes time quadratic in their number (9 million digits took
 * seconds). No register, angle or duration needs more than a few dozen.
 */
export const MAX_LITERAL_LENGTH = 4_096;

/**
 * Most names in one list of qubits (a gate call's, a barrier's, a gate
 * definition's parameters or qubits). No target has a hundredth of this many
 * qubits; a longer list is refused as a whole, which keeps a call of a
 * million operands from building a million operand nodes for rules to walk.
 */
export const MAX_LIST_LENGTH = 4_096;

export function nestingReason(error: NestingTooDeep): string {
  if (error.what === 'list') return listTooLong(MAX_LIST_LENGTH);
  return error.what === 'expression' ? expressionTooDeep(MAX_EXPRESSION_DEPTH) : nestingTooDeep(MAX_PARSER_NESTING);
}
