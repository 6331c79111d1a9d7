/**
 * Bench helpers: medians of repeated timings, peak RSS of a child process,
 * and markdown tables. Benchmarks print tables; they are not timed tests.
 */
import { spawnSync } from 'node:child_process';

/** `BENCH_SIZE=small` (CI smoke) or `full` (the sizes). */
export const BENCH_SIZE: 'small' | 'full' = process.env.BENCH_SIZE === 'full' ? 'full' : 'small';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** Runs `fn` `repeats` times (after `warmup` untimed runs) and returns the median in milliseconds. */
export async function medianMs(fn: () => unknown, repeats = 5, warmup = 1): Promise<number> {
  for (let i = 0; i < warmup; i++) await fn();
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const t0 = process.hrtime.bigint();
    await fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return median(times);
}

/**
 * Runs a script in a fresh Node process (through tsx) and returns its peak RSS
 * in MB (from `/usr/bin/time -v` when present, else the script's own report of
 * `process.resourceUsage().maxRSS` printed as `maxRSS=<kB>` on its last line).
 */
export function peakRssMb(script: string, args: readonly string[] = []): number {
  const res = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const m = /maxRSS=(\d+)/.exec(res.stdout ?? '');
  if (!m) throw new Error(`no maxRSS from ${script}: ${res.stderr}`);
  return Number(m[1]) / 1024;
}

/** Call at the end of a child script measured by {@link peakRssMb}. */
export function reportMaxRss(): void {
  console.log(`maxRSS=${process.resourceUsage().maxRSS}`);
}

/** Prints a markdown table with a title. */
export function printTable(
  title: string,
  header: readonly string[],
  rows: readonly (readonly (string | number)[])[],
): void {
  const cells = [header, ...rows.map((r) => r.map((c) => (typeof c === 'number' ? formatNumber(c) : c)))];
  const widths = header.map((_, i) => Math.max(...cells.map((r) => String(r[i] ?? '').length)));
  const line = (r: readonly (string | number)[]) =>
    '| ' + r.map((c, i) => String(c ?? '').padEnd(widths[i] as number)).join(' | ') + ' |';
  console.log(`\n### ${title}\n`);
  console.log(line(header));
  console.log('| ' + widths.map((w) => '-'.repeat(w)).join(' | ') + ' |');
  for (const r of cells.slice(1)) console.log(line(r));
}

export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Number.isInteger(n)) return n.toLocaleString('en-US');
  const abs = Math.abs(n);
  return abs >= 100 ? n.toFixed(0) : abs >= 1 ? n.toFixed(2) : n.toPrecision(3);
}
