/**
 * What a child process cannot easily show: the terminal-only bar chart, how
 * an internal failure is reported with and without --debug, and how inputs
 * are collected. Runs the CLI in-process with a scripted io.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectInputs } from '../../src/cli/check/inputs.js';
import { threadsFor } from '../../src/cli/check/parallel.js';
import type { CliIo } from '../../src/cli/io.js';
import { runCli } from '../../src/cli/program.js';
import { createStyle } from '../../src/cli/style.js';
import { ROOT } from './run-cli.js';

interface Captured {
  io: CliIo;
  out: () => string;
  err: () => string;
}

function scriptedIo(options: { tty?: boolean; failWrites?: boolean } = {}): Captured {
  let out = '';
  let err = '';
  const io: CliIo = {
    stdout: (text) => {
      if (options.failWrites) throw new Error('standard output is closed');
      out += text;
    },
    stderr: (text) => void (err += text),
    stdin: Readable.from([]),
    stdoutIsTTY: options.tty === true,
    env: {},
    cwd: ROOT,
    stdoutStyle: () => createStyle(false),
    stderrStyle: () => createStyle(false),
    writeFile: () => undefined,
  };
  return { io, out: () => out, err: () => err };
}

const argv = (...args: string[]) => ['node', 'qasm3-preflight', ...args];

describe('simulate on a terminal', () => {
  it('draws a bar chart per register when no format is given', async () => {
    const run = scriptedIo({ tty: true });
    const code = await runCli(argv('simulate', 'examples/ghz.qasm'), run.io);
    expect(code).toBe(0);
    const bar = '█'.repeat(40);
    expect(run.out()).toBe(
      [
        'output_all  (3 bits)',
        `  000  ${bar}  0.5000`,
        `  111  ${bar}  0.5000`,
        '',
        'c  (3 bits)',
        `  000  ${bar}  0.5000`,
        `  111  ${bar}  0.5000`,
        '',
      ].join('\n'),
    );
  });

  it('charts sampled counts when --shots is given, and still prints JSON for an explicit format', async () => {
    const chart = scriptedIo({ tty: true });
    expect(await runCli(argv('simulate', 'examples/bell.qasm', '--shots', '100', '--seed', '3'), chart.io)).toBe(0);
    expect(chart.out()).toMatch(/^output_all {2}\(2 bits\)\n {2}(00|11) {2}█+ +\d+ \(\d+\.\d%\)\n/);
    expect(chart.err()).toBe('100 shots, seed 3\n');
    const json = scriptedIo({ tty: true });
    expect(await runCli(argv('simulate', 'examples/bell.qasm', '--format', 'v0.3'), json.io)).toBe(0);
    expect(JSON.parse(json.out())).toEqual({ '0': 0.5, '3': 0.5 });
  });
});

describe('internal failures', () => {
  it('are one plain sentence without --debug, and show the stack with it; exit 2', async () => {
    const plain = scriptedIo({ failWrites: true });
    expect(await runCli(argv('targets'), plain.io)).toBe(2);
    expect(plain.err()).toBe(
      'qasm3-preflight: internal error: standard output is closed\nThis is a bug; run again with --debug for the stack trace and please report it.\n',
    );
    const debug = scriptedIo({ failWrites: true });
    expect(await runCli(argv('--debug', 'targets'), debug.io)).toBe(2);
    expect(debug.err()).toMatch(
      /^qasm3-preflight: internal error: standard output is closed\nError: standard output is closed\n\s+at /,
    );
  });
});

describe('collecting inputs', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'qasm3-preflight-inputs-'));
    for (const file of [
      'b.qasm',
      'a/x.qasm',
      'a/notes.txt',
      'node_modules/pkg/dep.qasm',
      '.hidden/h.qasm',
      'a[1].qasm',
    ]) {
      mkdirSync(join(dir, file, '..'), { recursive: true });
      writeFileSync(join(dir, file), 'qubit[1] q;\n');
    }
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('walks directories for .qasm files, sorted, skipping node_modules and dot-folders', () => {
    const { inputs, problems } = collectInputs(['.'], dir, '<stdin>');
    expect(inputs.map((i) => i.display)).toEqual(['a/x.qasm', 'a[1].qasm', 'b.qasm']);
    expect(problems).toEqual([]);
  });

  it('drops duplicates, keeps - once, reads existing paths literally before trying them as patterns', () => {
    const { inputs } = collectInputs(['b.qasm', './b.qasm', '-', '-', 'a[1].qasm', 'a/*.qasm'], dir, 'piped');
    expect(inputs.map((i) => i.display)).toEqual(['b.qasm', 'piped', 'a[1].qasm', 'a/x.qasm']);
  });

  it('reports an empty directory and a pattern without matches; a missing plain path stays an input to report unreadable', () => {
    mkdirSync(join(dir, 'empty'), { recursive: true });
    const { inputs, problems } = collectInputs(['empty', 'zz/*.qasm', 'missing.qasm'], dir, '<stdin>');
    expect(problems.map((p) => p.message)).toEqual([
      'no .qasm files in directory empty',
      'no files match the pattern zz/*.qasm',
    ]);
    expect(inputs.map((i) => i.display)).toEqual(['missing.qasm']);
  });
});

describe('automatic thread count', () => {
  it('uses one thread for few files or a busy machine, and never more than asked', () => {
    expect(threadsFor(10, undefined, 0)).toBe(1);
    expect(threadsFor(100_000, undefined, 0)).toBe(availableParallelism());
    expect(threadsFor(100_000, undefined, availableParallelism() + 3)).toBe(1);
    expect(threadsFor(1_000, 3, 50)).toBe(3);
    expect(threadsFor(20, 8, 0)).toBe(2);
  });
});
