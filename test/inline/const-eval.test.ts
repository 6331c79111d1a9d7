import { describe, expect, it } from 'vitest';
import type { GateCall } from '../../src/ast/nodes.js';
import { evaluateConstant } from '../../src/inline/index.js';
import { parse } from '../../src/parser/index.js';

/** Evaluates the first argument of `rz(<expression>) q[0];` at top level (no variables). */
function evaluate(expression: string, variables: readonly string[] = []) {
  const parsed = parse(`rz(${expression}) q[0];`);
  expect(parsed.diagnostics).toEqual([]);
  const call = parsed.program.statements[0] as GateCall;
  const arg = (call.args ?? [])[0];
  if (arg === undefined) throw new Error('no argument');
  return evaluateConstant(arg, { params: null, isClassicalVariable: (n) => variables.includes(n) }, parsed.source);
}

function valueOf(expression: string): number | null {
  const result = evaluate(expression);
  if (!result.ok) throw new Error(result.problem.reason);
  return result.value;
}

function reasonOf(expression: string, variables: readonly string[] = []): string {
  const result = evaluate(expression, variables);
  if (result.ok) throw new Error(`accepted ${expression}`);
  return result.problem.reason;
}

describe('constant evaluation', () => {
  it('evaluates literals, pi, unary minus, * and / with parentheses', () => {
    expect(valueOf('pi')).toBe(Math.PI);
    expect(valueOf('π/4')).toBe(Math.PI / 4);
    expect(valueOf('-pi/2')).toBe(-Math.PI / 2);
    expect(valueOf('2*pi/3')).toBe((2 * Math.PI) / 3);
    expect(valueOf('(pi)*(-1)/(2)')).toBe(-Math.PI / 2);
    expect(valueOf('1.5e-3')).toBe(0.0015);
    expect(valueOf('3')).toBe(3);
    expect(valueOf('--1')).toBe(1);
    expect(valueOf('0x10')).toBe(16);
  });

  it('refuses + and - between terms, naming the expression', () => {
    expect(reasonOf('pi + 1')).toMatch(/^Operator \+ between terms in gate argument pi \+ 1 is not supported/);
    expect(reasonOf('2 - pi')).toMatch(/^Operator - between terms in gate argument 2 - pi/);
  });

  it('refuses tau, euler and their symbols with the value to write instead', () => {
    expect(reasonOf('tau')).toBe('Constant tau in a gate argument is not supported: write 2*pi instead');
    expect(reasonOf('τ')).toBe('Constant τ in a gate argument is not supported: write 2*pi instead');
    expect(reasonOf('euler')).toContain('write 2.718281828459045 instead');
    expect(reasonOf('ℇ')).toContain('Constant ℇ');
  });

  it('refuses classical variables and unknown names differently', () => {
    expect(reasonOf('i', ['i'])).toMatch(/^Classical variable i in a gate argument is not supported/);
    expect(reasonOf('theta')).toMatch(/^Unknown identifier theta in a gate argument/);
  });

  it('refuses non-numeric literals, calls and other operators', () => {
    expect(reasonOf('1.5im')).toMatch(/^Imaginary literal 1.5im/);
    expect(reasonOf('true')).toMatch(/^Boolean literal true/);
    expect(reasonOf('100ns')).toMatch(/^Duration literal 100ns/);
    expect(reasonOf('sin(pi)')).toMatch(/^Function call sin\(pi\)/);
    expect(reasonOf('2 ** 3')).toMatch(/^Operator \*\* in gate argument 2 \*\* 3/);
  });

  it('refuses division by zero, also by -0 and 0.0', () => {
    expect(reasonOf('pi / 0')).toBe('Division by zero in gate argument pi / 0');
    expect(reasonOf('1/-0')).toBe('Division by zero in gate argument 1/-0');
    expect(reasonOf('1/0.0')).toBe('Division by zero in gate argument 1/0.0');
  });

  it('refuses values that are not finite', () => {
    expect(reasonOf('1e308 * 10')).toBe('Gate argument 1e308 * 10 is not a finite number');
  });

  it('leaves parameters of unknown value open but still finds division by a literal zero', () => {
    const parsed = parse('rz(a * 2 / b) q[0]; rz(a / 0) q[0];');
    const [first, second] = parsed.program.statements as GateCall[];
    const scope = {
      params: new Map<string, number | null>([
        ['a', null],
        ['b', null],
      ]),
      isClassicalVariable: () => false,
    };
    expect(evaluateConstant((first as GateCall).args?.[0] as never, scope, parsed.source)).toEqual({
      ok: true,
      value: null,
    });
    const refused = evaluateConstant((second as GateCall).args?.[0] as never, scope, parsed.source);
    expect(refused.ok).toBe(false);
  });
});
