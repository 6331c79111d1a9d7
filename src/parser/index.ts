/**
 * Parser stage: OpenQASM 3 source text in, a typed AST and syntax
 * diagnostics out.
 *
 * Takes: any string. Gives: `{ program, diagnostics, source }`; `program` is
 * always present (partial after errors) and nothing is thrown, whatever the
 * string. Imports: src/lexer, src/ast (node types and constructors),
 * src/diagnostics, src/tables.
 *
 * Long sources are parsed in statement-aligned chunks (chunks.ts), each lexed,
 * parsed and released before the next, so memory holds the AST and one
 * chunk's tokens, never all tokens. With `lazy`, the fast path also records
 * its plain gate calls as rows of a typed-array table (statement-table.ts,
 * {@link statementTableOf}), which preflight reads instead of their nodes.
 */
import type { IRecognitionException, IToken } from 'chevrotain';
import { AstBuilder } from '../ast/build.js';
import type * as N from '../ast/nodes.js';
import {
  createDiagnostic,
  DiagnosticCollector,
  internalParserError,
  compareBySpan,
  SourceText,
  unexpectedCharacter,
  UNTERMINATED_COMMENT,
  UNTERMINATED_STRING,
  UNTERMINATED_CALIBRATION,
  VERSION_NOT_FIRST,
  type Diagnostic,
} from '../diagnostics/index.js';
import { tokenize, type LexProblem } from '../lexer/index.js';
import { checkOptions, checkSourceText, MAX_ERRORS_OPTION, type OptionRules } from '../diagnostics/options.js';
import { isDeferred } from '../ast/deferred.js';
import { LIMITS } from '../tables/index.js';
import { CHUNK_SIZE, chunkEnd, prefixCut } from './chunks.js';
import { StatementReader, statementRecogniser, parseChunkWithFastPath, tableRecogniser } from './fast-path.js';
import { initialRows, StatementTable, TableRecorder } from './statement-table.js';
import { PlainCallScanner } from './plain-scan.js';
import { Qasm3Parser, type StatementResult } from './parser.js';

export { Qasm3Parser } from './parser.js';
export { tokenLabel } from './errors.js';
export type { StatementTable } from './statement-table.js';
export { grownFloat, grownInt, initialRows } from './statement-table.js';

/** The statement table of each program parsed with `lazy` (statement-table.ts): plain gate calls as rows. */
const TABLES = new WeakMap<N.Program, StatementTable>();

/**
 * @internal The plain gate calls of a program parsed with `lazy: true`, as
 * typed rows (statement-table.ts); undefined for any other program. Each
 * row's statement in `program.statements` is a deferred node, built only
 * when `statements` is first read.
 */
export function statementTableOf(program: N.Program): StatementTable | undefined {
  return TABLES.get(program);
}

/**
 * @internal The statements of `program` that are not plain gate calls of its
 * statement table (all of them for a program without one), read without
 * building the rows' nodes: for walks that look for other kinds of statement.
 */
export function statementsWithoutRows(program: N.Program): readonly N.Statement[] {
  return TABLES.get(program)?.others ?? program.statements;
}

/** Options for {@link parse}. */
export interface ParseOptions {
  /** Name of the source (a file path), kept on the returned {@link SourceText}. */
  readonly filename?: string;
  /** Diagnostics reported before one closing "too many errors" diagnostic (default `LIMITS.maxErrors`). */
  readonly maxErrors?: number;
  /** @internal Read plain gate calls with the hand-written fast path (default true); tests turn it off to compare. */
  readonly fastPath?: boolean;
  /**
   * Keep plain statements (gate calls, measurements, resets, barriers)
   * deferred: about 50 bytes each instead of about 1 KB, rebuilt from the
   * text when a member is read (docs/parser.md, "Deferred statements").
   * Default false: every node is a plain object that `Object.keys`,
   * spreading and `structuredClone` see whole. Worth it for programs of
   * millions of statements; `validate` and `compile` use it.
   */
  readonly lazy?: boolean;
}

/** What {@link parse} accepts in its options: anything else is a diagnostic naming the option. */
const PARSE_OPTIONS: OptionRules = {
  filename: { kind: 'string' },
  maxErrors: MAX_ERRORS_OPTION,
  fastPath: { kind: 'boolean' },
  lazy: { kind: 'boolean' },
};

/** The result of {@link parse}. */
export interface ParseResult {
  /** The program; partial when there were syntax errors. */
  readonly program: N.Program;
  /** Syntax diagnostics (code `PreflightError`, rule `syntax-error`), in source order. */
  readonly diagnostics: Diagnostic[];
  /** The source with its line table, for turning offsets into lines and columns. */
  readonly source: SourceText;
}

/** A chunk this long was not cut at a statement end: see `readPrefixFirst` in {@link parse}. */
const OVERSIZED_CHUNK = 2 * CHUNK_SIZE;

/** Rule id of every lexer and parser diagnostic. */
export const SYNTAX_ERROR_RULE = 'syntax-error';

let sharedParser: Qasm3Parser | undefined;
/** One parser instance, built on first use and reused (building it analyses the grammar). */
export function grammarParser(): Qasm3Parser {
  sharedParser ??= new Qasm3Parser();
  return sharedParser;
}

/**
 * Parses OpenQASM 3 source text into a typed AST. Never throws: problems in
 * the text are diagnostics, and the program holds every statement that could
 * be read.
 */
export function parse(source: string, options: ParseOptions = {}): ParseResult {
  const checked = checkOptions<ParseOptions>(options, PARSE_OPTIONS, 'parse');
  const input = checkSourceText(source, 'parse');
  const problems = input.problem === null ? checked.problems : [input.problem, ...checked.problems];
  return parseChecked(input.text, checked.options, problems);
}

function parseChecked(text: string, options: ParseOptions, optionProblems: readonly Diagnostic[]): ParseResult {
  const sourceText = new SourceText(text, options.filename);
  const builder = new AstBuilder(sourceText);
  const collector = new DiagnosticCollector(options.maxErrors ?? LIMITS.maxErrors);
  for (const problem of optionProblems) collector.report(problem);
  const statements: N.Statement[] = [];
  const state: { version: N.Version | null } = { version: null };
  const parser = grammarParser();
  const found: Diagnostic[] = [];
  // Only a lazy program keeps its deferred nodes, which the rows point at.
  const table =
    options.lazy === true && options.fastPath !== false ? new StatementTable(initialRows(text.length)) : null;
  const fastPathReader = new StatementReader(text, builder);
  const report = (reason: string, start: number, end: number) =>
    found.push(
      createDiagnostic({ code: 'PreflightError', rule: SYNTAX_ERROR_RULE, reason, span: sourceText.span(start, end) }),
    );
  try {
    parser.begin(builder);
    const parseRegion = (from: number, to: number, extraBudget = 0) => {
      const lexed = tokenize(from === 0 && to === text.length ? text : text.slice(from, to), from);
      for (const problem of lexed.problems)
        report(lexProblemReason(problem, text), problem.startOffset, problem.endOffset);
      parser.input = lexed.tokens;
      parser.notes = [];
      parser.refusedThroughEnd = false;
      // Stop once the diagnostics already found and this region's problems pass the budget.
      parser.errorBudget = Math.max(0, collector.maxErrors + extraBudget - found.length);
      const results = parser.program();
      collectStatements(results, statements, table?.length ?? 0, state, report);
      for (const error of parser.errors) reportRecognitionError(error, text, report);
      for (const note of parser.notes) report(note.reason, note.startOffset, note.endOffset);
    };
    const recorder = table === null ? null : new TableRecorder(table);
    const fastPath =
      options.fastPath === false
        ? null
        : {
            text,
            builder,
            reader: fastPathReader,
            recogniser: recorder === null ? statementRecogniser(text) : tableRecogniser(text, recorder),
            table:
              table === null || recorder === null
                ? null
                : { rows: table, recorder, scanner: new PlainCallScanner(text, table) },
            statements,
            state,
            diagnostics: found,
            parser,
            parseRegion,
          };
    /**
     * A chunk with no place to cut (a million lines without a `;`, a call of
     * a million operands on one line) would be lexed whole, however early
     * its fate is known. Its first CHUNK_SIZE characters, to a line end, a
     * comma or a blank (chunks.ts, prefixCut), are read first. When their errors already pass the budget (with
     * one to spare, for the statement the cut splits), they are the answer;
     * when the statement they end in was refused whole (too long a list, too
     * deep a nest), reading goes on after that statement's `;`. Otherwise
     * that reading is undone. Returns where to go on, or -1.
     */
    const readPrefixFirst = (from: number, to: number): number => {
      const cut = prefixCut(text, from + CHUNK_SIZE, to);
      if (cut < 0) return -1;
      const statementCount = statements.length;
      const rowCount = table?.length ?? 0;
      const foundCount = found.length;
      const version = state.version;
      parseRegion(from, cut + 1, 1);
      if (found.length > collector.maxErrors + 1) {
        found.sort(compareBySpan);
        found.length = collector.maxErrors + 1;
        return text.length;
      }
      if (parser.refusedThroughEnd) return chunkEnd(text, cut + 1, 0);
      statements.length = statementCount;
      table?.truncate(rowCount);
      found.length = foundCount;
      state.version = version;
      parser.begin(builder);
      return -1;
    };
    let from = 0;
    while (from < text.length && found.length <= collector.maxErrors) {
      const to = chunkEnd(text, from);
      const next = to - from > OVERSIZED_CHUNK ? readPrefixFirst(from, to) : -1;
      if (next >= 0) {
        from = next;
        continue;
      }
      if (fastPath === null || !parseChunkWithFastPath(fastPath, from, to)) parseRegion(from, to);
      from = to;
    }
  } catch (error) {
    // A bug, not a user error: keep the partial program and say what happened.
    report(internalParserError(error instanceof Error ? error.message : String(error)), 0, 0);
  } finally {
    parser.input = [];
  }
  found.sort(compareBySpan);
  for (const d of found) collector.report(d);
  if (options.lazy !== true) materialize(statements);
  if (table === null)
    return {
      program: builder.program(state.version, statements, text.length),
      diagnostics: collector.toArray(),
      source: sourceText,
    };
  table.attach(statements, fastPathReader);
  const { kind, span, version } = builder.program(state.version, statements, text.length);
  // Rows have no node until someone reads `statements` (statement-table.ts); preflight does not.
  const program: N.Program = {
    kind,
    span,
    version,
    get statements() {
      return table.statements();
    },
  };
  TABLES.set(program, table);
  return { program, diagnostics: collector.toArray(), source: sourceText };
}

/** Replaces each deferred statement by the plain node it stands for. */
function materialize(statements: N.Statement[]): void {
  for (let i = 0; i < statements.length; i++) {
    const statement = statements[i] as N.Statement;
    if (isDeferred(statement)) statements[i] = statement.toJSON();
  }
}

function collectStatements(
  results: readonly StatementResult[],
  statements: N.Statement[],
  rows: number,
  state: { version: N.Version | null },
  report: (reason: string, start: number, end: number) => void,
): void {
  if (!Array.isArray(results)) return;
  for (const result of results) {
    if (result === undefined) continue;
    if (Array.isArray(result)) statements.push(...(result as N.Statement[]));
    else if ((result as N.Node).kind === 'Version') {
      const version = result as N.Version;
      if (state.version === null && statements.length === 0 && rows === 0) state.version = version;
      else {
        const span = version.span;
        report(VERSION_NOT_FIRST, span.start.offset, span.end.offset);
      }
    } else statements.push(result as N.Statement);
  }
}

function lexProblemReason(problem: LexProblem, text: string): string {
  switch (problem.kind) {
    case 'unterminated-comment':
      return UNTERMINATED_COMMENT;
    case 'unterminated-string':
      return UNTERMINATED_STRING;
    case 'unterminated-calibration':
      return UNTERMINATED_CALIBRATION;
    case 'unexpected-character':
      return unexpectedCharacter(String.fromCodePoint(text.codePointAt(problem.startOffset) ?? 0));
  }
}

/**
 * Chevrotain's errors as diagnostics. A missing token (`expected ';' ...`) is
 * placed where it is missing, right after the previous token; an unexpected
 * token is placed on that token.
 */
function reportRecognitionError(
  error: IRecognitionException,
  text: string,
  report: (reason: string, start: number, end: number) => void,
): void {
  const token = error.token;
  const previous = (error as { previousToken?: IToken }).previousToken;
  const hasPrevious = previous !== undefined && Number.isFinite(previous.startOffset);
  const isRealToken = Number.isFinite(token.startOffset) && token.tokenType.name !== 'EOF';
  if (isRealToken && !error.message.startsWith('expected')) {
    report(error.message, token.startOffset, token.startOffset + token.image.length);
    return;
  }
  const at = hasPrevious ? previous.startOffset + previous.image.length : isRealToken ? token.startOffset : text.length;
  report(error.message, at, at);
}
