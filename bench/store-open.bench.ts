/**
 * The embedded store's open (issue 28, item 11): `qasm3-preflight keys create`
 * on a new data directory (the template unpacked: initdb and migrations
 * done), `keys list` on an existing store, against two floors measured in the
 * same run, interleaved so every row sees the same load: a bare `node` start
 * and PGlite's own start on an existing data directory (its WebAssembly
 * start, which this project does not control), with PGlite's own load of the
 * template in memory (`loadDataDir`) beside them, and the store's open alone
 * (`openStore` on a new directory, timed inside its process: no Node start,
 * imports, key or shutdown) against PGlite's start timed the same way.
 * Fresh processes; wall and CPU (user + system, from /usr/bin/time) medians
 * of REPEATS, the load average printed with the table. Needs `npm run build`
 * (dist/ and the template).
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { BENCH_SIZE, median, printTable } from './lib.js';
import { storeTemplatePath } from '../src/service/store/template.js';

const REPEATS = BENCH_SIZE === 'full' ? 11 : 5;
const root = join(import.meta.dirname, '..');
const cli = join(root, 'dist', 'cli', 'main.js');
const template = storeTemplatePath();
if (!existsSync(cli) || template === null) {
  console.error('store-open.bench: run `npm run build` first (dist/cli/main.js or the store template is missing)');
  process.exit(1);
}

const existing = mkdtempSync(join(tmpdir(), 'q3p-store-open-'));

/** PGlite started as the store starts it (its start parameters) on `source`'s options, one query. */
const pgliteAlone = (options: string) => `
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_START_PARAMS } from ${JSON.stringify(join(root, 'dist', 'service', 'store', 'pglite.js'))};
const started = performance.now();
const pg = await PGlite.create({ ${options}, startParams: [...PGLITE_START_PARAMS] });
await pg.query('SELECT 1');
console.log('open-ms', performance.now() - started);
await pg.close();
`;
/** The store's own open of a new directory (unpack, PGlite's start, the migrations' check), timed inside. */
const storeOpen = (dataDir: string) => `
import { openStore } from ${JSON.stringify(join(root, 'dist', 'service', 'index.js'))};
const started = performance.now();
const db = await openStore({ dataDir: ${JSON.stringify(dataDir)} });
console.log('open-ms', performance.now() - started);
await db.close();
`;
const pgliteOnExisting = pgliteAlone(`dataDir: ${JSON.stringify(existing)}`);
const pgliteFromTemplate = pgliteAlone(`loadDataDir: new Blob([readFileSync(${JSON.stringify(template)})])`);
/** `keys create` of a CLI build on a data directory (a new one unless named). */
const keysCreate = (cliPath: string, dataDir = mkdtempSync(join(tmpdir(), 'q3p-new-'))) => [
  cliPath,
  ...['keys', 'create', '--user', 'u', '--project', 'p', '--data', dataDir],
];
const ROWS: readonly { readonly name: string; readonly args: () => readonly string[] }[] = [
  { name: 'node -e 0 (floor: a bare start)', args: () => ['-e', '0'] },
  {
    name: 'PGlite alone: an existing data directory (floor)',
    args: () => ['--input-type=module', '-e', pgliteOnExisting],
  },
  {
    name: "PGlite alone: in memory from the template (PGlite's loadDataDir)",
    args: () => ['--input-type=module', '-e', pgliteFromTemplate],
  },
  {
    name: 'keys create, new data directory',
    args: () => keysCreate(cli),
  },
  { name: 'keys list, existing store', args: () => [cli, 'keys', 'list', '--data', existing] },
  {
    name: 'openStore, new data directory (the open alone: unpack, PGlite start, migrations check)',
    args: () => ['--input-type=module', '-e', storeOpen(mkdtempSync(join(tmpdir(), 'q3p-new-')))],
  },
  // Another build's CLI to compare with in the same run (BASELINE_CLI=/path/to/dist/cli/main.js), e.g. main's.
  ...(process.env.BASELINE_CLI
    ? [
        {
          name: `keys create, new data directory, ${process.env.BASELINE_CLI}`,
          args: () => keysCreate(process.env.BASELINE_CLI as string),
        },
      ]
    : []),
];

const created: string[] = [];
const wall = ROWS.map(() => [] as number[]);
/** The open's own time, from inside the process, for the rows that print `open-ms <ms>`. */
const inside = ROWS.map(() => [] as number[]);
const cpu = ROWS.map(() => [] as number[]);
try {
  const first = spawnSync(process.execPath, keysCreate(cli, existing));
  if (first.status !== 0) throw new Error(`keys create exited ${first.status}: ${String(first.stderr)}`);
  for (let r = 0; r < REPEATS; r++) {
    ROWS.forEach((row, i) => {
      const args = row.args();
      const dataDir = args.indexOf('--data');
      if (dataDir >= 0 && args[dataDir + 1] !== existing) created.push(args[dataDir + 1] as string);
      const newDir = /"(\/[^"]*q3p-new-[^"]*)"/.exec(args.join(' '))?.[1];
      if (newDir !== undefined) created.push(newDir);
      const started = performance.now();
      // /usr/bin/time writes "<user> <system>" last on standard error.
      const run = spawnSync('/usr/bin/time', ['-f', '%U %S', process.execPath, ...args], {
        cwd: root,
        encoding: 'utf8',
      });
      wall[i]?.push(performance.now() - started);
      if (run.status !== 0) throw new Error(`${row.name} exited ${run.status}: ${run.stderr}`);
      const [user, system] = run.stderr.trim().split('\n').at(-1)?.split(' ').map(Number) ?? [NaN, NaN];
      cpu[i]?.push(((user ?? NaN) + (system ?? NaN)) * 1000);
      const opened = /^open-ms (\S+)$/m.exec(run.stdout)?.[1];
      if (opened !== undefined) inside[i]?.push(Number(opened));
    });
  }
} finally {
  for (const dir of [existing, ...created]) rmSync(dir, { recursive: true, force: true });
}
const floor = median(wall[1] ?? []);
const floorCpu = median(cpu[1] ?? []);
printTable(
  `Embedded store open, fresh processes, medians of ${REPEATS} (load ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')})`,
  ['process', 'wall ms', 'CPU ms', 'open ms (inside)', 'wall over PGlite alone', 'CPU over PGlite alone'],
  ROWS.map((row, i) => {
    const ms = median(wall[i] ?? []);
    const cpuMs = median(cpu[i] ?? []);
    return [
      row.name,
      Math.round(ms),
      Math.round(cpuMs),
      inside[i]?.length ? Math.round(median(inside[i])) : '-',
      i === 0 || i === 1 ? '-' : `${(ms / floor).toFixed(2)}x`,
      i === 0 || i === 1 ? '-' : `${(cpuMs / floorCpu).toFixed(2)}x`,
    ];
  }),
);
