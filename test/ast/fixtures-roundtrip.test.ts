import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { print } from '../../src/ast/print.js';
import { stripSpans } from '../../src/ast/visit.js';
import { parse } from '../../src/parser/index.js';

const FIXTURES = join(import.meta.dirname, '..', '..', 'fixtures');

function qasmFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? qasmFiles(path) : path.endsWith('.qasm') ? [path] : [];
  });
}

/** Fixtures written by hand (comments, odd spacing, every construct the project meets) that parse cleanly. */
const cleanFixtures = qasmFiles(FIXTURES)
  .map((path) => ({ name: relative(FIXTURES, path), text: readFileSync(path, 'utf8') }))
  .map((fixture) => ({ ...fixture, parsed: parse(fixture.text) }))
  .filter(({ parsed }) => parsed.diagnostics.length === 0);

describe('printing the fixtures', () => {
  it('finds fixtures to print', () => {
    expect(cleanFixtures.length).toBeGreaterThan(20);
  });

  it.each(cleanFixtures.map((f) => [f.name, f] as const))(
    '%s re-parses to the same tree and prints idempotently',
    (_name, { parsed }) => {
      const printed = print(parsed.program);
      const reparsed = parse(printed);
      expect(reparsed.diagnostics).toEqual([]);
      expect(stripSpans(reparsed.program)).toEqual(stripSpans(parsed.program));
      expect(print(reparsed.program)).toBe(printed);
    },
  );
});

describe('printing deep trees', () => {
  it('prints expressions and blocks nested a hundred deep, and they read back the same', () => {
    // Kept well below where the parser currently reports its stack running out (about 180 levels).
    const depth = 100;
    const text = `x = ${'('.repeat(depth)}a${' + 1) * 2'.repeat(depth)};\n`;
    const blocks = `${'while (c) {\n'.repeat(depth)}h q;\n${'}\n'.repeat(depth)}`;
    for (const source of [text, blocks]) {
      const parsed = parse(source);
      expect(parsed.diagnostics).toEqual([]);
      const printed = print(parsed.program);
      const reparsed = parse(printed);
      expect(reparsed.diagnostics).toEqual([]);
      expect(stripSpans(reparsed.program)).toEqual(stripSpans(parsed.program));
    }
  });
});
