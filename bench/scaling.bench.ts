/**
 * Growth of `validate` on hostile programs (issue 15, section 2): each
 * pattern of bench/hostile-programs.ts at three sizes, each size ten times
 * (or three times) the one before, so linear growth shows as a time ratio
 * near the size ratio, and quadratic growth as its square. Each run is a
 * fresh process, for its peak RSS; the time is that of the `validate` call
 * alone (generating the program excluded).
 *
 * `BENCH_SIZE=small` (default): the two smaller sizes. `BENCH_SIZE=full`: all
 * three, the largest at or near the issue's. Goals: every program of at most
 * 10 MB answered in at most 2 s and 600 MB; time linear in the size.
 */
import { spawnSync } from 'node:child_process';
import { BENCH_SIZE, printTable, reportMaxRss } from './lib.js';
import { HOSTILE_PATTERNS } from './hostile-programs.js';
import { validate } from '../src/api/validate.js';

/** Per child run: the pattern's answer must come well within this. */
const CHILD_TIMEOUT_MS = 120_000;

interface Run {
  readonly ms: number;
  readonly rssMb: number;
  readonly bytes: number;
  readonly answer: string;
}

if (process.argv[2] === '--child') {
  const pattern = HOSTILE_PATTERNS[Number(process.argv[3])];
  if (pattern === undefined) throw new Error('no such pattern');
  const source = pattern.make(Number(process.argv[4]));
  // Warm up first: the first call builds the parser (grammar analysis), which is not the pattern's cost.
  validate('OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit[1] q;\nh q[0];\nh q[0]\n');
  const started = performance.now();
  const result = validate(source, { maxSourceLength: Infinity });
  const ms = performance.now() - started;
  const first = result.diagnostics[0];
  const answer = first === undefined ? 'accepted' : `${first.rule}: ${first.reason}`;
  console.log(JSON.stringify({ ms, bytes: source.length, answer: answer.slice(0, 70) }));
  reportMaxRss();
} else {
  const sizes = BENCH_SIZE === 'full' ? 3 : 2;
  const rows: (string | number)[][] = [];
  for (const [index, pattern] of HOSTILE_PATTERNS.entries()) {
    const runs: Run[] = [];
    for (const n of pattern.sizes.slice(0, sizes)) runs.push(runChild(index, n));
    const cells: (string | number)[] = [pattern.name];
    runs.forEach((run, i) =>
      cells.push(`${(pattern.sizes[i] as number).toLocaleString('en-US')} ${pattern.unit}`, Math.round(run.ms)),
    );
    const last = runs[runs.length - 1] as Run;
    const before = runs[runs.length - 2] as Run;
    const sizeRatio = (pattern.sizes[runs.length - 1] as number) / (pattern.sizes[runs.length - 2] as number);
    cells.push(
      `${(last.ms / Math.max(before.ms, 1)).toFixed(1)} (size x${sizeRatio})`,
      (last.bytes / 1e6).toFixed(2),
      Math.round(last.rssMb),
      last.answer,
    );
    rows.push(cells);
  }
  const header = ['pattern'];
  for (let i = 1; i <= sizes; i++) header.push(`size ${i}`, `ms ${i}`);
  header.push('time ratio, last two', 'MB of text', 'peak RSS MB', 'answer at the largest size');
  printTable(
    `validate on hostile programs (BENCH_SIZE=${BENCH_SIZE}; goal: <= 2,000 ms and <= 600 MB up to 10 MB, linear growth)`,
    header,
    rows,
  );
}

function runChild(index: number, n: number): Run {
  const res = spawnSync(
    process.execPath,
    ['--import', 'tsx', import.meta.filename, '--child', String(index), String(n)],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 24,
      timeout: CHILD_TIMEOUT_MS,
    },
  );
  const lines = (res.stdout ?? '').trim().split('\n');
  const rss = /maxRSS=(\d+)/.exec(lines[lines.length - 1] ?? '');
  if (res.status !== 0 || rss === null) {
    return {
      ms: res.error ? CHILD_TIMEOUT_MS : Number.NaN,
      rssMb: Number.NaN,
      bytes: Number.NaN,
      answer: res.error ? 'no answer (timed out)' : `failed: ${(res.stderr ?? '').slice(0, 60)}`,
    };
  }
  const report = JSON.parse(lines[lines.length - 2] ?? '{}') as { ms: number; bytes: number; answer: string };
  return { ms: report.ms, rssMb: Number(rss[1]) / 1024, bytes: report.bytes, answer: report.answer };
}
