/**
 * Start-up (issue 21): what a CLI command pays before it does anything. Each
 * row is a fresh `node` process, run interleaved with the others (the machine
 * is shared, so every row sees the same load), medians of REPEATS, the load
 * average printed with the table. Ceilings in the same run: a bare `node`
 * start, and chevrotain's module graph (lib/src plus lodash-es) against the
 * single-file build the compiled library now loads (scripts/vendor-chevrotain.mjs).
 * Needs `npm run build` (dist/).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { BENCH_SIZE, median, printTable } from './lib.js';

const REPEATS = BENCH_SIZE === 'full' ? 11 : 5;
const root = join(import.meta.dirname, '..');
const dist = join(root, 'dist');
if (!existsSync(join(dist, 'vendor', 'chevrotain.mjs'))) {
  console.error('startup.bench: run `npm run build` first (dist/vendor/chevrotain.mjs is missing)');
  process.exit(1);
}

const importing = (specifier: string) => ['--input-type=module', '-e', `await import(${JSON.stringify(specifier)})`];
const ROWS: readonly { readonly name: string; readonly args: readonly string[] }[] = [
  { name: 'node -e 0 (ceiling: a bare start)', args: ['-e', '0'] },
  { name: "import chevrotain's module graph", args: importing('chevrotain') },
  { name: "import chevrotain's single-file build", args: importing(join(dist, 'vendor', 'chevrotain.mjs')) },
  { name: "import 'qasm3-preflight' (dist/index.js)", args: importing(join(dist, 'index.js')) },
  { name: 'qasm3-preflight targets', args: [join(dist, 'cli', 'main.js'), 'targets'] },
  {
    name: 'qasm3-preflight check examples/bell.qasm',
    args: [join(dist, 'cli', 'main.js'), 'check', 'examples/bell.qasm'],
  },
];

const times = ROWS.map(() => [] as number[]);
for (let r = 0; r < REPEATS; r++) {
  ROWS.forEach((row, i) => {
    const started = performance.now();
    const run = spawnSync(process.execPath, row.args, { cwd: root, encoding: 'utf8' });
    times[i]?.push(performance.now() - started);
    if (run.status !== 0) throw new Error(`${row.name} exited ${run.status}: ${run.stderr}`);
  });
}
const bare = median(times[0] ?? []);
printTable(
  `Start-up, fresh processes, medians of ${REPEATS} (load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')})`,
  ['process', 'median ms', 'over a bare start'],
  ROWS.map((row, i) => {
    const ms = median(times[i] ?? []);
    return [row.name, Math.round(ms), i === 0 ? '-' : `${(ms / bare).toFixed(1)}x`];
  }),
);
