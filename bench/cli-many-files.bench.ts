/**
 * `qasm3-preflight check` on many small files, as CI runs it: the built CLI
 * in a fresh process, wall time from spawn to exit. Compares one thread with
 * the automatic worker-thread choice. Issue 6's bar: 1,000 files of 10
 * statements each in at most 2 s wall.
 *
 *   npx tsx bench/cli-many-files.bench.ts              (small: 200 and 1,000 files)
 *   BENCH_SIZE=full npx tsx bench/cli-many-files.bench.ts   (also 5,000 files)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { BENCH_SIZE, median, medianMs, printTable } from './lib.js';

const ROOT = join(import.meta.dirname, '..');
const CLI = join(ROOT, 'dist', 'cli', 'main.js');
const TMP = join(ROOT, '.bench-tmp', 'cli-many-files');

/** Ten statements in the service's subset, varied per file so no two files are identical. */
function program(i: number): string {
  return [
    'OPENQASM 3.0;',
    'include "stdgates.inc";',
    'qubit[3] q;',
    'bit[3] c;',
    `rz(${(i % 97) / 10} * pi) q[0];`,
    'h q[1];',
    'cx q[0], q[1];',
    `ry(-pi / ${(i % 7) + 2}) q[2];`,
    'c[0] = measure q[0];',
    'c[1] = measure q[1];',
    '',
  ].join('\n');
}

function makeFiles(count: number): string {
  const dir = join(TMP, String(count));
  rmSync(dir, { recursive: true, force: true });
  for (let i = 0; i < count; i++) {
    const sub = join(dir, `group-${Math.floor(i / 100)}`);
    if (i % 100 === 0) mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `circuit-${i}.qasm`), program(i));
  }
  return dir;
}

const TIME = '/usr/bin/time';
const cpuSamples = new Map<string, number[]>();

/** Runs one check; records its CPU seconds (user + sys, from /usr/bin/time when present) under `label`. */
function check(dir: string, extra: readonly string[], label: string): void {
  const args = [CLI, 'check', dir, '--format', 'json', ...extra];
  const timed = existsSync(TIME);
  const res = timed
    ? spawnSync(TIME, ['-f', 'cpu=%U+%S', process.execPath, ...args], { encoding: 'utf8', maxBuffer: 1 << 28 })
    : spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 28 });
  if (res.status !== 0) throw new Error(`check exited ${res.status}: ${res.stderr.slice(0, 2000)}`);
  const summary = (JSON.parse(res.stdout) as { summary: { filesChecked: number } }).summary;
  if (summary.filesChecked === 0) throw new Error('no files checked');
  const cpu = /cpu=([\d.]+)\+([\d.]+)/.exec(res.stderr);
  if (cpu) cpuSamples.set(label, [...(cpuSamples.get(label) ?? []), Number(cpu[1]) + Number(cpu[2])]);
}

if (!existsSync(CLI))
  spawnSync(process.execPath, [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'], {
    cwd: ROOT,
    stdio: 'inherit',
  });

const sizes = BENCH_SIZE === 'full' ? [200, 1_000, 5_000] : [200, 1_000];
const repeats = BENCH_SIZE === 'full' ? 5 : 3;
const rows: (string | number)[][] = [];
for (const count of sizes) {
  const dir = makeFiles(count);
  const single = await medianMs(() => check(dir, ['--jobs', '1'], `${count}/1`), repeats);
  const two = await medianMs(() => check(dir, ['--jobs', '2'], `${count}/2`), repeats);
  const auto = await medianMs(() => check(dir, [], `${count}/auto`), repeats);
  const cpu = (label: string) => {
    const samples = cpuSamples.get(`${count}/${label}`);
    return samples ? median(samples) * 1000 : NaN;
  };
  rows.push([
    count,
    single,
    two,
    auto,
    single / auto,
    cpu('1'),
    cpu('2'),
    count === 1_000 ? (auto <= 2000 ? 'yes' : 'NO') : '-',
  ]);
}
rmSync(TMP, { recursive: true, force: true });
printTable(
  `check <dir> --format json: wall ms per run and CPU ms (user + sys) per run, medians of ${repeats}; ${availableParallelism()} cores, load average ${loadavg()[0]?.toFixed(1)} at the end (shared machine)`,
  [
    'files',
    '--jobs 1',
    '--jobs 2',
    'automatic',
    'speedup 1 -> auto',
    'CPU ms, 1 thread',
    'CPU ms, 2 threads',
    '1,000 files within 2 s',
  ],
  rows,
);
