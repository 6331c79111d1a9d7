/**
 * Code actions for the diagnostics under a range: the mechanical fix when
 * there is one (checked: the fixed program is accepted or has fewer errors)
 * and "suppress this rule on the next line" for every diagnostic, written as
 * the CLI's directive `// qasm3-preflight-disable-next-line <rule>`.
 */
import { CodeActionKind, type CodeAction, type Diagnostic as LspDiagnostic, type Range } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { catalogue, fix, type Diagnostic } from '../index.js';
import { checkText, errorCount, toLspDiagnostic } from './analysis.js';
import { applyEdits, fixFor, indentationAt, lineBounds, newlineOf, type Fix, type OffsetEdit } from './fixes.js';
import { offsetRange, rangeOf, rangesMeet } from './positions.js';
import type { SymbolIndex } from './symbols.js';

/** Above this many characters a fix is offered without re-checking the fixed text (a check costs a full validate). */
export const VERIFY_LIMIT = 300_000;

const SUPPRESS_DIRECTIVE = catalogue.suppressionDirectives.nextLine;
const UNSUPPRESSIBLE = new Set<string>([catalogue.ruleIds.unusedSuppression]);
/** A next-line directive alone on its line (a rule can be added to it). */
const NEXT_LINE_DIRECTIVE = new RegExp(`^\\s*//\\s*${SUPPRESS_DIRECTIVE}\\s+[^\\r\\n]*$`);

export interface CodeActionContext {
  readonly document: TextDocument;
  readonly index: SymbolIndex;
  readonly diagnostics: readonly Diagnostic[];
  readonly target: string | undefined;
  /** Kinds the client asked for (`only`), if any. */
  readonly only?: readonly string[];
}

export function codeActions(context: CodeActionContext, range: Range): CodeAction[] {
  const { document } = context;
  const text = document.getText();
  const here = context.diagnostics.filter((d) => rangesMeet(rangeOf(document, d.span), range));
  const errorsBefore = errorCount(context.diagnostics);
  const actions: CodeAction[] = [];
  for (const diagnostic of here) {
    const lsp = toLspDiagnostic(document, diagnostic);
    const fix = fixFor({ text, index: context.index, diagnostic });
    if (fix !== null && isImprovement(text, fix, context.target, errorsBefore)) {
      actions.push(action(document, fix.title, fix.edits, lsp, true));
    }
    if (!UNSUPPRESSIBLE.has(diagnostic.rule)) {
      actions.push(
        action(document, `Suppress ${diagnostic.rule} on the next line`, [suppressEdit(text, diagnostic)], lsp, false),
      );
    }
  }
  const only = context.only;
  // "Fix all in file" (source.fixAll) runs the whole of `fix`: offered only when the client asks for source actions.
  if (only?.some((kind) => CodeActionKind.SourceFixAll.startsWith(kind))) {
    const all = fixAll(document, context.target);
    if (all !== null) actions.push(all);
  }
  return only === undefined ? actions : actions.filter((a) => only.some((kind) => (a.kind ?? '').startsWith(kind)));
}

/** The document as `fix` rewrites it (docs/fix.md), when it changes anything and is not refuted by the proof. */
function fixAll(document: TextDocument, target: string | undefined): CodeAction | null {
  const text = document.getText();
  if (text.length > VERIFY_LIMIT) return null;
  const result = fix(text, target === undefined ? {} : { target });
  if (result.source === text || result.equivalent === false) return null;
  const proof = result.equivalent === true ? 'proven equal' : 'each rewrite proven';
  return {
    title: `Fix all in file (${result.applied.length} fixes, ${proof})`,
    kind: CodeActionKind.SourceFixAll,
    edit: { changes: { [document.uri]: [{ range: offsetRange(document, 0, text.length), newText: result.source }] } },
  };
}

function isImprovement(text: string, fix: Fix, target: string | undefined, errorsBefore: number): boolean {
  if (text.length > VERIFY_LIMIT) return true;
  const after = errorCount(checkText(applyEdits(text, fix.edits), target));
  return after === 0 || after < errorsBefore;
}

function action(
  document: TextDocument,
  title: string,
  edits: readonly OffsetEdit[],
  diagnostic: LspDiagnostic,
  preferred: boolean,
): CodeAction {
  return {
    title,
    kind: CodeActionKind.QuickFix,
    diagnostics: [diagnostic],
    isPreferred: preferred,
    edit: {
      changes: {
        [document.uri]: edits.map((e) => ({ range: offsetRange(document, e.start, e.end), newText: e.newText })),
      },
    },
  };
}

/** A directive line above the diagnostic's line, or the rule added to a directive already there. */
function suppressEdit(text: string, diagnostic: Diagnostic): OffsetEdit {
  const line = lineBounds(text, diagnostic.span.start.offset);
  if (line.start > 0) {
    const previous = lineBounds(text, line.start - 1);
    const previousText = text.slice(previous.start, previous.end);
    if (NEXT_LINE_DIRECTIVE.test(previousText) && !previousText.includes('--')) {
      const end = previous.start + previousText.trimEnd().length;
      return { start: end, end, newText: `, ${diagnostic.rule}` };
    }
  }
  const indent = indentationAt(text, line.start + (/^[ \t]*/.exec(text.slice(line.start, line.end))?.[0].length ?? 0));
  return {
    start: line.start,
    end: line.start,
    newText: `${indent}// ${SUPPRESS_DIRECTIVE} ${diagnostic.rule}${newlineOf(text)}`,
  };
}
