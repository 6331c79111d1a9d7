/**
 * No module of src reaches itself through its imports: static, type-only and
 * dynamic `import()` alike (a type-only cycle still ties two files' designs
 * together, and a dynamic one still loads both). Cycles are the strongly
 * connected components of the import graph (Tarjan, "Depth-first search and
 * linear graph algorithms", SIAM J. Comput. 1972). The simulator's folders
 * are also layered: kernels, then engine, then results, then the operations
 * at the top (run, noise, equivalence), each importing only those before it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(import.meta.dirname, '..', 'src');

/** Cycles known and owned elsewhere, to be removed; none remain (the service's store cycle ended with store/open.ts). */
const KNOWN_CYCLES: readonly string[] = [];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Relative specifiers a file imports: `import ... from`, `export ... from`, `import type`, `import('...')`. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:^\s*(?:import|export)\b[^'"]*?\bfrom\s+|\bimport\(\s*)['"](\.[^'"]+)['"]/gm)].map(
    (m) => m[1] as string,
  );
}

/** The import graph over src: file -> the src files it imports (`.js` specifiers name `.ts` sources). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of files(SRC)) {
    const targets = importsOf(file)
      .map((spec) => resolve(dirname(file), spec.replace(/\.js$/, '.ts')))
      .filter((target) => existsSync(target));
    graph.set(relative(SRC, file).split(sep).join('/'), [
      ...new Set(targets.map((t) => relative(SRC, t).split(sep).join('/'))),
    ]);
  }
  return graph;
}

/** Strongly connected components with more than one member, or a member importing itself (Tarjan). */
function cyclesOf(graph: ReadonlyMap<string, readonly string[]>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node) as number, index.get(next) as number));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop() as string;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) cycles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return cycles;
}

describe('import cycles', () => {
  it('finds a cycle where there is one, through any number of files, and none in a chain', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a', 'd']],
      ['d', []],
      ['e', ['e']],
      ['f', ['d']],
    ]);
    expect(cyclesOf(graph).map((c) => c.join(' '))).toEqual(expect.arrayContaining(['a b c', 'e']));
    expect(cyclesOf(graph)).toHaveLength(2);
    expect(
      cyclesOf(
        new Map([
          ['x', ['y']],
          ['y', []],
        ]),
      ),
    ).toEqual([]);
  });

  it('reads static, type-only, re-export and dynamic imports', () => {
    const graph = importGraph();
    expect(graph.get('simulator/index.ts')).toContain('simulator/run.ts');
    expect(graph.get('simulator/engine/simd-program.ts')).toContain('simulator/engine/local-program.ts');
    expect(graph.get('cli/commands/check.ts')).toContain('cli/check/validator.ts');
  });

  it('has no import cycle in src', () => {
    const cycles = cyclesOf(importGraph()).map((c) => c.join(' '));
    expect(cycles.filter((c) => !KNOWN_CYCLES.includes(c))).toEqual([]);
  });
});

describe('simulator layers', () => {
  const LAYERS = ['kernels', 'engine', 'results'];
  /** kernels 0, engine 1, results 2, the operations at simulator/ itself 3; outside the simulator null. */
  const layerOf = (path: string): number | null => {
    const parts = path.split('/');
    if (parts[0] !== 'simulator') return null;
    // The operations over the layers: run and equivalence at simulator/ itself, and the noisy runs in noise/.
    if (parts.length === 2 || parts[1] === 'noise') return LAYERS.length;
    return LAYERS.indexOf(parts[1] as string);
  };

  it('imports only its own layer or those below it: kernels, engine, results, then run/noise/equivalence', () => {
    const graph = importGraph();
    const simulatorFiles = [...graph.keys()].filter((file) => layerOf(file) !== null);
    expect(simulatorFiles.filter((file) => layerOf(file) === -1)).toEqual([]);
    for (const layer of LAYERS)
      expect(simulatorFiles.some((file) => file.startsWith(`simulator/${layer}/`))).toBe(true);
    const upward = simulatorFiles.flatMap((file) =>
      (graph.get(file) ?? [])
        .filter((target) => {
          const to = layerOf(target);
          return to !== null && to > (layerOf(file) as number);
        })
        .map((target) => `${file} -> ${target}`),
    );
    expect(upward).toEqual([]);
  });
});

describe('service layers', () => {
  it('keeps store/ free of imports from above it: the service imports the store, never the reverse', () => {
    const graph = importGraph();
    const store = [...graph.keys()].filter((file) => file.startsWith('service/store/'));
    expect(store.length).toBeGreaterThan(5);
    const upward = store.flatMap((file) =>
      (graph.get(file) ?? [])
        .filter((target) => !target.startsWith('service/store/'))
        .map((target) => `${file} -> ${target}`),
    );
    expect(upward).toEqual([]);
  });
});
