/**
 * AST to OpenQASM 3 text. Deterministic (2-space indentation, one statement
 * per line, blocks always braced) and minimal in parentheses: they are added
 * only where precedence needs them, so re-parsing the output gives the same
 * tree and printing is idempotent.
 *
 * Precedence, loosest first, as in the reference grammar: `++` (alias
 * concatenation), `||`, `&&`, `|`, `^`, `&`, equality, comparison, shifts,
 * additive, multiplicative, unary, `**` (right-associative, tighter than a
 * unary on its left), then indexing, calls and atoms. A unary operand of `**`
 * is parenthesized on either side (`2 ** (-1)`), which readers and parsers
 * both get right.
 */
import type {
  Annotation,
  ArgumentDefinition,
  ArrayLiteral,
  ArrayReferenceType,
  ArrayType,
  BinaryOperator,
  DiscreteSet,
  Expression,
  GateModifier,
  IndexOperator,
  Node,
  NodeKind,
  NodeOfKind,
  QubitType,
  RangeExpression,
  ScalarType,
  Statement,
  SwitchCase,
} from './nodes.js';

const INDENT = '  ';

/**
 * OpenQASM 3 text for any node. A program ends with a newline; a statement
 * prints with its annotations, each on its own line; other nodes print as
 * they would appear inside a statement.
 */
export function print(node: Node): string {
  return (PRINTERS[node.kind] as (node: Node, indent: string) => string)(node, '');
}

type Printer<K extends NodeKind> = (node: NodeOfKind<K>, indent: string) => string;

const PRINTERS: { readonly [K in NodeKind]: Printer<K> } = {
  Program: (node) => {
    const lines = node.version ? [printVersion(node.version.version)] : [];
    for (const statement of node.statements) lines.push(statementText(statement, ''));
    return lines.length === 0 ? '' : `${lines.join('\n')}\n`;
  },
  Version: (node) => printVersion(node.version),
  Annotation: (node) => annotationText(node),

  Include: statementPrinter,
  Pragma: statementPrinter,
  QubitDeclaration: statementPrinter,
  OldStyleDeclaration: statementPrinter,
  ClassicalDeclaration: statementPrinter,
  ConstDeclaration: statementPrinter,
  IODeclaration: statementPrinter,
  AliasDeclaration: statementPrinter,
  GateDefinition: statementPrinter,
  SubroutineDefinition: statementPrinter,
  ExternDeclaration: statementPrinter,
  Return: statementPrinter,
  GateCall: statementPrinter,
  MeasureStatement: statementPrinter,
  Assignment: statementPrinter,
  Reset: statementPrinter,
  Barrier: statementPrinter,
  Delay: statementPrinter,
  Box: statementPrinter,
  If: statementPrinter,
  For: statementPrinter,
  While: statementPrinter,
  Switch: statementPrinter,
  Break: statementPrinter,
  Continue: statementPrinter,
  End: statementPrinter,
  ExpressionStatement: statementPrinter,
  Cal: statementPrinter,
  Defcal: statementPrinter,
  Defcalgrammar: statementPrinter,
  EmptyStatement: statementPrinter,

  ArgumentDefinition: (node) => argumentText(node),
  GateModifier: (node) => modifierText(node),
  SwitchCase: (node, indent) => switchCaseText(node, indent),

  IndexedIdentifier: (node) => node.name.name + node.indices.map(indexText).join(''),
  HardwareQubit: (node) => node.name,
  IndexList: (node) => indexText(node),
  DiscreteSet: (node) => setText(node),
  RangeExpression: (node) => rangeText(node),
  MeasureExpression: (node) => `measure ${print(node.operand)}`,

  Identifier: expressionPrinter,
  IntegerLiteral: expressionPrinter,
  FloatLiteral: expressionPrinter,
  ImaginaryLiteral: expressionPrinter,
  BooleanLiteral: expressionPrinter,
  BitstringLiteral: expressionPrinter,
  DurationLiteral: expressionPrinter,
  Binary: expressionPrinter,
  Unary: expressionPrinter,
  IndexExpression: expressionPrinter,
  Call: expressionPrinter,
  Cast: expressionPrinter,
  DurationOf: expressionPrinter,
  SizeOf: expressionPrinter,
  ArrayLiteral: (node) => arrayLiteralText(node),

  ScalarType: (node) => scalarTypeText(node),
  ArrayType: (node) => arrayTypeText(node),
  ArrayReferenceType: (node) => arrayReferenceText(node),
  QubitType: (node) => qubitTypeText(node),
};

function statementPrinter(node: Statement, indent: string): string {
  return statementText(node, indent);
}

function expressionPrinter(node: Expression, indent: string): string {
  return expressionText(node, indent);
}

function printVersion(version: string): string {
  return `OPENQASM ${version};`;
}

// --- statements -----------------------------------------------------------------------

/** A statement at an indentation, annotations first, without a trailing newline. */
function statementText(statement: Statement, indent: string): string {
  if (statement.annotations.length === 0) return indent + statementBody(statement, indent);
  const annotations = statement.annotations.map((a) => indent + annotationText(a));
  return [...annotations, indent + statementBody(statement, indent)].join('\n');
}

function annotationText(annotation: Annotation): string {
  return annotation.content === '' ? `@${annotation.name}` : `@${annotation.name} ${annotation.content}`;
}

/** The statement itself, its first line already indented by the caller. */
function statementBody(s: Statement, indent: string): string {
  const e = (expression: Expression): string => expressionText(expression, indent);
  const block = (body: readonly Statement[]): string => blockText(body, indent);
  switch (s.kind) {
    case 'Include':
      return `include ${stringLiteral(s.path)};`;
    case 'Pragma':
      return (s.hash ? '#pragma' : 'pragma') + (s.content === '' ? '' : ` ${s.content}`);
    case 'QubitDeclaration':
      return `qubit${designator(s.size, indent)} ${s.name.name};`;
    case 'OldStyleDeclaration':
      return `${s.keyword} ${s.name.name}${designator(s.size, indent)};`;
    case 'ClassicalDeclaration':
      return `${typeText(s.type, indent)} ${s.name.name}${s.init === null ? '' : ` = ${valueText(s.init, indent)}`};`;
    case 'ConstDeclaration':
      return `const ${typeText(s.type, indent)} ${s.name.name} = ${valueText(s.init, indent)};`;
    case 'IODeclaration':
      return `${s.direction} ${typeText(s.type, indent)} ${s.name.name};`;
    case 'AliasDeclaration':
      return `let ${s.name.name} = ${e(s.value)};`;
    case 'GateDefinition': {
      const params = s.params.length > 0 ? `(${s.params.map((p) => p.name).join(', ')})` : '';
      const qubits = s.qubits.map((q) => q.name).join(', ');
      return `gate ${s.name.name}${params}${qubits === '' ? '' : ` ${qubits}`} ${block(s.body)}`;
    }
    case 'SubroutineDefinition':
      return `def ${s.name.name}(${s.params.map(argumentText).join(', ')})${returnTypeText(s.returnType, indent)} ${block(s.body)}`;
    case 'ExternDeclaration':
      return `extern ${s.name.name}(${s.params.map((p) => typeText(p, indent)).join(', ')})${returnTypeText(s.returnType, indent)};`;
    case 'Return':
      return s.value === null ? 'return;' : `return ${valueText(s.value, indent)};`;
    case 'GateCall': {
      const modifiers = s.modifiers.map((m) => `${modifierText(m)} `).join('');
      const args = s.args === null ? '' : `(${s.args.map(e).join(', ')})`;
      const qubits = s.qubits.length > 0 ? ` ${s.qubits.map(print).join(', ')}` : '';
      return `${modifiers}${s.name.name}${args}${designator(s.designator, indent)}${qubits};`;
    }
    case 'MeasureStatement':
      return `${print(s.measure)}${s.target === null ? '' : ` -> ${print(s.target)}`};`;
    case 'Assignment':
      return `${print(s.target)} ${s.op} ${valueText(s.value, indent)};`;
    case 'Reset':
      return `reset ${print(s.operand)};`;
    case 'Barrier':
      return s.operands.length === 0 ? 'barrier;' : `barrier ${s.operands.map(print).join(', ')};`;
    case 'Delay':
      return `delay[${e(s.duration)}]${s.operands.length === 0 ? '' : ` ${s.operands.map(print).join(', ')}`};`;
    case 'Box':
      return `box${designator(s.duration, indent)} ${block(s.body)}`;
    case 'If':
      return `if (${e(s.condition)}) ${block(s.body)}${elseText(s.elseBody, indent)}`;
    case 'For':
      return `for ${scalarTypeText(s.variableType, indent)} ${s.variable.name} in ${iterableText(s.iterable, indent)} ${block(s.body)}`;
    case 'While':
      return `while (${e(s.condition)}) ${block(s.body)}`;
    case 'Switch': {
      if (s.cases.length === 0) return `switch (${e(s.subject)}) {}`;
      const cases = s.cases.map((c) => switchCaseText(c, indent + INDENT));
      return `switch (${e(s.subject)}) {\n${cases.join('\n')}\n${indent}}`;
    }
    case 'Break':
      return 'break;';
    case 'Continue':
      return 'continue;';
    case 'End':
      return 'end;';
    case 'ExpressionStatement':
      return `${e(s.expression)};`;
    case 'Cal':
      return `cal {${s.body}}`;
    case 'Defcal':
      return `defcal ${s.header} {${s.body}}`;
    case 'Defcalgrammar':
      return `defcalgrammar ${stringLiteral(s.name)};`;
    case 'EmptyStatement':
      return ';';
    default:
      return unreachable(s);
  }
}

/** ` else { ... }`, or ` else if ...` when the else branch is one unannotated `if` (they parse alike). */
function elseText(elseBody: readonly Statement[] | null, indent: string): string {
  if (elseBody === null) return '';
  const only = elseBody.length === 1 ? elseBody[0] : undefined;
  if (only?.kind === 'If' && only.annotations.length === 0) return ` else ${statementBody(only, indent)}`;
  return ` else ${blockText(elseBody, indent)}`;
}

/** `{}` when empty, else the statements one level deeper and `}` at `indent`. */
function blockText(body: readonly Statement[], indent: string): string {
  if (body.length === 0) return '{}';
  const inner = indent + INDENT;
  return `{\n${body.map((s) => statementText(s, inner)).join('\n')}\n${indent}}`;
}

function switchCaseText(node: SwitchCase, indent: string): string {
  const head =
    node.values === null ? 'default' : `case ${node.values.map((v) => expressionText(v, indent)).join(', ')}`;
  return `${indent}${head} ${blockText(node.body, indent)}`;
}

function modifierText(modifier: GateModifier): string {
  const argument = modifier.argument === null ? '' : `(${expressionText(modifier.argument, '')})`;
  return `${modifier.modifier}${argument} @`;
}

function argumentText(argument: ArgumentDefinition): string {
  if (argument.oldStyle !== null) {
    const size =
      argument.type.kind === 'ArrayReferenceType'
        ? null
        : argument.type.kind === 'ArrayType'
          ? null
          : argument.type.size;
    return `${argument.oldStyle} ${argument.name.name}${designator(size, '')}`;
  }
  return `${typeText(argument.type, '')} ${argument.name.name}`;
}

function returnTypeText(type: ScalarType | null, indent: string): string {
  return type === null ? '' : ` -> ${scalarTypeText(type, indent)}`;
}

function iterableText(iterable: RangeExpression | DiscreteSet | Expression, indent: string): string {
  if (iterable.kind === 'RangeExpression') return `[${rangeText(iterable)}]`;
  if (iterable.kind === 'DiscreteSet') return setText(iterable);
  return expressionText(iterable, indent);
}

/** An initializer or assigned value: an expression, `measure q`, or an array literal. */
function valueText(value: Expression | ArrayLiteral | NodeOfKind<'MeasureExpression'>, indent: string): string {
  if (value.kind === 'ArrayLiteral') return arrayLiteralText(value);
  if (value.kind === 'MeasureExpression') return print(value);
  return expressionText(value, indent);
}

/** OpenQASM strings have no escapes: choose the quote the text does not contain. */
function stringLiteral(text: string): string {
  return text.includes('"') ? `'${text}'` : `"${text}"`;
}

function designator(size: Expression | null, indent: string): string {
  return size === null ? '' : `[${expressionText(size, indent)}]`;
}

// --- operands and indices -------------------------------------------------------------

function indexText(index: IndexOperator): string {
  if (index.kind === 'DiscreteSet') return `[${setText(index)}]`;
  const items = index.items.map((item) =>
    item.kind === 'RangeExpression' ? rangeText(item) : expressionText(item, ''),
  );
  return `[${items.join(', ')}]`;
}

function setText(set: DiscreteSet): string {
  return `{${set.values.map((v) => expressionText(v, '')).join(', ')}}`;
}

function rangeText(range: RangeExpression): string {
  const part = (e: Expression | null): string => (e === null ? '' : expressionText(e, ''));
  return range.step === null
    ? `${part(range.start)}:${part(range.end)}`
    : `${part(range.start)}:${part(range.step)}:${part(range.end)}`;
}

function arrayLiteralText(literal: ArrayLiteral): string {
  const items = literal.items.map((item) =>
    item.kind === 'ArrayLiteral' ? arrayLiteralText(item) : expressionText(item, ''),
  );
  return `{${items.join(', ')}}`;
}

// --- types ----------------------------------------------------------------------------

function typeText(type: ScalarType | ArrayType | ArrayReferenceType | QubitType, indent: string): string {
  switch (type.kind) {
    case 'ScalarType':
      return scalarTypeText(type, indent);
    case 'ArrayType':
      return arrayTypeText(type);
    case 'ArrayReferenceType':
      return arrayReferenceText(type);
    case 'QubitType':
      return qubitTypeText(type);
    default:
      return unreachable(type);
  }
}

function scalarTypeText(type: ScalarType, indent = ''): string {
  if (type.component !== null) return `${type.name}[${scalarTypeText(type.component, indent)}]`;
  return type.name + designator(type.size, indent);
}

function arrayTypeText(type: ArrayType): string {
  return `array[${[scalarTypeText(type.elementType), ...type.dimensions.map((d) => expressionText(d, ''))].join(', ')}]`;
}

function arrayReferenceText(type: ArrayReferenceType): string {
  const dimensions =
    type.dimensions !== null
      ? type.dimensions.map((d) => expressionText(d, ''))
      : [`#dim = ${type.dimensionCount === null ? '' : expressionText(type.dimensionCount, '')}`];
  return `${type.mutability} array[${[scalarTypeText(type.elementType), ...dimensions].join(', ')}]`;
}

function qubitTypeText(type: QubitType): string {
  return `qubit${designator(type.size, '')}`;
}

// --- expressions ----------------------------------------------------------------------

/** Binding strength, loosest first; atoms bind tightest. */
const enum Precedence {
  Concatenation = 1,
  LogicalOr,
  LogicalAnd,
  BitwiseOr,
  BitwiseXor,
  BitwiseAnd,
  Equality,
  Comparison,
  Shift,
  Additive,
  Multiplicative,
  Unary,
  Power,
  Postfix,
  Atom,
}

const BINARY_PRECEDENCE: Readonly<Record<BinaryOperator, Precedence>> = {
  '++': Precedence.Concatenation,
  '||': Precedence.LogicalOr,
  '&&': Precedence.LogicalAnd,
  '|': Precedence.BitwiseOr,
  '^': Precedence.BitwiseXor,
  '&': Precedence.BitwiseAnd,
  '==': Precedence.Equality,
  '!=': Precedence.Equality,
  '<': Precedence.Comparison,
  '>': Precedence.Comparison,
  '<=': Precedence.Comparison,
  '>=': Precedence.Comparison,
  '<<': Precedence.Shift,
  '>>': Precedence.Shift,
  '+': Precedence.Additive,
  '-': Precedence.Additive,
  '*': Precedence.Multiplicative,
  '/': Precedence.Multiplicative,
  '%': Precedence.Multiplicative,
  '**': Precedence.Power,
};

function precedenceOf(expression: Expression): Precedence {
  switch (expression.kind) {
    case 'Binary':
      return BINARY_PRECEDENCE[expression.op];
    case 'Unary':
      return Precedence.Unary;
    case 'IndexExpression':
      return Precedence.Postfix;
    default:
      return Precedence.Atom;
  }
}

/** `expression` printed where at least `minimum` binding is needed, parenthesized otherwise. */
function operandText(expression: Expression, minimum: Precedence, indent: string): string {
  const text = expressionText(expression, indent);
  return precedenceOf(expression) < minimum ? `(${text})` : text;
}

function expressionText(x: Expression, indent: string): string {
  switch (x.kind) {
    case 'Identifier':
      return x.name;
    case 'IntegerLiteral':
      return x.raw !== '' ? x.raw : x.value.toString();
    case 'FloatLiteral':
      return x.raw !== '' ? x.raw : floatText(x.value);
    case 'ImaginaryLiteral': {
      const raw = x.raw !== '' ? x.raw : floatText(x.value);
      return /im$/.test(raw) ? raw : `${raw}im`;
    }
    case 'BooleanLiteral':
      return x.value ? 'true' : 'false';
    case 'BitstringLiteral': {
      const raw = x.raw !== '' ? x.raw : x.value;
      return raw.startsWith('"') ? raw : `"${raw}"`;
    }
    case 'DurationLiteral': {
      const raw = x.raw !== '' ? x.raw : String(x.value);
      return raw.endsWith(x.unit) ? raw : raw + x.unit;
    }
    case 'HardwareQubit':
      return x.name;
    case 'Binary': {
      const level = BINARY_PRECEDENCE[x.op];
      if (x.op === '**') {
        const left =
          x.left.kind === 'Unary'
            ? `(${expressionText(x.left, indent)})`
            : operandText(x.left, Precedence.Power + 1, indent);
        const right =
          x.right.kind === 'Unary'
            ? `(${expressionText(x.right, indent)})`
            : operandText(x.right, Precedence.Power, indent);
        return `${left} ** ${right}`;
      }
      return `${operandText(x.left, level, indent)} ${x.op} ${operandText(x.right, level + 1, indent)}`;
    }
    case 'Unary': {
      // `-(-x)`, not `--x`: the reader should not have to count signs.
      const operand =
        x.operand.kind === 'Unary'
          ? `(${expressionText(x.operand, indent)})`
          : operandText(x.operand, Precedence.Unary, indent);
      return x.op + operand;
    }
    case 'IndexExpression':
      return operandText(x.collection, Precedence.Postfix, indent) + indexText(x.index);
    case 'Call':
      return `${x.callee.name}(${x.args.map((a) => expressionText(a, indent)).join(', ')})`;
    case 'Cast':
      return `${x.type.kind === 'ArrayType' ? arrayTypeText(x.type) : scalarTypeText(x.type, indent)}(${expressionText(x.argument, indent)})`;
    case 'DurationOf':
      return `durationof(${blockText(x.body, indent)})`;
    case 'SizeOf':
      return `sizeof(${expressionText(x.target, indent)}${x.dimension === null ? '' : `, ${expressionText(x.dimension, indent)}`})`;
    default:
      return unreachable(x);
  }
}

/** A float that reads back as a float (`1` would read back as an integer). */
function floatText(value: number): string {
  const text = String(value);
  return /[.eE]|Infinity|NaN/.test(text) ? text : `${text}.0`;
}

function unreachable(node: never): never {
  throw new Error(`print: unknown node kind ${(node as { kind?: unknown }).kind as string}`);
}
