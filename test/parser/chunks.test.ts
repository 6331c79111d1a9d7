import { describe, expect, it } from 'vitest';
import { chunkEnd, CHUNK_SIZE, prefixCut } from '../../src/parser/chunks.js';
import { parse } from '../../src/parser/index.js';

/** Every cut chunkEnd makes with the smallest chunk size. */
function cuts(text: string): number[] {
  const found: number[] = [];
  for (let from = 0; from < text.length;) {
    const to = chunkEnd(text, from, 1);
    expect(to).toBeGreaterThan(from);
    found.push(to);
    from = to;
  }
  return found;
}

const TRICKY = [
  'OPENQASM 3.0;',
  'qubit[2] q; // a comment; with semicolons',
  '/* a block; comment { with braces */ h q[0];',
  'include "odd;name{.inc";',
  '#pragma a; b { c',
  'pragma d; e',
  '@ann x; y {',
  'gate g a { h a; x a; }',
  'if (true) x q[0];',
  'else { h q[1]; }',
  'if (false) { x q[0]; } // then',
  '  /* and */ else x q[1];',
  'cal { a; { b; } }',
  'defcal x $0 { c; }',
  'for int i in [0:2] { h q[i]; }',
  'x q[0]; y q[1];',
].join('\n');

describe('statement-aligned chunks', () => {
  it('cut only at the end of a top-level statement', () => {
    const { program, diagnostics } = parse(TRICKY);
    expect(diagnostics).toEqual([]);
    const statementEnds = new Set([program.version, ...program.statements].map((s) => s?.span.end.offset));
    const inner = cuts(TRICKY).filter((c) => c < TRICKY.length);
    expect(inner.length).toBeGreaterThan(5);
    expect(inner.filter((c) => !statementEnds.has(c))).toEqual([]);
  });

  it('never split an if from its else', () => {
    const source = 'if (c) x q;\n// note\nelse y q;\nz q;';
    expect(cuts(source)).toEqual([source.indexOf('z') - 1, source.length]);
  });

  it('keep the rest as one chunk when a comment never closes', () => {
    const source = 'h q; /* open\nx q;';
    expect(cuts(source)).toEqual([source.length]);
  });

  it('parse a long program the same as its pieces', () => {
    const pieces = Array.from({ length: 40_000 }, (_, i) =>
      i % 2 ? `rz(${i}) q[${i % 5}];` : `if (c) { x q; } else h q;`,
    );
    const source = pieces.join('\n');
    const result = parse(source);
    expect(result.diagnostics).toEqual([]);
    expect(result.program.statements).toHaveLength(40_000);
    expect(result.program.statements.map((s) => s.kind).filter((k, i) => k !== (i % 2 ? 'GateCall' : 'If'))).toEqual(
      [],
    );
  });
});

describe('prefixCut', () => {
  it('ends the prefix of an oversized chunk at a line end, else a comma, else a blank, else where asked', () => {
    expect(prefixCut('ab\ncd,ef gh', 0, 11)).toBe(2);
    expect(prefixCut('abcd,ef gh', 0, 10)).toBe(4);
    expect(prefixCut('abcdef gh', 0, 9)).toBe(6);
    expect(prefixCut('abcdefgh', 2, 8)).toBe(2);
    expect(prefixCut('abc', 2, 3)).toBe(-1);
    // A boundary further than CHUNK_SIZE away is not waited for.
    expect(prefixCut(`${'x'.repeat(CHUNK_SIZE + 10)}\n`, 0, CHUNK_SIZE + 11)).toBe(0);
  });
});
