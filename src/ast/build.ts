/**
 * Small constructors for AST nodes, called by the parser's embedded actions.
 * They hold no grammar and no judgement: each takes what was written (token
 * images, offsets, child nodes) and returns one readonly node with a lazy
 * span. Repeated names and small literals are interned, and empty lists are
 * shared, so a million-statement program stays compact.
 */
import { LazySpan, type SourceText, type Span } from '../diagnostics/index.js';
import { foldExpression, type ExpressionFactory, type OperandWithPrefixes } from './build-expression.js';
import * as N from './nodes.js';
import { NO_ANNOTATIONS } from './nodes.js';

export { NO_PREFIXES, type OperandWithPrefixes, type PrefixOperator } from './build-expression.js';

const EMPTY: readonly never[] = Object.freeze([]);
/** The shared empty list (annotations, modifiers, operands, parameters). */
export function emptyList<T>(): readonly T[] {
  return EMPTY;
}

type Annotations = readonly N.Annotation[];
type StatementOf<K extends N.Statement['kind']> = Extract<N.Statement, { kind: K }>;
/** What a statement node holds besides its kind, span and annotations (the parser adds annotations later). */
export type StatementFields<K extends N.Statement['kind']> = Omit<StatementOf<K>, 'kind' | 'span' | 'annotations'>;

/** Builds nodes for one source text. */
export class AstBuilder implements ExpressionFactory {
  private readonly names = new Map<string, string>();
  private readonly integers = new Map<string, bigint>();

  constructor(readonly source: SourceText) {}

  span(start: number, end: number): Span {
    return new LazySpan(this.source, start, Math.max(start, end));
  }

  /** One string per distinct name, so the AST does not keep slices of the source alive. */
  intern(text: string): string {
    const known = this.names.get(text);
    if (known !== undefined) return known;
    const copy = text.length > 12 ? (' ' + text).slice(1) : text;
    this.names.set(copy, copy);
    return copy;
  }

  /**
   * A statement node of the full parser's grammar (declarations, definitions,
   * control flow): its kind, then what was written, its span, no annotations.
   */
  statement<K extends N.Statement['kind']>(
    kind: K,
    fields: StatementFields<K>,
    start: number,
    end: number,
  ): StatementOf<K> {
    return { kind, ...fields, span: this.span(start, end), annotations: NO_ANNOTATIONS } as unknown as StatementOf<K>;
  }

  // --- program -------------------------------------------------------------------

  program(version: N.Version | null, statements: readonly N.Statement[], end: number): N.Program {
    return { kind: 'Program', span: this.span(0, end), version, statements };
  }

  version(version: string, start: number, end: number): N.Version {
    return { kind: 'Version', span: this.span(start, end), version: this.intern(version) };
  }

  /** From the token text `@name rest of line`. */
  annotation(image: string, start: number): N.Annotation {
    const match = /^@(\S*)\s*([\s\S]*)$/u.exec(image);
    const name = match?.[1] ?? image.slice(1);
    return {
      kind: 'Annotation',
      span: this.span(start, start + image.length),
      name: this.intern(name),
      content: (match?.[2] ?? '').trim(),
    };
  }

  // --- statements ------------------------------------------------------------------

  /**
   * The statement with its annotations (`@name ...` lines written before it).
   * Statements are built without them; annotations are rare, so the copy is too.
   * The statement's span stays its own (annotations have theirs).
   */
  annotate<S extends N.Statement | N.Version | readonly N.Statement[] | undefined>(
    statement: S,
    annotations: Annotations,
  ): S {
    if (statement === undefined || Array.isArray(statement) || annotations.length === 0) return statement;
    const node = statement as N.Statement | N.Version;
    if (node.kind === 'Version') return statement;
    return { ...node, annotations } as S;
  }

  /** `pragma ...` / `#pragma ...` from the token text. */
  pragma(image: string, start: number): N.Pragma {
    const hash = image.startsWith('#');
    const content = image.slice(hash ? 7 : 6).trim();
    return { kind: 'Pragma', span: this.span(start, start + image.length), annotations: NO_ANNOTATIONS, hash, content };
  }

  /** `cal { body }` from the token text. */
  cal(image: string, start: number): N.Cal {
    const open = image.indexOf('{');
    return {
      kind: 'Cal',
      span: this.span(start, start + image.length),
      annotations: NO_ANNOTATIONS,
      body: image.slice(open + 1, -1),
    };
  }

  /** `defcal header { body }` from the token text. */
  defcal(image: string, start: number): N.Defcal {
    const open = defcalBodyStart(image);
    return {
      kind: 'Defcal',
      span: this.span(start, start + image.length),
      annotations: NO_ANNOTATIONS,
      header: image.slice(6, open).trim(),
      body: image.slice(open + 1, -1),
    };
  }

  // --- expressions -------------------------------------------------------------------

  identifier(image: string, start: number): N.Identifier {
    return { kind: 'Identifier', span: this.span(start, start + image.length), name: this.intern(image) };
  }

  integer(raw: string, start: number): N.IntegerLiteral {
    let value = this.integers.get(raw);
    if (value === undefined) {
      value = BigInt(raw.replace(/_/g, ''));
      if (this.integers.size < 100_000) this.integers.set(this.intern(raw), value);
    }
    return { kind: 'IntegerLiteral', span: this.span(start, start + raw.length), raw: this.intern(raw), value };
  }

  float(raw: string, start: number): N.FloatLiteral {
    return {
      kind: 'FloatLiteral',
      span: this.span(start, start + raw.length),
      raw: this.intern(raw),
      value: numberValue(raw),
    };
  }

  imaginary(raw: string, start: number): N.ImaginaryLiteral {
    const value = numberValue(raw.slice(0, -2).trimEnd());
    return { kind: 'ImaginaryLiteral', span: this.span(start, start + raw.length), raw: this.intern(raw), value };
  }

  duration(raw: string, start: number): N.DurationLiteral {
    const unit = TIME_UNITS.find((u) => raw.endsWith(u)) as N.TimeUnit;
    const value = numberValue(raw.slice(0, -unit.length).trimEnd());
    return { kind: 'DurationLiteral', span: this.span(start, start + raw.length), raw: this.intern(raw), value, unit };
  }

  boolean(image: string, start: number): N.BooleanLiteral {
    return { kind: 'BooleanLiteral', span: this.span(start, start + image.length), value: image === 'true' };
  }

  bitstring(raw: string, start: number): N.BitstringLiteral {
    return {
      kind: 'BitstringLiteral',
      span: this.span(start, start + raw.length),
      value: raw.slice(1, -1).replace(/_/g, ''),
      raw: this.intern(raw),
    };
  }

  hardwareQubit(image: string, start: number): N.HardwareQubit {
    return {
      kind: 'HardwareQubit',
      span: this.span(start, start + image.length),
      name: this.intern(image),
      index: Number(image.slice(1)),
    };
  }

  binary(op: N.BinaryOperator, left: N.Expression, right: N.Expression): N.Expression {
    return { kind: 'Binary', span: this.joined(left, right), op, left, right };
  }

  unary(op: N.Unary['op'], operand: N.Expression, start: number): N.Expression {
    return { kind: 'Unary', span: this.span(start, endOf(operand)), op, operand };
  }

  /** Folds a flat operator run by precedence (see build-expression.ts). */
  expression(operands: readonly OperandWithPrefixes[], ops: readonly N.BinaryOperator[]): N.Expression {
    if (ops.length === 0 && operands.length === 1) {
      const only = operands[0] as OperandWithPrefixes;
      if (only.prefixes.length === 0) return only.operand;
    }
    // `pi/4`, `2*theta`: one operator, no prefixes, nothing to fold.
    if (ops.length === 1 && ops[0] !== '**') {
      const [left, right] = operands as [OperandWithPrefixes, OperandWithPrefixes];
      if (left.prefixes.length === 0 && right.prefixes.length === 0)
        return this.binary(ops[0] as N.BinaryOperator, left.operand, right.operand);
    }
    return foldExpression(operands, ops, this);
  }

  index(collection: N.Expression, index: N.IndexOperator): N.IndexExpression {
    return { kind: 'IndexExpression', span: this.joined(collection, index), collection, index };
  }

  /** A call; `sizeof(a)` / `sizeof(a, n)` become {@link N.SizeOf}. */
  call(callee: N.Identifier, args: readonly N.Expression[], end: number): N.Call | N.SizeOf {
    const span = this.span(startOf(callee), end);
    if (callee.name === 'sizeof' && (args.length === 1 || args.length === 2)) {
      return { kind: 'SizeOf', span, target: args[0] as N.Expression, dimension: args[1] ?? null };
    }
    return { kind: 'Call', span, callee, args: args.length === 0 ? EMPTY : args };
  }

  cast(type: N.ScalarType | N.ArrayType, argument: N.Expression, end: number): N.Cast {
    return { kind: 'Cast', span: this.span(startOf(type), end), type, argument };
  }

  durationOf(body: readonly N.Statement[], start: number, end: number): N.DurationOf {
    return { kind: 'DurationOf', span: this.span(start, end), body };
  }

  arrayLiteral(items: readonly (N.Expression | N.ArrayLiteral)[], start: number, end: number): N.ArrayLiteral {
    return { kind: 'ArrayLiteral', span: this.span(start, end), items: items.length === 0 ? EMPTY : items };
  }

  range(
    start: N.Expression | null,
    step: N.Expression | null,
    end: N.Expression | null,
    from: number,
    to: number,
  ): N.RangeExpression {
    return { kind: 'RangeExpression', span: this.span(from, to), start, step, end };
  }

  indexList(items: readonly (N.Expression | N.RangeExpression)[], start: number, end: number): N.IndexList {
    return { kind: 'IndexList', span: this.span(start, end), items };
  }

  discreteSet(values: readonly N.Expression[], start: number, end: number): N.DiscreteSet {
    return { kind: 'DiscreteSet', span: this.span(start, end), values };
  }

  indexedIdentifier(name: N.Identifier, indices: readonly N.IndexOperator[], end: number): N.IndexedIdentifier {
    return {
      kind: 'IndexedIdentifier',
      span: indices.length === 0 ? name.span : this.span(startOf(name), end),
      name,
      indices: indices.length === 0 ? EMPTY : indices,
    };
  }

  measure(operand: N.GateOperand, start: number): N.MeasureExpression {
    return { kind: 'MeasureExpression', span: this.span(start, endOf(operand)), operand };
  }

  modifier(
    modifier: N.GateModifier['modifier'],
    argument: N.Expression | null,
    start: number,
    end: number,
  ): N.GateModifier {
    return { kind: 'GateModifier', span: this.span(start, end), modifier, argument };
  }

  switchCase(
    values: readonly N.Expression[] | null,
    body: readonly N.Statement[],
    start: number,
    end: number,
  ): N.SwitchCase {
    return { kind: 'SwitchCase', span: this.span(start, end), values, body };
  }

  // --- types -------------------------------------------------------------------------

  scalarType(
    name: N.ScalarTypeName,
    size: N.Expression | null,
    component: N.ScalarType | null,
    start: number,
    end: number,
  ): N.ScalarType {
    return { kind: 'ScalarType', span: this.span(start, end), name, size, component };
  }

  arrayType(elementType: N.ScalarType, dimensions: readonly N.Expression[], start: number, end: number): N.ArrayType {
    return { kind: 'ArrayType', span: this.span(start, end), elementType, dimensions };
  }

  arrayReferenceType(
    mutability: 'readonly' | 'mutable',
    elementType: N.ScalarType,
    dimensions: readonly N.Expression[] | null,
    dimensionCount: N.Expression | null,
    start: number,
    end: number,
  ): N.ArrayReferenceType {
    return {
      kind: 'ArrayReferenceType',
      span: this.span(start, end),
      mutability,
      elementType,
      dimensions,
      dimensionCount,
    };
  }

  qubitType(size: N.Expression | null, start: number, end: number): N.QubitType {
    return { kind: 'QubitType', span: this.span(start, end), size };
  }

  argument(
    type: N.ClassicalType | N.QubitType | N.ArrayReferenceType,
    name: N.Identifier,
    oldStyle: 'qreg' | 'creg' | null,
    start: number,
    end: number,
  ): N.ArgumentDefinition {
    return { kind: 'ArgumentDefinition', span: this.span(start, end), type, name, oldStyle };
  }

  // --- statements: both parsers (parser/parser.ts and its fast path) build these here ---------------

  gateCall(
    modifiers: readonly N.GateModifier[],
    name: N.Identifier,
    args: readonly N.Expression[] | null,
    designator: N.Expression | null,
    qubits: readonly N.GateOperand[],
    start: number,
    end: number,
  ): N.GateCall {
    return {
      kind: 'GateCall',
      modifiers,
      name,
      args,
      designator,
      qubits,
      span: this.span(start, end),
      annotations: NO_ANNOTATIONS,
    };
  }

  measureStatement(
    measure: N.MeasureExpression,
    target: N.IndexedIdentifier | null,
    start: number,
    end: number,
  ): N.MeasureStatement {
    return { kind: 'MeasureStatement', measure, target, span: this.span(start, end), annotations: NO_ANNOTATIONS };
  }

  assignment(
    target: N.IndexedIdentifier,
    op: N.AssignmentOperator,
    value: N.Assignment['value'],
    start: number,
    end: number,
  ): N.Assignment {
    return { kind: 'Assignment', target, op, value, span: this.span(start, end), annotations: NO_ANNOTATIONS };
  }

  barrier(operands: readonly N.GateOperand[], start: number, end: number): N.Barrier {
    return { kind: 'Barrier', operands, span: this.span(start, end), annotations: NO_ANNOTATIONS };
  }

  reset(operand: N.GateOperand, start: number, end: number): N.Reset {
    return { kind: 'Reset', operand, span: this.span(start, end), annotations: NO_ANNOTATIONS };
  }

  private joined(a: N.Node, b: N.Node): Span {
    return this.span(startOf(a), endOf(b));
  }
}

const TIME_UNITS: readonly N.TimeUnit[] = ['\u00b5s', 'dt', 'ns', 'us', 'ms', 's'];

function numberValue(raw: string): number {
  return Number(raw.replace(/_/g, ''));
}

/** Offset where a node starts (reads the lazy span's offset without computing lines). */
export function startOf(node: N.Node): number {
  const span = node.span;
  return span instanceof LazySpan ? span.startOffset : span.start.offset;
}

/** Offset where a node ends (exclusive). */
export function endOf(node: N.Node): number {
  const span = node.span;
  return span instanceof LazySpan ? span.endOffset : span.end.offset;
}

/** The `{` opening a defcal body: the first brace outside comments. */
function defcalBodyStart(image: string): number {
  let i = 6;
  while (i < image.length) {
    if (image.startsWith('//', i)) i = image.indexOf('\n', i) < 0 ? image.length : image.indexOf('\n', i);
    else if (image.startsWith('/*', i)) i = image.indexOf('*/', i + 2) + 2;
    else if (image[i] === '{') return i;
    else i++;
  }
  return image.length - 1;
}
