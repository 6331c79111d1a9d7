/**
 * Go to definition, find references, rename and the outline, over the
 * symbol index: gates, registers, aliases and gate arguments.
 */
import {
  SymbolKind as LspSymbolKind,
  type DocumentSymbol,
  type Location,
  type TextEdit,
  type WorkspaceEdit,
} from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { acceptedGates, rejectedGates } from '../index.js';
import { offsetRange } from './positions.js';
import { occurrenceAt, referencesTo, type Definition, type SymbolIndex, type SymbolKind } from './symbols.js';

export function definitionAt(document: TextDocument, index: SymbolIndex, offset: number): Location | null {
  const d = occurrenceAt(index, offset)?.definition ?? null;
  return d === null ? null : { uri: document.uri, range: offsetRange(document, d.start, d.end) };
}

export function referencesAt(
  document: TextDocument,
  index: SymbolIndex,
  offset: number,
  includeDeclaration: boolean,
): Location[] {
  const d = occurrenceAt(index, offset)?.definition ?? null;
  if (d === null) return [];
  return referencesTo(index, d)
    .filter((r) => includeDeclaration || r.start !== d.start)
    .map((r) => ({ uri: document.uri, range: offsetRange(document, r.start, r.end) }));
}

/** The name under the cursor when it can be renamed (a declared name), with its range. */
export function renameTarget(index: SymbolIndex, offset: number): { start: number; end: number; name: string } | null {
  const occurrence = occurrenceAt(index, offset);
  if (occurrence === null || occurrence.definition === null) return null;
  return { start: occurrence.start, end: occurrence.end, name: occurrence.name };
}

const IDENTIFIER = /^[\p{L}_][\p{L}\p{N}_]*$/u;
const RESERVED = new Set([
  'OPENQASM',
  'include',
  'qubit',
  'bit',
  'qreg',
  'creg',
  'gate',
  'measure',
  'reset',
  'barrier',
  'let',
  'ctrl',
  'negctrl',
  'inv',
  'pow',
  'if',
  'else',
  'for',
  'while',
  'in',
  'def',
  'return',
  'const',
  'input',
  'output',
  'int',
  'uint',
  'float',
  'angle',
  'bool',
  'complex',
  'duration',
  'stretch',
  'array',
  'delay',
  'box',
  'cal',
  'defcal',
  'extern',
  'true',
  'false',
  'pi',
  'tau',
  'euler',
  'switch',
  'case',
  'default',
  'break',
  'continue',
  'end',
  'pragma',
  'U',
  'gphase',
]);

/** Why a new name cannot be used, or null when it can. */
export function renameProblem(index: SymbolIndex, definition: Definition, newName: string): string | null {
  if (!IDENTIFIER.test(newName)) return `${newName} is not an identifier`;
  if (RESERVED.has(newName)) return `${newName} is a keyword`;
  if (
    definition.kind === 'gate' &&
    (acceptedGates.some((g) => g.name === newName || g.aliases.includes(newName)) ||
      rejectedGates.some((g) => g.name === newName))
  ) {
    return `${newName} is a built-in gate`;
  }
  const clash = index.definitions.find((d) => d.name === newName && (d.scope === null || d.scope === definition.scope));
  return clash === undefined ? null : `${newName} is already declared on this scope`;
}

export function renameEdits(
  document: TextDocument,
  index: SymbolIndex,
  offset: number,
  newName: string,
): WorkspaceEdit | string | null {
  const d = occurrenceAt(index, offset)?.definition ?? null;
  if (d === null) return null;
  const problem = renameProblem(index, d, newName);
  if (problem !== null) return problem;
  const edits: TextEdit[] = referencesTo(index, d).map((r) => ({
    range: offsetRange(document, r.start, r.end),
    newText: newName,
  }));
  return { changes: { [document.uri]: edits } };
}

const SYMBOL_KINDS: Readonly<Record<SymbolKind, LspSymbolKind>> = {
  'qubit-register': LspSymbolKind.Array,
  'bit-register': LspSymbolKind.Array,
  alias: LspSymbolKind.Variable,
  gate: LspSymbolKind.Function,
  'gate-parameter': LspSymbolKind.TypeParameter,
  'gate-qubit': LspSymbolKind.Variable,
  classical: LspSymbolKind.Variable,
  constant: LspSymbolKind.Constant,
  io: LspSymbolKind.Variable,
};

/** The outline: top-level declarations, gate arguments as children of their gate. */
export function documentSymbols(document: TextDocument, index: SymbolIndex): DocumentSymbol[] {
  const top: DocumentSymbol[] = [];
  const byGate = new Map<number, DocumentSymbol>();
  for (const d of index.definitions) {
    const symbol: DocumentSymbol = {
      name: d.name,
      detail: detail(d),
      kind: SYMBOL_KINDS[d.kind],
      range: offsetRange(
        document,
        d.scope === null ? d.statement.span.start.offset : d.start,
        d.scope === null ? d.statement.span.end.offset : d.end,
      ),
      selectionRange: offsetRange(document, d.start, d.end),
    };
    if (d.scope === null) {
      top.push(symbol);
      if (d.kind === 'gate') byGate.set(d.statement.span.start.offset, symbol);
    } else {
      const parent = byGate.get(d.scope.span.start.offset);
      if (parent) (parent.children ??= []).push(symbol);
    }
  }
  return top;
}

function detail(d: Definition): string {
  switch (d.kind) {
    case 'qubit-register':
      return `qubit[${d.size ?? '?'}]`;
    case 'bit-register':
      return `bit[${d.size ?? '?'}]`;
    default:
      return d.kind.replace('-', ' ');
  }
}
