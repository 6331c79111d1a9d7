/**
 * Every fixture under fixtures/accept, fixtures/reject and fixtures/mixed runs
 * through `validate` (target simulator) and must report exactly the
 * diagnostics of its `.expected.json`: code, rule, literal message, full span,
 * and related locations and hint where present. `failure` is the first one.
 *
 * `UPDATE_FIXTURES=1 npx vitest run test/fixtures.test.ts` rewrites the
 * expected files from the current output (review the diff before committing).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { validate } from '../src/api/validate.js';
import type { Diagnostic } from '../src/diagnostics/index.js';
import { qasmFiles } from './preflight/fixture-files.js';

const ROOT = join(import.meta.dirname, '..', 'fixtures');
const FOLDERS = ['accept', 'reject', 'mixed'];
const UPDATE = process.env.UPDATE_FIXTURES === '1';

/** What an expected file pins of a diagnostic. */
function pinned(d: Diagnostic) {
  return {
    code: d.code,
    rule: d.rule,
    message: d.message,
    span: d.span,
    ...(d.related ? { related: d.related } : {}),
    ...(d.hint !== undefined ? { hint: d.hint } : {}),
  };
}

for (const folder of FOLDERS) {
  describe(`fixtures/${folder}`, () => {
    for (const file of qasmFiles(join(ROOT, folder))) {
      const name = relative(ROOT, file);
      it(name, () => {
        const source = readFileSync(file, 'utf8');
        const result = validate(source, { target: 'simulator' });
        const actual = { diagnostics: result.diagnostics.map(pinned) };
        const expectedPath = file.replace(/\.qasm$/, '.expected.json');
        if (UPDATE) writeFileSync(expectedPath, JSON.stringify(actual, null, 2) + '\n');
        const expected = JSON.parse(readFileSync(expectedPath, 'utf8')) as typeof actual;
        expect(actual).toEqual(expected);
        if (folder === 'accept') expect(result.diagnostics).toEqual([]);
        if (folder === 'reject') {
          const rule = relative(join(ROOT, 'reject'), file).split(/[\\/]/)[0];
          expect(result.diagnostics.some((d) => d.rule === rule)).toBe(true);
        }
        expect(result.ok).toBe(result.diagnostics.length === 0);
        const first = result.diagnostics[0];
        expect(result.failure).toEqual(first ? { code: first.code, message: first.message } : null);
      });
    }
  });
}
