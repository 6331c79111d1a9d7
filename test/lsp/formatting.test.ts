/**
 * Formatting over every fixture: formatting twice changes nothing, comments
 * survive, and the formatted program means the same (same diagnostics by
 * rule, same compiled circuit when accepted).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compile, validate } from '../../src/index.js';
import { formatText } from '../../src/lsp/formatting.js';
import { indexSymbols } from '../../src/lsp/symbols.js';
import { ROOT } from '../cli/run-cli.js';

function qasmFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? qasmFiles(path) : name.endsWith('.qasm') ? [path] : [];
  });
}

const comments = (text: string) => (text.match(/\/\/[^\r\n]*|\/\*[\s\S]*?\*\//g) ?? []).map((c) => c.trimEnd());

describe('formatting', () => {
  const files = [...qasmFiles(join(ROOT, 'fixtures')), ...qasmFiles(join(ROOT, 'examples'))];

  it(`is idempotent and keeps comments and meaning on ${files.length} programs`, () => {
    let formatted = 0;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const once = formatText(text, indexSymbols(text));
      if (once === null) {
        expect(indexSymbols(text).hasSyntaxErrors, file).toBe(true);
        continue;
      }
      formatted++;
      expect(formatText(once, indexSymbols(once)), file).toBe(once);
      expect(comments(once), file).toEqual(comments(text));
      const rules = (t: string) => validate(t, { maxSourceLength: Infinity }).diagnostics.map((d) => d.rule);
      expect(rules(once), file).toEqual(rules(text));
      const before = compile(text);
      if (before.ok) expect(compile(once).circuit, file).toEqual(before.circuit);
    }
    expect(formatted).toBeGreaterThan(files.length / 2);
  });
});
