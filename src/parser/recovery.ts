/**
 * Statement-level error recovery, the layer between the parser's foundation
 * (base.ts) and the grammar: after a syntax error, a nesting too deep or a
 * stack run out inside a statement, the parse skips to where the next
 * statement can start and goes on, so one mistake yields one diagnostic and
 * the rest of the program is still checked.
 */
import { EOF, isRecognitionException, type IToken, type ParserMethod } from 'chevrotain';
import { endOf, startOf } from '../ast/build.js';
import type * as N from '../ast/nodes.js';
import { nestingTooDeep, unexpectedEndOfFile, VERSION_NOT_FIRST } from '../diagnostics/index.js';
import * as T from '../lexer/index.js';
import { ParserBase } from './base.js';
import { ErrorBudgetSpent, MAX_PARSER_NESTING, NestingTooDeep, nestingReason } from './limits.js';
import type { StatementResult } from './rule-types.js';
import { STATEMENT_STARTERS } from './token-tables.js';

export abstract class RecoveringParser extends ParserBase {
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
    const expressionDepthBefore = this.expressionDepth;
    const outerStatementStart = this.statementStart;
    try {
      const result =
        occurrence === 1
          ? this.SUBRULE1(this.statementOrScope)
          : occurrence === 2
            ? this.SUBRULE2(this.statementOrScope)
            : this.SUBRULE3(this.statementOrScope);
      this.ACTION(() => {
        // A version inside a block is no statement of it (the driver checks top-level ones).
        if (nestedVersion(occurrence, result)) this.note(VERSION_NOT_FIRST, startOf(result), endOf(result));
        else pushStatements(list, result);
      });
      return result;
    } catch (error) {
      // Too deep a nest, or a stack run out, is the whole top-level
      // statement's problem: recovering inside it would report every level.
      const nested = occurrence !== 1;
      if (error instanceof ErrorBudgetSpent) {
        if (nested) throw error;
        this.skipRest();
        return undefined;
      }
      if (error instanceof NestingTooDeep) {
        if (nested) throw error;
        this.notes.push({
          reason: nestingReason(error),
          startOffset: error.token.startOffset,
          endOffset: error.token.startOffset + error.token.image.length,
        });
        this.skipNestedStatement(startIndex);
      } else if (error instanceof RangeError) {
        if (nested) throw error;
        // The call stack ran out before the depth limit (error handling deep in
        // a nest needs more stack): report it once, where the statement starts.
        if (!this.reportedStackExhaustion) {
          this.reportedStackExhaustion = true;
          const token = this.input[startIndex + 1];
          const at = token !== undefined && Number.isFinite(token.startOffset) ? token.startOffset : this.previousEnd();
          this.notes.push({ reason: nestingTooDeep(MAX_PARSER_NESTING), startOffset: at, endOffset: at });
        }
        this.skipNestedStatement(startIndex);
      } else if (!isRecognitionException(error as Error)) throw error;
      else this.skipToStatementEnd(startIndex);
      this.depth = depthBefore;
      this.statementStart = outerStatementStart;
      this.expressionDepth = expressionDepthBefore;
      return undefined;
    }
  }

  /**
   * Skips a top-level statement refused for its nesting: to the `;` or `}`
   * that ends it with every bracket closed (not before an `else`), or to the
   * end of the text, where an unclosed block is reported once. Linear in the
   * tokens skipped, whatever the depth.
   */
  private skipNestedStatement(startIndex: number): void {
    const tokens = this.input;
    const count = this.tokenCount;
    let brackets = 0;
    let braces = 0;
    let i = startIndex + 1;
    for (; i < count; i++) {
      const type = (tokens[i] as IToken).tokenType;
      if (type === T.LBRACE) braces++;
      else if (type === T.LPAREN || type === T.LBRACKET) brackets++;
      else if (type === T.RPAREN || type === T.RBRACKET) brackets = Math.max(0, brackets - 1);
      else if (type === T.RBRACE) {
        braces--;
        if (braces < 0) break;
        if (braces === 0 && brackets === 0 && tokens[i + 1]?.tokenType !== T.ELSE) {
          i++;
          break;
        }
      } else if (type === T.SEMICOLON && braces === 0 && brackets === 0) {
        i++;
        break;
      }
    }
    this.refusedThroughEnd = i >= count;
    if (i >= count && braces > 0 && !this.reportedEnd) {
      this.reportedEnd = true;
      this.notes.push({
        reason: unexpectedEndOfFile("'}'"),
        startOffset: this.text.length,
        endOffset: this.text.length,
      });
    }
    this.moveTo(i - 1);
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
}

function nestedVersion(occurrence: 1 | 2 | 3, result: StatementResult): result is N.Version {
  return occurrence !== 1 && result !== undefined && !Array.isArray(result) && (result as N.Node).kind === 'Version';
}

function pushStatements(list: N.Statement[], result: StatementResult): void {
  if (result === undefined) return;
  if (Array.isArray(result)) list.push(...(result as N.Statement[]));
  else list.push(result as N.Statement);
}
