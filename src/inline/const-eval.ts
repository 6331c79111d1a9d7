/**
 * Constant evaluation of gate arguments (service-api.md "Other constructs";
 * decisions.md section 2): literals, `pi`/`π`, unary minus, `*`, `/` and
 * parentheses; inside a gate definition also the gate's own parameters.
 * Everything else is refused with a reason that names the offending part.
 */
import type { Expression } from '../ast/nodes.js';
import {
  constantNotSupported,
  classicalVariableInArgument,
  divisionByZero,
  nonFiniteArgument,
  nonNumericLiteral,
  operatorBetweenTerms,
  operatorNotSupported,
  unknownIdentifierInArgument,
  expressionNotSupportedInArgument,
} from '../diagnostics/index.js';
import type { SourceText } from '../diagnostics/index.js';
import { textOf } from './text.js';

/**
 * Parameter values by name. A value of `null` stands for a parameter whose
 * value is not known yet (checking a definition before any call).
 */
export interface Bindings {
  has(name: string): boolean;
  get(name: string): number | null | undefined;
}

/** What the evaluator needs to know about names outside the expression. */
export interface EvaluationScope {
  readonly params: Bindings | null;
  isClassicalVariable(name: string): boolean;
}

/** A refused expression: the smallest offending node and why. */
export interface ConstantProblem {
  readonly node: Expression;
  readonly reason: string;
}

/** `value` is null when it depends on a parameter whose value is unknown. */
export type ConstantResult = { readonly ok: true; readonly value: number | null } | { readonly ok: false; readonly problem: ConstantProblem };

/** Spellings of π, and constants the service does not accept with what to write instead. */
const PI_NAMES: ReadonlySet<string> = new Set(['pi', 'π']);
const REFUSED_CONSTANTS: ReadonlyMap<string, string> = new Map([
  ['tau', '2*pi'],
  ['τ', '2*pi'],
  ['euler', '2.718281828459045'],
  ['ℇ', '2.718281828459045'],
]);

const NON_NUMERIC_LITERALS: Partial<Record<Expression['kind'], string>> = {
  ImaginaryLiteral: 'Imaginary',
  BooleanLiteral: 'Boolean',
  BitstringLiteral: 'Bit-string',
  DurationLiteral: 'Duration',
};

const UNSUPPORTED_EXPRESSIONS: Partial<Record<Expression['kind'], string>> = {
  Call: 'Function call',
  Cast: 'Cast',
  IndexExpression: 'Indexing',
  SizeOf: 'sizeof',
  DurationOf: 'durationof',
  HardwareQubit: 'Physical qubit',
};

/** Evaluates a gate argument in radians, or says what in it is not allowed. */
export function evaluateConstant(expression: Expression, scope: EvaluationScope, source: SourceText): ConstantResult {
  switch (expression.kind) {
    case 'IntegerLiteral':
      return finite(expression, Number(expression.value), source);
    case 'FloatLiteral':
      return finite(expression, expression.value, source);
    case 'Identifier': {
      const name = expression.name;
      if (scope.params?.has(name)) return { ok: true, value: scope.params.get(name) ?? null };
      if (PI_NAMES.has(name)) return PI;
      const instead = REFUSED_CONSTANTS.get(name);
      if (instead !== undefined) return refuse(expression, constantNotSupported(name, instead));
      if (scope.isClassicalVariable(name)) return refuse(expression, classicalVariableInArgument(name));
      return refuse(expression, unknownIdentifierInArgument(name));
    }
    case 'Unary': {
      if (expression.op !== '-') return refuse(expression, operatorNotSupported(expression.op, textOf(source, expression)));
      const operand = evaluateConstant(expression.operand, scope, source);
      if (!operand.ok || operand.value === null) return operand;
      return { ok: true, value: -operand.value };
    }
    case 'Binary':
      return evaluateBinary(expression, scope, source);
    default: {
      const literal = NON_NUMERIC_LITERALS[expression.kind];
      if (literal !== undefined) return refuse(expression, nonNumericLiteral(literal, textOf(source, expression)));
      const what = UNSUPPORTED_EXPRESSIONS[expression.kind] ?? expression.kind;
      return refuse(expression, expressionNotSupportedInArgument(what, textOf(source, expression)));
    }
  }
}

const PI: ConstantResult = Object.freeze({ ok: true, value: Math.PI });

function refuse(node: Expression, reason: string): ConstantResult {
  return { ok: false, problem: { node, reason } };
}

function finite(node: Expression, value: number, source: SourceText): ConstantResult {
  return Number.isFinite(value) ? { ok: true, value } : refuse(node, nonFiniteArgument(textOf(source, node)));
}

function evaluateBinary(expression: Expression & { kind: 'Binary' }, scope: EvaluationScope, source: SourceText): ConstantResult {
  const { op } = expression;
  if (op === '+' || op === '-') return { ok: false, problem: { node: expression, reason: operatorBetweenTerms(op, textOf(source, expression)) } };
  if (op !== '*' && op !== '/') return { ok: false, problem: { node: expression, reason: operatorNotSupported(op, textOf(source, expression)) } };
  const left = evaluateConstant(expression.left, scope, source);
  if (!left.ok) return left;
  const right = evaluateConstant(expression.right, scope, source);
  if (!right.ok) return right;
  if (op === '/' && right.value === 0) return { ok: false, problem: { node: expression, reason: divisionByZero(textOf(source, expression)) } };
  if (left.value === null || right.value === null) return { ok: true, value: null };
  const value = op === '*' ? left.value * right.value : left.value / right.value;
  if (!Number.isFinite(value)) return { ok: false, problem: { node: expression, reason: nonFiniteArgument(textOf(source, expression)) } };
  return { ok: true, value };
}
