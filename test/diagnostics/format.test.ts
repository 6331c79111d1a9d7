import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createDiagnostic, type DiagnosticInit } from '../../src/diagnostics/diagnostic.js';
import { formatDiagnostic } from '../../src/diagnostics/format.js';
import { SourceText } from '../../src/diagnostics/source.js';

/** A diagnostic over the first occurrence of `needle` (or a given length from it). */
function at(source: SourceText, needle: string, extra: Partial<DiagnosticInit> = {}, length = needle.length) {
  const start = source.text.indexOf(needle);
  if (start < 0) throw new Error(`fixture has no ${needle}`);
  return createDiagnostic({
    code: 'PreflightError',
    rule: 'unknown-gate',
    reason: 'Unknown gate: cnto',
    span: source.span(start, start + length),
    ...extra,
  });
}

const PROGRAM = 'OPENQASM 3;\nqubit[2] q;\ncnto q[0], q[1];\n';

describe('formatDiagnostic', () => {
  it('takes the program text as a string, exactly as it takes a SourceText, and never throws on other values', async () => {
    const {
      validate,
      formatDiagnostic: publicFormat,
      SourceText: PublicSourceText,
    } = await import('../../src/index.js');
    const program = 'qubit[2] q;\ncnto q[0], q[1];';
    const diagnostic = validate(program).diagnostics[0] as Parameters<typeof publicFormat>[0];
    const fromString = publicFormat(diagnostic, program, { filename: 'bell.qasm' });
    expect(fromString).toBe(publicFormat(diagnostic, new PublicSourceText(program), { filename: 'bell.qasm' }));
    expect(fromString.split('\n').slice(0, 3)).toEqual([
      'bell.qasm:2:1  PreflightError  unknown-gate  Circuit failed preflight validation: Unknown gate: cnto',
      '  2 | cnto q[0], q[1];',
      '    | ^^^^',
    ]);
    expect(publicFormat(diagnostic, new PublicSourceText(program, 'named.qasm'))).toMatch(/^named\.qasm:2:1/);
    expect(() => publicFormat(diagnostic, undefined as unknown as string)).not.toThrow();
  });

  it('prints the header, the line and a caret under exactly the span', () => {
    const source = new SourceText(PROGRAM, 'bell.qasm');
    expect(formatDiagnostic(at(source, 'cnto'), source)).toBe(
      [
        'bell.qasm:3:1  PreflightError  unknown-gate  Circuit failed preflight validation: Unknown gate: cnto',
        '  3 | cnto q[0], q[1];',
        '    | ^^^^',
      ].join('\n'),
    );
  });

  it('prefers the filename option, then the source name, then <input>', () => {
    const named = new SourceText(PROGRAM, 'a.qasm');
    const unnamed = new SourceText(PROGRAM);
    expect(formatDiagnostic(at(named, 'cnto'), named, { filename: 'b.qasm' })).toMatch(/^b\.qasm:3:1 /);
    expect(formatDiagnostic(at(unnamed, 'cnto'), unnamed)).toMatch(/^<input>:3:1 /);
  });

  it('underlines a mid-line span at its column', () => {
    const source = new SourceText(PROGRAM, 'p.qasm');
    expect(formatDiagnostic(at(source, 'q[1]'), source).split('\n').slice(1)).toEqual([
      '  3 | cnto q[0], q[1];',
      '    |            ^^^^',
    ]);
  });

  it('shows one caret for an empty span, also at the end of a line', () => {
    const source = new SourceText('h q[0]\nx q;\n', 'p.qasm');
    const d = createDiagnostic({
      code: 'PreflightError',
      rule: 'syntax',
      reason: "Expected ';'",
      span: source.span(6, 6),
    });
    expect(formatDiagnostic(d, source)).toBe(
      [
        "p.qasm:1:7  PreflightError  syntax  Circuit failed preflight validation: Expected ';'",
        '  1 | h q[0]',
        '    |       ^',
      ].join('\n'),
    );
  });

  it('underlines a multi-line span to the end of its first line', () => {
    const source = new SourceText('gate g a {\n  h a;\n}\n', 'p.qasm');
    const d = at(source, 'gate', {}, source.text.length - 1);
    expect(formatDiagnostic(d, source).split('\n').slice(1)).toEqual(['  1 | gate g a {', '    | ^^^^^^^^^^']);
  });

  it('reads CRLF and lone CR sources without carrying the line end into the frame', () => {
    const source = new SourceText('OPENQASM 3;\r\nqubit[2] q;\r\ncnto q[0], q[1];\r\n', 'crlf.qasm');
    expect(formatDiagnostic(at(source, 'cnto'), source)).toBe(
      [
        'crlf.qasm:3:1  PreflightError  unknown-gate  Circuit failed preflight validation: Unknown gate: cnto',
        '  3 | cnto q[0], q[1];',
        '    | ^^^^',
      ].join('\n'),
    );
    const cr = new SourceText('h q;\rcnto q;\r', 'cr.qasm');
    expect(formatDiagnostic(at(cr, 'cnto'), cr).split('\n').slice(1)).toEqual(['  2 | cnto q;', '    | ^^^^']);
  });

  it('counts columns in code points and carets in terminal cells (wide characters take two)', () => {
    const source = new SourceText('π = 1;\n漢字 cnto q;\n😀 cnto q;\n', 'u.qasm');
    const wide = formatDiagnostic(at(source, '漢字 cnto'), source).split('\n');
    expect(wide).toEqual([
      'u.qasm:2:1  PreflightError  unknown-gate  Circuit failed preflight validation: Unknown gate: cnto',
      '  2 | 漢字 cnto q;',
      '    | ^^^^^^^^^',
    ]);
    const afterEmoji = source.text.indexOf('cnto', source.text.indexOf('😀'));
    const d = createDiagnostic({
      code: 'PreflightError',
      rule: 'r',
      reason: 'x',
      span: source.span(afterEmoji, afterEmoji + 4),
    });
    expect(formatDiagnostic(d, source).split('\n')).toEqual([
      'u.qasm:3:3  PreflightError  r  Circuit failed preflight validation: x',
      '  3 | 😀 cnto q;',
      '    |    ^^^^',
    ]);
  });

  it('ignores combining marks when placing carets', () => {
    const source = new SourceText('e\u0301 cnto;\n', 'c.qasm');
    expect(formatDiagnostic(at(source, 'cnto'), source).split('\n').slice(1)).toEqual([
      '  1 | e\u0301 cnto;',
      '    |   ^^^^',
    ]);
  });

  it('expands tabs to tab stops in both the line and the underline', () => {
    const source = new SourceText('\tcnto q;\nx\tcnto q;\n', 't.qasm');
    expect(formatDiagnostic(at(source, 'cnto'), source).split('\n').slice(1)).toEqual([
      '  1 |     cnto q;',
      '    |     ^^^^',
    ]);
    const second = source.text.indexOf('cnto', 5);
    const d = createDiagnostic({
      code: 'PreflightError',
      rule: 'r',
      reason: 'x',
      span: source.span(second, second + 4),
    });
    expect(formatDiagnostic(d, source).split('\n').slice(1)).toEqual(['  2 | x   cnto q;', '    |     ^^^^']);
  });

  it('shows control and bidi-override characters as visible placeholders', () => {
    const source = new SourceText('\u001b[2J\u202e cnto;\n', 'h.qasm');
    expect(formatDiagnostic(at(source, 'cnto'), source).split('\n').slice(1)).toEqual([
      '  1 | \u241b[2J\ufffd cnto;',
      '    |       ^^^^',
    ]);
  });

  it('cuts a very long line to a window around the span, marked with ellipses', () => {
    const source = new SourceText(`${'a'.repeat(1000)} cnto ${'b'.repeat(1000)}`, 'long.qasm');
    const [, line, carets] = formatDiagnostic(at(source, 'cnto'), source).split('\n') as [string, string, string];
    expect(line.startsWith(`  1 | …${'a'.repeat(39)} cnto b`)).toBe(true);
    expect(line.endsWith('b…')).toBe(true);
    expect(line.length).toBeLessThan(140);
    expect(carets).toBe(`    | ${' '.repeat(41)}^^^^`);
  });

  it('lists related locations with their own frames, sharing one gutter width', () => {
    const lines = Array.from({ length: 12 }, (_, i) =>
      i === 1 ? 'c[0] = measure q[0];' : i === 11 ? 'c[0] = measure q[1];' : 'h q[0];',
    );
    const source = new SourceText(lines.join('\n'), 'm.qasm');
    const second = source.lineStarts[11] as number;
    const first = source.lineStarts[1] as number;
    const d = createDiagnostic({
      code: 'PreflightError',
      rule: 'unique-measurement-bit',
      reason: 'Classical bit c[0] is assigned by more than one measurement: line 2, column 1 and line 12, column 1',
      span: source.span(second, second + 19),
      related: [{ message: 'first measurement of c[0]', span: source.span(first, first + 19) }],
    });
    expect(formatDiagnostic(d, source)).toBe(
      [
        'm.qasm:12:1  PreflightError  unique-measurement-bit  Circuit failed preflight validation: Classical bit c[0] is assigned by more than one measurement: line 2, column 1 and line 12, column 1',
        '  12 | c[0] = measure q[1];',
        '     | ^^^^^^^^^^^^^^^^^^^',
        '  note: m.qasm:2:1  first measurement of c[0]',
        '   2 | c[0] = measure q[0];',
        '     | ^^^^^^^^^^^^^^^^^^^',
      ].join('\n'),
    );
  });

  it('puts the hint last, indenting continuation lines', () => {
    const source = new SourceText(PROGRAM, 'p.qasm');
    const text = formatDiagnostic(at(source, 'cnto', { hint: 'did you mean cnot?\nor define the gate first' }), source);
    expect(text.split('\n').slice(3)).toEqual(['  hint: did you mean cnot?', '        or define the gate first']);
  });

  it('names warnings as warnings in place of the failure code', () => {
    const source = new SourceText(PROGRAM, 'p.qasm');
    expect(formatDiagnostic(at(source, 'cnto', { severity: 'warning', rule: 'unused-suppression' }), source)).toMatch(
      /^p\.qasm:3:1 {2}warning {2}unused-suppression {2}/,
    );
  });

  it('uses no escape codes unless colour is asked for, and then resets every style', () => {
    const source = new SourceText(PROGRAM, 'p.qasm');
    const d = at(source, 'cnto', { hint: 'did you mean cnot?' });
    expect(formatDiagnostic(d, source)).not.toContain('\u001b');
    expect(formatDiagnostic(d, source, { color: false })).not.toContain('\u001b');
    const coloured = formatDiagnostic(d, source, { color: true });
    expect(coloured).toContain('\u001b[1;31mPreflightError\u001b[0m');
    expect(coloured).toContain('\u001b[1;31m^^^^\u001b[0m');
    expect(coloured).toContain('\u001b[1;32mhint:\u001b[0m did you mean cnot?');
    // eslint-disable-next-line no-control-regex -- strips the ANSI colour codes the test put there
    expect(coloured.replace(/\u001b\[[0-9;]*m/g, '')).toBe(formatDiagnostic(d, source));
  });

  it('survives spans outside the text without throwing', () => {
    const source = new SourceText('h q;', 'p.qasm');
    const d = createDiagnostic({
      code: 'PreflightError',
      rule: 'r',
      reason: 'x',
      span: { start: { line: 9, column: 1, offset: 99 }, end: { line: 9, column: 1, offset: 120 } },
    });
    expect(formatDiagnostic(d, source).split('\n').slice(1)).toEqual(['  1 | h q;', '    |     ^']);
    const empty = new SourceText('');
    const e = createDiagnostic({ code: 'PreflightError', rule: 'r', reason: 'x', span: empty.span(0, 0) });
    expect(formatDiagnostic(e, empty).split('\n').slice(1)).toEqual(['  1 |', '    | ^']);
  });
});

describe('formatDiagnostic on any text and span', () => {
  const anyText = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc.string({ unit: 'grapheme', maxLength: 300 }),
    fc.string({ maxLength: 300 }),
  );

  it('never throws, shows one header, one line and at least one caret, and lets no control character through', () => {
    fc.assert(
      fc.property(anyText, fc.nat(), fc.nat(), fc.boolean(), (text, a, b, color) => {
        const source = new SourceText(text, 'any.qasm');
        const [start, end] = [a % (text.length + 1), b % (text.length + 1)].sort((x, y) => x - y) as [number, number];
        const d = createDiagnostic({ code: 'PreflightError', rule: 'r', reason: 'x', span: source.span(start, end) });
        const lines = formatDiagnostic(d, source, { color })
          // eslint-disable-next-line no-control-regex -- strips ANSI colour codes
          .replace(/\u001b\[[0-9;]*m/g, '')
          .split('\n');
        expect(lines).toHaveLength(3);
        expect(lines[0]).toMatch(/^any\.qasm:\d+:\d+ {2}PreflightError {2}r {2}/);
        expect(lines[2]).toMatch(/^ +\| +\^+$/);
        // eslint-disable-next-line no-control-regex -- control characters are what must not reach the terminal
        expect(lines[1]).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/);
      }),
      { numRuns: 300 },
    );
  });
});
