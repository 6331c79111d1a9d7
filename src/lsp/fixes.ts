/**
 * Mechanical fixes for diagnostics, as offset edits on the source text. Each
 * fixer looks at one diagnostic and returns the edits that repair it, or
 * null when the repair needs a person's judgement (a partial unrolled loop).
 * Callers check the result with the library.
 */
import {
  catalogue,
  rejectedGates,
  rewriteCodeHintPrefix,
  type Diagnostic,
  type GateCall,
  type Statement,
} from '../index.js';
import { referencesTo, statementAt, type Definition, type SymbolIndex } from './symbols.js';

const RULE = catalogue.ruleIds;
/** What follows a suppression directive (either kind): its rule list. */
const DIRECTIVE_RULES = new RegExp(`${catalogue.suppressionDirectives.file}(?:-next-line)?([^\\r\\n]*)`);

/** Replace text[start, end) by newText. */
export interface OffsetEdit {
  readonly start: number;
  readonly end: number;
  readonly newText: string;
}

export interface Fix {
  readonly title: string;
  readonly edits: readonly OffsetEdit[];
}

interface FixInput {
  readonly text: string;
  readonly index: SymbolIndex;
  readonly diagnostic: Diagnostic;
}

type Fixer = (input: FixInput) => Fix | null;

/** Every fixer; the first that applies to a diagnostic wins. */
const FIXERS: readonly Fixer[] = [
  rejectedGateFix,
  didYouMeanFix,
  rewriteHintFix,
  wholeRegisterFix,
  scalarDeclarationFix,
  unusedSuppressionFix,
];

export function fixFor(input: FixInput): Fix | null {
  for (const fixer of FIXERS) {
    const fix = fixer(input);
    if (fix !== null) return fix;
  }
  return null;
}

/** Applies non-overlapping edits to a text. */
export function applyEdits(text: string, edits: readonly OffsetEdit[]): string {
  let result = text;
  for (const edit of [...edits].sort((a, b) => b.start - a.start))
    result = result.slice(0, edit.start) + edit.newText + result.slice(edit.end);
  return result;
}

const IDENTIFIER = /^[\p{L}_][\p{L}\p{N}_]*$/u;

function spanText(input: FixInput): string {
  return input.text.slice(input.diagnostic.span.start.offset, input.diagnostic.span.end.offset);
}

function replaceSpan(input: FixInput, newText: string, title: string): Fix {
  return {
    title,
    edits: [{ start: input.diagnostic.span.start.offset, end: input.diagnostic.span.end.offset, newText }],
  };
}

/**
 * `ccx` -> `ctrl(2) @ x`, `crz` -> `ctrl @ rz`, `sxdg` -> `vdg`, `u1` -> `p`:
 * the catalogue's replacement when it is one gate taking the same arguments.
 */
function rejectedGateFix(input: FixInput): Fix | null {
  if (input.diagnostic.rule !== RULE.rejectedGate) return null;
  const name = spanText(input);
  const instead = rejectedGates.find((g) => g.name === name)?.instead ?? null;
  const match =
    instead === null
      ? null
      : /^use ((?:ctrl(?:\(\d+\))? @ )*)([A-Za-z_]\w*)(\([^)]*\))?(?: \(or [^)]*\)| or [A-Za-z_]\w*(?:\([^)]*\))?)?$/.exec(
          instead,
        );
  if (match === null) return null;
  const replacement = `${match[1] ?? ''}${match[2] as string}`;
  return replaceSpan(input, replacement, `Replace ${name} with ${replacement}`);
}

/** A misspelt name the hint names: `cnto` -> `cnot`. */
function didYouMeanFix(input: FixInput): Fix | null {
  const suggestion = /^did you mean ([^\s?]+)\?$/.exec(input.diagnostic.hint ?? '')?.[1];
  if (suggestion === undefined || !IDENTIFIER.test(spanText(input))) return null;
  return replaceSpan(input, suggestion, `Change ${spanText(input)} to ${suggestion}`);
}

/**
 * `cp(0.3) q[0], q[1];` -> `ctrl @ rz(0.3) q[0], q[1]; rz(0.15) q[0];`: the
 * library's hint is drop-in code for that exact call (in a gate definition,
 * written over its parameters), so the whole call is replaced by it.
 */
function rewriteHintFix(input: FixInput): Fix | null {
  const hint = input.diagnostic.hint ?? '';
  if (!hint.startsWith(rewriteCodeHintPrefix)) return null;
  const call = refusedCall(input);
  if (call === null) return null;
  const fix = {
    start: call.span.start.offset,
    end: call.span.end.offset,
    newText: hint.slice(rewriteCodeHintPrefix.length),
  };
  return { title: `Rewrite ${call.name.name} in accepted gates`, edits: [fix] };
}

/** The call (top level or in a gate definition's body) whose gate name the diagnostic blames. */
function refusedCall(input: FixInput): GateCall | null {
  const offset = input.diagnostic.span.start.offset;
  const statement = statementAt(input.index, offset);
  const candidates: readonly Statement[] =
    statement === null ? [] : statement.kind === 'GateDefinition' ? statement.body : [statement];
  const call = candidates.find((s): s is GateCall => s.kind === 'GateCall' && s.name.span.start.offset === offset);
  return call !== undefined && call.modifiers.length === 0 ? call : null;
}

/** `c = measure q;`, `measure q -> c;`, `reset q;` -> one statement per qubit. */
function wholeRegisterFix(input: FixInput): Fix | null {
  if (input.diagnostic.rule !== RULE.measurementForm) return null;
  const statement = statementAt(input.index, input.diagnostic.span.start.offset);
  if (statement === null) return null;
  const perQubit = (qubit: string, size: number, line: (i: number) => string): Fix | null => {
    const register = registerSize(input.index, qubit, 'qubit-register');
    if (register === null || register !== size) return null;
    const start = statement.span.start.offset;
    const indent = indentationAt(input.text, start);
    const lines = Array.from({ length: size }, (_, i) => line(i)).join(newlineOf(input.text) + indent);
    return {
      title: `Write one statement per qubit of ${qubit}`,
      edits: [{ start, end: statement.span.end.offset, newText: lines }],
    };
  };
  const wholeName = (node: { kind: string; name?: unknown; indices?: readonly unknown[] } | null): string | null =>
    node !== null && node.kind === 'IndexedIdentifier' && (node.indices?.length ?? 1) === 0
      ? ((node.name as { name: string }).name ?? null)
      : null;
  if (statement.kind === 'Reset') {
    const q = wholeName(statement.operand);
    const size = q === null ? null : registerSize(input.index, q, 'qubit-register');
    return q === null || size === null ? null : perQubit(q, size, (i) => `reset ${q}[${i}];`);
  }
  const pair =
    statement.kind === 'Assignment' && statement.op === '=' && statement.value.kind === 'MeasureExpression'
      ? { q: wholeName(statement.value.operand), c: wholeName(statement.target), arrow: false }
      : statement.kind === 'MeasureStatement' && statement.target !== null
        ? { q: wholeName(statement.measure.operand), c: wholeName(statement.target), arrow: true }
        : null;
  if (pair === null || pair.q === null || pair.c === null) return null;
  const { q, c } = pair;
  const bits = registerSize(input.index, c, 'bit-register');
  const qubits = registerSize(input.index, q, 'qubit-register');
  if (bits === null || qubits === null || bits < qubits) return null;
  return perQubit(q, qubits, (i) =>
    pair.arrow ? `measure ${q}[${i}] -> ${c}[${i}];` : `${c}[${i}] = measure ${q}[${i}];`,
  );
}

/** `qubit q;` -> `qubit[1] q;` (`qreg q;` -> `qreg q[1];`), and each whole-register use `q` -> `q[0]`. */
function scalarDeclarationFix(input: FixInput): Fix | null {
  if (input.diagnostic.rule !== RULE.registerDeclaration || !input.diagnostic.reason.startsWith('Scalar declaration'))
    return null;
  const statement = statementAt(input.index, input.diagnostic.span.start.offset);
  if (statement === null) return null;
  const definition = input.index.definitions.find((d) => d.statement === statement && d.scope === null);
  if (definition === undefined) return null;
  let declaration: OffsetEdit;
  if (statement.kind === 'OldStyleDeclaration') {
    declaration = { start: definition.end, end: definition.end, newText: '[1]' };
  } else if (statement.kind === 'QubitDeclaration' || statement.kind === 'ClassicalDeclaration') {
    const keyword = statement.kind === 'QubitDeclaration' ? 'qubit' : 'bit';
    const at = input.text.lastIndexOf(keyword, definition.start);
    if (at < statement.span.start.offset) return null;
    declaration = { start: at + keyword.length, end: at + keyword.length, newText: '[1]' };
  } else return null;
  const uses = referencesTo(input.index, definition)
    .filter((r) => r.start !== definition.start && !/^\s*\[/.test(input.text.slice(r.end, r.end + 64)))
    .map((r) => ({ start: r.end, end: r.end, newText: '[0]' }));
  return { title: `Declare ${definition.name} as a register of size 1`, edits: [declaration, ...uses] };
}

/** A directive that suppresses nothing: remove its line (when it names only this rule or none). */
function unusedSuppressionFix(input: FixInput): Fix | null {
  if (input.diagnostic.rule !== RULE.unusedSuppression) return null;
  const { start, end } = lineBounds(input.text, input.diagnostic.span.start.offset);
  const line = input.text.slice(start, end);
  const rules =
    DIRECTIVE_RULES.exec(line)?.[1]
      ?.split('--')[0]
      ?.match(/[^\s,]+/g) ?? [];
  if (rules.length > 1 || !/^\s*\/\//.test(line)) return null;
  return {
    title: 'Remove the unused suppression',
    edits: [{ start, end: lineEndWithBreak(input.text, end), newText: '' }],
  };
}

function registerSize(index: SymbolIndex, name: string, kind: Definition['kind']): number | null {
  return index.definitions.find((d) => d.name === name && d.scope === null && d.kind === kind)?.size ?? null;
}

export function lineBounds(text: string, offset: number): { start: number; end: number } {
  let start = offset;
  while (start > 0 && text[start - 1] !== '\n' && text[start - 1] !== '\r') start--;
  let end = offset;
  while (end < text.length && text[end] !== '\n' && text[end] !== '\r') end++;
  return { start, end };
}

function lineEndWithBreak(text: string, end: number): number {
  if (text.startsWith('\r\n', end)) return end + 2;
  return end < text.length ? end + 1 : end;
}

export function indentationAt(text: string, offset: number): string {
  const { start } = lineBounds(text, offset);
  return /^[ \t]*/.exec(text.slice(start, offset))?.[0] ?? '';
}

export function newlineOf(text: string): string {
  const lf = text.indexOf('\n');
  return lf > 0 && text[lf - 1] === '\r' ? '\r\n' : lf < 0 && text.includes('\r') ? '\r' : '\n';
}
