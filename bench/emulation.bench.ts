/**
 * Emulated QPUs and debiasing: for BV-8, GHZ-5 and GHZ-12 on emulated Aria
 * and Forte (today's characterization record, as the service writes it) at
 * 1,000 shots, the total variation distance from the ideal distribution of
 * output_all without debiasing, debiased and averaged, and debiased and
 * sharpened (plurality voting); medians over 10 seeds. Then the run time of
 * a debiased job against the same job without debiasing, goal at most 1.5x,
 * measured two ways:
 * - the job: what the service does for it apart from the store's writes, that
 *   is the worker thread's `execute` (load, compile, simulate), the copy of its
 *   result to the main thread (`structuredClone`, the algorithm `postMessage`
 *   uses) and `outcomeOf`, which writes every artifact the job stores (a
 *   debiased job also stores its variants' and aggregations' artifacts);
 * - the simulation alone: `simulate` with the characterization.
 * Each is timed in rounds, after one untimed round that warms both sides up:
 * a round runs a batch of 20 jobs (the 10 seeds twice, 1,000 shots each)
 * without debiasing, then the same batch debiased (the order alternates between rounds), CPU time (this
 * process's, which other processes' load does not inflate) and wall time of
 * each batch; the ratio is the median over the rounds of the round's ratio, so
 * that a spike of the machine's load lands on both sides of a round instead
 * of on one row, and the ms columns are medians of a job's share of a batch.
 *
 * `npx tsx bench/emulation.bench.ts` (`ROUNDS=n` for more rounds under load)
 */
import { execSync } from 'node:child_process';
import { simulate, targets } from '../src/index.js';
import { runOn } from '../src/service/jobs/backend.js';
import { characterizationOn } from '../src/service/jobs/characterizations.js';
import { execute } from '../src/service/worker/execute.js';
import { outcomeOf } from '../src/service/worker/outcome.js';
import { median, printTable } from './lib.js';

const SHOTS = 1000;
const SEEDS = Array.from({ length: 10 }, (_, i) => 101 + i);
const SECRET = '10110101';

/** Bernstein-Vazirani on 8 qubits; the ancilla ends in |1>, so the ideal output_all is one state. */
function bv8(): string {
  const lines = ['OPENQASM 3.0;', 'qubit[9] q;', 'bit[9] c;', 'x q[8];', 'h q[8];'];
  for (let i = 0; i < 8; i++) lines.push(`h q[${i}];`);
  for (let i = 0; i < 8; i++) if (SECRET[i] === '1') lines.push(`cx q[${i}], q[8];`);
  for (let i = 0; i < 8; i++) lines.push(`h q[${i}];`);
  lines.push('h q[8];');
  for (let i = 0; i < 9; i++) lines.push(`c[${i}] = measure q[${i}];`);
  return lines.join('\n');
}

function ghz(n: number): string {
  const lines = ['OPENQASM 3.0;', `qubit[${n}] q;`, `bit[${n}] c;`, 'h q[0];'];
  for (let i = 1; i < n; i++) lines.push(`cx q[${i - 1}], q[${i}];`);
  for (let i = 0; i < n; i++) lines.push(`c[${i}] = measure q[${i}];`);
  return lines.join('\n');
}

type Distribution = Record<string, number>;
const outputAll = (artifact: unknown): Distribution =>
  (artifact as { probabilities: { registers: { output_all: Distribution } } }).probabilities.registers.output_all;

function tvd(p: Distribution, q: Distribution): number {
  const keys = new Set([...Object.keys(p), ...Object.keys(q)]);
  let sum = 0;
  for (const k of keys) sum += Math.abs((p[k] ?? 0) - (q[k] ?? 0));
  return sum / 2;
}

const programs: [string, string][] = [
  ['BV-8', bv8()],
  ['GHZ-5', ghz(5)],
  ['GHZ-12', ghz(12)],
];
const loadBefore = execSync('uptime').toString().trim();
const today = new Date();
const rows: (string | number)[][] = [];
const timeRows: { job: (string | number)[][]; simulation: (string | number)[][] } = { job: [], simulation: [] };
/** Timed rounds per row and measure; each round times a batch of jobs plain and a batch debiased. */
const ROUNDS = Number(process.env.ROUNDS ?? 11);
/** A batch runs the 10 seeds this many times: tens of ms, so that the clock's ticks and a preemption weigh little. */
const PASSES = 2;
const BATCH = SEEDS.length * PASSES;
const GOAL = 1.5;

interface Cost {
  readonly wall: number;
  readonly cpu: number;
}

/** Wall and CPU milliseconds of one call (CPU: this process's user + system time, so other load does not count). */
function timed(run: () => unknown): Cost {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  run();
  const wall = performance.now() - wall0;
  const cpu = process.cpuUsage(cpu0);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

/** One table row: per-job medians of both sides and the median of the rounds' ratios, for CPU and wall time. */
function timeRow(backend: string, name: string, run: (seed: number, debiasing: boolean) => void): (string | number)[] {
  const batch = (debiasing: boolean) =>
    timed(() => {
      for (let pass = 0; pass < PASSES; pass++) for (const seed of SEEDS) run(seed, debiasing);
    });
  const plain: Cost[] = [];
  const debiased: Cost[] = [];
  // One untimed round first: both sides start timing with their code compiled and the same seeds run once.
  batch(false);
  batch(true);
  for (let round = 0; round < ROUNDS; round++) {
    if (round % 2) {
      debiased.push(batch(true));
      plain.push(batch(false));
    } else {
      plain.push(batch(false));
      debiased.push(batch(true));
    }
  }
  const perJob = (costs: Cost[], key: keyof Cost) => median(costs.map((c) => c[key] / BATCH));
  const ratio = (key: keyof Cost) => median(debiased.map((c, i) => c[key] / (plain[i] as Cost)[key]));
  const [cpu, wall] = [ratio('cpu'), ratio('wall')];
  return [
    backend,
    name,
    perJob(plain, 'cpu'),
    perJob(debiased, 'cpu'),
    `${cpu.toFixed(2)}x`,
    perJob(plain, 'wall'),
    perJob(debiased, 'wall'),
    `${wall.toFixed(2)}x`,
    cpu <= GOAL && wall <= GOAL ? 'yes' : 'no',
  ];
}

for (const backend of ['qpu.aria-1', 'qpu.forte-1']) {
  const target = targets.find((t) => t.name === backend)!;
  const id = `bench-${backend}`;
  const characterization = { id, backend, ...characterizationOn(target, today, id) };
  const model = runOn(backend, null).noiseModel as string;
  for (const [name, source] of programs) {
    const ideal = outputAll(simulate(source).results['svc.result.probabilities.json.v2']);
    const simulation = (seed: number, debiasing: boolean) =>
      simulate(source, { shots: SHOTS, noise: { characterization, seed }, debiasing });
    const plain: number[] = [];
    const averaged: number[] = [];
    const sharpened: number[] = [];
    for (const seed of SEEDS) {
      const run = simulation(seed, false);
      const debiased = simulation(seed, true);
      plain.push(tvd(outputAll(run.results['svc.result.probabilities.json.v2']), ideal));
      averaged.push(tvd(outputAll(debiased.results['svc.result.probabilities.json.v2']), ideal));
      const votes = debiased.debiasing!.aggregations.voting.histogram.registers.output_all!;
      sharpened.push(tvd(Object.fromEntries(Object.entries(votes).map(([k, n]) => [k, n / SHOTS])), ideal));
    }
    rows.push([backend, name, median(plain), median(averaged), median(sharpened)]);
    // The job as the service runs it (runner.ts: execute in the thread, the result posted back, outcomeOf).
    const job = (seed: number, debiasing: boolean) => {
      const result = execute({
        kind: 'qasm3',
        program: source,
        backend,
        shots: SHOTS,
        noise: { model, seed, characterization },
        debiasing,
        dryRun: false,
      });
      const record = { type: 'ionq.circuit.v1', backend, shots: SHOTS, dry_run: false, started_at: new Date() };
      outcomeOf(record, structuredClone(result), 0, id);
    };
    // Timing after the accuracy runs warmed both paths up.
    timeRows.job.push(timeRow(backend, name, job));
    timeRows.simulation.push(timeRow(backend, name, simulation));
  }
}

console.log(`load before: ${loadBefore}`);
console.log(`load after:  ${execSync('uptime').toString().trim()}`);
printTable(
  `Total variation distance from the ideal output_all, ${SHOTS} shots, median of ${SEEDS.length} seeds`,
  ['backend', 'program', 'no debiasing', 'debiased, averaged', 'debiased, sharpened'],
  rows,
);
const timeHeader = [
  'backend',
  'program',
  'plain CPU ms',
  'debiased CPU ms',
  'CPU ratio',
  'plain wall ms',
  'debiased wall ms',
  'wall ratio',
  `<= ${GOAL}x`,
];
printTable(
  `The job (execute, the result's copy to the main thread, outcomeOf): ms per job, medians of ${ROUNDS} rounds of ${BATCH} jobs a side; debiased against not debiased, goal <= ${GOAL}x`,
  timeHeader,
  timeRows.job,
);
printTable(
  `The simulation alone (simulate): ms per job, medians of ${ROUNDS} rounds of ${BATCH} jobs a side; debiased against not debiased, goal <= ${GOAL}x`,
  timeHeader,
  timeRows.simulation,
);
