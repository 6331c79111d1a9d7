/**
 * fixtures/capability/<target>/X.qasm run through `validate` with that
 * target; X.expected.json holds `ok`, the failure and every diagnostic's
 * code, rule, exact message and full span.
 *
 * `UPDATE_FIXTURES=1 npx vitest run test/capabilities/fixtures.test.ts`
 * rewrites the expected files from the current output (review the diff).
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CAPABILITY_CHECKS } from '../../src/capabilities/index.js';
import { DYNAMIC_CIRCUITS_UNSUPPORTED, MID_CIRCUIT_MEASUREMENT_UNSUPPORTED } from '../../src/diagnostics/index.js';
import { TARGETS } from '../../src/tables/index.js';
import { validate } from '../../src/api/validate.js';

const DIR = join(import.meta.dirname, '..', '..', 'fixtures', 'capability');
const UPDATE = process.env.UPDATE_FIXTURES === '1';

interface Expected {
  ok: boolean;
  failure: { code: string; message: string } | null;
  diagnostics: { code: string; rule: string; message: string; span: unknown }[];
}

const fixtures = readdirSync(DIR).flatMap((target) =>
  readdirSync(join(DIR, target))
    .filter((f) => f.endsWith('.qasm'))
    .map((file) => ({
      target,
      file,
      expected: JSON.parse(
        readFileSync(join(DIR, target, file.replace(/\.qasm$/, '.expected.json')), 'utf8'),
      ) as Expected,
    })),
);

describe('fixtures/capability', () => {
  for (const { target, file, expected } of fixtures) {
    it(`${target}/${file}`, () => {
      const result = validate(readFileSync(join(DIR, target, file), 'utf8'), { target });
      if (UPDATE) {
        const actual = {
          ok: result.ok,
          failure: result.failure,
          diagnostics: result.diagnostics.map((d) => ({
            code: d.code,
            rule: d.rule,
            message: d.message,
            span: d.span,
          })),
        };
        writeFileSync(
          join(DIR, target, file.replace(/\.qasm$/, '.expected.json')),
          JSON.stringify(actual, null, 2) + '\n',
        );
        Object.assign(expected, actual);
      }
      expect(result.ok).toBe(expected.ok);
      expect(result.failure).toEqual(expected.failure);
      expect(result.diagnostics.map((d) => ({ code: d.code, rule: d.rule, message: d.message, span: d.span }))).toEqual(
        expected.diagnostics,
      );
      expect(file.endsWith('-accepted.qasm')).toBe(expected.ok);
    });
  }

  it('exercises every target of the table', () => {
    expect(new Set(fixtures.map((f) => f.target))).toEqual(new Set(TARGETS.map((t) => t.name)));
  });

  it('rejects with every capability check at least twice, and accepts close calls', () => {
    for (const check of CAPABILITY_CHECKS) {
      expect(
        fixtures.filter((f) => f.expected.diagnostics.some((d) => d.rule === check.id)).length,
      ).toBeGreaterThanOrEqual(2);
    }
    expect(fixtures.filter((f) => f.expected.ok).length).toBeGreaterThanOrEqual(6);
  });

  it('holds the spec-fixed sentences literally', () => {
    const messages = new Set(fixtures.flatMap((f) => f.expected.diagnostics.map((d) => d.message)));
    expect(messages).toContain(MID_CIRCUIT_MEASUREMENT_UNSUPPORTED);
    expect(messages).toContain(DYNAMIC_CIRCUITS_UNSUPPORTED);
    expect(messages).toContain('Mid-circuit measurement is not supported on this target');
    expect(messages).toContain('Dynamic circuit execution (loops, branches) is not supported');
    expect(messages).toContain('Program needs 40 qubits; qpu.forte-1 has 36');
  });
});

describe('a user-defined target', () => {
  const lab = {
    name: 'lab.trap-3',
    qubits: 3,
    twoQubitNative: 'zz',
    midCircuitMeasurement: true,
    status: 'available',
    simulator: false,
  } as const;

  it('is judged by its own fields: qubit count, mid-circuit measurement', () => {
    const mcm = 'qubit[3] q;\nbit[2] c;\nh q[0];\nc[0] = measure q[0];\nx q[0];\nc[1] = measure q[0];\n';
    expect(validate(mcm, { target: lab }).diagnostics).toEqual([]);
    expect(validate(mcm, { target: { ...lab, midCircuitMeasurement: false } }).failure).toEqual({
      code: 'UnsupportedFeature',
      message: 'Mid-circuit measurement is not supported on this target',
    });
    expect(validate('qubit[4] q;\n', { target: lab }).failure).toEqual({
      code: 'NotEnoughQubits',
      message: 'Program needs 4 qubits; lab.trap-3 has 3',
    });
  });
});
