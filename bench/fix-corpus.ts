/**
 * `fix` over a directory of other people's programs (issue 25's real-program
 * measure): each `.qasm` file under DIR (recursively, `_transpiled` copies
 * skipped) is validated as written; each refused one is fixed and counted as
 * accepted, proven equal, or left with the rules that remain. A refusal is
 * *dynamic* when the program branches or loops on what it measures, which no
 * rewrite can remove: what stays after `fix` includes the `dynamic-circuit`
 * rule, or the program has a `while` loop (whose condition only run time
 * knows; inside a `def` that is never inlined, validate may not reach it).
 * The files are not kept in this repository (licences differ); point it at a
 * checkout: `npx tsx bench/fix-corpus.ts DIR [--target T]`.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { execSync } from 'node:child_process';
import { printTable } from './lib.js';
import { fix, parse, validate, visit } from '../src/index.js';

function qasmFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return qasmFiles(path);
      return name.endsWith('.qasm') && !name.includes('_transpiled') ? [path] : [];
    });
}

function main(): void {
  const dir = process.argv[2];
  if (dir === undefined) {
    console.error('usage: npx tsx bench/fix-corpus.ts DIR [--target T]');
    process.exit(2);
  }
  const targetAt = process.argv.indexOf('--target');
  const target = targetAt > 0 ? process.argv[targetAt + 1] : undefined;
  const options = target === undefined ? {} : { target };
  const rows: string[][] = [];
  const count = { files: 0, accepted: 0, refused: 0, dynamic: 0, fixed: 0, proven: 0 };
  for (const path of qasmFiles(dir)) {
    const source = readFileSync(path, 'utf8');
    const name = relative(dir, path);
    count.files++;
    if (validate(source, options).ok) {
      count.accepted++;
      continue;
    }
    count.refused++;
    const started = performance.now();
    const result = fix(source, options);
    const ms = performance.now() - started;
    const left = [...new Set(result.diagnostics.filter((d) => d.severity === 'error').map((d) => d.rule))];
    let loops = false;
    const { program } = parse(source);
    if (program !== null) visit(program, { While: () => void (loops = true) });
    const dynamic = left.includes('dynamic-circuit') || loops;
    if (dynamic) count.dynamic++;
    if (result.ok) count.fixed++;
    if (result.ok && result.equivalent === true) count.proven++;
    rows.push([
      name,
      result.ok ? 'accepted' : dynamic ? 'dynamic' : 'refused',
      String(result.equivalent),
      String(result.applied.length),
      ms.toFixed(0),
      left.join(' ') || '-',
    ]);
  }
  console.log(`load: ${execSync('uptime').toString().trim()}`);
  printTable(`fix over ${dir}`, ['program', 'after fix', 'equivalent', 'fixes', 'ms', 'rules left'], rows);
  const notDynamic = count.refused - count.dynamic;
  const share = (n: number): string => (notDynamic === 0 ? '-' : `${((100 * n) / notDynamic).toFixed(0)}%`);
  printTable(
    'summary',
    [
      'programs',
      'accepted as written',
      'refused',
      'dynamic',
      'refused, not dynamic',
      'accepted after fix',
      'and proven',
    ],
    [
      [
        String(count.files),
        String(count.accepted),
        String(count.refused),
        String(count.dynamic),
        String(notDynamic),
        `${count.fixed} (${share(count.fixed)})`,
        `${count.proven} (${share(count.proven)})`,
      ],
    ],
  );
}

main();
