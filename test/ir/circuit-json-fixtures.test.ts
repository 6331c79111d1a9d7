/**
 * fixtures/json: each `X.json` is a svc.circuit.v0 input; `X.expected.json`
 * holds the options, whether it is accepted, the failure, and every
 * diagnostic's code, rule, path, exact message and hint.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { JSON_RULES, validateCircuitJson } from '../../src/ir/circuit-json.js';

const DIR = join(import.meta.dirname, '..', '..', 'fixtures', 'json');
const inputs = readdirSync(DIR).filter((f) => f.endsWith('.json') && !f.endsWith('.expected.json'));

interface Expected {
  options: { target?: string; maxGates?: number };
  ok: boolean;
  failure: { code: string; message: string } | null;
  diagnostics: { code: string; rule: string; path: string; message: string; hint?: string }[];
}

describe('fixtures/json', () => {
  it('has fixtures, each with an expected file', () => {
    expect(inputs.length).toBeGreaterThan(20);
  });

  it('covers every JSON rule, both native families on the wrong target, and an accepted input per gateset', () => {
    const expectations = inputs.map(
      (f) => JSON.parse(readFileSync(join(DIR, f.replace(/\.json$/, '.expected.json')), 'utf8')) as Expected,
    );
    const rules = new Set(expectations.flatMap((e) => e.diagnostics.map((d) => d.rule)));
    for (const rule of Object.values(JSON_RULES)) expect(rules).toContain(rule);
    expect(expectations.filter((e) => e.ok).length).toBeGreaterThanOrEqual(3);
    expect(inputs).toEqual(
      expect.arrayContaining(['ms-on-forte.json', 'zz-on-aria.json', 'multicircuit-gateset-inheritance.json']),
    );
  });

  for (const file of inputs) {
    it(file, () => {
      const input: unknown = JSON.parse(readFileSync(join(DIR, file), 'utf8'));
      const expected = JSON.parse(
        readFileSync(join(DIR, file.replace(/\.json$/, '.expected.json')), 'utf8'),
      ) as Expected;
      const result = validateCircuitJson(input, expected.options);
      expect(result.ok).toBe(expected.ok);
      expect(result.failure).toEqual(expected.failure);
      expect(
        result.diagnostics.map((d) => ({
          code: d.code,
          rule: d.rule,
          path: d.path,
          message: d.message,
          ...(d.hint ? { hint: d.hint } : {}),
        })),
      ).toEqual(expected.diagnostics);
      for (const d of result.diagnostics) {
        expect(d.span).toEqual({ start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 1, offset: 0 } });
        if (d.code === 'InvalidInput') expect(d.message.startsWith(`${d.path}: `) || d.path === '').toBe(true);
      }
    });
  }
});

describe('src/ir/README.md', () => {
  it('documents every circuit-json rule', () => {
    const readme = readFileSync(join(import.meta.dirname, '..', '..', 'src', 'ir', 'README.md'), 'utf8');
    for (const rule of Object.values(JSON_RULES)) expect(readme).toContain(`| \`${rule}\` |`);
  });
});
