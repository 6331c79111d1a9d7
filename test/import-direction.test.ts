import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/** Pipeline order (architecture.md): a stage imports only earlier stages, diagnostics and tables. */
const STAGES = [
  'tables',
  'platform',
  'diagnostics',
  'lexer',
  'parser',
  'ast',
  'inline',
  'preflight',
  'capabilities',
  'ir',
  'native',
  'draw',
  'simulator',
  'api',
];
/** Above the library: they use it only through src/index.ts (architecture.md). */
const USERS = ['cli', 'service', 'lsp', 'console'];
/** The AST node types are the parser's output contract: the parser may import ast. */
const EXTRA_ALLOWED: Record<string, string[]> = { parser: ['ast'], lexer: [] };

const SRC = join(import.meta.dirname, '..', 'src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith('.ts') ? [path] : [];
  });
}

function stageOf(path: string): string | null {
  const first = relative(SRC, path).split(sep)[0] ?? '';
  return STAGES.includes(first) ? first : null;
}

describe('import direction', () => {
  const imports = files(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/^\s*(?:import|export)[^'"]*from\s+['"](\.[^'"]+)['"]/gm)].map((m) => ({
      file,
      spec: m[1] as string,
      /** `import type`: erased at build, loads nothing. */
      typeOnly: /^\s*(?:import|export) type\b/.test(m[0]),
    })),
  );

  /** `import('...')` too: the CLI loads the library and the service on use. */
  const loadsOnUse = files(SRC).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g)].map((m) => ({
      file,
      spec: m[1] as string,
    })),
  );

  it('finds the imports it checks', () => {
    expect(imports.length).toBeGreaterThan(5);
  });

  it('never imports a later stage', () => {
    const bad = imports.filter(({ file, spec }) => {
      const from = stageOf(file);
      const to = stageOf(join(file, '..', spec));
      if (from === null || to === null || from === to) return false;
      if (to === 'tables' || to === 'platform') return from === 'platform';
      if (to === 'diagnostics') return from === 'tables';
      if ((EXTRA_ALLOWED[from] ?? []).includes(to)) return false;
      return STAGES.indexOf(to) >= STAGES.indexOf(from) || from === 'tables' || from === 'diagnostics';
    });
    expect(bad.map(({ file, spec }) => `${relative(SRC, file)} -> ${spec}`)).toEqual([]);
  });

  it('never imports a folder, always a file with its .js extension', () => {
    const bad = imports.filter(({ spec }) => !spec.endsWith('.js') && !spec.endsWith('.json'));
    expect(bad.map(({ file, spec }) => `${relative(SRC, file)} -> ${spec}`)).toEqual([]);
  });

  it('keeps Node built-ins behind the platform seam (browser bundles swap src/platform)', () => {
    const nodeImports = files(SRC)
      .filter(
        (file) => !['cli', 'service', 'lsp', 'console', 'platform'].includes(relative(SRC, file).split(sep)[0] ?? ''),
      )
      .filter((file) => /^\s*import[^'"]*from\s+['"]node:/m.test(readFileSync(file, 'utf8')));
    expect(nodeImports.map((file) => relative(SRC, file))).toEqual([]);
  });

  it('keeps tables free of imports', () => {
    const bad = imports.filter(({ file }) => stageOf(file) === 'tables' && !file.endsWith('index.ts'));
    expect(bad).toEqual([]);
  });

  it('lets the four users (cli, service, lsp, console) use the library only through src/index.ts', () => {
    const top = (path: string) => relative(SRC, path).split(sep)[0] ?? '';
    const fromUsers = [...imports, ...loadsOnUse].filter(({ file }) => USERS.includes(top(file)));
    for (const user of USERS)
      expect(
        fromUsers.some(({ file }) => top(file) === user),
        user,
      ).toBe(true);
    const bad = fromUsers.filter(({ file, spec }) => {
      const path = join(file, '..', spec);
      const target = relative(SRC, path);
      if (top(path) === top(file) || target === 'index.js') return false;
      // Another user's own entry (the CLI starts the service and the language server).
      return !(USERS.includes(top(path)) && target === join(top(path), 'index.js'));
    });
    expect(bad.map(({ file, spec }) => `${relative(SRC, file)} -> ${spec}`)).toEqual([]);
  });

  it('keeps src/api the top stage of the library: only src/index.ts imports it from outside', () => {
    const intoApi = [...imports, ...loadsOnUse].filter(
      ({ file, spec }) => relative(SRC, join(file, '..', spec)).split(sep)[0] === 'api',
    );
    expect(intoApi.some(({ file }) => relative(SRC, file) === 'index.ts')).toBe(true);
    const bad = intoApi.filter(({ file }) => !['api', 'index.ts'].includes(relative(SRC, file).split(sep)[0] ?? ''));
    expect(bad.map(({ file, spec }) => `${relative(SRC, file)} -> ${spec}`)).toEqual([]);
  });

  it('lets the language server use the library only through src/index.ts, and nothing of the service', () => {
    const lspImports = imports.filter(({ file }) => relative(SRC, file).split(sep)[0] === 'lsp');
    expect(lspImports.length).toBeGreaterThan(5);
    const bad = lspImports.filter(({ file, spec }) => {
      const target = relative(SRC, join(file, '..', spec));
      const top = target.split(sep)[0] ?? '';
      return top !== 'lsp' && target !== 'index.ts' && target !== 'index.js';
    });
    expect(bad.map(({ file, spec }) => `${relative(SRC, file)} -> ${spec}`)).toEqual([]);
    const service = lspImports.filter(({ spec }) => spec.includes('service'));
    expect(service).toEqual([]);
  });

  it('lets the service use the library only through its public API (src/index.ts)', () => {
    const inService = (path: string) => relative(SRC, path).split(sep)[0] === 'service';
    const bad = imports.filter(({ file, spec }) => {
      if (!inService(file)) return false;
      const target = join(file, '..', spec);
      return !inService(target) && relative(SRC, target) !== 'index.js';
    });
    expect(imports.some(({ file }) => inService(file))).toBe(true);
    expect(bad.map(({ file, spec }) => `${relative(SRC, file)} -> ${spec}`)).toEqual([]);
  });

  it('never imports the service statically from outside it (the CLI loads it lazily)', () => {
    const bad = imports.filter(({ file, spec, typeOnly }) => {
      const from = relative(SRC, file).split(sep)[0];
      return !typeOnly && from !== 'service' && relative(SRC, join(file, '..', spec)).split(sep)[0] === 'service';
    });
    expect(bad.map(({ file, spec }) => `${relative(SRC, file)} -> ${spec}`)).toEqual([]);
  });
});
