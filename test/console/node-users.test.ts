/**
 * `import 'qasm3-preflight'` loads nothing of the console: the module graph
 * of src/index.ts (static and dynamic imports) reaches no file of
 * src/console or src/service and no browser-only package.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './browser.js';

const SRC = join(ROOT, 'src');
const IMPORT =
  /(?:^|[\s;])(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;

function graph(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const spec = (match[1] ?? match[2] ?? match[3]) as string;
      if (!spec.startsWith('.')) {
        packages.add(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : (spec.split('/')[0] as string));
        continue;
      }
      const target = join(dirname(file), spec).replace(/\.js$/, '.ts');
      if (existsSync(target)) visit(target);
    }
  };
  visit(entry);
  return { files, packages };
}

describe('library users pay nothing for the console', () => {
  const { files, packages } = graph(join(SRC, 'index.ts'));

  it('walks the whole library', () => {
    expect(files.size).toBeGreaterThan(50);
    expect([...files].some((f) => f.endsWith('platform/index.ts'))).toBe(true);
  });

  it('reaches no console or service file, and no browser package', () => {
    const outside = [...files]
      .map((f) => relative(SRC, f))
      .filter((f) => f.startsWith('console') || f.startsWith('service'));
    expect(outside).toEqual([]);
    const browserOnly = [...packages].filter((p) =>
      /^(@codemirror|codemirror|@lezer|@observablehq|vite|playwright-core|fastify|@fastify)/.test(p),
    );
    expect(browserOnly).toEqual([]);
  });
});
