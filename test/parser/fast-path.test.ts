/**
 * The fast path for plain gate calls must be invisible: for any text, parse
 * with it and parse without it give the same AST (spans as offsets, shared
 * empty lists where the general parser shares them) and the same
 * diagnostics. Also checks that it really reads the statements it is for,
 * so that a fast path that always declines cannot pass.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AstBuilder, emptyList } from '../../src/ast/build.js';
import { isDeferred } from '../../src/ast/deferred.js';
import { NO_ANNOTATIONS } from '../../src/ast/nodes.js';
import { SourceText, type Span } from '../../src/diagnostics/index.js';
import { KEYWORDS } from '../../src/lexer/index.js';
import { readStatement, skipBlanks } from '../../src/parser/fast-path.js';
import { parse } from '../../src/parser/index.js';
import { validProgramText } from '../properties/arbitraries.js';

const EMPTY = emptyList<never>();
/** Plain statements longer than the general parser's first region. */
const FILLER = 'x q;\n'.repeat(60);

/** Plain data for comparison: spans become offsets with the start's line and column, shared lists are marked. */
function normalise(value: unknown): unknown {
  if (typeof value === 'bigint') return `${value}n`;
  if (value === null || typeof value !== 'object') return value;
  if (value === NO_ANNOTATIONS) return '<no annotations>';
  if (value === EMPTY) return '<shared empty list>';
  if (Array.isArray(value)) return value.map(normalise);
  // A deferred statement's members are accessors: compare its plain form.
  if (isDeferred(value)) return normalise(value.toJSON());
  const record = value as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(record))
    out[key] = key === 'span' ? spanOf(record[key] as Span) : normalise(record[key]);
  return out;
}

function spanOf(span: Span): unknown {
  return [span.start.offset, span.end.offset, span.start.line, span.start.column, span.end.line, span.end.column];
}

function expectSameParse(text: string): void {
  const fast = parse(text);
  const general = parse(text, { fastPath: false });
  expect(normalise(fast.program)).toEqual(normalise(general.program));
  expect(normalise(fast.diagnostics)).toEqual(normalise(general.diagnostics));
}

/** How many statements of `text` the fast path reads, statement after statement from the start. */
function fastStatementCount(text: string): number {
  const builder = new AstBuilder(new SourceText(text));
  let count = 0;
  let at = skipBlanks(text, 0);
  for (let read = readStatement(text, at, builder); read !== null; read = readStatement(text, at, builder)) {
    count++;
    at = skipBlanks(text, read.end);
  }
  return count;
}

function qasmFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) files.push(...qasmFiles(path));
    else if (entry.endsWith('.qasm')) files.push(path);
  }
  return files;
}

describe('fast path: reads what it is for', () => {
  it('reads the bench shapes, with odd blanks and expressions', () => {
    const text =
      'h q[0];\ncx q[0], q[1]; // pair\nrz(pi/4) q[2];\n  rz ( - pi * (2 + x) / 3.5e-1 , .5 ,1. , 2e3)\tq [ 3 ] ,r\r\n;/* next */U() a /* before ; */;';
    expect(fastStatementCount(text)).toBe(5);
    expectSameParse(text);
  });

  it('builds nodes with the shared empty lists and interned names', () => {
    const text = 'h q;\nh q;';
    const builder = new AstBuilder(new SourceText(text));
    const first = readStatement(text, 0, builder);
    const second = readStatement(text, 5, builder);
    expect(first?.end).toBe(4);
    const call = first?.statement;
    const again = second?.statement;
    if (call?.kind !== 'GateCall' || again?.kind !== 'GateCall') throw new Error('expected two gate calls');
    expect(call.annotations).toBe(NO_ANNOTATIONS);
    expect(call.modifiers).toBe(EMPTY);
    expect(call.qubits[0]?.kind === 'IndexedIdentifier' && call.qubits[0].indices).toBe(EMPTY);
    expect(again.name.name).toBe(call.name.name);
  });

  it('declines every keyword as a gate name (the reader skips the lookup for one-letter names)', () => {
    // Keywords that start a statement the reader knows are read as that statement.
    const statementKeywords = new Map([
      ['measure', 'MeasureStatement'],
      ['barrier', 'Barrier'],
      ['reset', 'Reset'],
    ]);
    for (const keyword of KEYWORDS.keys()) {
      expect(keyword.length).toBeGreaterThan(1);
      const text = `${keyword} q;`;
      const read = readStatement(text, 0, new AstBuilder(new SourceText(text)));
      expect(read?.statement.kind ?? null).toBe(statementKeywords.get(keyword) ?? null);
    }
  });

  it.each([
    ['ctrl @ x q[0], q[1];', 'GateCall'],
    ['ctrl(2) @ negctrl @ inv @ pow(1/2) @ rz(pi) a, b[1], c;', 'GateCall'],
    ['measure q[0] -> c[0];', 'MeasureStatement'],
    ['measure q;', 'MeasureStatement'],
    ['c[0] = measure q[0];', 'Assignment'],
    ['c = measure q;', 'Assignment'],
    ['barrier;', 'Barrier'],
    ['barrier q, r[2];', 'Barrier'],
    ['reset q[0];', 'Reset'],
    ['measure/* */q [ 1 ]\n->\tc[1] ;', 'MeasureStatement'],
  ])('reads %s', (text, kind) => {
    expect(readStatement(text, 0, new AstBuilder(new SourceText(text)))?.statement.kind).toBe(kind);
    // Far enough from the start that the fast path, not the first general region, reads it.
    expectSameParse(`${'x q;\n'.repeat(60)}${text}\n${text}`);
  });

  it.each([
    ['a keyword', 'delay q[0];'],
    ['a measurement into a hardware qubit', 'measure $0 -> c[0];'],
    ['a compound measurement assignment', 'c[0] += measure q[0];'],
    ['an equality test', 'c[0] == measure q[0];'],
    ['a measurement inside an expression', 'c[0] = 1 + measure q[0];'],
    ['a reset of two qubits', 'reset q, r;'],
    ['a modifier on gphase', 'ctrl @ gphase(pi) q;'],
    ['inv with an argument', 'inv(2) @ x q;'],
    ['pow without an argument', 'pow @ x q;'],
    ['a modifier without @', 'ctrl x q;'],
    ['pragma', 'pragma q;'],
    ['a designator', 'h[2] q;'],
    ['a hex literal', 'rz(0x1f) q;'],
    ['a separated number', 'rz(1_000) q;'],
    ['a duration', 'rz(2 ns) q;'],
    ['an imaginary number', 'rz(1im) q;'],
    ['a power', 'rz(2**3) q;'],
    ['an unterminated block comment', 'h /* c q;'],
    ['a Unicode name', 'rz(θ) q;'],
    ['a hardware qubit', 'h $0;'],
    ['a trailing comma', 'h q,;'],
    ['a missing semicolon', 'h q'],
    ['a call argument', 'rz(f(1)) q;'],
    ['two indices', 'h q[0][1];'],
    ['an expression index', 'h q[1+1];'],
    ['an assignment', 'x = 1;'],
    ['a compound operator', 'rz(a -= 1) q;'],
  ])('declines %s', (_what, text) => {
    expect(readStatement(text, 0, new AstBuilder(new SourceText(text)))).toBeNull();
    expectSameParse(text);
  });
});

describe('fast path: same AST and diagnostics as the general parser', () => {
  const root = join(import.meta.dirname, '..', '..', 'fixtures');
  const files = qasmFiles(root);

  it('finds fixtures to compare, and reads gate calls in them', () => {
    expect(files.length).toBeGreaterThan(100);
    const lines = files.flatMap((f) => readFileSync(f, 'utf8').split('\n'));
    expect(lines.filter((line) => fastStatementCount(line) > 0).length).toBeGreaterThan(100);
  });

  it('on every fixture', () => {
    for (const file of files) expectSameParse(readFileSync(file, 'utf8'));
  });

  it('on long programs cut into chunks, with errors in several chunks and the version header out of place', () => {
    const lines: string[] = ['OPENQASM 3.0;', 'qubit[20] q;', 'bit[20] c;'];
    for (let i = 0; i < 16_000; i++) {
      const a = i % 20;
      if (i % 7_001 === 5)
        lines.push(`h q[${a}]`); // missing ';'
      else if (i % 11_111 === 7) lines.push('OPENQASM 3.1;');
      else if (i % 7 === 0) lines.push(`measure q[${a}] -> c[${a}];`);
      else if (i % 3 === 0) lines.push(`cx q[${a}], q[${(a + 1) % 20}];`);
      else lines.push(`rz(-pi/${a + 1}) q[${a}]; // note`);
    }
    const text = lines.join('\n');
    expect(text.length).toBeGreaterThan(300_000);
    expectSameParse(text);
    expectSameParse(lines.filter((l) => l.endsWith(';') && !l.startsWith('OPENQASM 3.1')).join('\n'));
  });

  it('on generated valid programs', () => {
    fc.assert(
      fc.property(validProgramText, (text) => expectSameParse(text)),
      { numRuns: 300 },
    );
  });

  it('on generated gate calls with odd blanks, near-miss tokens and mistakes', () => {
    const blank = fc.constantFrom(
      '',
      '',
      ' ',
      '  ',
      '\t',
      '\n',
      '\r\n',
      '\r',
      ' \n\t',
      '// c\n',
      '/* c */',
      '/*\r\n*/',
      '//',
      '/*',
      '/ /',
      '\f',
    );
    const name = fc.constantFrom(
      'h',
      'cx',
      'rz',
      'U',
      'x_1',
      '_g',
      'gates',
      'pi',
      'measure',
      'ctrl',
      'pragma',
      'true',
      'θ',
      'q2',
    );
    const number = fc.constantFrom(
      '0',
      '4',
      '007',
      '1.5',
      '.5',
      '1.',
      '2e3',
      '1.e-2',
      '3E+1',
      '0x1f',
      '1_000',
      '2ns',
      '3 im',
      '1e',
      '1.2.3',
    );
    const atom = fc.oneof(number, fc.constantFrom('pi', 'x', 'tau', 'θ', 'f(1)', 'a[0]', 'true'));
    const expression: fc.Arbitrary<string> = fc.letrec<{ e: string }>((tie) => ({
      e: fc.oneof(
        { depthSize: 'small', withCrossShrink: true },
        atom,
        fc.tuple(blank, tie('e')).map(([s, e]) => `-${s}${e}`),
        fc
          .tuple(tie('e'), blank, fc.constantFrom('+', '-', '*', '/', '**', '%', '--', '+='), blank, tie('e'))
          .map((p) => p.join('')),
        fc.tuple(blank, tie('e'), blank).map(([s, e, t]) => `(${s}${e}${t})`),
      ),
    })).e;
    const operand = fc.oneof(
      fc.constantFrom('q', 'r', 'q2', '$0', 'pi'),
      fc
        .tuple(
          fc.constantFrom('q', 'r'),
          blank,
          blank,
          fc.constantFrom('0', '1', '19', '007', '1_0', '-1', '1.5'),
          blank,
        )
        .map(([n, s, t, i, u]) => `${n}${s}[${t}${i}${u}]`),
      fc.constantFrom('q[0][1]', 'q[0:2]', 'q[{0,1}]'),
    );
    const statement = fc
      .record({
        name,
        args: fc.option(fc.array(expression, { maxLength: 3 }), { nil: null }),
        operands: fc.array(operand, { minLength: 0, maxLength: 3 }),
        blanks: fc.array(blank, { minLength: 6, maxLength: 6 }),
        end: fc.constantFrom(';', ';', ';', ',;', '', ' // c\n;', ';;'),
      })
      .map(({ name: n, args, operands, blanks: b, end }) => {
        const argText = args === null ? '' : `${b[0]}(${b[1]}${args.join(`${b[2]},${b[3]}`)})`;
        return `${n}${argText}${b[4]} ${operands.join(`,${b[5]}`)}${end}`;
      });
    const modifier = fc
      .tuple(
        fc.constantFrom('ctrl', 'negctrl', 'inv', 'pow', 'ctrl(2)', 'pow(1/2)', 'inv(1)', 'ctrl(', 'Ctrl'),
        blank,
        fc.constantFrom('@', '@', '', '@@'),
        blank,
      )
      .map((p) => p.join(''));
    const modified = fc
      .tuple(fc.array(modifier, { minLength: 1, maxLength: 3 }), statement)
      .map(([m, s]) => m.join('') + s);
    // Measurements, resets and barriers: mostly well formed, with the near misses the reader must decline.
    const space = fc.constantFrom(' ', ' ', '  ', '\t', '\n', '/* */', ' // c\n', '');
    const qubitArg = fc.constantFrom('q', 'q[0]', 'q [ 1 ]', 'r[2]', 'q[0]', '$0', 'q[0:1]', 'q[0][1]', 'q[-1]');
    const bitArg = fc.constantFrom('c', 'c[0]', 'c[ 1 ]', 'c[0]', '$1', 'c[0:1]', 'c[0][0]');
    const finish = fc.constantFrom(';', ';', ';', '', ',;', ';;');
    const other = fc.oneof(
      fc
        .tuple(
          space,
          qubitArg,
          blank,
          fc.option(fc.tuple(fc.constantFrom('->', '->', '- >', '=>'), blank, bitArg), { nil: null }),
          finish,
        )
        .map(([s, q, b, arrow, end]) => `measure${s}${q}${b}${arrow === null ? '' : arrow.join('')}${end}`),
      fc
        .tuple(bitArg, blank, fc.constantFrom('=', '=', '+=', '==', '= 1 +'), blank, space, qubitArg, finish)
        .map(([c, b, op, t, s, q, end]) => `${c}${b}${op}${t}measure${s}${q}${end}`),
      fc
        .tuple(fc.constantFrom('reset', 'barrier'), space, fc.array(qubitArg, { maxLength: 3 }), blank, finish)
        .map(([k, s, qs, b, end]) => `${k}${s}${qs.join(', ')}${b}${end}`),
    );
    const program = fc
      .tuple(
        fc.constantFrom('', 'OPENQASM 3.0;\n', 'OPENQASM 3;\nqubit[2] q;\n'),
        fc.array(
          fc.tuple(
            fc.oneof(
              { weight: 3, arbitrary: statement },
              { weight: 1, arbitrary: modified },
              { weight: 2, arbitrary: other },
            ),
            blank,
          ),
          { maxLength: 8 },
        ),
        fc.boolean(),
      )
      // After a declined statement the general parser reads a 256-character region: with filler
      // between them, each generated statement is met by the fast path first.
      .map(([header, parts, spaced]) => header + parts.map(([s, b]) => (spaced ? FILLER : '') + s + b).join(''));
    fc.assert(
      fc.property(program, (text) => expectSameParse(text)),
      { numRuns: 600 },
    );
  });
});
