import { describe, expect, it } from 'vitest';
import { tokenize } from '../../src/lexer/index.js';

function kinds(source: string): string[] {
  return tokenize(source).tokens.map((t) => `${t.tokenType.name} ${t.image}`);
}

describe('lexer', () => {
  it('tells keywords from identifiers by whole words', () => {
    expect(kinds('gate gates qubit qubits ctrl ctrl_x true falsey')).toEqual([
      'GATE gate',
      'Identifier gates',
      'QUBIT qubit',
      'Identifier qubits',
      'CTRL ctrl',
      'Identifier ctrl_x',
      'BooleanLiteral true',
      'Identifier falsey',
    ]);
  });

  it('reads Unicode identifiers', () => {
    expect(kinds('θ π τ qübit _x ℇ')).toEqual([
      'Identifier θ',
      'Identifier π',
      'Identifier τ',
      'Identifier qübit',
      'Identifier _x',
      'Identifier ℇ',
    ]);
  });

  it('reads every number form', () => {
    expect(
      kinds('42 1_000 0x2A 0XfF 0o52 0b1010 0B1 1.5 .5 2. 1e-3 1.5E+3 2im 1.5 im 100ns 1.5 us 10µs 3dt 2ms 1s'),
    ).toEqual([
      'DecimalIntegerLiteral 42',
      'DecimalIntegerLiteral 1_000',
      'HexIntegerLiteral 0x2A',
      'HexIntegerLiteral 0XfF',
      'OctalIntegerLiteral 0o52',
      'BinaryIntegerLiteral 0b1010',
      'BinaryIntegerLiteral 0B1',
      'FloatLiteral 1.5',
      'FloatLiteral .5',
      'FloatLiteral 2.',
      'FloatLiteral 1e-3',
      'FloatLiteral 1.5E+3',
      'ImaginaryLiteral 2im',
      'ImaginaryLiteral 1.5 im',
      'TimingLiteral 100ns',
      'TimingLiteral 1.5 us',
      'TimingLiteral 10µs',
      'TimingLiteral 3dt',
      'TimingLiteral 2ms',
      'TimingLiteral 1s',
    ]);
  });

  it('does not read a unit or im out of a following name', () => {
    expect(kinds('2 square 3 image')).toEqual([
      'DecimalIntegerLiteral 2',
      'Identifier square',
      'DecimalIntegerLiteral 3',
      'Identifier image',
    ]);
  });

  it('reads every operator, longest first', () => {
    expect(
      kinds('** **= ++ += -> -= == != <= >= << <<= >> >>= && || & | ^ ~ ! ~= ^= %= @ : ; , . #dim').map(
        (k) => k.split(' ')[0],
      ),
    ).toEqual([
      'DOUBLE_ASTERISK',
      'POWER_ASSIGN',
      'DOUBLE_PLUS',
      'PLUS_ASSIGN',
      'ARROW',
      'MINUS_ASSIGN',
      'EqualityOperator',
      'InequalityOperator',
      'LessEqualOperator',
      'GreaterEqualOperator',
      'LeftShiftOperator',
      'LSHIFT_ASSIGN',
      'RightShiftOperator',
      'RSHIFT_ASSIGN',
      'DOUBLE_AMPERSAND',
      'DOUBLE_PIPE',
      'AMPERSAND',
      'PIPE',
      'CARET',
      'TILDE',
      'EXCLAMATION_POINT',
      'NOT_ASSIGN',
      'XOR_ASSIGN',
      'MODULO_ASSIGN',
      'AT',
      'COLON',
      'SEMICOLON',
      'COMMA',
      'DOT',
      'DIM',
    ]);
  });

  it('reads strings, bit strings and hardware qubits', () => {
    expect(kinds('"stdgates.inc" \'a b\' "0101" "01_10" $0 $12')).toEqual([
      'StringLiteral "stdgates.inc"',
      "StringLiteral 'a b'",
      'BitstringLiteral "0101"',
      'BitstringLiteral "01_10"',
      'HardwareQubit $0',
      'HardwareQubit $12',
    ]);
  });

  it('skips comments and whitespace, including a BOM', () => {
    expect(kinds('\uFEFFh // x q;\n/* a\n b */ q;')).toEqual(['Identifier h', 'Identifier q', 'SEMICOLON ;']);
  });

  it('keeps pragmas and annotations to the end of the line', () => {
    expect(kinds('#pragma a b;\npragma c\n@bind x y {\nh q;\n  @a.b\nctrl @x q;')).toEqual([
      'PRAGMA #pragma a b;',
      'PRAGMA pragma c',
      'AnnotationKeyword @bind x y {',
      'Identifier h',
      'Identifier q',
      'SEMICOLON ;',
      'AnnotationKeyword @a.b',
      'CTRL ctrl',
      'AT @',
      'Identifier x',
      'Identifier q',
      'SEMICOLON ;',
    ]);
  });

  it('keeps cal and defcal bodies as opaque text with balanced braces', () => {
    expect(kinds('cal { a { b } } defcal rz(angle θ) $0 /* c */ { d } cal;')).toEqual([
      'CalBlock cal { a { b } }',
      'DefcalBlock defcal rz(angle θ) $0 /* c */ { d }',
      'CAL cal',
      'SEMICOLON ;',
    ]);
  });

  it('gives offsets into the whole source when lexing a slice', () => {
    const { tokens } = tokenize('h q;', 100);
    expect(tokens.map((t) => t.startOffset)).toEqual([100, 102, 103]);
  });

  it('reports problems as data with offsets, never throws', () => {
    expect(tokenize('h \u0000\u0001 q; ? /* x').problems).toEqual([
      { kind: 'unexpected-character', startOffset: 2, endOffset: 4 },
      { kind: 'unexpected-character', startOffset: 8, endOffset: 9 },
      { kind: 'unterminated-comment', startOffset: 10, endOffset: 14 },
    ]);
    expect(tokenize('x = "abc').problems).toEqual([{ kind: 'unterminated-string', startOffset: 4, endOffset: 8 }]);
    expect(tokenize('\ud800 \udc00').problems.map((p) => p.kind)).toEqual([
      'unexpected-character',
      'unexpected-character',
    ]);
  });
});
