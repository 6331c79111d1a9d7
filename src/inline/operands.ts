/**
 * Operand resolution: `q[3]`, `q`, `$0`, `let` aliases, and a gate body's
 * qubit arguments, to global indices or to the reason they are refused
 * (decisions.md section 2 "Registers"). Range and set indices are left to the
 * range-index rule.
 */
import type { Expression, GateOperand, IndexedIdentifier, IndexOperator } from '../ast/nodes.js';
import {
  aliasOfSingleQubitIndexed,
  bodyOperandIndexed,
  bodyOperandUnknown,
  didYouMean,
  indexNotLiteral,
  indexOutOfRange,
  indexedTwice,
  physicalQubit,
  suggest,
  unknownRegister,
  wrongRegisterKind,
} from '../diagnostics/index.js';
import type { SourceText } from '../diagnostics/index.js';
import type { RegisterEntry, SymbolTable } from './symbols.js';
import { textOf } from './text.js';

export type RegisterKind = 'qubit' | 'bit';

/** The gate whose body is being read: its name and qubit argument names. */
export interface DefinitionScope {
  readonly name: string;
  readonly qubits: readonly string[];
}

export type OperandResolution =
  | { readonly kind: 'single'; readonly register: RegisterEntry; readonly index: number; readonly global: number }
  | { readonly kind: 'register'; readonly register: RegisterEntry & { readonly size: number } }
  /** A gate body's qubit argument, by position. */
  | { readonly kind: 'argument'; readonly position: number }
  | {
      readonly kind: 'problem';
      readonly node: { readonly span: IndexedIdentifier['span'] };
      readonly reason: string;
      readonly hint?: string;
    }
  /** Nothing to resolve here: a range index (another rule's) or a register without a usable size. */
  | { readonly kind: 'skip' };

const SKIP: OperandResolution = Object.freeze({ kind: 'skip' });

/** True for `q[0:1]`, `q[{0, 1}]`, `q[0, 1]`: forms the range-index rule reports. */
export function isRangeIndex(index: IndexOperator): boolean {
  return index.kind === 'DiscreteSet' || index.items.length !== 1 || index.items[0]?.kind === 'RangeExpression';
}

/** Resolves one operand of kind `kind` (qubits for gates, bits for measurement destinations). */
export function resolveOperand(
  operand: GateOperand,
  kind: RegisterKind,
  symbols: SymbolTable,
  source: SourceText,
  definition: DefinitionScope | null = null,
): OperandResolution {
  if (operand.kind === 'HardwareQubit') return { kind: 'problem', node: operand, reason: physicalQubit(operand.name) };
  if (operand.indices.some(isRangeIndex)) return SKIP;
  const name = operand.name.name;
  if (definition !== null) {
    const position = definition.qubits.indexOf(name);
    if (position < 0)
      return { kind: 'problem', node: operand, reason: bodyOperandUnknown(name, definition.name, definition.qubits) };
    if (operand.indices.length > 0)
      return { kind: 'problem', node: operand, reason: bodyOperandIndexed(textOf(source, operand), definition.name) };
    return { kind: 'argument', position };
  }
  const entry = symbols.lookup(name);
  if (entry === undefined) {
    const hint = suggest(name, registerNames(symbols, kind));
    return {
      kind: 'problem',
      node: operand.name,
      reason: unknownRegister(kind, name),
      ...(hint ? { hint: didYouMean(hint) } : {}),
    };
  }
  if (entry.kind === 'variable')
    return { kind: 'problem', node: operand.name, reason: wrongRegisterKind(name, 'classical variable', kind) };
  if (entry.kind === 'alias') {
    if (kind === 'bit')
      return { kind: 'problem', node: operand.name, reason: wrongRegisterKind(name, 'qubit alias', kind) };
    const target = entry.target;
    if (target === null) return SKIP;
    if (target.kind === 'single') {
      if (operand.indices.length > 0)
        return {
          kind: 'problem',
          node: operand,
          reason: aliasOfSingleQubitIndexed(name, `${target.register.name}[${target.index}]`),
        };
      return {
        kind: 'single',
        register: target.register,
        index: target.index,
        global: target.register.offset + target.index,
      };
    }
    return resolveInRegister(operand, target.register, source);
  }
  if (entry.register.kind !== kind)
    return {
      kind: 'problem',
      node: operand.name,
      reason: wrongRegisterKind(name, `${entry.register.kind} register`, kind),
    };
  return resolveInRegister(operand, entry.register, source);
}

function resolveInRegister(operand: IndexedIdentifier, register: RegisterEntry, source: SourceText): OperandResolution {
  const size = register.size;
  if (operand.indices.length === 0)
    return size === null ? SKIP : { kind: 'register', register: register as RegisterEntry & { size: number } };
  if (operand.indices.length > 1)
    return { kind: 'problem', node: operand, reason: indexedTwice(textOf(source, operand)) };
  const item = (operand.indices[0] as IndexOperator & { kind: 'IndexList' }).items[0] as Expression;
  const index = integerLiteralValue(item);
  if (index === null)
    return { kind: 'problem', node: item, reason: indexNotLiteral(textOf(source, item), operand.name.name) };
  if (size === null) return SKIP;
  if (index < 0n || index >= BigInt(size)) {
    return {
      kind: 'problem',
      node: item,
      reason: indexOutOfRange(index.toString(), register.kind, register.name, size),
    };
  }
  return singleQubit(register, Number(index));
}

/**
 * The global index of `name[index]` when `name` is a declared qubit register
 * of known size with `index` inside it (what {@link resolveOperand} resolves
 * to `single` with no alias involved); -1 for anything else, which only the
 * operand's node can explain.
 */
export function plainQubit(symbols: SymbolTable, name: string, index: number): number {
  return qubitOf(plainRegister(symbols, name), index);
}

/** The qubit register of known size that `name` declares, or null: the part of {@link plainQubit} that needs no index. */
export function plainRegister(symbols: SymbolTable, name: string): RegisterEntry | null {
  const entry = symbols.lookup(name);
  if (entry === undefined || entry.kind !== 'register') return null;
  const register = entry.register;
  return register.kind === 'qubit' && register.size !== null ? register : null;
}

/** {@link plainQubit} of a register found by {@link plainRegister}. */
export function qubitOf(register: RegisterEntry | null, index: number): number {
  return register !== null && index < (register.size as number) ? register.offset + index : -1;
}

/** Registers up to this size keep their single-element resolutions, so repeated `q[3]` allocates nothing. */
const CACHED_REGISTER_SIZE = 1 << 12;
const singlesByRegister = new WeakMap<RegisterEntry, OperandResolution[]>();

function singleQubit(register: RegisterEntry, index: number): OperandResolution {
  if ((register.size ?? 0) > CACHED_REGISTER_SIZE)
    return { kind: 'single', register, index, global: register.offset + index };
  let singles = singlesByRegister.get(register);
  if (singles === undefined) singlesByRegister.set(register, (singles = []));
  return (singles[index] ??= Object.freeze({ kind: 'single', register, index, global: register.offset + index }));
}

/** An integer literal, or a negated one, as written; null for anything else. */
function integerLiteralValue(expression: Expression): bigint | null {
  if (expression.kind === 'IntegerLiteral') return expression.value;
  if (expression.kind === 'Unary' && expression.op === '-' && expression.operand.kind === 'IntegerLiteral')
    return -expression.operand.value;
  return null;
}

function* registerNames(symbols: SymbolTable, kind: RegisterKind): Iterable<string> {
  for (const r of kind === 'qubit' ? symbols.qubitRegisters : symbols.bitRegisters) yield r.name;
}

/** `q[3]` or `q` as written for messages. */
export function describeResolution(resolution: OperandResolution & { kind: 'single' | 'register' }): string {
  return resolution.kind === 'single' ? `${resolution.register.name}[${resolution.index}]` : resolution.register.name;
}

/**
 * The operand a `let` value names (`q`, `q[1]`, `a[0]`), or null when the
 * value is not a register reference at all (`++`, arithmetic).
 */
export function aliasOperand(value: Expression): IndexedIdentifier | null {
  const indices: IndexOperator[] = [];
  let collection = value;
  while (collection.kind === 'IndexExpression') {
    indices.push(collection.index);
    collection = collection.collection;
  }
  if (collection.kind !== 'Identifier') return null;
  return { kind: 'IndexedIdentifier', name: collection, indices: indices.reverse(), span: value.span };
}
