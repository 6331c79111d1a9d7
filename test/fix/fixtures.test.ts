/**
 * fixtures/fix/<family>/NAME.qasm: `fix` must turn each into NAME.fixed.qasm
 * beside it, which the service accepts, proven equal to the original.
 * `UPDATE_FIXTURES=1 npx vitest run test/fix/fixtures.test.ts` rewrites the
 * expected files (review the diff).
 */
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fix, validate } from '../../src/index.js';

const ROOT = join(import.meta.dirname, '..', '..', 'fixtures', 'fix');
const families = readdirSync(ROOT).sort();

describe('fixtures/fix', () => {
  it('has a family folder for each rewrite family', () => {
    expect(families).toEqual(
      expect.arrayContaining([
        'constants',
        'gates',
        'loops',
        'measurement',
        'modifiers',
        'operands',
        'subroutines',
        'timing',
      ]),
    );
  });
  for (const family of families) {
    const originals = readdirSync(join(ROOT, family)).filter((f) => f.endsWith('.qasm') && !f.endsWith('.fixed.qasm'));
    for (const name of originals) {
      it(`${family}/${name}`, () => {
        const source = readFileSync(join(ROOT, family, name), 'utf8');
        expect(validate(source).ok, 'the original is refused').toBe(false);
        const result = fix(source);
        const expectedPath = join(ROOT, family, name.replace(/\.qasm$/, '.fixed.qasm'));
        if (process.env.UPDATE_FIXTURES === '1' || !existsSync(expectedPath))
          writeFileSync(expectedPath, result.source);
        expect(result.source).toBe(readFileSync(expectedPath, 'utf8'));
        expect(validate(result.source).diagnostics).toEqual([]);
        expect(result.equivalent).toBe(true);
        expect(result.applied.length).toBeGreaterThan(0);
      });
    }
  }
});
