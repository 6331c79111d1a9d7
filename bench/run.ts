/**
 * `npm run bench`: runs every `bench/*.bench.ts` in its own process, each
 * printing its tables. `BENCH_SIZE=full npm run bench` for the issue's sizes;
 * `npm run bench -- parse` runs only the files whose name contains `parse`.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const dir = import.meta.dirname;
const filter = process.argv[2];
const files = readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts') && (!filter || f.includes(filter)))
  .sort();
let failed = 0;
for (const file of files) {
  console.log(`\n## ${file}`);
  const res = spawnSync(process.execPath, ['--import', 'tsx', join(dir, file)], { stdio: 'inherit', env: process.env });
  if (res.status !== 0) failed++;
}
if (failed > 0) {
  console.error(`${failed} bench file(s) failed`);
  process.exit(1);
}
