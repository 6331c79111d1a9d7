import { describe, expect, it } from 'vitest';
import type { Expression, ExpressionStatement } from '../../src/ast/nodes.js';
import { parse } from '../../src/parser/index.js';

/** Writes an expression fully parenthesised, to show how it was grouped. */
function grouped(e: Expression): string {
  switch (e.kind) {
    case 'Binary':
      return `(${grouped(e.left)} ${e.op} ${grouped(e.right)})`;
    case 'Unary':
      return `(${e.op}${grouped(e.operand)})`;
    case 'Identifier':
      return e.name;
    case 'IntegerLiteral':
    case 'FloatLiteral':
      return e.raw;
    case 'Call':
      return `${e.callee.name}(${e.args.map(grouped).join(', ')})`;
    case 'IndexExpression':
      return `${grouped(e.collection)}[]`;
    default:
      return e.kind;
  }
}

function expression(source: string): string {
  const { program, diagnostics } = parse(`${source};`);
  expect(diagnostics).toEqual([]);
  return grouped((program.statements[0] as ExpressionStatement).expression);
}

describe('operator precedence (reference grammar order)', () => {
  it.each([
    ['a + b * c', '(a + (b * c))'],
    ['a * b + c', '((a * b) + c)'],
    ['a - b - c', '((a - b) - c)'],
    ['a ** b ** c', '(a ** (b ** c))'],
    ['-a ** 2', '(-(a ** 2))'],
    ['-2 ** 2', '(-(2 ** 2))'],
    ['a ** -b', '(a ** (-b))'],
    ['a ** -b ** c', '(a ** (-(b ** c)))'],
    ['-a * b', '((-a) * b)'],
    ['a << 1 + 2', '(a << (1 + 2))'],
    ['a < b == c > d', '((a < b) == (c > d))'],
    ['a & b ^ c | d', '(((a & b) ^ c) | d)'],
    ['a || b && c', '(a || (b && c))'],
    ['!a && ~b', '((!a) && (~b))'],
    ['(a + b) * c', '((a + b) * c)'],
    ['f(a, b + 1) % 3', '(f(a, (b + 1)) % 3)'],
    ['a[1] + b', '(a[] + b)'],
    ['x + y ++ z', '((x + y) ++ z)'],
  ])('%s', (source, expected) => {
    expect(expression(source)).toBe(expected);
  });

  it('parentheses leave no node', () => {
    expect(expression('((a))')).toBe('a');
  });

  it('keeps literal values exact', () => {
    const { program } = parse('x = 0x1F + 1_000 + 0b101 + 0o17 + 1.5e3 + .5 + 2.;');
    const kinds: string[] = [];
    const values: string[] = [];
    const walk = (e: Expression): void => {
      if (e.kind === 'Binary') {
        walk(e.left);
        walk(e.right);
      } else if (e.kind === 'IntegerLiteral' || e.kind === 'FloatLiteral') {
        kinds.push(e.kind);
        values.push(String(e.value));
      }
    };
    walk((program.statements[0] as unknown as { value: Expression }).value);
    expect(values).toEqual(['31', '1000', '5', '15', '1500', '0.5', '2']);
    expect(kinds).toEqual([
      'IntegerLiteral',
      'IntegerLiteral',
      'IntegerLiteral',
      'IntegerLiteral',
      'FloatLiteral',
      'FloatLiteral',
      'FloatLiteral',
    ]);
  });

  it('reads durations, imaginary numbers, bit strings and booleans', () => {
    const { program, diagnostics } = parse('x = {100ns, 1.5 us, 10µs, 3dt, 2 im, "01_10", true};');
    expect(diagnostics).toEqual([]);
    const items = (program.statements[0] as unknown as { value: { items: Expression[] } }).value.items;
    expect(items.map((e) => e.kind)).toEqual([
      'DurationLiteral',
      'DurationLiteral',
      'DurationLiteral',
      'DurationLiteral',
      'ImaginaryLiteral',
      'BitstringLiteral',
      'BooleanLiteral',
    ]);
    expect(items.map((e) => ('unit' in e ? `${e.value}${e.unit}` : 'value' in e ? String(e.value) : ''))).toEqual([
      '100ns',
      '1.5us',
      '10µs',
      '3dt',
      '2',
      '0110',
      'true',
    ]);
  });
});
