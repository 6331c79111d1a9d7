/**
 * Conventions machines enforce (architecture.md, principle 12): every rule
 * file holds one rule whose id is its file name, every rule is registered
 * once, documented in docs/rules.md, and has at least two reject fixtures and
 * one accept fixture; every spec-fixed text appears literally in a fixture.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PREFLIGHT_RULES } from '../src/preflight/rules.js';
import type { PreflightRule } from '../src/preflight/rule.js';
import { qasmFiles } from './preflight/fixture-files.js';

const ROOT = join(import.meta.dirname, '..');
const RULES_DIR = join(ROOT, 'src', 'preflight', 'rules');
const DOCS = readFileSync(join(ROOT, 'docs', 'rules.md'), 'utf8');
const ruleFiles = readdirSync(RULES_DIR)
  .filter((f) => f.endsWith('.ts'))
  .sort();

function isRule(value: unknown): value is PreflightRule {
  return typeof value === 'object' && value !== null && 'id' in value && 'create' in value;
}

describe('rule conventions', () => {
  it('has rule files and registered rules', () => {
    expect(ruleFiles.length).toBeGreaterThanOrEqual(15);
    expect(PREFLIGHT_RULES.length).toBe(ruleFiles.length);
    expect(Object.isFrozen(PREFLIGHT_RULES)).toBe(true);
  });

  for (const file of ruleFiles) {
    const id = file.replace(/\.ts$/, '');
    describe(id, () => {
      it('exports exactly one rule whose id is the file name, with a doc comment', async () => {
        const exported = Object.values((await import(join(RULES_DIR, file))) as Record<string, unknown>).filter(isRule);
        expect(exported.map((r) => r.id)).toEqual([id]);
        expect(readFileSync(join(RULES_DIR, file), 'utf8').trimStart().startsWith('/**')).toBe(true);
      });
      it('is registered once', () => {
        expect(PREFLIGHT_RULES.filter((r) => r.id === id)).toHaveLength(1);
      });
      it('is documented in docs/rules.md with its code', () => {
        const rule = PREFLIGHT_RULES.find((r) => r.id === id) as PreflightRule;
        const section = DOCS.split(/^## /m).find((s) => s.startsWith(`\`${id}\``));
        expect(section, `docs/rules.md has no "## \`${id}\`" section`).toBeDefined();
        expect(section).toContain(`\`${rule.code}\``);
        expect(section).toMatch(/Rejected/);
        expect(section).toMatch(/Accepted/);
        expect(section).toMatch(/Fix/);
      });
      it('has at least two reject fixtures and one accept fixture', () => {
        expect(qasmFiles(join(ROOT, 'fixtures', 'reject', id)).length).toBeGreaterThanOrEqual(2);
        expect(qasmFiles(join(ROOT, 'fixtures', 'accept', id)).length).toBeGreaterThanOrEqual(1);
      });
    });
  }

  it('has ids in kebab case, each unique', () => {
    const ids = PREFLIGHT_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
  });

  it('has a folder of reject fixtures only for registered rules', () => {
    const folders = readdirSync(join(ROOT, 'fixtures', 'reject'));
    const ids = new Set(PREFLIGHT_RULES.map((r) => r.id));
    expect(folders.filter((f) => !ids.has(f))).toEqual([]);
  });
});

describe('spec-fixed texts appear literally in expected files', () => {
  const expected = ['accept', 'reject', 'mixed']
    .flatMap((f) => qasmFiles(join(ROOT, 'fixtures', f)))
    .map((f) => f.replace(/\.qasm$/, '.expected.json'))
    .filter(existsSync)
    .map((f) => readFileSync(f, 'utf8'))
    .join('\n');
  const fixed = [
    'Circuit failed preflight validation: Unknown gate: cnto',
    'Circuit failed preflight validation: Unrecognized statement: input float[64] theta',
    'Circuit failed preflight validation: Classical bit c[0] is assigned by more than one measurement: line 4, column 1 and line 6, column 1',
    'Dynamic circuit execution (loops, branches) is not supported',
  ];
  for (const text of fixed) it(text, () => expect(expected).toContain(JSON.stringify(text).slice(1, -1)));
});
