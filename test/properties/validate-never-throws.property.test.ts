/**
 * `validate` never throws and always terminates: on arbitrary strings, on
 * mutations of the fixtures, and on generated gate-definition nests (whose
 * expansion is counted, so a nest of 60 definitions that each call the
 * previous one twice fails with TooManyGates at once). Bounded run time: the
 * run counts and sizes below keep the whole file to a few seconds.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/api/validate.js';
import type { ValidateResult } from '../../src/api/validate.js';
import { qasmFiles } from '../preflight/fixture-files.js';
import { CAPABILITY_CHECKS } from '../../src/capabilities/index.js';

const FIXTURES = ['accept', 'reject', 'mixed']
  .flatMap((f) => qasmFiles(join(import.meta.dirname, '..', '..', 'fixtures', f)))
  .map((f) => readFileSync(f, 'utf8'));

/** Tokens that make mutations land on interesting syntax. */
const TOKENS = [
  'gate',
  'g',
  '{',
  '}',
  '(',
  ')',
  '[',
  ']',
  ';',
  ',',
  '@',
  'ctrl',
  'inv',
  'measure',
  '->',
  '=',
  'q',
  'c',
  '0',
  '-1',
  'pi',
  '/',
  '*',
  '+',
  '++',
  'let',
  'qubit',
  'bit',
  'if',
  'for',
  '$0',
  ':',
  '"',
  '//',
  '/*',
  '\n',
  ' ',
  'π',
  '1e999',
  '0/0',
];

function wellFormed(result: ValidateResult): void {
  expect(result.ok).toBe(result.diagnostics.length === 0);
  const first = result.diagnostics[0];
  expect(result.failure).toEqual(first ? { code: first.code, message: first.message } : null);
  for (const d of result.diagnostics) {
    for (const p of [d.span.start, d.span.end]) {
      expect(Number.isInteger(p.line) && p.line >= 1).toBe(true);
      expect(Number.isInteger(p.column) && p.column >= 1).toBe(true);
      expect(Number.isInteger(p.offset) && p.offset >= 0).toBe(true);
    }
    expect(d.span.end.offset).toBeGreaterThanOrEqual(d.span.start.offset);
    expect(d.rule).not.toBe('internal-error');
  }
  expect(result.diagnostics.length).toBeLessThanOrEqual(101);
  // By stage (docs/rules.md): subset rules, then capability findings, each stage in source order;
  // the closing max-errors diagnostic, if any, comes last.
  const closing = result.diagnostics.findIndex((d) => d.rule === 'max-errors');
  expect([-1, result.diagnostics.length - 1]).toContain(closing);
  const findings = result.diagnostics.filter((d) => d.rule !== 'max-errors');
  const capability = (d: ValidateResult['diagnostics'][number]) => CAPABILITY_RULES.has(d.rule);
  const stage = findings.map(capability);
  expect(stage).toEqual([...stage].sort((a, b) => Number(a) - Number(b)));
  for (const inStage of [false, true]) {
    const starts = findings.filter((d) => capability(d) === inStage).map((d) => d.span.start.offset);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
  }
}

const CAPABILITY_RULES: ReadonlySet<string> = new Set(CAPABILITY_CHECKS.map((c) => c.id));

const mutation = fc.oneof(
  fc.record({ kind: fc.constant('delete' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 20 }) }),
  fc.record({
    kind: fc.constant('insert' as const),
    at: fc.nat(),
    text: fc.oneof(fc.constantFrom(...TOKENS), fc.string({ maxLength: 6 })),
  }),
  fc.record({ kind: fc.constant('duplicate' as const), at: fc.nat(), length: fc.integer({ min: 1, max: 40 }) }),
);

interface Step {
  readonly kind: 'delete' | 'insert' | 'duplicate';
  readonly at: number;
  readonly length?: number;
  readonly text?: string;
}

function mutate(text: string, steps: readonly Step[]): string {
  let out = text;
  for (const step of steps) {
    const at = out.length === 0 ? 0 : step.at % (out.length + 1);
    if (step.kind === 'delete') out = out.slice(0, at) + out.slice(at + (step.length ?? 1));
    else if (step.kind === 'insert') out = out.slice(0, at) + (step.text ?? '') + out.slice(at);
    else out = out.slice(0, at) + out.slice(at, at + (step.length ?? 1)) + out.slice(at);
  }
  return out;
}

describe('validate never throws', () => {
  it('on arbitrary strings', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 200 }),
          fc.string({ unit: 'binary', maxLength: 200 }),
          fc.array(fc.constantFrom(...TOKENS), { maxLength: 60 }).map((t) => t.join(' ')),
        ),
        (text) => {
          wellFormed(validate(text));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('on mutations of the fixtures', () => {
    fc.assert(
      fc.property(fc.constantFrom(...FIXTURES), fc.array(mutation, { minLength: 1, maxLength: 5 }), (text, steps) => {
        wellFormed(validate(mutate(text, steps)));
      }),
      { numRuns: 300 },
    );
  });

  it('on generated gate-definition nests, answering TooManyGates exactly when the expansion passes the limit', () => {
    const maxGates = 20_000;
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 60 }),
        fc.integer({ min: 1, max: 3 }),
        fc.integer({ min: 1, max: 3 }),
        fc.boolean(),
        (depth, callsPerLevel, leafGates, withParams) => {
          const lines = [
            'qubit[3] q;',
            `gate g0${withParams ? '(t)' : ''} a, b { ${'rz(t / 2) a; cx a, b; '.repeat(leafGates).replaceAll('t / 2', withParams ? 't / 2' : 'pi / 2')}}`,
          ];
          for (let level = 1; level <= depth; level++) {
            const call = `g${level - 1}${withParams ? '(t * 2)' : ''} b, a; `;
            lines.push(`gate g${level}${withParams ? '(t)' : ''} a, b { ${call.repeat(callsPerLevel)}}`);
          }
          lines.push(`g${depth}${withParams ? '(pi)' : ''} q[0], q[2];`);
          const expanded = 2 * leafGates * callsPerLevel ** depth;
          const result = validate(lines.join('\n'), { maxGates });
          wellFormed(result);
          if (expanded > maxGates) expect(result.failure?.code).toBe('TooManyGates');
          else expect(result.diagnostics.filter((d) => d.code === 'TooManyGates')).toEqual([]);
        },
      ),
      { numRuns: 120 },
    );
  });
});
