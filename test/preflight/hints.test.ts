/**
 * Hints lead somewhere: wherever a hint is code (a rewrite, a value, a
 * near name), putting it in the program in place of what it blames leaves
 * nothing to report there. Run over every fixture program and a set of
 * programs written for the hints.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REWRITE_CODE_PREFIX } from '../../src/diagnostics/index.js';
import type { Diagnostic } from '../../src/diagnostics/index.js';
import { validate } from '../../src/api/validate.js';
import { qasmFiles } from './fixture-files.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');

/** Programs that exercise every kind of hint, with the refused construct in several places. */
const HINT_PROGRAMS: readonly string[] = [
  'qubit[3] q;\ncphase(pi/2) q[0], q[1];\ncu1(-pi/8) q[1], q[2];\ncu3(0.1, 0.2, 0.3) q[2], q[0];\ncu(1, 2, 3, 4) q[0], q[1];',
  'qubit[2] q;\nphase(0.5) q[0];\nu(1, 2, 3) q[1];\nu1(pi/2 + pi/4) q[0];\nu2(0, pi) q[1];\nu3(pi, 0, pi) q[0];\nU(0.1, 0.2, 0.3) q[1];',
  'qubit[2] q;\nrzz(0.2) q[0], q[1];\nrxx(pi/3) q[0], q[1];\nryy(-0.4) q[1], q[0];\niswap q[0], q[1];\necr q[1], q[0];',
  'qubit[4] q;\ncs q[0], q[1];\ncsx q[1], q[2];\nccz q[0], q[1], q[2];\nmcx q[0], q[1], q[2], q[3];\nccx q[3], q[2], q[1];\ncswap q[0], q[1], q[2];',
  'qubit[2] a;\nqubit[2] b;\ncphase(0.25) a, b;\nrzz(0.5) a, b;',
  'qubit[3] q;\nctrl @ ry(0.5) q[0], q[1];\nctrl @ rx(0.5) q[0], q[1];\nctrl @ p(pi/4) q[0], q[1];\nctrl(2) @ p(0.3) q[0], q[1], q[2];\nctrl @ h q[0], q[1];\nctrl @ swap q[0], q[1], q[2];',
  'qubit[3] q;\nnegctrl @ ry(0.5) q[0], q[1];\nnegctrl @ x q[0], q[1];\nnegctrl(2) @ p(0.2) q[0], q[1], q[2];\nnegctrl @ h q[1], q[2];',
  'qubit[2] q;\ncnto q[0], q[1];\nhh q[0];\nrzz q[0], q[1];\nxphse(0.2) q[0];\nrz(pi/2 + 0.1) q[1];\nrx(2*(pi - 1)) q[0];',
  'qubit[3] q;\ngate cu1fixed(a) c, t { u1(-a) t; cx c, t; u1(a) t; cx c, t; }\ngate g(a, b) x, y { cphase(a) x, y; u3(a, 0, b) x; u2(0, b) y; rzz(a*2) x, y; ctrl @ p(b) x, y; negctrl @ ry(a/2) x, y; }\ncu1fixed(pi/2) q[0], q[1];',
  'qubit[2] q;\nbit[2] c;\nc[0] = measure q[0];\nif (c[0] == 1) { u1(pi/2) q[1]; cphase(pi/2 + pi/4) q[0], q[1]; }\nfor int i in [0:1] { rzz(0.5) q[0], q[1]; }',
];

interface Program {
  readonly name: string;
  readonly source: string;
}

const programs: Program[] = [
  ...['reject', 'mixed', 'accept']
    .flatMap((folder) => qasmFiles(join(FIXTURES, folder)))
    .map((file) => ({ name: file.slice(FIXTURES.length + 1), source: readFileSync(file, 'utf8') })),
  ...HINT_PROGRAMS.map((source, i) => ({ name: `hint program ${i + 1}`, source })),
];

/** Where a hint's code goes, and the program with it there; null when the hint is not code. */
function applyHint(
  source: string,
  d: Diagnostic,
): { program: string; from: number; to: number; replaced: [number, number] } | null {
  const hint = d.hint ?? '';
  const start = d.span.start.offset;
  if (hint.startsWith(REWRITE_CODE_PREFIX)) {
    // A rewrite replaces the whole statement the diagnostic blames, from its start to its `;`.
    const code = hint.slice(REWRITE_CODE_PREFIX.length);
    const end = source.indexOf(';', d.span.end.offset) + 1;
    return {
      program: source.slice(0, start) + code + source.slice(end),
      from: start,
      to: start + code.length,
      replaced: [start, end],
    };
  }
  const replacement = /^(?:write (\S+)|did you mean (\S+)\?)$/.exec(hint);
  if (replacement === null) return null;
  const text = (replacement[1] ?? replacement[2]) as string;
  return {
    program: source.slice(0, start) + text + source.slice(d.span.end.offset),
    from: start,
    to: start + text.length,
    replaced: [start, d.span.end.offset],
  };
}

describe('every hint that is code is accepted where it stands', () => {
  let applied = 0;
  for (const { name, source } of programs) {
    it(name, () => {
      const before = validate(source).diagnostics;
      for (const d of before) {
        const fix = applyHint(source, d);
        if (fix === null) continue;
        applied++;
        // What else was wrong in the replaced text stays wrong (ccx q[0], q[1], q[0] repeats a qubit); nothing new may appear.
        const [from, to] = fix.replaced;
        const elsewhere = new Set(
          before
            .filter((o) => o !== d && o.span.start.offset < Math.max(to, from + 1) && o.span.end.offset > from)
            .map((o) => o.rule),
        );
        const left = validate(fix.program).diagnostics.filter(
          (after) =>
            after.code !== 'UnsupportedFeature' &&
            after.code !== 'NotEnoughQubits' &&
            !elsewhere.has(after.rule) &&
            after.span.start.offset < fix.to &&
            after.span.end.offset > fix.from,
        );
        expect(
          left.map((l) => l.reason),
          `${d.hint}\n${fix.program}`,
        ).toEqual([]);
      }
    });
  }

  it('applied many hints', () => {
    expect(applied).toBeGreaterThanOrEqual(40);
  });
});

describe('hints for the gates users reach for', () => {
  const hintOf = (source: string) => validate(source).diagnostics.map((d) => d.hint);

  it('never suggests a near name of another arity or parameter count, nor one when a rewrite exists', () => {
    const hints = hintOf(
      'qubit[2] q;\ncphase(0.1) q[0], q[1];\nphase(0.1) q[0];\nrzz(0.1) q[0], q[1];\nrxx(0.1) q[0], q[1];\niswap q[0], q[1];\ncnto q[0], q[1];\nhh q[0];',
    );
    expect(hints.slice(0, 5).every((h) => h?.startsWith(REWRITE_CODE_PREFIX))).toBe(true);
    expect(hints.slice(5)).toEqual(['did you mean cnot?', 'did you mean h?']);
    expect(hintOf('qubit[2] q;\nrzz q[0], q[1];')).toEqual([
      'in accepted gates, up to global phase, rzz(θ) a, b is cx a, b; rz(θ) b; cx a, b',
    ]);
    expect(hintOf('qubit[2] q;\nswp q[0];')).toEqual([undefined]);
    expect(hintOf('qubit[2] q;\nswp q[0], q[1];')).toEqual(['did you mean swap?']);
  });

  it('gives the rewrite for u1 inside a branch with the sum computed', () => {
    const result = validate('qubit[3] q;\nbit[3] c;\nif (c == 3) u1(pi/2 + pi/4) q[2];');
    expect(result.diagnostics.map((d) => [d.rule, d.hint])).toEqual([
      ['rejected-gate', `${REWRITE_CODE_PREFIX}p(3*pi/4) q[2];`],
      ['constant-argument', 'write 3*pi/4'],
      [
        'dynamic-circuit',
        'unroll loops and resolve branches before submitting: targets run straight-line circuits only',
      ],
    ]);
  });

  it('names the def behind a call and says to inline its body', () => {
    const result = validate('qubit[1] q;\ndef flip(qubit a) { x a; }\nflip(q[0]);\nflip q[0];');
    expect(result.diagnostics.map((d) => d.reason)).toEqual([
      'def flip is not supported: use a gate definition, or write its statements inline',
      'Call of subroutine flip is not supported: write the body of def flip (line 2) inline here, with its arguments substituted',
      'Call of subroutine flip is not supported: write the body of def flip (line 2) inline here, with its arguments substituted',
    ]);
  });

  it('names const as the refused part, underlines it, and gives the value for a size', () => {
    const result = validate('const int n = 3;\nqubit[n] q;');
    const [constant, size] = result.diagnostics;
    expect(constant?.reason).toBe(
      'const is not supported (const int n = 3): write the value itself wherever the constant is used',
    );
    expect([constant?.span.start.offset, constant?.span.end.offset]).toEqual([0, 5]);
    expect(constant?.hint).toBe('replace n by 3 wherever it is used');
    expect(size?.hint).toBe(
      'n is the const declared on line 1, which is not supported: write the size itself, qubit[3] q;',
    );
  });

  it('explains pre-3.0 forms: an untyped loop variable, an untyped const, a size after the name', () => {
    const loop = validate('qubit[2] q;\nfor i in [0:1] { h q[i]; }').diagnostics[0];
    expect(loop?.hint).toBe(
      'OpenQASM 3.0 gives the loop variable a type: for int i in [0:1] { ... }; but loops are unsupported on every target anyway: unroll the loop and write each iteration out',
    );
    const [constant, register] = validate('const n = 3;\nqubit q[n];').diagnostics;
    expect(constant?.hint).toBe(
      'OpenQASM 3.0 gives a constant a type: const int n = 3; but const is not supported by the service: write the value itself wherever n is used',
    );
    expect(register?.hint).toBe('OpenQASM 3.0 writes the size after the type: qubit[n] q; (or the older qreg q[n];)');
  });
});
