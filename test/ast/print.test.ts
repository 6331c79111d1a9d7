import { describe, expect, it } from 'vitest';
import { NODE_KINDS } from '../../src/ast/keys.js';
import type { Expression, Node, NodeKind, Statement } from '../../src/ast/nodes.js';
import { print } from '../../src/ast/print.js';
import { bin, float, id, index, int, neg, node, program, qubit, ref, scalar, stmt } from './make.js';

const x = id('x');
const y = id('y');
const z = id('z');
const hq = (name = 'q', i = 0): Statement =>
  stmt('GateCall', { modifiers: [], name: id('h'), args: null, designator: null, qubits: [qubit(name, i)] });
const range = (start: Expression | null, end: Expression | null, step: Expression | null = null) =>
  node('RangeExpression', { start, step, end });
const set = (...values: Expression[]) => node('DiscreteSet', { values });

/** One example per kind: the node and its exact text. */
const SAMPLES: Record<NodeKind, readonly [Node, string]> = {
  Program: [program(hq()), 'OPENQASM 3.0;\nh q[0];\n'],
  Version: [node('Version', { version: '3' }), 'OPENQASM 3;'],
  Annotation: [node('Annotation', { name: 'bind', content: 'a b' }), '@bind a b'],
  Include: [stmt('Include', { path: 'stdgates.inc' }), 'include "stdgates.inc";'],
  Pragma: [stmt('Pragma', { hash: true, content: 'ion.shots 100' }), '#pragma ion.shots 100'],
  QubitDeclaration: [stmt('QubitDeclaration', { name: id('q'), size: int(4) }), 'qubit[4] q;'],
  OldStyleDeclaration: [stmt('OldStyleDeclaration', { keyword: 'creg', name: id('c'), size: int(2) }), 'creg c[2];'],
  ClassicalDeclaration: [
    stmt('ClassicalDeclaration', {
      type: scalar('bit'),
      name: id('b'),
      init: node('MeasureExpression', { operand: qubit('q', 0) }),
    }),
    'bit b = measure q[0];',
  ],
  ConstDeclaration: [
    stmt('ConstDeclaration', {
      type: scalar('int', int(32)),
      name: id('n'),
      init: bin('*', int(3), bin('+', x, int(1))),
    }),
    'const int[32] n = 3 * (x + 1);',
  ],
  IODeclaration: [
    stmt('IODeclaration', { direction: 'input', type: scalar('float', int(64)), name: id('theta') }),
    'input float[64] theta;',
  ],
  AliasDeclaration: [
    stmt('AliasDeclaration', {
      name: id('a'),
      value: bin(
        '++',
        node('IndexExpression', { collection: id('q'), index: node('IndexList', { items: [range(int(0), int(1))] }) }),
        id('r'),
      ),
    }),
    'let a = q[0:1] ++ r;',
  ],
  GateDefinition: [
    stmt('GateDefinition', { name: id('g'), params: [id('a'), id('b')], qubits: [id('p'), id('r')], body: [hq('p')] }),
    'gate g(a, b) p, r {\n  h p[0];\n}',
  ],
  SubroutineDefinition: [
    stmt('SubroutineDefinition', {
      name: id('f'),
      params: [
        node('ArgumentDefinition', { type: scalar('int', int(32)), name: id('a'), oldStyle: null }),
        node('ArgumentDefinition', { type: node('QubitType', { size: int(2) }), name: id('q'), oldStyle: null }),
        node('ArgumentDefinition', { type: node('QubitType', { size: int(2) }), name: id('r'), oldStyle: 'qreg' }),
      ],
      returnType: scalar('bit'),
      body: [stmt('Return', { value: node('MeasureExpression', { operand: qubit('q', 0) }) })],
    }),
    'def f(int[32] a, qubit[2] q, qreg r[2]) -> bit {\n  return measure q[0];\n}',
  ],
  ExternDeclaration: [
    stmt('ExternDeclaration', {
      name: id('e'),
      params: [
        scalar('int', int(32)),
        node('ArrayReferenceType', {
          mutability: 'readonly',
          elementType: scalar('float'),
          dimensions: [int(2)],
          dimensionCount: null,
        }),
      ],
      returnType: null,
    }),
    'extern e(int[32], readonly array[float, 2]);',
  ],
  Return: [stmt('Return', { value: null }), 'return;'],
  GateCall: [
    stmt('GateCall', {
      modifiers: [
        node('GateModifier', { modifier: 'ctrl', argument: int(2) }),
        node('GateModifier', { modifier: 'inv', argument: null }),
      ],
      name: id('rx'),
      args: [bin('/', id('pi'), int(4))],
      designator: null,
      qubits: [qubit('q', 0), qubit('q', 1), node('HardwareQubit', { name: '$2', index: 2 })],
    }),
    'ctrl(2) @ inv @ rx(pi / 4) q[0], q[1], $2;',
  ],
  MeasureStatement: [
    stmt('MeasureStatement', { measure: node('MeasureExpression', { operand: qubit('q') }), target: qubit('c') }),
    'measure q -> c;',
  ],
  Assignment: [stmt('Assignment', { target: qubit('c', 1), op: '<<=', value: int(2) }), 'c[1] <<= 2;'],
  Reset: [stmt('Reset', { operand: qubit('q', 3) }), 'reset q[3];'],
  Barrier: [stmt('Barrier', { operands: [] }), 'barrier;'],
  Delay: [
    stmt('Delay', {
      duration: node('DurationLiteral', { raw: '100ns', value: 100, unit: 'ns' }),
      operands: [qubit('q', 0)],
    }),
    'delay[100ns] q[0];',
  ],
  Box: [stmt('Box', { duration: null, body: [hq(), hq('q', 1)] }), 'box {\n  h q[0];\n  h q[1];\n}'],
  If: [
    stmt('If', {
      condition: bin('==', id('c'), int(1)),
      body: [hq()],
      elseBody: [stmt('If', { condition: x, body: [], elseBody: null })],
    }),
    'if (c == 1) {\n  h q[0];\n} else if (x) {}',
  ],
  For: [
    stmt('For', {
      variableType: scalar('uint'),
      variable: id('i'),
      iterable: range(int(0), int(9), int(3)),
      body: [stmt('Break', {})],
    }),
    'for uint i in [0:3:9] {\n  break;\n}',
  ],
  While: [
    stmt('While', { condition: node('Unary', { op: '!', operand: id('done') }), body: [stmt('Continue', {})] }),
    'while (!done) {\n  continue;\n}',
  ],
  Switch: [
    stmt('Switch', {
      subject: id('i'),
      cases: [
        node('SwitchCase', { values: [int(0), int(1)], body: [hq()] }),
        node('SwitchCase', { values: null, body: [] }),
      ],
    }),
    'switch (i) {\n  case 0, 1 {\n    h q[0];\n  }\n  default {}\n}',
  ],
  Break: [stmt('Break', {}), 'break;'],
  Continue: [stmt('Continue', {}), 'continue;'],
  End: [stmt('End', {}), 'end;'],
  ExpressionStatement: [
    stmt('ExpressionStatement', { expression: node('Call', { callee: id('f'), args: [x, y] }) }),
    'f(x, y);',
  ],
  Cal: [stmt('Cal', { body: '\n  play(d0, wf);\n' }), 'cal {\n  play(d0, wf);\n}'],
  Defcal: [stmt('Defcal', { header: 'x $0', body: ' play(d0, wf); ' }), 'defcal x $0 { play(d0, wf); }'],
  Defcalgrammar: [stmt('Defcalgrammar', { name: 'openpulse' }), 'defcalgrammar "openpulse";'],
  EmptyStatement: [stmt('EmptyStatement', {}), ';'],
  ArgumentDefinition: [
    node('ArgumentDefinition', { type: scalar('bit', int(2)), name: id('c'), oldStyle: 'creg' }),
    'creg c[2]',
  ],
  GateModifier: [node('GateModifier', { modifier: 'pow', argument: float('0.5') }), 'pow(0.5) @'],
  SwitchCase: [node('SwitchCase', { values: [int(2)], body: [] }), 'case 2 {}'],
  IndexedIdentifier: [ref('a', index(int(1)), node('DiscreteSet', { values: [int(0), int(2)] })), 'a[1][{0, 2}]'],
  HardwareQubit: [node('HardwareQubit', { name: '$0', index: 0 }), '$0'],
  IndexList: [node('IndexList', { items: [int(1), range(null, null), range(int(2), null)] }), '[1, :, 2:]'],
  DiscreteSet: [set(int(1), int(2)), '{1, 2}'],
  RangeExpression: [range(null, neg(int(1))), ':-1'],
  MeasureExpression: [node('MeasureExpression', { operand: qubit('q', 0) }), 'measure q[0]'],
  Identifier: [id('π'), 'π'],
  IntegerLiteral: [node('IntegerLiteral', { raw: '0x2A', value: 42n }), '0x2A'],
  FloatLiteral: [float('1e-3'), '1e-3'],
  ImaginaryLiteral: [node('ImaginaryLiteral', { raw: '1.5im', value: 1.5 }), '1.5im'],
  BooleanLiteral: [node('BooleanLiteral', { value: false }), 'false'],
  BitstringLiteral: [node('BitstringLiteral', { raw: '"01_01"', value: '0101' }), '"01_01"'],
  DurationLiteral: [node('DurationLiteral', { raw: '10dt', value: 10, unit: 'dt' }), '10dt'],
  Binary: [bin('-', x, bin('-', y, z)), 'x - (y - z)'],
  Unary: [node('Unary', { op: '~', operand: bin('&', x, y) }), '~(x & y)'],
  IndexExpression: [node('IndexExpression', { collection: bin('+', x, y), index: index(int(0)) }), '(x + y)[0]'],
  Call: [node('Call', { callee: id('sin'), args: [] }), 'sin()'],
  Cast: [node('Cast', { type: scalar('int', int(8)), argument: bin('+', x, y) }), 'int[8](x + y)'],
  DurationOf: [node('DurationOf', { body: [hq()] }), 'durationof({\n  h q[0];\n})'],
  SizeOf: [node('SizeOf', { target: id('a'), dimension: int(1) }), 'sizeof(a, 1)'],
  ArrayLiteral: [
    node('ArrayLiteral', { items: [int(1), node('ArrayLiteral', { items: [int(2), int(3)] })] }),
    '{1, {2, 3}}',
  ],
  ScalarType: [
    node('ScalarType', { name: 'complex', size: null, component: scalar('float', int(64)) }),
    'complex[float[64]]',
  ],
  ArrayType: [
    node('ArrayType', { elementType: scalar('int', int(32)), dimensions: [int(2), int(3)] }),
    'array[int[32], 2, 3]',
  ],
  ArrayReferenceType: [
    node('ArrayReferenceType', {
      mutability: 'mutable',
      elementType: scalar('int'),
      dimensions: null,
      dimensionCount: int(2),
    }),
    'mutable array[int, #dim = 2]',
  ],
  QubitType: [node('QubitType', { size: null }), 'qubit'],
};

describe('print: every kind', () => {
  it('has a sample for every kind in the child-key table', () => {
    expect(Object.keys(SAMPLES).sort()).toEqual([...NODE_KINDS].sort());
  });

  it.each(NODE_KINDS.map((kind) => [kind, ...SAMPLES[kind]] as const))('%s', (kind, sample, text) => {
    expect(sample.kind).toBe(kind);
    expect(print(sample)).toBe(text);
  });
});

describe('print: parentheses by precedence', () => {
  it.each<[Expression, string]>([
    [bin('+', bin('+', x, y), z), 'x + y + z'],
    [bin('+', x, bin('+', y, z)), 'x + (y + z)'],
    [bin('*', bin('+', x, y), z), '(x + y) * z'],
    [bin('+', x, bin('*', y, z)), 'x + y * z'],
    [bin('**', x, bin('**', y, z)), 'x ** y ** z'],
    [bin('**', bin('**', x, y), z), '(x ** y) ** z'],
    [neg(bin('**', x, y)), '-x ** y'],
    [bin('**', neg(x), y), '(-x) ** y'],
    [bin('**', x, neg(y)), 'x ** (-y)'],
    [neg(neg(x)), '-(-x)'],
    [neg(bin('*', x, y)), '-(x * y)'],
    [bin('*', neg(x), y), '-x * y'],
    [bin('||', bin('&&', x, y), z), 'x && y || z'],
    [bin('&&', bin('||', x, y), z), '(x || y) && z'],
    [bin('|', bin('^', x, bin('&', y, z)), x), 'x ^ y & z | x'],
    [bin('&', bin('==', x, y), bin('<', y, z)), 'x == y & y < z'],
    [bin('==', bin('<', x, y), bin('<<', y, z)), 'x < y == y << z'],
    [bin('<<', bin('+', x, y), z), 'x + y << z'],
    [bin('-', x, neg(y)), 'x - -y'],
    [bin('/', float('1.0'), bin('%', x, y)), '1.0 / (x % y)'],
    [bin('++', bin('++', x, y), z), 'x ++ y ++ z'],
    [
      node('IndexExpression', {
        collection: node('IndexExpression', { collection: x, index: index(int(0)) }),
        index: index(int(1)),
      }),
      'x[0][1]',
    ],
    [node('IndexExpression', { collection: neg(x), index: index(int(0)) }), '(-x)[0]'],
  ])('%#: %s', (expression, text) => {
    expect(print(expression)).toBe(text);
  });
});

describe('print: layout', () => {
  it('puts annotations and pragmas on their own lines, indented with the statement', () => {
    const annotated = stmt(
      'Box',
      {
        duration: int(5),
        body: [stmt('Reset', { operand: qubit('q', 0) }, [node('Annotation', { name: 'keep', content: '' })])],
      },
      [node('Annotation', { name: 'a.b', content: 'x y' })],
    );
    const text = print(program(stmt('Pragma', { hash: false, content: 'hello world' }), annotated));
    expect(text).toBe('OPENQASM 3.0;\npragma hello world\n@a.b x y\nbox[5] {\n  @keep\n  reset q[0];\n}\n');
  });

  it('writes else-if chains flat, but keeps an annotated or longer else branch in braces', () => {
    const chain = stmt('If', {
      condition: x,
      body: [],
      elseBody: [stmt('If', { condition: y, body: [hq()], elseBody: [hq('q', 1)] })],
    });
    expect(print(chain)).toBe('if (x) {} else if (y) {\n  h q[0];\n} else {\n  h q[1];\n}');
    const annotated = stmt('If', {
      condition: x,
      body: [],
      elseBody: [
        stmt('If', { condition: y, body: [], elseBody: null }, [node('Annotation', { name: 'a', content: '' })]),
      ],
    });
    expect(print(annotated)).toBe('if (x) {} else {\n  @a\n  if (y) {}\n}');
  });

  it('indents nested blocks two spaces per level', () => {
    const nested = stmt('While', {
      condition: x,
      body: [stmt('If', { condition: y, body: [hq()], elseBody: [hq('q', 1)] })],
    });
    expect(print(nested)).toBe('while (x) {\n  if (y) {\n    h q[0];\n  } else {\n    h q[1];\n  }\n}');
  });

  it('prints an empty program as empty text and a program without version without it', () => {
    expect(print(node('Program', { version: null, statements: [] }))).toBe('');
    expect(print(node('Program', { version: null, statements: [hq()] }))).toBe('h q[0];\n');
  });

  it('prints gphase without operands and calls with empty parentheses as written', () => {
    const gphase = stmt('GateCall', {
      modifiers: [],
      name: id('gphase'),
      args: [id('pi')],
      designator: null,
      qubits: [],
    });
    const empty = stmt('GateCall', {
      modifiers: [],
      name: id('g'),
      args: [],
      designator: int(4),
      qubits: [qubit('q')],
    });
    expect(print(gphase)).toBe('gphase(pi);');
    expect(print(empty)).toBe('g()[4] q;');
  });

  it('quotes strings with the quote they do not contain', () => {
    expect(print(stmt('Include', { path: 'say "hi".inc' }))).toBe(`include 'say "hi".inc';`);
  });

  it('falls back to values when a literal has no raw text', () => {
    expect(print(node('FloatLiteral', { raw: '', value: 2 }))).toBe('2.0');
    expect(print(node('IntegerLiteral', { raw: '', value: 12345678901234567890n }))).toBe('12345678901234567890');
    expect(print(node('ImaginaryLiteral', { raw: '', value: 0.5 }))).toBe('0.5im');
    expect(print(node('BitstringLiteral', { raw: '', value: '011' }))).toBe('"011"');
  });
});
