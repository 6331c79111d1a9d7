/**
 * `import 'qasm3-preflight'` must not load Fastify, PGlite or pg: a child
 * process imports the library's entry point with a resolve hook that records
 * every module it loads.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');

function modulesLoadedBy(entry: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'qasm3-light-'));
  try {
    writeFileSync(
      join(dir, 'hooks.mjs'),
      `let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context);
  port.postMessage(resolved.url);
  return resolved;
}`,
    );
    writeFileSync(
      join(dir, 'main.mjs'),
      `import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const { port1, port2 } = new MessageChannel();
const urls = [];
port1.on('message', (url) => urls.push(url));
register(${JSON.stringify(pathToFileURL(join(dir, 'hooks.mjs')).href)}, { data: { port: port2 }, transferList: [port2] });
const library = await import(${JSON.stringify(pathToFileURL(entry).href)});
if (Object.keys(library).length === 0) throw new Error('nothing loaded');
await new Promise((r) => setTimeout(r, 100));
port1.close();
process.stdout.write(JSON.stringify(urls));`,
    );
    const out = execFileSync(process.execPath, ['--import', 'tsx', join(dir, 'main.mjs')], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    return JSON.parse(out) as string[];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("import 'qasm3-preflight'", () => {
  it('loads the library and none of the service: no Fastify, PGlite, pg or src/service module', () => {
    const loaded = modulesLoadedBy(join(ROOT, 'src', 'index.ts'));
    expect(loaded.some((url) => url.includes('/src/api/validate.ts'))).toBe(true);
    const heavy = loaded.filter((url) =>
      /\/node_modules\/(fastify|@fastify|@electric-sql|pg|pg-[a-z]+|typebox)\/|\/src\/service\//.test(url),
    );
    expect(heavy).toEqual([]);
  });

  it('sees the heavy modules where they are loaded: the HTTP app of qasm3-preflight/service', () => {
    const loaded = modulesLoadedBy(join(ROOT, 'src', 'service', 'http', 'app.ts'));
    for (const name of ['fastify', '@fastify/swagger', 'typebox'])
      expect(
        loaded.some((url) => url.includes(`/node_modules/${name}/`)),
        name,
      ).toBe(true);
  });
});

describe("import 'qasm3-preflight/service' (what `keys` loads)", () => {
  it('loads the store and the keys, not Fastify, the routes, the runner or the library: they load when a service starts', () => {
    const loaded = modulesLoadedBy(join(ROOT, 'src', 'service', 'index.ts'));
    expect(loaded.some((url) => url.includes('/src/service/store/catalog.ts'))).toBe(true);
    const heavy = loaded.filter((url) =>
      /\/node_modules\/(fastify|@fastify|typebox)\/|\/src\/service\/(http|worker)\/|\/src\/index\.ts$/.test(url),
    );
    expect(heavy).toEqual([]);
  });
});
