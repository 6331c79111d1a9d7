/**
 * Names in one program: where each register, alias, gate and gate argument
 * is declared and every place it is used, from the parser's AST. Gate
 * parameters and qubit arguments are scoped to their definition's body.
 *
 * Declarations are indexed at once (they are few); the uses inside a
 * statement are read only when asked for (hover, definition), and the uses
 * of the whole file only for references and rename, so that a hover in a
 * 100k-line file reads one statement, not every one.
 */
import {
  parse,
  visit,
  type Expression,
  type GateDefinition,
  type Identifier,
  type Program,
  type Statement,
} from '../index.js';

export type SymbolKind =
  | 'qubit-register'
  | 'bit-register'
  | 'alias'
  | 'gate'
  | 'gate-parameter'
  | 'gate-qubit'
  | 'classical'
  | 'constant'
  | 'io';

/** A declared name; `start`/`end` are the offsets of the name in the declaration. */
export interface Definition {
  readonly name: string;
  readonly kind: SymbolKind;
  readonly start: number;
  readonly end: number;
  readonly statement: Statement;
  /** Register size when written as an integer literal (1 for scalar `qubit q;`), else null. */
  readonly size: number | null;
  /** Index of the register's first qubit among all qubits, in declaration order (qubit registers only). */
  readonly firstQubit: number | null;
  /** The gate definition whose body sees this name (gate parameters and qubits), else null. */
  readonly scope: GateDefinition | null;
}

/** One occurrence of a name: a use, or the declaration itself (`definition.start === start`). */
export interface Reference {
  readonly name: string;
  readonly start: number;
  readonly end: number;
  readonly definition: Definition | null;
  /** A gate name in a call (`h` in `h q[0];`). */
  readonly isGateCall: boolean;
}

export interface SymbolIndex {
  readonly text: string;
  readonly program: Program;
  /** Whether the parser reported syntax errors (the program holds what it could read). */
  readonly hasSyntaxErrors: boolean;
  /** Every declaration in source order (gate arguments right after their gate). */
  readonly definitions: readonly Definition[];
  /** Top-level declarations by name, in source order (the first one is the one uses refer to). */
  readonly globals: ReadonlyMap<string, readonly Definition[]>;
  /** Occurrences per top-level statement index, filled when first read. */
  readonly occurrences: Map<number, readonly Reference[]>;
}

/** Indexes the declarations of a program text. Never throws (the parser does not). */
export function indexSymbols(text: string): SymbolIndex {
  // Lazy: a statement is rebuilt only when its uses are read (hover, references), not for every name of the file.
  const parsed = parse(text, { lazy: true });
  const definitions: Definition[] = [];
  const globals = new Map<string, Definition[]>();
  let nextQubit: number | null = 0;
  const declare = (
    statement: Statement,
    name: Identifier,
    kind: SymbolKind,
    size: number | null,
    scope: GateDefinition | null = null,
  ): void => {
    let firstQubit: number | null = null;
    if (kind === 'qubit-register') {
      firstQubit = nextQubit;
      nextQubit = nextQubit === null || size === null ? null : nextQubit + size;
    }
    const start = name.span.start.offset;
    const definition: Definition = {
      name: name.name,
      kind,
      start,
      end: start + name.name.length,
      statement,
      size,
      firstQubit,
      scope,
    };
    definitions.push(definition);
    if (scope === null) {
      const list = globals.get(name.name);
      if (list === undefined) globals.set(name.name, [definition]);
      else list.push(definition);
    }
  };
  for (const statement of parsed.program.statements) {
    switch (statement.kind) {
      case 'QubitDeclaration':
        declare(statement, statement.name, 'qubit-register', literalSize(statement.size));
        break;
      case 'OldStyleDeclaration':
        declare(
          statement,
          statement.name,
          statement.keyword === 'qreg' ? 'qubit-register' : 'bit-register',
          literalSize(statement.size),
        );
        break;
      case 'ClassicalDeclaration': {
        const bit = statement.type.kind === 'ScalarType' && statement.type.name === 'bit' ? statement.type : null;
        declare(statement, statement.name, bit ? 'bit-register' : 'classical', bit ? literalSize(bit.size) : null);
        break;
      }
      case 'ConstDeclaration':
        declare(statement, statement.name, 'constant', null);
        break;
      case 'IODeclaration':
        declare(statement, statement.name, 'io', null);
        break;
      case 'AliasDeclaration':
        declare(statement, statement.name, 'alias', null);
        break;
      case 'GateDefinition':
        declare(statement, statement.name, 'gate', null);
        for (const param of statement.params) declare(statement, param, 'gate-parameter', null, statement);
        for (const qubit of statement.qubits) declare(statement, qubit, 'gate-qubit', 1, statement);
        break;
      default:
        break;
    }
  }
  return {
    text,
    program: parsed.program,
    hasSyntaxErrors: parsed.diagnostics.length > 0,
    definitions,
    globals,
    occurrences: new Map(),
  };
}

/** The occurrence under an offset (the cursor right after a name still counts), or null. */
export function occurrenceAt(index: SymbolIndex, offset: number): Reference | null {
  const at = statementIndexAt(index, offset);
  if (at < 0) return null;
  return occurrencesOf(index, at).find((r) => r.start <= offset && offset <= r.end) ?? null;
}

/** Every occurrence of a definition's name that refers to it, its declaration included, in source order. */
export function referencesTo(index: SymbolIndex, definition: Definition): Reference[] {
  const statements = index.program.statements;
  const candidates =
    definition.scope !== null
      ? [statements.findIndex((s) => s.span.start.offset === definition.scope?.span.start.offset)]
      : statements.map((_, i) => i).filter((i) => mentions(index, i, definition.name));
  return candidates
    .filter((i) => i >= 0)
    .flatMap((i) => occurrencesOf(index, i).filter((r) => r.definition === definition));
}

/** The top-level statement whose source range holds an offset, or null. */
export function statementAt(index: SymbolIndex, offset: number): Statement | null {
  return index.program.statements[statementIndexAt(index, offset)] ?? null;
}

/** The integer value of a literal size expression (1 when no size is written), else null. */
export function literalSize(size: Expression | null): number | null {
  if (size === null) return 1;
  return size.kind === 'IntegerLiteral' && size.value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(size.value) : null;
}

function statementIndexAt(index: SymbolIndex, offset: number): number {
  const list = index.program.statements;
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const span = (list[mid] as Statement).span;
    if (span.end.offset < offset) lo = mid + 1;
    else if (span.start.offset > offset) hi = mid - 1;
    else return mid;
  }
  return -1;
}

/** Whether a statement's text holds the name at all (a cheap filter before reading its tree). */
function mentions(index: SymbolIndex, at: number, name: string): boolean {
  const span = (index.program.statements[at] as Statement).span;
  return index.text.slice(span.start.offset, span.end.offset).includes(name);
}

/** The occurrences in one top-level statement (declared names included), read once. */
function occurrencesOf(index: SymbolIndex, at: number): readonly Reference[] {
  const cached = index.occurrences.get(at);
  if (cached !== undefined) return cached;
  const statement = index.program.statements[at] as Statement;
  const start = statement.span.start.offset;
  const own = index.definitions.filter((d) => d.statement === statement);
  const locals = new Map(own.filter((d) => d.scope !== null).map((d) => [d.name, d] as const));
  const declared = new Map(own.map((d) => [d.start, d] as const));
  const found: Reference[] = [];
  visit(statement, {
    Identifier: (node, parent) => {
      const offset = node.span.start.offset;
      const isGateCall = parent?.kind === 'GateCall' && parent.name.span.start.offset === offset;
      const declaration = declared.get(offset);
      const definition = declaration ?? locals.get(node.name) ?? visibleGlobal(index, node.name, start);
      const fitting =
        definition !== null && (declaration !== undefined || (definition.kind === 'gate') === isGateCall)
          ? definition
          : null;
      found.push({ name: node.name, start: offset, end: offset + node.name.length, definition: fitting, isGateCall });
    },
  });
  found.sort((a, b) => a.start - b.start);
  index.occurrences.set(at, found);
  return found;
}

/** The first top-level declaration of a name above an offset (a duplicate declaration is an error; uses keep pointing at the first). */
function visibleGlobal(index: SymbolIndex, name: string, before: number): Definition | null {
  const first = index.globals.get(name)?.[0];
  return first !== undefined && first.start < before ? first : null;
}
