/**
 * Parse throughput on generated programs of gate statements (a mix of
 * `h q[i];`, `cx q[i], q[j];`, `rz(pi/4) q[i];` over `qubit[20] q;`):
 * statements per second, the growth ratio t(1M)/t(100k), and peak RSS of a
 * fresh process parsing the largest program.
 *
 * `BENCH_SIZE=small` (default): 10k and 100k statements, RSS at 100k.
 * `BENCH_SIZE=full`: 10k, 100k and 1M statements, RSS at 1M.
 * Goals (issue 2): >= 300,000 statements/s at 1M, ratio <= 11, RSS <= 600 MB.
 *
 * Timed with `{ lazy: true }`, the form `validate` uses; the last table also
 * times the default (plain objects, one re-read per statement after the parse).
 * Plain gate calls are stored deferred (rebuilt from the text when read), so
 * the last table also times parsing followed by a walk over every node: what
 * a consumer that reads the whole tree pays.
 */
import { BENCH_SIZE, median, medianMs, peakRssMb, printTable, reportMaxRss } from './lib.js';
import { parse } from '../src/parser/index.js';
import { visit } from '../src/ast/visit.js';

/** The benchmark program with `n` gate statements. */
export function gateProgram(n: number): string {
  const parts: string[] = ['OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit[20] q;\n'];
  for (let i = 0; i < n; i++) {
    const a = i % 20;
    const b = (a + 1 + ((i * 7) % 19)) % 20;
    const kind = i % 3;
    parts.push(kind === 0 ? `h q[${a}];\n` : kind === 1 ? `cx q[${a}], q[${b}];\n` : `rz(pi/4) q[${a}];\n`);
  }
  return parts.join('');
}

const childSize = process.argv[2] === '--child' ? Number(process.argv[3]) : 0;

if (childSize > 0) {
  // Fresh process for peak RSS: build the source, parse it once, report.
  const result = parse(gateProgram(childSize), { lazy: true });
  if (result.program.statements.length !== childSize + 2 || result.diagnostics.length > 0) throw new Error('bad parse');
  reportMaxRss();
} else {
  const sizes = BENCH_SIZE === 'full' ? [10_000, 100_000, 1_000_000] : [10_000, 100_000];
  const rows: (string | number)[][] = [];
  const times = new Map<number, number>();
  const cpuTimes = new Map<number, number>();
  parse(gateProgram(100_000), { lazy: true }); // warm the parser (and its JIT) before timing the small sizes
  for (const n of sizes) {
    const source = gateProgram(n);
    const repeats = n >= 1_000_000 ? 3 : 5;
    // CPU time (this process, GC threads included) alongside wall time: on a
    // machine shared with other jobs, wall time mostly measures the others.
    const cpuMs: number[] = [];
    const ms = await medianMs(
      () => {
        const before = process.cpuUsage();
        const result = parse(source, { lazy: true });
        const used = process.cpuUsage(before);
        cpuMs.push((used.user + used.system) / 1000);
        if (result.diagnostics.length > 0) throw new Error('unexpected diagnostics');
      },
      repeats,
      n >= 1_000_000 ? 0 : 1,
    );
    const cpu = median(cpuMs.slice(-repeats));
    times.set(n, ms);
    cpuTimes.set(n, cpu);
    rows.push([
      n.toLocaleString('en-US'),
      (source.length / 1e6).toFixed(1),
      Math.round(ms),
      Math.round((n / ms) * 1000),
      Math.round(cpu),
      Math.round((n / cpu) * 1000),
    ]);
  }
  printTable(
    'parse: generated gate programs (median)',
    ['statements', 'MB', 'wall ms', 'statements/s (wall)', 'CPU ms', 'statements/CPU-s'],
    rows,
  );

  const largest = sizes[sizes.length - 1] as number;
  const ratioRows: (string | number)[][] = [];
  for (const [label, table] of [
    ['wall', times],
    ['CPU', cpuTimes],
  ] as const) {
    const t10k = table.get(10_000);
    const t100k = table.get(100_000);
    const t1m = table.get(1_000_000);
    if (t100k !== undefined && t1m !== undefined)
      ratioRows.push([`t(1M) / t(100k), ${label}`, (t1m / t100k).toFixed(2), '<= 11']);
    if (t10k !== undefined && t100k !== undefined)
      ratioRows.push([`t(100k) / t(10k), ${label}`, (t100k / t10k).toFixed(2), '<= 11']);
  }
  const rss = peakRssMb(import.meta.filename, ['--child', String(largest)]);
  ratioRows.push([
    `peak RSS at ${largest.toLocaleString('en-US')} statements (MB, fresh process)`,
    Math.round(rss),
    '<= 600 at 1M',
  ]);
  printTable('parse: growth and memory', ['measure', 'value', 'goal'], ratioRows);

  const source = gateProgram(largest);
  let nodes = 0;
  const walkMs = await medianMs(
    () => {
      nodes = 0;
      visit(parse(source, { lazy: true }).program, { enter: () => void nodes++ });
    },
    3,
    0,
  );
  printTable(
    'parse, then visit every node (children of deferred gate calls rebuilt)',
    ['statements', 'nodes visited', 'median ms', 'statements/s'],
    [
      [
        largest.toLocaleString('en-US'),
        nodes.toLocaleString('en-US'),
        Math.round(walkMs),
        Math.round((largest / walkMs) * 1000),
      ],
    ],
  );
  // The default parse: every statement a plain object.
  const plainMs = await medianMs(() => parse(source), 3, 0);
  const lazyMs = await medianMs(() => parse(source, { lazy: true }), 3, 0);
  printTable(
    'parse: plain objects (default) against { lazy: true }',
    ['statements', 'plain ms', 'lazy ms', 'plain / lazy'],
    [[largest.toLocaleString('en-US'), Math.round(plainMs), Math.round(lazyMs), (plainMs / lazyMs).toFixed(2)]],
  );
}
