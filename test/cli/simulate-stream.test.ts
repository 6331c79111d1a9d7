/**
 * `simulate --format`: the artifact printed is the only one produced, it is
 * streamed in chunks, and one left out past --max-probability-entries is a
 * warning and exit code 1 (issue 15, section 5). In-process, scripted io.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { createStyle } from '../../src/cli/style.js';
import { ROOT } from './run-cli.js';

const dir = mkdtempSync(join(tmpdir(), 'simulate-stream-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function program(name: string, text: string): string {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
}

function scriptedIo() {
  const chunks: string[] = [];
  let err = '';
  const io: CliIo = {
    stdout: (text) => void chunks.push(text),
    stderr: (text) => void (err += text),
    stdin: Readable.from([]),
    stdoutIsTTY: false,
    env: {},
    cwd: ROOT,
    stdoutStyle: () => createStyle(false),
    stderrStyle: () => createStyle(false),
    writeFile: () => undefined,
  };
  return { io, chunks, err: () => err };
}

const argv = (...args: string[]) => ['node', 'qasm3-preflight', ...args];

describe('simulate --format streams one artifact', () => {
  const wide = program('wide.qasm', 'OPENQASM 3.0;\nqubit[13] q;\nh q;\n');

  it('writes the exact distribution in chunks, as indented JSON', async () => {
    const run = scriptedIo();
    expect(await runCli(argv('simulate', wide, '--format', 'probabilities', '--no-threads'), run.io)).toBe(0);
    expect(run.chunks.length).toBeGreaterThan(3);
    const text = run.chunks.join('');
    const parsed = JSON.parse(text) as { probabilities: { registers: { output_all: Record<string, number> } } };
    expect(Object.keys(parsed.probabilities.registers.output_all)).toHaveLength(8192);
    expect(
      text.startsWith(
        '{\n  "probabilities": {\n    "registers": {\n      "output_all": {\n        "0000000000000": 0.0001220703125,',
      ),
    ).toBe(true);
  }, 15_000);

  it('leaves it out past --max-probability-entries: the warning on stderr, exit code 1, nothing on stdout', async () => {
    const run = scriptedIo();
    expect(
      await runCli(
        argv('simulate', wide, '--format', 'v0.3', '--max-probability-entries', '1000', '--no-threads'),
        run.io,
      ),
    ).toBe(1);
    expect(run.chunks.join('')).toBe('');
    expect(run.err()).toContain('was left out');
    expect(run.err()).toContain('1,000');
  }, 15_000);

  it('samples a histogram without gathering the exact distribution', async () => {
    const run = scriptedIo();
    expect(
      await runCli(
        argv(
          'simulate',
          wide,
          '--format',
          'histogram',
          '--shots',
          '300',
          '--seed',
          '2',
          '--max-probability-entries',
          '0',
          '--no-threads',
        ),
        run.io,
      ),
    ).toBe(0);
    const counts = (
      JSON.parse(run.chunks.join('')) as { histogram: { registers: { output_all: Record<string, number> } } }
    ).histogram.registers.output_all;
    expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBe(300);
    expect(run.err()).not.toContain('left out');
  }, 15_000);
});
