/**
 * fast-check arbitraries for syntactically valid OpenQASM 3: ASTs covering
 * every statement kind, expression, type and operand, and whole programs as
 * text. Spans are dummies (compare with stripSpans). Literal `raw` texts and
 * values agree, as the parser would build them.
 *
 * - `expression`, `scalarType`, `statement`, `program`: ASTs.
 * - `validProgramText`: printed programs, for parser fuzzing (mutate these).
 */
import fc from 'fast-check';
import type {
  Annotation,
  ArgumentDefinition,
  ArrayLiteral,
  ArrayReferenceType,
  ArrayType,
  AssignmentOperator,
  BinaryOperator,
  DiscreteSet,
  Expression,
  GateModifier,
  GateOperand,
  Identifier,
  IndexedIdentifier,
  IndexOperator,
  MeasureExpression,
  Program,
  RangeExpression,
  ScalarType,
  Statement,
  TimeUnit,
} from '../../src/ast/nodes.js';
import { print } from '../../src/ast/print.js';
import { node, stmt } from '../ast/make.js';

// --- names and literals ---------------------------------------------------------------

/** Names that are no keyword, literal suffix or built-in constant anywhere in the grammar. */
const NAMES = ['a', 'b', 'c', 'q', 'r', 'x', 'theta', 'θ', '_tmp', 'v2', 'Ψ0', 'data_1'] as const;

export const identifier: fc.Arbitrary<Identifier> = fc
  .constantFrom(...NAMES)
  .map((name) => node('Identifier', { name }));

const digits = fc.integer({ min: 0, max: 1_000_000 }).map(String);
/** Digit runs with optional single underscores between digits, as the lexer allows. */
const separated = (text: string): fc.Arbitrary<string> =>
  text.length < 2
    ? fc.constant(text)
    : fc
        .integer({ min: 1, max: text.length - 1 })
        .chain((at) => fc.constantFrom(text, `${text.slice(0, at)}_${text.slice(at)}`));

const integerLiteral: fc.Arbitrary<Expression> = fc
  .oneof(
    { weight: 6, arbitrary: digits.chain(separated) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 0xffff }).map((n) => `0x${n.toString(16).toUpperCase()}`) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 511 }).map((n) => `0o${n.toString(8)}`) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 63 }).map((n) => `0b${n.toString(2)}`) },
    { weight: 1, arbitrary: fc.bigInt({ min: 2n ** 64n, max: 2n ** 80n }).map(String) },
  )
  .map((raw) => node('IntegerLiteral', { raw, value: BigInt(raw.replace(/_/g, '')) }));

const floatRaw: fc.Arbitrary<string> = fc.oneof(
  fc.tuple(digits, digits).map(([i, f]) => `${i}.${f}`),
  digits.map((f) => `.${f}`),
  digits.map((i) => `${i}.`),
  fc
    .tuple(digits, fc.constantFrom('e', 'E'), fc.constantFrom('', '+', '-'), fc.integer({ min: 0, max: 300 }))
    .map(([m, e, s, x]) => `${m}${e}${s}${x}`),
  fc.tuple(digits, digits, fc.integer({ min: -20, max: 20 })).map(([i, f, x]) => `${i}.${f}e${x}`),
);
const floatLiteral: fc.Arbitrary<Expression> = floatRaw.map((raw) => node('FloatLiteral', { raw, value: Number(raw) }));

const imaginaryLiteral: fc.Arbitrary<Expression> = fc
  .tuple(fc.oneof(floatRaw, digits), fc.constantFrom('', ' '))
  .map(([number, gap]) => node('ImaginaryLiteral', { raw: `${number}${gap}im`, value: Number(number) }));

const TIME_UNITS: readonly TimeUnit[] = ['dt', 'ns', 'us', 'µs', 'ms', 's'];
const durationLiteral: fc.Arbitrary<Expression> = fc
  .tuple(fc.oneof(digits, floatRaw), fc.constantFrom(...TIME_UNITS))
  .map(([number, unit]) => node('DurationLiteral', { raw: `${number}${unit}`, value: Number(number), unit }));

const bitstringLiteral: fc.Arbitrary<Expression> = fc
  .array(fc.constantFrom('0', '1'), { minLength: 1, maxLength: 8 })
  .chain((bits) => separated(bits.join('')))
  .map((text) => node('BitstringLiteral', { raw: `"${text}"`, value: text.replace(/_/g, '') }));

const booleanLiteral: fc.Arbitrary<Expression> = fc.boolean().map((value) => node('BooleanLiteral', { value }));
const hardwareQubit = fc
  .integer({ min: 0, max: 99 })
  .map((index) => node('HardwareQubit', { name: `$${index}`, index }));

const atom: fc.Arbitrary<Expression> = fc.oneof(
  { weight: 6, arbitrary: identifier },
  { weight: 5, arbitrary: integerLiteral },
  { weight: 3, arbitrary: floatLiteral },
  { weight: 1, arbitrary: imaginaryLiteral },
  { weight: 1, arbitrary: durationLiteral },
  { weight: 1, arbitrary: bitstringLiteral },
  { weight: 1, arbitrary: booleanLiteral },
  { weight: 1, arbitrary: hardwareQubit },
);

// --- types ----------------------------------------------------------------------------

const designator = fc.oneof(
  integerLiteral.filter((e) => e.kind === 'IntegerLiteral' && !e.raw.startsWith('0b')),
  identifier,
);
const sized = (name: 'bit' | 'int' | 'uint' | 'float' | 'angle') =>
  fc.option(designator, { nil: null }).map((size) => node('ScalarType', { name, size, component: null }));
const unsized = (name: 'bool' | 'duration' | 'stretch') =>
  fc.constant(node('ScalarType', { name, size: null, component: null }));

export const scalarType: fc.Arbitrary<ScalarType> = fc.oneof(
  sized('bit'),
  sized('int'),
  sized('uint'),
  sized('float'),
  sized('angle'),
  unsized('bool'),
  unsized('duration'),
  unsized('stretch'),
  fc
    .option(sized('float'), { nil: null })
    .map((component) => node('ScalarType', { name: 'complex', size: null, component })),
);

const arrayElementType: fc.Arbitrary<ScalarType> = fc.oneof(
  sized('bit'),
  sized('int'),
  sized('uint'),
  sized('float'),
  unsized('bool'),
);

export const arrayType: fc.Arbitrary<ArrayType> = fc
  .record({ elementType: arrayElementType, dimensions: fc.array(designator, { minLength: 1, maxLength: 3 }) })
  .map((f) => node('ArrayType', f));

const arrayReferenceType: fc.Arbitrary<ArrayReferenceType> = fc.oneof(
  fc
    .record({
      mutability: fc.constantFrom('readonly', 'mutable' as const),
      elementType: arrayElementType,
      dimensions: fc.array(designator, { minLength: 1, maxLength: 2 }),
    })
    .map((f) => node('ArrayReferenceType', { ...f, dimensionCount: null })),
  fc
    .record({
      mutability: fc.constantFrom('readonly', 'mutable' as const),
      elementType: arrayElementType,
      dimensionCount: designator,
    })
    .map((f) => node('ArrayReferenceType', { ...f, dimensions: null })),
);

// --- expressions ----------------------------------------------------------------------

/** Every binary operator except `++`, which only joins the parts of an alias. */
const BINARY_OPERATORS: readonly BinaryOperator[] = [
  '||',
  '&&',
  '|',
  '^',
  '&',
  '==',
  '!=',
  '<',
  '>',
  '<=',
  '>=',
  '<<',
  '>>',
  '+',
  '-',
  '*',
  '/',
  '%',
  '**',
];

/** `name(args) q, r;` without modifiers, from atoms only: the body of a `durationof`. */
const plainGateCall: fc.Arbitrary<Statement> = fc
  .record({
    name: identifier,
    args: fc.option(fc.array(atom, { maxLength: 2 }), { nil: null }),
    qubits: fc.array(
      identifier.map((name) => node('IndexedIdentifier', { name, indices: [] })),
      { minLength: 1, maxLength: 2 },
    ),
  })
  .map((f) => stmt('GateCall', { ...f, modifiers: [], designator: null }));

/** Expressions up to `depth` operators deep (statements inside `durationof` are shallow). */
export const expression: fc.Memo<Expression> = fc.memo((depth) => {
  if (depth <= 1) return atom;
  const sub = expression(depth - 1);
  return fc.oneof(
    { weight: 4, arbitrary: atom },
    {
      weight: 6,
      arbitrary: fc
        .record({ op: fc.constantFrom(...BINARY_OPERATORS), left: sub, right: sub })
        .map((f) => node('Binary', f)),
    },
    {
      weight: 2,
      arbitrary: fc.record({ op: fc.constantFrom('-', '!', '~' as const), operand: sub }).map((f) => node('Unary', f)),
    },
    {
      weight: 1,
      arbitrary: fc.record({ collection: sub, index: indexOperator(sub) }).map((f) => node('IndexExpression', f)),
    },
    {
      weight: 1,
      arbitrary: fc.record({ callee: identifier, args: fc.array(sub, { maxLength: 3 }) }).map((f) => node('Call', f)),
    },
    {
      weight: 1,
      arbitrary: fc.record({ type: fc.oneof(scalarType, arrayType), argument: sub }).map((f) => node('Cast', f)),
    },
    {
      weight: 1,
      arbitrary: fc.record({ target: sub, dimension: fc.option(sub, { nil: null }) }).map((f) => node('SizeOf', f)),
    },
    {
      weight: 1,
      arbitrary: fc.array(plainGateCall, { minLength: 1, maxLength: 2 }).map((body) => node('DurationOf', { body })),
    },
  );
});

const shallow = expression(2);
const small = expression(3);

/** `a:b`, `:`, `a:s:b`, ...: with a step, the grammar requires the end (`a:s:` is not a range). */
function rangeExpression(part: fc.Arbitrary<Expression>): fc.Arbitrary<RangeExpression> {
  const optional = fc.option(part, { nil: null });
  return fc
    .record({ start: optional, step: optional, end: optional, fallbackEnd: part })
    .map(({ start, step, end, fallbackEnd }) =>
      node('RangeExpression', { start, step, end: step !== null && end === null ? fallbackEnd : end }),
    );
}

function discreteSet(part: fc.Arbitrary<Expression>): fc.Arbitrary<DiscreteSet> {
  return fc.array(part, { minLength: 1, maxLength: 3 }).map((values) => node('DiscreteSet', { values }));
}

function indexOperator(part: fc.Arbitrary<Expression>): fc.Arbitrary<IndexOperator> {
  return fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .array(fc.oneof(part, rangeExpression(part)), { minLength: 1, maxLength: 3 })
        .map((items) => node('IndexList', { items })),
    },
    { weight: 1, arbitrary: discreteSet(part) },
  );
}

const arrayLiteral: fc.Memo<ArrayLiteral> = fc.memo((depth) =>
  fc
    .array(depth <= 1 ? shallow : fc.oneof(shallow, arrayLiteral(depth - 1)), { minLength: 1, maxLength: 3 })
    .map((items) => node('ArrayLiteral', { items })),
);

// --- operands -------------------------------------------------------------------------

export const indexedIdentifier: fc.Arbitrary<IndexedIdentifier> = fc
  .record({ name: identifier, indices: fc.array(indexOperator(shallow), { maxLength: 2 }) })
  .map((f) => node('IndexedIdentifier', f));

const gateOperand: fc.Arbitrary<GateOperand> = fc.oneof(
  { weight: 5, arbitrary: indexedIdentifier },
  { weight: 1, arbitrary: hardwareQubit },
);
const measureExpression: fc.Arbitrary<MeasureExpression> = gateOperand.map((operand) =>
  node('MeasureExpression', { operand }),
);

// --- statements -----------------------------------------------------------------------

const annotation: fc.Arbitrary<Annotation> = fc
  .record({
    name: fc.constantFrom('bind', 'reversible', 'foo.bar', 'ion.keep'),
    content: fc.constantFrom('', 'x', 'a b  c', '1.5 $0', '{ free text }'),
  })
  .map((f) => node('Annotation', f));
const annotations = fc.oneof(
  { weight: 6, arbitrary: fc.constant([]) },
  { weight: 1, arbitrary: fc.array(annotation, { minLength: 1, maxLength: 2 }) },
);

const withAnnotations = <S extends Statement>(statement: fc.Arbitrary<S>): fc.Arbitrary<S> =>
  fc.tuple(statement, annotations).map(([s, list]) => (list.length === 0 ? s : { ...s, annotations: list }));

const gateModifier: fc.Arbitrary<GateModifier> = fc.oneof(
  fc.option(shallow, { nil: null }).map((argument) => node('GateModifier', { modifier: 'ctrl', argument })),
  fc.option(shallow, { nil: null }).map((argument) => node('GateModifier', { modifier: 'negctrl', argument })),
  fc.constant(node('GateModifier', { modifier: 'inv', argument: null })),
  shallow.map((argument) => node('GateModifier', { modifier: 'pow', argument })),
);

function gateCall(argument: fc.Arbitrary<Expression>): fc.Arbitrary<Statement> {
  const args = fc.option(fc.array(argument, { maxLength: 3 }), { nil: null });
  return fc.oneof(
    {
      weight: 5,
      arbitrary: fc
        .record({
          modifiers: fc.array(gateModifier, { maxLength: 2 }),
          name: identifier,
          args,
          designator: fc.option(shallow, { nil: null, freq: 8 }),
          qubits: fc.array(gateOperand, { minLength: 1, maxLength: 3 }),
        })
        .map((f) => stmt('GateCall', f)),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({
          modifiers: fc.array(gateModifier, { maxLength: 1 }),
          args,
          qubits: fc.array(gateOperand, { maxLength: 2 }),
        })
        .map((f) => stmt('GateCall', { ...f, name: node('Identifier', { name: 'gphase' }), designator: null })),
    },
  );
}

const ASSIGNMENT_OPERATORS: readonly AssignmentOperator[] = [
  '=',
  '+=',
  '-=',
  '*=',
  '/=',
  '&=',
  '|=',
  '~=',
  '^=',
  '<<=',
  '>>=',
  '%=',
  '**=',
];
const aliasValue: fc.Arbitrary<Expression> = fc
  .array(small, { minLength: 1, maxLength: 3 })
  .map((parts) =>
    parts.slice(1).reduce((left, right) => node('Binary', { op: '++', left, right }), parts[0] as Expression),
  );

/** Statements that need no enclosing block, at top level or inside one. */
function simpleStatement(): fc.Arbitrary<Statement> {
  const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
  return fc.oneof(
    { weight: 8, arbitrary: gateCall(small) },
    {
      weight: 2,
      arbitrary: fc
        .record({ measure: measureExpression, target: optional(indexedIdentifier) })
        .map((f) => stmt('MeasureStatement', f)),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({
          target: indexedIdentifier,
          op: fc.constantFrom(...ASSIGNMENT_OPERATORS),
          value: fc.oneof(small, measureExpression),
        })
        .map((f) => stmt('Assignment', f)),
    },
    { weight: 1, arbitrary: gateOperand.map((operand) => stmt('Reset', { operand })) },
    { weight: 1, arbitrary: fc.array(gateOperand, { maxLength: 3 }).map((operands) => stmt('Barrier', { operands })) },
    {
      weight: 1,
      arbitrary: fc
        .record({ duration: shallow, operands: fc.array(gateOperand, { maxLength: 2 }) })
        .map((f) => stmt('Delay', f)),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({ type: scalarType, name: identifier, init: optional(fc.oneof(small, measureExpression)) })
        .map((f) => stmt('ClassicalDeclaration', f)),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({ type: arrayType, name: identifier, init: optional(arrayLiteral(2)) })
        .map((f) => stmt('ClassicalDeclaration', f)),
    },
    {
      weight: 1,
      arbitrary: fc.record({ type: scalarType, name: identifier, init: small }).map((f) => stmt('ConstDeclaration', f)),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({ type: arrayType, name: identifier, init: arrayLiteral(2) })
        .map((f) => stmt('ConstDeclaration', f)),
    },
    {
      weight: 1,
      arbitrary: fc.record({ name: identifier, value: aliasValue }).map((f) => stmt('AliasDeclaration', f)),
    },
    { weight: 1, arbitrary: optional(fc.oneof(small, measureExpression)).map((value) => stmt('Return', { value })) },
    { weight: 1, arbitrary: small.map((expression) => stmt('ExpressionStatement', { expression })) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(stmt('Break', {}), stmt('Continue', {}), stmt('End', {}), stmt('EmptyStatement', {})),
    },
  );
}

/** Statements allowed inside blocks, nested up to `depth` blocks deep. */
const localStatement: fc.Memo<Statement> = fc.memo((depth) => {
  const simple = withAnnotations(simpleStatement());
  if (depth <= 1) return simple;
  const block = fc.array(localStatement(depth - 1), { maxLength: 3 });
  return fc.oneof({ weight: 8, arbitrary: simple }, { weight: 1, arbitrary: withAnnotations(blockStatement(block)) });
});

function blockStatement(block: fc.Arbitrary<Statement[]>): fc.Arbitrary<Statement> {
  const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
  const switchCase = (values: fc.Arbitrary<Expression[] | null>) =>
    fc.record({ values, body: block }).map((f) => node('SwitchCase', f));
  return fc.oneof(
    fc.record({ condition: small, body: block, elseBody: optional(block) }).map((f) => stmt('If', f)),
    fc.record({ condition: small, body: block }).map((f) => stmt('While', f)),
    fc
      .record({
        variableType: scalarType,
        variable: identifier,
        iterable: fc.oneof(rangeExpression(shallow), discreteSet(shallow), identifier),
        body: block,
      })
      .map((f) => stmt('For', f)),
    fc.record({ duration: optional(shallow), body: block }).map((f) => stmt('Box', f)),
    fc
      .record({
        subject: small,
        cases: fc.tuple(
          fc.array(switchCase(fc.array(shallow, { minLength: 1, maxLength: 3 })), { maxLength: 2 }),
          optional(switchCase(fc.constant(null))),
        ),
      })
      .map(({ subject, cases: [cases, fallback] }) =>
        stmt('Switch', { subject, cases: fallback === null ? cases : [...cases, fallback] }),
      ),
  );
}

const argumentDefinition: fc.Arbitrary<ArgumentDefinition> = fc.oneof(
  fc.record({ type: scalarType, name: identifier }).map((f) => node('ArgumentDefinition', { ...f, oldStyle: null })),
  fc
    .record({ type: arrayReferenceType, name: identifier })
    .map((f) => node('ArgumentDefinition', { ...f, oldStyle: null })),
  fc
    .record({ size: fc.option(designator, { nil: null }), name: identifier })
    .map(({ size, name }) => node('ArgumentDefinition', { type: node('QubitType', { size }), name, oldStyle: null })),
  fc
    .record({ size: fc.option(designator, { nil: null }), name: identifier })
    .map(({ size, name }) => node('ArgumentDefinition', { type: node('QubitType', { size }), name, oldStyle: 'qreg' })),
  fc.record({ size: fc.option(designator, { nil: null }), name: identifier }).map(({ size, name }) =>
    node('ArgumentDefinition', {
      type: node('ScalarType', { name: 'bit', size, component: null }),
      name,
      oldStyle: 'creg',
    }),
  ),
);

const OPAQUE_BODIES = ['', ' ', '\n  play(d0, gaussian(1.0, 10dt));\n', ' x $0; ', ' frame f = newframe(p, 5e9, 0); '];

/** Statements that only make sense at the top of a program. */
function topLevelStatement(): fc.Arbitrary<Statement> {
  const optional = <T>(arb: fc.Arbitrary<T>) => fc.option(arb, { nil: null });
  const body = fc.array(localStatement(3), { maxLength: 3 });
  return fc.oneof(
    {
      weight: 2,
      arbitrary: fc
        .constantFrom('stdgates.inc', 'qelib1.inc', 'my lib/gates.inc')
        .map((path) => stmt('Include', { path })),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({ hash: fc.boolean(), content: fc.constantFrom('ion.shots 100', 'a', 'x = { 1 }; // kept', 'π') })
        .map((f) => stmt('Pragma', f)),
    },
    {
      weight: 2,
      arbitrary: fc.record({ name: identifier, size: optional(designator) }).map((f) => stmt('QubitDeclaration', f)),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({ keyword: fc.constantFrom('qreg', 'creg' as const), name: identifier, size: optional(designator) })
        .map((f) => stmt('OldStyleDeclaration', f)),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({
          direction: fc.constantFrom('input', 'output' as const),
          type: fc.oneof(scalarType, arrayType),
          name: identifier,
        })
        .map((f) => stmt('IODeclaration', f)),
    },
    {
      weight: 2,
      arbitrary: fc
        .record({
          name: identifier,
          params: fc.array(identifier, { maxLength: 2 }),
          qubits: fc.array(identifier, { minLength: 1, maxLength: 3 }),
          body: fc.array(withAnnotations(gateCall(shallow)), { maxLength: 3 }),
        })
        .map((f) => stmt('GateDefinition', f)),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({
          name: identifier,
          params: fc.array(argumentDefinition, { maxLength: 3 }),
          returnType: optional(scalarType),
          body,
        })
        .map((f) => stmt('SubroutineDefinition', f)),
    },
    {
      weight: 1,
      arbitrary: fc
        .record({
          name: identifier,
          params: fc.array(fc.oneof(scalarType, arrayReferenceType), { maxLength: 3 }),
          returnType: optional(scalarType),
        })
        .map((f) => stmt('ExternDeclaration', f)),
    },
    { weight: 1, arbitrary: fc.constantFrom(...OPAQUE_BODIES).map((b) => stmt('Cal', { body: b })) },
    {
      weight: 1,
      arbitrary: fc
        .record({
          header: fc.constantFrom('x $0', 'rz(theta) $1', 'measure $0 -> bit'),
          body: fc.constantFrom(...OPAQUE_BODIES),
        })
        .map((f) => stmt('Defcal', f)),
    },
    { weight: 1, arbitrary: fc.constantFrom('openpulse', 'pulse 1.0').map((name) => stmt('Defcalgrammar', { name })) },
  );
}

/** Any statement a program may hold at its top level (pragmas carry no annotations). */
export const statement: fc.Arbitrary<Statement> = fc.oneof(
  { weight: 3, arbitrary: localStatement(3) },
  {
    weight: 2,
    arbitrary: topLevelStatement().chain((s) =>
      s.kind === 'Pragma' ? fc.constant<Statement>(s) : withAnnotations(fc.constant<Statement>(s)),
    ),
  },
);

export const version = fc.constantFrom('3', '3.0', '3.1', '2.0').map((v) => node('Version', { version: v }));

/** Whole programs: an optional version header and up to `maxStatements` statements. */
export function program(maxStatements = 8): fc.Arbitrary<Program> {
  return fc
    .record({
      version: fc.option(version, { nil: null, freq: 4 }),
      statements: fc.array(statement, { maxLength: maxStatements }),
    })
    .map((f) => node('Program', f));
}

/** Syntactically valid programs as text (the printer's output): seeds for mutation fuzzing. */
export const validProgramText: fc.Arbitrary<string> = program().map(print);
