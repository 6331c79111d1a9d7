/**
 * simulate's progress bar on standard error: the renderer with a fake clock
 * (quiet for the first second, at most 10 redraws a second, erased at the
 * end, never wider than the terminal), and the CLI under a real
 * pseudo-terminal (util-linux `script`) against a pipe, where it draws
 * nothing.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { progressBar, progressLine, timeLeft } from '../../src/cli/formats/progress-bar.js';
import { CLI, ensureBuilt, runCli } from './run-cli.js';

/** Erase to the end of the line: every frame ends with it, and the bar's last write is `\r` and it. */
const ERASE = '\u001b[K';

function fakeTerminal(columns = 80) {
  let clock = 0;
  const writes: string[] = [];
  const bar = progressBar({ write: (t) => writes.push(t), columns, now: () => clock });
  return { bar, writes, tick: (ms: number) => (clock += ms) };
}

/** A 20-qubit program of 40 layers (rx on every qubit, a row of cx): seconds of dense passes. */
function wideProgram(): string {
  const lines = ['OPENQASM 3.0;', 'qubit[20] q;', 'bit[20] c;'];
  for (let layer = 0; layer < 40; layer++) {
    for (let i = 0; i < 20; i++) lines.push(`rx(${(0.1 + 0.01 * layer + 0.001 * i).toFixed(4)}) q[${i}];`);
    for (let i = layer % 2; i < 19; i += 2) lines.push(`cx q[${i}], q[${i + 1}];`);
  }
  for (let i = 0; i < 20; i++) lines.push(`c[${i}] = measure q[${i}];`);
  return `${lines.join('\n')}\n`;
}

describe('progress bar renderer', () => {
  it('draws nothing in the first second, then at most one frame per 100 ms, and erases its line at the end', () => {
    const { bar, writes, tick } = fakeTerminal();
    for (let t = 0; t < 990; t += 10, tick(10)) bar.update(t, 10_000);
    expect(writes).toEqual([]);
    // 3 s of reports every 5 ms: 600 calls, at most 31 frames; about 1 gate a millisecond, about 6 s left at 3,900 of 10,000.
    for (let t = 0; t < 3000; t += 5, tick(5)) bar.update(1000 + t, 10_000);
    expect(writes.length).toBeGreaterThanOrEqual(29);
    expect(writes.length).toBeLessThanOrEqual(31);
    expect(writes.every((w) => w.startsWith('\r') && w.endsWith(ERASE))).toBe(true);
    expect(writes.at(-1)?.slice(0, -ERASE.length)).toMatch(/\] {2}3,9\d\d\/10,000 gates {2}39% {2}about [67] s left$/);
    bar.finish();
    expect(writes.at(-1)).toBe(`\r${ERASE}`);
  });

  it('a run under a second leaves the terminal untouched, finish included', () => {
    const { bar, writes, tick } = fakeTerminal();
    bar.update(0, 100);
    tick(900);
    bar.update(100, 100);
    bar.finish();
    expect(writes).toEqual([]);
  });

  it('estimates the time left from the rate since the first report', () => {
    // 1,000 of 5,000 gates in 2 s: 8 s left.
    expect(progressLine(1000, 5000, 8000, 100)).toMatch(/ {2}1,000\/5,000 gates {2}20% {2}about 8 s left$/);
    expect(progressLine(0, 5000, null, 100)).toMatch(/estimating time left$/);
    expect(timeLeft(95_000)).toBe('1 min 35 s');
    expect(timeLeft(10)).toBe('1 s');
  });

  it('never fills the last column, however narrow the terminal', () => {
    for (const columns of [10, 30, 50, 80, 200])
      expect([...progressLine(123_456, 1_000_000, 61_000, columns)].length).toBeLessThanOrEqual(columns - 1);
    expect(progressLine(5, 10, 1000, 200)).toMatch(/^\[█{20}░{20}\]/);
  });
});

describe('simulate on a terminal and in a pipe', () => {
  const hasScript = spawnSync('script', ['--version']).status === 0;
  let dir: string;
  beforeAll(async () => {
    await ensureBuilt();
    dir = mkdtempSync(join(tmpdir(), 'q3p-progress-'));
    writeFileSync(join(dir, 'wide.qasm'), wideProgram());
    return () => rmSync(dir, { recursive: true, force: true });
  });

  it('standard error a terminal: a bar with gates done and the time left, at most 10 frames a second, erased at the end', () => {
    expect(hasScript, 'this test needs `script` from util-linux (a pseudo-terminal for the CLI)').toBe(true);
    const out = join(dir, 'out.json');
    const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(CLI)} simulate wide.qasm --shots 10 --seed 5 --format histogram --no-threads > out.json`;
    const started = performance.now();
    // script gives the command a pseudo-terminal; what it writes there (standard error) comes out on script's stdout.
    const run = spawnSync('script', ['-qfec', command, '/dev/null'], {
      cwd: dir,
      encoding: 'utf8',
      // The bar from the start: on a fast machine this run can end inside the default quiet second.
      env: { ...process.env, COLUMNS: '100', QASM3_PREFLIGHT_PROGRESS_AFTER_MS: '0' },
    });
    const seconds = (performance.now() - started) / 1000;
    expect(run.status, run.stderr).toBe(0);
    const frames = run.stdout.split('\r').filter((f) => f.includes(' gates '));
    expect(frames.length, run.stdout).toBeGreaterThan(0);
    for (const frame of frames) {
      expect(frame.endsWith(ERASE)).toBe(true);
      expect(frame.slice(0, -ERASE.length)).toMatch(
        /^\[[█░]+\] {2}[\d,]+\/1,180 gates {2}\d+% {2}(about (\d+ min )?\d+ s left|estimating time left)$/,
      );
    }
    expect(frames.length).toBeLessThanOrEqual(Math.ceil(seconds * 10) + 1);
    // The line is erased before the summary: no bar stays on the screen.
    expect(run.stdout.replace(/\r?\n$/, '\n').endsWith(`\r${ERASE}10 shots, seed 5\n`)).toBe(true);
    const histogram = JSON.parse(readFileSync(out, 'utf8')) as {
      histogram: { registers: { c: Record<string, number> } };
    };
    expect(Object.values(histogram.histogram.registers.c).reduce((a, b) => a + b, 0)).toBe(10);
  }, 300_000);

  it('standard error a pipe: no bar, only the line it always prints', async () => {
    const r = await runCli([
      'simulate',
      join(dir, 'wide.qasm'),
      '--shots',
      '10',
      '--seed',
      '5',
      '--format',
      'histogram',
      '--no-threads',
    ]);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toBe('10 shots, seed 5\n');
  }, 300_000);
});
