import { describe, expect, it } from 'vitest';
import type { GateCall, Identifier, Node } from '../../src/ast/nodes.js';
import { parse } from '../../src/parser/index.js';

function at(node: Node): string {
  const { start, end } = node.span;
  return `${start.line}:${start.column}-${end.line}:${end.column} @${start.offset}-${end.offset}`;
}

describe('spans', () => {
  it('are 1-based lines, code-point columns, 0-based offsets, end exclusive', () => {
    const { program } = parse('qubit q;\nrz(pi) q;\n');
    const call = program.statements[1] as GateCall;
    expect(at(call)).toBe('2:1-2:10 @9-18');
    expect(at(call.name)).toBe('2:1-2:3 @9-11');
    expect(at(call.args?.[0] as Node)).toBe('2:4-2:6 @12-14');
    expect(at(call.qubits[0] as Node)).toBe('2:8-2:9 @16-17');
    expect(at(program)).toBe('1:1-3:1 @0-19');
  });

  it('count code points on Unicode lines (astral characters count once)', () => {
    const source = 'float θ = 1;\nfloat 𝛉x = π;';
    const { program, diagnostics } = parse(source);
    expect(diagnostics).toEqual([]);
    const second = program.statements[1] as Node & { name: Identifier; init: Identifier };
    expect(at(second.name)).toBe('2:7-2:9 @19-22');
    expect(at(second.init)).toBe('2:12-2:13 @25-26');
  });

  it('handle CRLF and lone CR line ends', () => {
    const { program } = parse('qubit q;\r\nh q;\rx q;');
    expect(program.statements.map(at)).toEqual(['1:1-1:9 @0-8', '2:1-2:5 @10-14', '3:1-3:5 @15-19']);
  });

  it('cover a multi-line statement from its first to its last token', () => {
    const { program } = parse('gate g a {\n  h a;\n}\n');
    expect(at(program.statements[0] as Node)).toBe('1:1-3:2 @0-19');
  });

  it('put a missing semicolon right after the last token of the statement', () => {
    const { diagnostics } = parse('h q[0]\nx q;');
    expect(diagnostics.map((d) => [d.reason, d.span.start.line, d.span.start.column, d.span.end.column])).toEqual([
      ["expected ';' after `h q[0]`", 1, 7, 7],
    ]);
  });

  it('never hold NaN or -1, also after recovery at the end of the text', () => {
    for (const source of ['h q[0]', 'gate g a {', 'rz(', 'if (', '(((', 'x = ', '@ann']) {
      for (const d of parse(source).diagnostics) {
        for (const p of [d.span.start, d.span.end]) {
          expect(Number.isInteger(p.offset) && p.offset >= 0 && p.offset <= source.length).toBe(true);
          expect(p.line).toBeGreaterThanOrEqual(1);
          expect(p.column).toBeGreaterThanOrEqual(1);
        }
      }
    }
  });
});

describe('annotations', () => {
  it('attach to the statement after them; the statement span stays its own', () => {
    const { program, diagnostics } = parse('@bind a b\n@foo.bar\nh q;\nx q;');
    expect(diagnostics).toEqual([]);
    const [first, second] = program.statements;
    expect(first?.annotations.map((a) => [a.name, a.content, at(a)])).toEqual([
      ['bind', 'a b', '1:1-1:10 @0-9'],
      ['foo.bar', '', '2:1-2:9 @10-18'],
    ]);
    expect(at(first as Node)).toBe('3:1-3:5 @19-23');
    expect(second?.annotations).toEqual([]);
  });
});
