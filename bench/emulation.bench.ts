/**
 * Emulated QPUs and debiasing: for BV-8, GHZ-5 and GHZ-12 on emulated Aria
 * and Forte (today's characterization record, as the service writes it) at
 * 1,000 shots, the total variation distance from the ideal distribution of
 * output_all without debiasing, debiased and averaged, and debiased and
 * sharpened (plurality voting); medians over 10 seeds. Then the run time of
 * a debiased job against the same job without debiasing (what the worker
 * thread runs: `simulate` with the characterization), goal at most 1.5x:
 * this process's CPU time (which other processes' load does not inflate) and
 * wall time, medians over 5 timed runs per seed; each ratio is the median of
 * the ratios of back-to-back pairs (in alternating order), so that a spike of
 * the machine's load lands on both sides of a pair instead of on one row.
 *
 * `npx tsx bench/emulation.bench.ts`
 */
import { execSync } from 'node:child_process';
import { simulate, targets } from '../src/index.js';
import { characterizationOn } from '../src/service/jobs/characterizations.js';
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
const today = new Date();
const rows: (string | number)[][] = [];
const timeRows: (string | number)[][] = [];
/** Timed runs of each job per seed (SEEDS x TIMED_REPEATS back-to-back pairs). */
const TIMED_REPEATS = 5;

/** Wall and CPU milliseconds of one call (CPU: this process's user + system time, so other load does not count). */
function timed(run: () => unknown): { wall: number; cpu: number } {
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  run();
  const wall = performance.now() - wall0;
  const cpu = process.cpuUsage(cpu0);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

for (const backend of ['qpu.aria-1', 'qpu.forte-1']) {
  const target = targets.find((t) => t.name === backend)!;
  const id = `bench-${backend}`;
  const characterization = { id, backend, ...characterizationOn(target, today, id) };
  for (const [name, source] of programs) {
    const ideal = outputAll(simulate(source).results['svc.result.probabilities.json.v2']);
    const plainRun = (seed: number) => simulate(source, { shots: SHOTS, noise: { characterization, seed } });
    const debiasedRun = (seed: number) =>
      simulate(source, { shots: SHOTS, noise: { characterization, seed }, debiasing: true });
    const plain: number[] = [];
    const averaged: number[] = [];
    const sharpened: number[] = [];
    for (const seed of SEEDS) {
      const run = plainRun(seed);
      const debiased = debiasedRun(seed);
      plain.push(tvd(outputAll(run.results['svc.result.probabilities.json.v2']), ideal));
      averaged.push(tvd(outputAll(debiased.results['svc.result.probabilities.json.v2']), ideal));
      const votes = debiased.debiasing!.aggregations.voting.histogram.registers.output_all!;
      sharpened.push(tvd(Object.fromEntries(Object.entries(votes).map(([k, n]) => [k, n / SHOTS])), ideal));
    }
    rows.push([backend, name, median(plain), median(averaged), median(sharpened)]);
    // Timing after the accuracy runs warmed both paths up; the order alternates so neither always runs second.
    const plainTimes: { wall: number; cpu: number }[] = [];
    const debiasedTimes: { wall: number; cpu: number }[] = [];
    for (let repeat = 0; repeat < TIMED_REPEATS; repeat++)
      for (const seed of SEEDS) {
        if ((seed + repeat) % 2) {
          plainTimes.push(timed(() => plainRun(seed)));
          debiasedTimes.push(timed(() => debiasedRun(seed)));
        } else {
          debiasedTimes.push(timed(() => debiasedRun(seed)));
          plainTimes.push(timed(() => plainRun(seed)));
        }
      }
    const of = (times: { wall: number; cpu: number }[], key: 'wall' | 'cpu') => median(times.map((t) => t[key]));
    // Each ratio is the median of the back-to-back pairs' ratios: a pair shares the machine's load of the moment.
    const pairRatio = (key: 'wall' | 'cpu') =>
      median(debiasedTimes.map((t, i) => t[key] / (plainTimes[i] as { wall: number; cpu: number })[key]));
    const cpuRatio = pairRatio('cpu');
    const wallRatio = pairRatio('wall');
    timeRows.push([
      backend,
      name,
      of(plainTimes, 'cpu'),
      of(debiasedTimes, 'cpu'),
      `${cpuRatio.toFixed(2)}x`,
      of(plainTimes, 'wall'),
      of(debiasedTimes, 'wall'),
      `${wallRatio.toFixed(2)}x`,
      cpuRatio <= 1.5 && wallRatio <= 1.5 ? 'yes' : 'no',
    ]);
  }
}

console.log(`load: ${execSync('uptime').toString().trim()}`);
printTable(
  `Total variation distance from the ideal output_all, ${SHOTS} shots, median of ${SEEDS.length} seeds`,
  ['backend', 'program', 'no debiasing', 'debiased, averaged', 'debiased, sharpened'],
  rows,
);
printTable(
  `Run time of the emulated job (ms, median of ${SEEDS.length * TIMED_REPEATS} runs): debiased against not debiased, goal <= 1.5x`,
  [
    'backend',
    'program',
    'plain CPU ms',
    'debiased CPU ms',
    'CPU ratio',
    'plain wall ms',
    'debiased wall ms',
    'wall ratio',
    '<= 1.5x',
  ],
  timeRows,
);
