/**
 * Classical expressions of the full language, evaluated where `fix` needs a
 * value: loop ranges and variables, `const` and `input` values, `def`
 * arguments, folded gate arguments, indices. Numbers only (integers and
 * floats alike; `/` is real division, as the service reads gate arguments);
 * booleans are 1 and 0. Anything run-time (a measured bit) has no value.
 */
import type { Expression } from '../../ast/nodes.js';

/** Values of classical names in scope (consts, inputs, loop variables, parameters). */
export interface ValueScope {
  value(name: string): number | undefined;
  /** Size of a register or alias, for `sizeof`. */
  size(name: string): number | undefined;
}

export type Evaluated = { readonly ok: true; readonly value: number } | { readonly ok: false; readonly reason: string };

const CONSTANTS: Readonly<Record<string, number>> = {
  pi: Math.PI,
  π: Math.PI,
  tau: 2 * Math.PI,
  τ: 2 * Math.PI,
  euler: Math.E,
  ℇ: Math.E,
};

const FUNCTIONS: Readonly<Record<string, (...x: number[]) => number>> = {
  sin: Math.sin,
  cos: Math.cos,
  tan: Math.tan,
  arcsin: Math.asin,
  arccos: Math.acos,
  arctan: Math.atan,
  exp: Math.exp,
  log: Math.log,
  sqrt: Math.sqrt,
  floor: Math.floor,
  ceiling: Math.ceil,
  abs: Math.abs,
  pow: Math.pow,
  mod: (a, b) => a % b,
};

const BINARY: Readonly<Record<string, (a: number, b: number) => number>> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '%': (a, b) => a % b,
  '**': (a, b) => a ** b,
  '==': (a, b) => Number(a === b),
  '!=': (a, b) => Number(a !== b),
  '<': (a, b) => Number(a < b),
  '>': (a, b) => Number(a > b),
  '<=': (a, b) => Number(a <= b),
  '>=': (a, b) => Number(a >= b),
  '&&': (a, b) => Number(a !== 0 && b !== 0),
  '||': (a, b) => Number(a !== 0 || b !== 0),
  '&': (a, b) => a & b,
  '|': (a, b) => a | b,
  '^': (a, b) => a ^ b,
  '<<': (a, b) => a << b,
  '>>': (a, b) => a >> b,
};

const fail = (reason: string): Evaluated => ({ ok: false, reason });

/** The value of `expression` in `scope`, or why it has none before the program runs. Depth-bounded, never throws. */
export function evaluate(expression: Expression, scope: ValueScope, depth = 0): Evaluated {
  if (depth > 200) return fail('expression nested too deeply');
  const sub = (e: Expression) => evaluate(e, scope, depth + 1);
  switch (expression.kind) {
    case 'IntegerLiteral':
      return { ok: true, value: Number(expression.value) };
    case 'FloatLiteral':
      return { ok: true, value: expression.value };
    case 'BooleanLiteral':
      return { ok: true, value: expression.value ? 1 : 0 };
    case 'Identifier': {
      const value = scope.value(expression.name) ?? CONSTANTS[expression.name];
      return value === undefined
        ? fail(`${expression.name} has no value before the program runs`)
        : { ok: true, value };
    }
    case 'Unary': {
      const operand = sub(expression.operand);
      if (!operand.ok) return operand;
      if (expression.op === '-') return { ok: true, value: -operand.value };
      if (expression.op === '!') return { ok: true, value: Number(operand.value === 0) };
      return { ok: true, value: ~operand.value };
    }
    case 'Binary': {
      const operator = BINARY[expression.op];
      if (operator === undefined) return fail(`operator ${expression.op} has no value`);
      const left = sub(expression.left);
      if (!left.ok) return left;
      const right = sub(expression.right);
      if (!right.ok) return right;
      if (expression.op === '/' && right.value === 0) return fail('division by zero');
      const value = operator(left.value, right.value);
      return Number.isFinite(value) ? { ok: true, value } : fail('the value is not finite');
    }
    case 'Call': {
      const f = FUNCTIONS[expression.callee.name];
      if (f === undefined) return fail(`${expression.callee.name}(...) has no value before the program runs`);
      const args: number[] = [];
      for (const a of expression.args) {
        const v = sub(a);
        if (!v.ok) return v;
        args.push(v.value);
      }
      const value = f(...args);
      return Number.isFinite(value) ? { ok: true, value } : fail('the value is not finite');
    }
    case 'Cast': {
      const v = sub(expression.argument);
      if (!v.ok || expression.type.kind !== 'ScalarType') return v;
      if (expression.type.name === 'int' || expression.type.name === 'uint')
        return { ok: true, value: Math.trunc(v.value) };
      if (expression.type.name === 'bool') return { ok: true, value: Number(v.value !== 0) };
      return v;
    }
    case 'SizeOf': {
      const name = expression.target.kind === 'Identifier' ? expression.target.name : null;
      const size = name === null ? undefined : scope.size(name);
      return size === undefined ? fail('sizeof of this operand has no value') : { ok: true, value: size };
    }
    default:
      return fail(`a ${expression.kind} has no value before the program runs`);
  }
}
