/**
 * Terse AST constructors for tests and arbitraries. Spans are a dummy: the
 * tests compare trees with stripSpans.
 */
import type { Span } from '../../src/diagnostics/source.js';
import type {
  Annotation,
  BinaryOperator,
  Expression,
  Identifier,
  IndexedIdentifier,
  IndexOperator,
  NodeKind,
  NodeOfKind,
  ScalarType,
  ScalarTypeName,
  Statement,
} from '../../src/ast/nodes.js';

export const DUMMY_SPAN: Span = Object.freeze({
  start: Object.freeze({ line: 1, column: 1, offset: 0 }),
  end: Object.freeze({ line: 1, column: 1, offset: 0 }),
});

type Fields<K extends NodeKind> = Omit<NodeOfKind<K>, 'kind' | 'span'>;
type StatementFields<K extends Statement['kind']> = Omit<NodeOfKind<K>, 'kind' | 'span' | 'annotations'>;

export function node<K extends NodeKind>(kind: K, fields: Fields<K>): NodeOfKind<K> {
  return { kind, span: DUMMY_SPAN, ...fields } as unknown as NodeOfKind<K>;
}

export function stmt<K extends Statement['kind']>(
  kind: K,
  fields: StatementFields<K>,
  annotations: readonly Annotation[] = [],
): NodeOfKind<K> {
  return { kind, span: DUMMY_SPAN, annotations, ...fields } as unknown as NodeOfKind<K>;
}

export const id = (name: string): Identifier => node('Identifier', { name });
export const int = (value: number | bigint): Expression =>
  node('IntegerLiteral', { raw: String(value), value: BigInt(value) });
export const float = (raw: string): Expression => node('FloatLiteral', { raw, value: Number(raw) });
export const bin = (op: BinaryOperator, left: Expression, right: Expression): Expression =>
  node('Binary', { op, left, right });
export const neg = (operand: Expression): Expression => node('Unary', { op: '-', operand });
export const scalar = (name: ScalarTypeName, size: Expression | null = null): ScalarType =>
  node('ScalarType', { name, size, component: null });
export const index = (...items: Expression[]): IndexOperator => node('IndexList', { items });
export const ref = (name: string, ...indices: IndexOperator[]): IndexedIdentifier =>
  node('IndexedIdentifier', { name: id(name), indices });
export const qubit = (name: string, i?: number): IndexedIdentifier =>
  i === undefined ? ref(name) : ref(name, index(int(i)));
export const program = (...statements: Statement[]): NodeOfKind<'Program'> =>
  node('Program', { version: node('Version', { version: '3.0' }), statements });
