/**
 * Dense simulation up to the simulator's limit (issue 15, section 5):
 * `qubit[n] q; h q;` with 1,000 shots, histogram only, against the state
 * evolution alone, each case in a fresh child process (time and peak RSS of
 * that process). Goals: simulate ≤ 1.5 × state-vector time + 1 s, peak RSS ≤
 * 16·2^n bytes + 300 MB. Also a QASMBench-style ising_n26 (bench/ising.ts),
 * and the cost of asking for the exact distribution at 20 qubits (built as
 * an object, and streamed as JSON text).
 *
 * Sizes: n = 18, 20 by default; `BENCH_SIZE=full` n = 22, 24, 26, 28 (28
 * takes 4 GiB of state and a while); `DENSE_SIZES=24,26` picks others.
 * Simulate and state-vector runs alternate. `--child <case> <n>` runs one case.
 */
import { spawnSync } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import { BENCH_SIZE, median, printTable } from './lib.js';
import { isingQasm } from './ising.js';
import { simulate } from '../src/api/simulate.js';
import { loadCircuits } from '../src/api/load.js';
import { executeCircuit } from '../src/simulator/engine/execute.js';
import { executeOptions } from '../src/simulator/run.js';
import { defaultMemoryBudget } from '../src/simulator/engine/memory.js';
import { writeArtifact } from '../src/simulator/results/sources.js';

const SHOTS = 1000;
const hadamards = (n: number) => `qubit[${n}] q; h q;`;

/** One case in this process: prints `ms=<time> rss=<MB>` and `ok=<bool>`. */
function child(kind: string, n: number): void {
  const source = kind === 'ising' ? isingQasm(n) : hadamards(n);
  const t0 = process.hrtime.bigint();
  let ok = true;
  if (kind === 'statevector') {
    const loaded = loadCircuits(source);
    if (!loaded.ok) throw new Error('did not load');
    const execution = executeCircuit(
      loaded.circuits[0]!,
      executeOptions({ memoryBudgetBytes: defaultMemoryBudget(), maxBranches: 1024 }),
    );
    ok = execution.branches.length === 1;
  } else if (kind === 'histogram' || kind === 'ising') {
    const result = simulate(source, { shots: SHOTS, seed: 1, artifacts: ['histogram'] });
    ok = result.ok && result.results['svc.result.histogram.json.v2'] !== undefined;
  } else if (kind === 'probabilities-object') {
    const result = simulate(source, { artifacts: ['probabilities'] });
    ok = result.ok && JSON.stringify(result.results['svc.result.probabilities.json.v2']).length > 0;
  } else if (kind === 'probabilities-stream') {
    const result = simulate(source, { artifacts: ['probabilities'] });
    let chars = 0;
    ok =
      result.ok &&
      writeArtifact(result.results, 'svc.result.probabilities.json.v2', (chunk) => (chars += chunk.length)) &&
      chars > 0;
  }
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  console.log(`ok=${ok} ms=${ms} rss=${process.resourceUsage().maxRSS / 1024}`);
}

function measure(kind: string, n: number): { ms: number; rss: number; ok: boolean } {
  const res = spawnSync(process.execPath, ['--import', 'tsx', import.meta.filename, '--child', kind, String(n)], {
    encoding: 'utf8',
  });
  const m = /ok=(\w+) ms=([\d.]+) rss=([\d.]+)/.exec(res.stdout ?? '');
  if (!m) return { ms: NaN, rss: NaN, ok: false };
  return { ok: m[1] === 'true', ms: Number(m[2]), rss: Number(m[3]) };
}

type Measured = { ms: number; rss: number; ok: boolean };

/** Runs each kind `runs` times, interleaved (a, b, a, b, ...) so that a busy spell of the machine hits both alike. */
function interleaved(kinds: readonly string[], n: number, runs: number): Measured[] {
  const all = kinds.map(() => [] as Measured[]);
  for (let r = 0; r < runs; r++) kinds.forEach((kind, k) => all[k]!.push(measure(kind, n)));
  return all.map((list) => ({
    ms: median(list.map((m) => m.ms)),
    rss: Math.max(...list.map((m) => m.rss)),
    ok: list.every((m) => m.ok),
  }));
}

function main(): void {
  const sizes = (process.env.DENSE_SIZES ?? (BENCH_SIZE === 'full' ? '22,24,26,28' : '18,20')).split(',').map(Number);
  console.log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at the start`,
  );
  const rows = sizes.map((n) => {
    const runs = n >= 28 ? 1 : 3;
    const [vector, sim] = interleaved(['statevector', 'histogram'], n, runs) as [Measured, Measured];
    const timeCeiling = 1.5 * vector.ms + 1000;
    const rssCeiling = (16 * 2 ** n) / 2 ** 20 + 300;
    return [
      n,
      runs,
      sim.ms,
      vector.ms,
      sim.ms / vector.ms,
      timeCeiling,
      sim.ms <= timeCeiling && sim.ok ? 'yes' : 'NO',
      sim.rss,
      vector.rss,
      rssCeiling,
      sim.rss <= rssCeiling ? 'yes' : 'NO',
    ];
  });
  printTable(
    `qubit[n] q; h q; ${SHOTS} shots, histogram only (medians of fresh processes, ms; peak RSS MiB)`,
    [
      'n',
      'runs',
      'simulate ms',
      'state vector ms',
      'ratio',
      'ceiling ms (1.5x + 1 s)',
      'time ok',
      'simulate RSS',
      'state vector RSS',
      'RSS ceiling (16·2^n + 300)',
      'RSS ok',
    ],
    rows,
  );
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at the end`,
  );
  const isingN = BENCH_SIZE === 'full' ? 26 : 18;
  const ising = measure('ising', isingN);
  printTable(
    `QASMBench-style ising_n${isingN} (${
      isingQasm(isingN)
        .split('\n')
        .filter((l) => /^(h|cx|rz|rx)[ (]/.test(l)).length
    } gates), ${SHOTS} shots, histogram only`,
    ['completed', 'ms', 'peak RSS MiB'],
    [[ising.ok ? 'yes' : 'NO', ising.ms, ising.rss]],
  );
  const exactN = 20;
  printTable(
    `exact distribution of qubit[${exactN}] q; h q; (2^${exactN} entries, under maxProbabilityEntries)`,
    ['form', 'ms', 'peak RSS MiB'],
    ['probabilities-object', 'probabilities-stream'].map((kind) => {
      const r = measure(kind, exactN);
      return [kind, r.ok ? r.ms : NaN, r.rss];
    }),
  );
}

const at = process.argv.indexOf('--child');
if (at >= 0) child(process.argv[at + 1] ?? '', Number(process.argv[at + 2]));
else main();
