/**
 * The service's internal layout: no import cycles among its modules (static,
 * type-only and dynamic imports alike), and the store depends on nothing above
 * it. Cycles are found as strongly connected components (Tarjan, 1972).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SERVICE = join(import.meta.dirname, '..', '..', 'src', 'service');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

/** Relative imports of a file: `import ... from`, `export ... from` and `import('...')`, resolved to .ts paths. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [
    ...text.matchAll(/^\s*(?:import|export)[^'"]*?from\s+['"](\.[^'"]+)['"]/gm),
    ...text.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g),
  ].map((m) => m[1] as string);
  return specs.map((spec) => join(file, '..', spec).replace(/\.js$/, '.ts'));
}

/** Every strongly connected component with more than one module, or a module importing itself. */
function cycles(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next++;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node) as number, low.get(to) as number));
      } else if (onStack.has(to)) low.set(node, Math.min(low.get(node) as number, index.get(to) as number));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    for (;;) {
      const member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
      if (member === node) break;
    }
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

const name = (path: string) => relative(SERVICE, path).split(sep).join('/');

describe('the service layout', () => {
  const graph = new Map(files(SERVICE).map((file) => [file, importsOf(file)]));

  it('reads the imports it checks', () => {
    expect(graph.size).toBeGreaterThan(30);
    expect([...graph.values()].flat().length).toBeGreaterThan(100);
  });

  it('finds a cycle when there is one (the check can fail)', () => {
    const sample = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
      ['d', ['a']],
      ['e', ['e']],
    ]);
    expect(cycles(sample)).toEqual([['a', 'b', 'c'], ['e']]);
    expect(
      cycles(
        new Map([
          ['a', ['b']],
          ['b', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('has no import cycle in src/service', () => {
    expect(cycles(graph).map((component) => component.map(name))).toEqual([]);
  });

  it('keeps store/ free of imports from above it', () => {
    const bad = [...graph].flatMap(([file, imports]) =>
      name(file).startsWith('store/')
        ? imports
            .filter((to) => !name(to).startsWith('store/'))
            .map((to) => `${name(file)} -> ${relative(SERVICE, to)}`)
        : [],
    );
    expect(bad).toEqual([]);
  });
});
