/**
 * Which properties of each node kind hold child nodes, in source order: the
 * table that drives {@link visit} and every other generic walk (as
 * graphql-js's QueryDocumentKeys). Adding a node kind without a row here, or
 * a child property without listing it, fails to compile.
 */
import type { Node, NodeKind, NodeOfKind } from './nodes.js';

/** The properties of node type `N` whose values are nodes, node lists, or null. */
export type ChildKey<N> = {
  [P in keyof N]-?: P extends 'span' | 'kind' ? never : NonNullable<N[P]> extends Node | readonly Node[] ? P : never;
}[keyof N];

/** The child properties of every kind, in the order they appear in the source. */
export const CHILD_KEYS = {
  Program: ['version', 'statements'],
  Version: [],
  Annotation: [],

  Include: ['annotations'],
  Pragma: ['annotations'],
  QubitDeclaration: ['annotations', 'size', 'name'],
  OldStyleDeclaration: ['annotations', 'name', 'size'],
  ClassicalDeclaration: ['annotations', 'type', 'name', 'init'],
  ConstDeclaration: ['annotations', 'type', 'name', 'init'],
  IODeclaration: ['annotations', 'type', 'name'],
  AliasDeclaration: ['annotations', 'name', 'value'],
  GateDefinition: ['annotations', 'name', 'params', 'qubits', 'body'],
  SubroutineDefinition: ['annotations', 'name', 'params', 'returnType', 'body'],
  ExternDeclaration: ['annotations', 'name', 'params', 'returnType'],
  Return: ['annotations', 'value'],
  GateCall: ['annotations', 'modifiers', 'name', 'args', 'designator', 'qubits'],
  MeasureStatement: ['annotations', 'measure', 'target'],
  Assignment: ['annotations', 'target', 'value'],
  Reset: ['annotations', 'operand'],
  Barrier: ['annotations', 'operands'],
  Delay: ['annotations', 'duration', 'operands'],
  Box: ['annotations', 'duration', 'body'],
  If: ['annotations', 'condition', 'body', 'elseBody'],
  For: ['annotations', 'variableType', 'variable', 'iterable', 'body'],
  While: ['annotations', 'condition', 'body'],
  Switch: ['annotations', 'subject', 'cases'],
  Break: ['annotations'],
  Continue: ['annotations'],
  End: ['annotations'],
  ExpressionStatement: ['annotations', 'expression'],
  Cal: ['annotations'],
  Defcal: ['annotations'],
  Defcalgrammar: ['annotations'],
  EmptyStatement: ['annotations'],

  ArgumentDefinition: ['type', 'name'],
  GateModifier: ['argument'],
  SwitchCase: ['values', 'body'],

  IndexedIdentifier: ['name', 'indices'],
  HardwareQubit: [],
  IndexList: ['items'],
  DiscreteSet: ['values'],
  RangeExpression: ['start', 'step', 'end'],
  MeasureExpression: ['operand'],

  Identifier: [],
  IntegerLiteral: [],
  FloatLiteral: [],
  ImaginaryLiteral: [],
  BooleanLiteral: [],
  BitstringLiteral: [],
  DurationLiteral: [],
  Binary: ['left', 'right'],
  Unary: ['operand'],
  IndexExpression: ['collection', 'index'],
  Call: ['callee', 'args'],
  Cast: ['type', 'argument'],
  DurationOf: ['body'],
  SizeOf: ['target', 'dimension'],
  ArrayLiteral: ['items'],

  ScalarType: ['size', 'component'],
  ArrayType: ['elementType', 'dimensions'],
  ArrayReferenceType: ['elementType', 'dimensions', 'dimensionCount'],
  QubitType: ['size'],
} as const satisfies { readonly [K in NodeKind]: readonly ChildKey<NodeOfKind<K>>[] };

/** Child properties a row leaves out, per kind; `never` when the table is complete. */
type UnlistedChildKeys = {
  [K in NodeKind]: Exclude<ChildKey<NodeOfKind<K>>, (typeof CHILD_KEYS)[K][number]>;
}[NodeKind];

/** Compile-time proof that every child property is listed (a missing one names itself in the error). */
const everyChildListed: [UnlistedChildKeys] extends [never] ? true : UnlistedChildKeys = true;
void everyChildListed;

/** Every node kind, in table order. */
export const NODE_KINDS = Object.freeze(Object.keys(CHILD_KEYS)) as readonly NodeKind[];

/** The child properties of a kind. */
export function childKeysOf(kind: NodeKind): readonly string[] {
  return CHILD_KEYS[kind];
}

/** The direct children of a node, in source order (nulls skipped, lists flattened). */
export function childrenOf(node: Node): Node[] {
  const children: Node[] = [];
  const record = node as unknown as Record<string, unknown>;
  for (const key of childKeysOf(node.kind)) {
    const value = record[key];
    if (Array.isArray(value)) children.push(...(value as Node[]));
    else if (value !== null && value !== undefined) children.push(value as Node);
  }
  return children;
}
