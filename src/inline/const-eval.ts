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
  /** A function, not a method: scopes share it by reference. */
  readonly isClassicalVariable: (name: string) => boolean;
}

/** A refused expression: the smallest offending node and why. */
export interface ConstantProblem {
  readonly node: Expression;
  readonly reason: string;
}

/** `value` is null when it depends on a parameter whose value is unknown. */
export type ConstantResult =
  { readonly ok: true; readonly value: number | null } | { readonly ok: false; readonly problem: ConstantProblem };

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

/**
 * Evaluates a gate argument in radians, or says what in it is not allowed.
 * Iterative, so that a chain of a hundred thousand `*` or unary minuses
 * cannot overflow the call stack.
 */
export function evaluateConstant(expression: Expression, scope: EvaluationScope, source: SourceText): ConstantResult {
  if (expression.kind !== 'Binary' && expression.kind !== 'Unary') return evaluateLeaf(expression, scope, source);
  const nodes: Expression[] = [expression];
  const stages: number[] = [0];
  const values: (number | null)[] = [];
  while (nodes.length > 0) {
    const top = nodes.length - 1;
    const node = nodes[top] as Expression;
    const stage = stages[top] as number;
    if (node.kind === 'Binary') {
      const { op } = node;
      if (stage === 0) {
        if (op === '+' || op === '-') return refuse(node, operatorBetweenTerms(op, textOf(source, node)));
        if (op !== '*' && op !== '/') return refuse(node, operatorNotSupported(op, textOf(source, node)));
        stages[top] = 1;
        nodes.push(node.left);
        stages.push(0);
      } else if (stage === 1) {
        stages[top] = 2;
        nodes.push(node.right);
        stages.push(0);
      } else {
        const right = values.pop() as number | null;
        const left = values.pop() as number | null;
        if (op === '/' && right === 0) return refuse(node, divisionByZero(textOf(source, node)));
        const value = left === null || right === null ? null : op === '*' ? left * right : left / right;
        if (value !== null && !Number.isFinite(value)) return refuse(node, nonFiniteArgument(textOf(source, node)));
        nodes.pop();
        stages.pop();
        values.push(value);
      }
    } else if (node.kind === 'Unary') {
      if (stage === 0) {
        if (node.op !== '-') return refuse(node, operatorNotSupported(node.op, textOf(source, node)));
        stages[top] = 1;
        nodes.push(node.operand);
        stages.push(0);
      } else {
        const operand = values.pop() as number | null;
        nodes.pop();
        stages.pop();
        values.push(operand === null ? null : -operand);
      }
    } else {
      const leaf = evaluateLeaf(node, scope, source);
      if (!leaf.ok) return leaf;
      nodes.pop();
      stages.pop();
      values.push(leaf.value);
    }
  }
  return { ok: true, value: values[0] ?? null };
}

function evaluateLeaf(expression: Expression, scope: EvaluationScope, source: SourceText): ConstantResult {
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
