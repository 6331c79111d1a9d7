import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tokenize } from '../../src/lexer/index.js';
import { parse } from '../../src/parser/index.js';
import { print } from '../../src/ast/print.js';
import { validProgramText } from './arbitraries.js';

/** Valid programs whose tokens are mutated below. */
const PROGRAMS = [
  'OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit[2] q;\nbit[2] c;\nh q[0];\ncx q[0], q[1];\nc = measure q;',
  'gate g(theta) a, b { rz(theta) a; cx a, b; }\nqubit[2] q;\nctrl @ g(pi / 2) q[0], q[1];\nmeasure q[0] -> c[0];',
  'def f(int[32] a, qubit q) -> bit { if (a > 1) { x q; } else { h q; } return measure q; }\nfor int i in [0:2:10] { delay[100ns] q; }',
  'let a = q[0:1] ++ r;\nswitch (i) { case 0, 1 { x q; } default { } }\nwhile (b && !c) { b = b ^ 1; }\nbox[1us] { barrier q; }',
  '#pragma foo\n@ann bar\ncal { x }\ndefcal x $0 { y }\narray[int[8], 2] a = {1, 2};\nx **= -2 ** 3;\nint[32](x);\nreset $0;',
];

/** A program's token images with their offsets, for cutting the source at token boundaries. */
function tokenSlices(source: string): { start: number; end: number }[] {
  return tokenize(source).tokens.map((t) => ({ start: t.startOffset, end: t.startOffset + t.image.length }));
}

const mutation = fc.record({
  program: fc.integer({ min: 0, max: PROGRAMS.length - 1 }),
  edits: fc.array(fc.record({ op: fc.constantFrom('delete', 'duplicate', 'swap'), at: fc.nat(), other: fc.nat() }), {
    minLength: 1,
    maxLength: 4,
  }),
});

function mutate(source: string, edits: readonly { op: string; at: number; other: number }[]): string {
  let pieces = tokenSlices(source).map((t) => source.slice(t.start, t.end));
  for (const edit of edits) {
    if (pieces.length === 0) break;
    const i = edit.at % pieces.length;
    const j = edit.other % pieces.length;
    if (edit.op === 'delete') pieces = pieces.filter((_, k) => k !== i);
    else if (edit.op === 'duplicate') pieces.splice(i, 0, pieces[i] as string);
    else [pieces[i], pieces[j]] = [pieces[j] as string, pieces[i] as string];
  }
  return pieces.join(' ');
}

function checkResult(source: string): void {
  const result = parse(source);
  expect(result.program.kind).toBe('Program');
  for (const d of result.diagnostics) {
    expect(d.span.start.offset).toBeGreaterThanOrEqual(0);
    expect(d.span.end.offset).toBeLessThanOrEqual(source.length);
    expect(d.span.start.offset).toBeLessThanOrEqual(d.span.end.offset);
    expect(Number.isInteger(d.span.start.line) && Number.isInteger(d.span.start.column)).toBe(true);
  }
  // Every tree parse returns can be printed (issue 24, L3: a version inside a block could not).
  expect(typeof print(result.program)).toBe('string');
}

describe('parse never throws and always terminates, and print prints what it returns', () => {
  it('on arbitrary strings (4,000 runs)', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60, unit: 'binary' }), (s) => checkResult(s)),
      { numRuns: 4_000 },
    );
  });

  it('on strings made of OpenQASM fragments (3,000 runs)', () => {
    const fragment = fc.constantFrom(
      'qubit',
      'q',
      '[',
      ']',
      '(',
      ')',
      '{',
      '}',
      ';',
      ',',
      'gate',
      'h',
      'measure',
      '->',
      '=',
      '+',
      '**',
      '-',
      '@',
      'ctrl',
      'if',
      'else',
      'for',
      'in',
      ':',
      '1',
      '2.5',
      'pi',
      '"01"',
      '$0',
      '\n',
      ' ',
      '//',
      '/*',
      '*/',
      '#pragma',
      '@a',
      'cal',
      'let',
      'OPENQASM',
      '3.0',
      'while',
      'true',
    );
    fc.assert(
      fc.property(fc.array(fragment, { maxLength: 30 }), (parts) => checkResult(parts.join(''))),
      { numRuns: 3_000 },
    );
  });

  it('on programs made of whole lines: statements, headers and blocks in any order (2,000 runs)', () => {
    const line = fc.constantFrom(
      'OPENQASM 3.0;',
      'include "stdgates.inc";',
      'qubit[2] q;',
      'bit[2] c;',
      'h q[0];',
      'c[0] = measure q[0];',
      '{',
      '}',
      'while (true) {',
      'if (c[0]) {',
      '} else {',
      'for int i in [0:2] {',
      'gate g a {',
      'def f() {',
      'box {',
      '#pragma p',
      '@a',
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 12 }), (lines) => checkResult(lines.join('\n'))),
      { numRuns: 2_000 },
    );
  });

  it('on the printed programs of the AST generators (1,000 runs)', () => {
    fc.assert(
      fc.property(validProgramText, (text) => checkResult(text)),
      { numRuns: 1_000 },
    );
  });

  it('on token-level mutations of valid programs: deleted, duplicated and swapped tokens (3,000 runs)', () => {
    for (const program of PROGRAMS) expect(parse(program).diagnostics).toEqual([]);
    fc.assert(
      fc.property(mutation, ({ program, edits }) => checkResult(mutate(PROGRAMS[program] as string, edits))),
      { numRuns: 3_000 },
    );
  });
});
