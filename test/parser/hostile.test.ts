import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { AstBuilder } from '../../src/ast/build.js';
import { LIMITS } from '../../src/tables/index.js';
import { print } from '../../src/ast/print.js';
import { parse } from '../../src/parser/index.js';
import { MAX_PARSER_NESTING } from '../../src/parser/parser.js';

const DIR = join(import.meta.dirname, '..', '..', 'fixtures', 'hostile');

function summary(source: string) {
  const result = parse(source);
  return {
    diagnostics: result.diagnostics.map((d) => ({
      message: d.message,
      line: d.span.start.line,
      column: d.span.start.column,
    })),
    statements: result.program.statements.map((s) => s.kind),
  };
}

function expectSaneSpans(source: string): void {
  for (const d of parse(source).diagnostics) {
    for (const p of [d.span.start, d.span.end]) {
      expect(Number.isInteger(p.offset) && p.offset >= 0 && p.offset <= source.length).toBe(true);
      expect(Number.isInteger(p.line) && p.line >= 1).toBe(true);
      expect(Number.isInteger(p.column) && p.column >= 1).toBe(true);
    }
  }
}

describe('hostile input: a result or a diagnostic, never a crash', () => {
  for (const file of readdirSync(DIR).filter((f) => f.endsWith('.qasm'))) {
    it(`fixture ${file}`, () => {
      const source = readFileSync(join(DIR, file), 'utf8');
      const expected: unknown = JSON.parse(readFileSync(join(DIR, file.replace(/\.qasm$/, '.expected.json')), 'utf8'));
      expect(summary(source)).toEqual(expected);
      expectSaneSpans(source);
    });
  }

  it('100,000 nested parentheses: one nesting diagnostic, and the next statement still parses', () => {
    const source = 'x = ' + '('.repeat(100_000) + '1' + ')'.repeat(100_000) + ';\nh q;';
    const result = parse(source);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]?.reason).toBe(
      `nesting deeper than ${MAX_PARSER_NESTING} levels of brackets or blocks`,
    );
    expect(result.program.statements.map((s) => s.kind)).toEqual(['GateCall']);
    expectSaneSpans(source);
  });

  it('100,000 unclosed parentheses or braces: the nesting and the missing end, each once', () => {
    const nesting = `nesting deeper than ${MAX_PARSER_NESTING} levels of brackets or blocks`;
    expect(parse('('.repeat(100_000)).diagnostics.map((d) => d.reason)).toEqual([nesting]);
    const braces = 'gate g a ' + '{'.repeat(100_000);
    expect(parse(braces).diagnostics.map((d) => d.reason)).toEqual([nesting, "unexpected end of file: expected '}'"]);
    expectSaneSpans(braces);
  });

  it('100,000 nested blocks: one nesting diagnostic, the blocks still close, the next statement parses', () => {
    const source = '{'.repeat(100_000) + '}'.repeat(100_000) + '\nh q;';
    const result = parse(source);
    expect(result.diagnostics.map((d) => [d.reason, d.span.start.column])).toEqual([
      [`nesting deeper than ${MAX_PARSER_NESTING} levels of brackets or blocks`, MAX_PARSER_NESTING + 1],
    ]);
    expect(result.program.statements.map((s) => s.kind)).toEqual(['GateCall']);
  });

  it('nesting up to the limit parses', () => {
    const depth = MAX_PARSER_NESTING - 1;
    expect(parse('x = ' + '('.repeat(depth) + '1' + ')'.repeat(depth) + ';').diagnostics).toEqual([]);
    expect(parse('{'.repeat(MAX_PARSER_NESTING) + 'h q;' + '}'.repeat(MAX_PARSER_NESTING)).diagnostics).toEqual([]);
    expect(MAX_PARSER_NESTING).toBeLessThanOrEqual(LIMITS.maxNestingDepth);
  });

  it('a 10 MB line of garbage is one diagnostic, quickly', () => {
    const source = '\u0001'.repeat(10_000_000);
    const started = performance.now();
    const result = parse(source);
    expect(performance.now() - started).toBeLessThan(20_000);
    expect(result.diagnostics.map((d) => d.reason)).toEqual(['unexpected character U+0001']);
    expect(result.diagnostics[0]?.span.end.offset).toBe(10_000_000);
  });

  it('a 1 MB single line of statements parses completely', () => {
    const source = 'qubit[2] q; ' + 'h q[1]; '.repeat(125_000);
    const result = parse(source);
    expect(result.diagnostics).toEqual([]);
    expect(result.program.statements).toHaveLength(125_001);
    const last = result.program.statements[125_000];
    expect(last?.span.start.line).toBe(1);
    expect(last?.span.end.column).toBe(source.length);
  });

  it('lone surrogates, NUL and other control characters are diagnostics', () => {
    for (const source of ['\ud800', '\udc00x', 'h q;\u0000', '\u0007\u0008', 'θ\ud83d', 'x = "\ud800";']) {
      expect(() => parse(source)).not.toThrow();
      expectSaneSpans(source);
    }
    expect(parse('qubit q;\ud800').diagnostics.map((d) => d.reason)).toEqual(['unexpected character U+D800']);
  });

  it('non-string input does not throw', () => {
    expect(() => parse(undefined as unknown as string)).not.toThrow();
    expect(() => parse(42 as unknown as string)).not.toThrow();
  });

  it('a bug in building the AST becomes a diagnostic, not an exception, and the parser recovers for the next call', () => {
    const spy = vi.spyOn(AstBuilder.prototype, 'hardwareQubit').mockImplementation(() => {
      throw new Error('boom');
    });
    try {
      const result = parse('qubit q;\nreset $0;');
      expect(result.diagnostics.map((d) => d.reason)).toEqual(['internal parser error (please report it): boom']);
      expect(result.program.kind).toBe('Program');
    } finally {
      spy.mockRestore();
    }
    expect(parse('qubit q;\nreset $0;').diagnostics).toEqual([]);
  });
});

describe('limits that are the answer', () => {
  it('a list of more than 4,096 operands refuses its statement once, and the next one parses', () => {
    const source = `qubit[2] q;\nh ${'q[0], '.repeat(5_000)}q[1];\nx q[1];`;
    const result = parse(source);
    expect(result.diagnostics.map((d) => d.reason)).toEqual([
      'more than 4,096 names in one list of qubits or parameters',
    ]);
    expect(result.program.statements.map((s) => s.kind)).toEqual(['QubitDeclaration', 'GateCall']);
    expect(parse(`qubit[2] q;\nh ${'q[0], '.repeat(4_095)}q[1];`).diagnostics).toEqual([]);
  });

  it('a call of a million operands on one line is refused without lexing it all, and what follows still parses', () => {
    const source = `qubit[2] q;\nh ${'q[0], '.repeat(1_000_000)}q[1];\nx q[1];\ny q[9`;
    const result = parse(source);
    expect(result.diagnostics.map((d) => d.reason)).toEqual([
      'more than 4,096 names in one list of qubits or parameters',
      "expected ']' after `y q[9`",
    ]);
    expect(result.program.statements.map((s) => s.kind)).toEqual(['QubitDeclaration', 'GateCall']);
  });

  it('a bare body nests: a long `else if` chain is refused for its nesting, once', () => {
    const chain = `if (c) { x q; } else `.repeat(1_000) + '{ x q; }';
    const result = parse(`${chain}\nh q;`);
    expect(result.diagnostics.map((d) => d.reason)).toEqual([
      `nesting deeper than ${MAX_PARSER_NESTING} levels of brackets or blocks`,
    ]);
    expect(result.program.statements.map((s) => s.kind)).toEqual(['GateCall']);
    expect(parse(`if (c) { x q; } else `.repeat(100) + '{ x q; }').diagnostics).toEqual([]);
  });

  it('expression trees deeper than the library limit are refused; up to it they parse and print', () => {
    const deep = parse(`rz(${'-'.repeat(50_000)}1) q;`);
    expect(deep.diagnostics.map((d) => d.reason)).toEqual([
      'expression nested deeper than 1000 levels (operators, prefix signs, indexes and brackets together)',
    ]);
    expect(() => print(deep.program)).not.toThrow();
    const long = parse(`rz(1${'+1'.repeat(100_000)}) q;`);
    expect(long.diagnostics).toHaveLength(1);
    // 400 signs under a run of 400 additions: 800 levels.
    const fine = parse(`rz(${'-'.repeat(400)}1${'+1'.repeat(400)}) q;`);
    expect(fine.diagnostics).toEqual([]);
    expect(print(fine.program)).toContain('+ 1');
  });

  it('an integer literal longer than 4,096 characters is refused, without converting it', () => {
    const result = parse(`rz(${'7'.repeat(9_000_000)}) q;`);
    expect(result.diagnostics.map((d) => d.reason)).toEqual([
      'integer literal of 9,000,000 characters: at most 4,096 are read',
    ]);
    expect(parse(`x = ${'7'.repeat(4_096)};`).diagnostics).toEqual([]);
  });

  it('a flood of syntax errors stops at the budget, even in one chunk with no place to cut', () => {
    const result = parse('h q[0]\n'.repeat(1_000_000), { maxErrors: 10 });
    expect(result.diagnostics).toHaveLength(11);
    expect(result.diagnostics[10]?.rule).toBe('max-errors');
  });
});
