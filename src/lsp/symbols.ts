/**
 * Names in one program: where each register, alias, gate and gate argument
 * is declared and every place it is used, from the parser's AST. Gate
 * parameters and qubit arguments are scoped to their definition's body.
 */
import { parse, visit, type Expression, type GateDefinition, type Identifier, type Node, type Program, type Statement } from '../index.js';

export type SymbolKind = 'qubit-register' | 'bit-register' | 'alias' | 'gate' | 'gate-parameter' | 'gate-qubit' | 'classical' | 'constant' | 'io';

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
  readonly references: Reference[];
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
  readonly program: Program;
  /** Whether the parser reported syntax errors (the program holds what it could read). */
  readonly hasSyntaxErrors: boolean;
  readonly definitions: readonly Definition[];
  /** Every occurrence (declarations included), by start offset. */
  readonly occurrences: readonly Reference[];
}

/** Indexes the names of a program text. Never throws (the parser does not). */
export function indexSymbols(text: string): SymbolIndex {
  const parsed = parse(text);
  const builder = new IndexBuilder();
  for (const statement of parsed.program.statements) builder.statement(statement);
  const occurrences = builder.occurrences.sort((a, b) => a.start - b.start);
  return { program: parsed.program, hasSyntaxErrors: parsed.diagnostics.length > 0, definitions: builder.definitions, occurrences };
}

/** The occurrence under an offset (the cursor right after a name still counts), or null. */
export function occurrenceAt(index: SymbolIndex, offset: number): Reference | null {
  const list = index.occurrences;
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const item = list[mid] as Reference;
    if (item.end < offset) lo = mid + 1;
    else if (item.start > offset) hi = mid - 1;
    else return item;
  }
  return null;
}

/** The top-level statement whose source range holds an offset, or null. */
export function statementAt(index: SymbolIndex, offset: number): Statement | null {
  const list = index.program.statements;
  let lo = 0;
  let hi = list.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const statement = list[mid] as Statement;
    if (statement.span.end.offset < offset) lo = mid + 1;
    else if (statement.span.start.offset > offset) hi = mid - 1;
    else return statement;
  }
  return null;
}

/** The integer value of a literal size expression, else null. */
export function literalSize(size: Expression | null): number | null {
  if (size === null) return 1;
  return size.kind === 'IntegerLiteral' && size.value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(size.value) : null;
}

class IndexBuilder {
  readonly definitions: Definition[] = [];
  readonly occurrences: Reference[] = [];
  private readonly globals = new Map<string, Definition>();
  private nextQubit: number | null = 0;

  statement(statement: Statement): void {
    switch (statement.kind) {
      case 'QubitDeclaration':
        this.declareRegister(statement, statement.name, 'qubit-register', literalSize(statement.size));
        break;
      case 'OldStyleDeclaration':
        this.declareRegister(statement, statement.name, statement.keyword === 'qreg' ? 'qubit-register' : 'bit-register', literalSize(statement.size));
        break;
      case 'ClassicalDeclaration': {
        const isBit = statement.type.kind === 'ScalarType' && statement.type.name === 'bit';
        this.declareRegister(statement, statement.name, isBit ? 'bit-register' : 'classical', isBit && statement.type.kind === 'ScalarType' ? literalSize(statement.type.size) : null);
        break;
      }
      case 'ConstDeclaration':
        this.declareRegister(statement, statement.name, 'constant', null);
        break;
      case 'IODeclaration':
        this.declareRegister(statement, statement.name, 'io', null);
        break;
      case 'AliasDeclaration':
        this.declareRegister(statement, statement.name, 'alias', null);
        break;
      case 'GateDefinition':
        this.gateDefinition(statement);
        return;
      default:
        break;
    }
    this.uses(statement, new Map());
  }

  private declareRegister(statement: Statement, name: Identifier, kind: SymbolKind, size: number | null): void {
    let firstQubit: number | null = null;
    if (kind === 'qubit-register') {
      firstQubit = this.nextQubit;
      this.nextQubit = this.nextQubit === null || size === null ? null : this.nextQubit + size;
    }
    this.define(name, kind, statement, { size, firstQubit, scope: null }, this.globals);
  }

  private gateDefinition(gate: GateDefinition): void {
    this.define(gate.name, 'gate', gate, { size: null, firstQubit: null, scope: null }, this.globals);
    const locals = new Map<string, Definition>();
    for (const param of gate.params) this.define(param, 'gate-parameter', gate, { size: null, firstQubit: null, scope: gate }, locals);
    for (const qubit of gate.qubits) this.define(qubit, 'gate-qubit', gate, { size: 1, firstQubit: null, scope: gate }, locals);
    for (const statement of gate.body) this.uses(statement, locals);
  }

  private define(
    name: Identifier,
    kind: SymbolKind,
    statement: Statement,
    extra: { size: number | null; firstQubit: number | null; scope: GateDefinition | null },
    scope: Map<string, Definition>,
  ): void {
    const start = name.span.start.offset;
    const definition: Definition = { name: name.name, kind, start, end: start + name.name.length, statement, ...extra, references: [] };
    this.definitions.push(definition);
    // A duplicate declaration is an error the rules report; uses keep pointing at the first one.
    if (!scope.has(name.name)) scope.set(name.name, definition);
    const own = scope.get(name.name) === definition ? definition : null;
    this.record(name.name, start, own ?? definition, false);
  }

  /** Records every name a statement uses (its own declared name excluded). */
  private uses(root: Statement, locals: ReadonlyMap<string, Definition>): void {
    const own = root.kind === 'GateCall' ? null : (root as { name?: unknown }).name;
    const declared = isIdentifier(own) ? own.span.start.offset : -1;
    visit(root as Node, {
      Identifier: (node, parent) => {
        const start = node.span.start.offset;
        if (start === declared) return;
        const isGateCall = parent?.kind === 'GateCall' && parent.name.span.start.offset === start;
        const definition = locals.get(node.name) ?? this.globals.get(node.name) ?? null;
        const fitting = definition !== null && (definition.kind === 'gate') === isGateCall ? definition : null;
        this.record(node.name, start, fitting, isGateCall);
      },
    });
  }

  private record(name: string, start: number, definition: Definition | null, isGateCall: boolean): void {
    const reference: Reference = { name, start, end: start + name.length, definition, isGateCall };
    this.occurrences.push(reference);
    definition?.references.push(reference);
  }
}

function isIdentifier(value: unknown): value is Identifier {
  return typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'Identifier';
}
