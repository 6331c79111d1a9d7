/**
 * A command line that names a command loads that command's modules alone
 * (src/cli/program.ts): `keys` and `serve` start without the library's parser
 * tables, the modules are recorded by a resolve hook in the child.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLI, ensureBuilt, ROOT } from './run-cli.js';

beforeAll(ensureBuilt, 240_000);

const recordDir = mkdtempSync(join(tmpdir(), 'q3p-imports-'));
afterAll(() => rmSync(recordDir, { recursive: true, force: true }));
const hook = join(ROOT, 'test', 'cli', 'fixtures', 'imports', 'record-imports.mjs');

/** The module URLs the built CLI resolves for `args`. */
function importsOf(args: readonly string[]): string[] {
  const record = join(recordDir, `${args.join('_')}.txt`);
  const run = spawnSync(process.execPath, ['--import', hook, CLI, ...args], {
    env: { ...process.env, RECORD_IMPORTS: record },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  return readFileSync(record, 'utf8').trim().split('\n');
}

const library = (url: string) => url.endsWith('/dist/index.js') || url.includes('/chevrotain/');

describe('commands load on demand', () => {
  it.each([
    ['keys', '--help'],
    ['serve', '--help'],
    ['worker', '--help'],
  ])('%s %s loads no library module', (...args) => {
    const urls = importsOf(args);
    expect(urls.some((url) => url.endsWith(`/dist/cli/commands/${args[0]}.js`))).toBe(true);
    expect(urls.filter(library)).toEqual([]);
  });

  it('check (and its alias lint) loads the library and not the other commands', () => {
    for (const command of ['check', 'lint']) {
      const urls = importsOf([command, '--help']);
      expect(urls.some(library)).toBe(true);
      expect(urls.filter((url) => /\/dist\/cli\/commands\/(keys|serve|simulate)\.js$/.test(url))).toEqual([]);
    }
  });

  it('the top-level help loads every command', () => {
    const urls = importsOf(['--help']);
    for (const command of ['check', 'compile', 'fix', 'simulate', 'targets', 'serve', 'worker', 'keys', 'lsp'])
      expect(
        urls.some((url) => url.endsWith(`/dist/cli/commands/${command}.js`)),
        command,
      ).toBe(true);
  });
});
