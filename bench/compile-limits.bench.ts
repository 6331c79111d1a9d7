/**
 * `compile` on the issue-15 inputs that multiply in native lowering, each at
 * three sizes in a fresh child process: time, peak RSS, native gates out and
 * bytes per native gate, so the growth shows (linear: bytes per gate flat), and
 * the native gate limit (LIMITS.maxNativeGates) refusing the largest.
 * Default sizes are small; `BENCH_SIZE=full` runs the (4,000 lines
 * of `ctrl(7) @ x`, 600,000 `cx`) and one past the limit.
 * `--child <pattern> <n>` runs one case.
 */
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { BENCH_SIZE, printTable } from './lib.js';
import { compile } from '../src/api/compile.js';

/** `ctrl(7) @ x` with its target moving from line to line: two equal neighbours would cancel (passes/cancel.ts). */
const ctrl7Line = (i: number) =>
  `ctrl(7) @ x ${Array.from({ length: 8 }, (_, k) => `q[${(i + k) % 8}]`).join(', ')};\n`;

const PATTERNS: Record<string, (n: number) => string> = {
  'ctrl(7) @ x': (n) => `qubit[8] q;\n${Array.from({ length: n }, (_, i) => ctrl7Line(i)).join('')}`,
  cx: (n) => `qubit[2] q;\n${'cx q[0], q[1];\n'.repeat(n)}`,
  // n levels of gate definitions, each calling the one below twice: 2^n gates from a few hundred characters.
  'doubling chain (levels)': (n) =>
    `qubit[2] q;\ngate g0 a, b { rz(0.1) a; cx a, b; }\n${Array.from(
      { length: n },
      (_, i) => `gate g${i + 1} a, b { g${i} a, b; g${i} b, a; }\n`,
    ).join('')}g${n} q[0], q[1];\n`,
};

const SIZES: Record<string, number[]> =
  BENCH_SIZE === 'full'
    ? {
        // 7,299 lines (137 native gates each, 16 more in all) is the largest count within the native gate limit (1,000,000); 7,300 is past it.
        'ctrl(7) @ x': [1000, 2000, 4000, 7299, 7300],
        cx: [150_000, 300_000, 600_000],
        'doubling chain (levels)': [15, 16, 17],
      }
    : { 'ctrl(7) @ x': [250, 500, 1000], cx: [10_000, 20_000, 40_000], 'doubling chain (levels)': [10, 11, 12] };

function child(pattern: string, n: number): void {
  const source = (PATTERNS[pattern] as (n: number) => string)(n);
  const t0 = process.hrtime.bigint();
  const cpu0 = process.cpuUsage();
  const result = compile(source);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000;
  const counts = result.stats?.gate_counts;
  const native = result.ok && counts ? counts['1q'] + counts['2q'] : 0;
  console.log(
    JSON.stringify({
      ms,
      cpuMs,
      rss: process.resourceUsage().maxRSS / 1024,
      native,
      rule: result.ok ? 'ok' : result.diagnostics[0]?.rule,
    }),
  );
}

function main(): void {
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at the start`,
  );
  const rows: (string | number)[][] = [];
  const baseline = run('cx', 1);
  for (const [pattern, sizes] of Object.entries(SIZES)) {
    for (const n of sizes) {
      const r = run(pattern, n);
      rows.push([
        pattern,
        n,
        r.ms,
        r.cpuMs,
        r.rss,
        r.native,
        r.native > 0 ? ((r.rss - baseline.rss) * 2 ** 20) / r.native : NaN,
        r.rule,
      ]);
    }
  }
  printTable(
    'compile (native, simulator target): fresh process per row',
    [
      'pattern',
      'QIS gates (levels)',
      'ms',
      'CPU ms',
      'peak RSS MiB',
      'native gates',
      'bytes per native gate over a 1-gate run',
      'answer',
    ],
    rows,
  );
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at the end`,
  );
}

interface Row {
  ms: number;
  cpuMs: number;
  rss: number;
  native: number;
  rule: string;
}

function run(pattern: string, n: number): Row {
  const res = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--child', pattern, String(n)], {
    encoding: 'utf8',
  });
  const line = (res.stdout ?? '').trim().split('\n').pop() ?? '';
  try {
    return JSON.parse(line) as Row;
  } catch {
    return { ms: NaN, cpuMs: NaN, rss: NaN, native: 0, rule: `crashed: ${(res.stderr ?? '').slice(-200)}` };
  }
}

const at = process.argv.indexOf('--child');
if (at >= 0) child(process.argv[at + 1] ?? '', Number(process.argv[at + 2]));
else main();
