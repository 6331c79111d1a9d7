/**
 * Issue 26's table: the Nam et al. reversible-arithmetic suite on both
 * families beside the best published CNOT count we sourced
 * (test/native/nam-suite/README.md), with compile times; then the geometric
 * mean with each pass turned off in turn, and the compile time of a
 * 10,000-gate random program with every pass off, without phase-fold and
 * with every pass on, measured in the same run in interleaved rounds.
 */
import { execSync } from 'node:child_process';
import { medianMs, printTable } from './lib.js';
import type { IrCircuit, IrOp } from '../src/ir/types.js';
import { lowerToNative, PASS_NAMES, type NativeFamily, type PassSwitches } from '../src/native/index.js';
import { SeededRandom } from '../src/simulator/engine/random.js';
import { circuitOf, gate } from '../test/oracle/circuits.js';
import { compileSuiteCircuit } from '../test/native/nam-suite/compile-suite.js';
import { SUITE, sourceCnots } from '../test/native/nam-suite/suite.js';

const FAMILIES: readonly NativeFamily[] = ['ms', 'zz'];
const ALL_OFF: PassSwitches = Object.fromEntries(PASS_NAMES.map((n) => [n, false]));

const geomean = (xs: readonly number[]): number => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / xs.length);

function suiteRatios(passes: PassSwitches): Record<NativeFamily, number> {
  const out = { ms: 0, zz: 0 };
  for (const family of FAMILIES)
    out[family] = geomean(
      SUITE.map((c) => compileSuiteCircuit(c.name, family, { passes }).entanglers / c.published.cnots),
    );
  return out;
}

/** A random program over h, x, s, t, cx, ccx, ccz and rz on 20 qubits. */
function randomProgram(gates: number, seed: number): IrCircuit {
  const random = new SeededRandom(seed);
  const n = 20;
  const ops: IrOp[] = [];
  const wires = (k: number): number[] => {
    const picked = new Set<number>();
    while (picked.size < k) picked.add(random.nextInt(n));
    return [...picked];
  };
  for (let i = 0; i < gates; i++) {
    const kind = random.nextInt(8);
    const [a, b, c] = wires(3) as [number, number, number];
    if (kind === 0) ops.push(gate('h', [a]));
    else if (kind === 1) ops.push(gate('x', [a]));
    else if (kind === 2) ops.push(gate('s', [a]));
    else if (kind === 3) ops.push(gate('t', [a]));
    else if (kind === 4) ops.push(gate('rz', [a], [], random.next() * 6));
    else if (kind === 5) ops.push(gate('x', [b], [a]));
    else if (kind === 6) ops.push(gate('x', [c], [a, b]));
    else ops.push(gate('z', [c], [a, b]));
  }
  return circuitOf(n, ops);
}

export async function namSuiteTables(): Promise<void> {
  console.log(`\nload: ${execSync('uptime').toString().trim()}`);
  const start = performance.now();
  const rows: (string | number)[][] = [];
  const ratios: Record<NativeFamily, number[]> = { ms: [], zz: [] };
  for (const c of SUITE) {
    const row: (string | number)[] = [c.name, sourceCnots(c.name), `${c.published.cnots} (${c.published.by})`];
    const times: string[] = [];
    for (const family of FAMILIES) {
      const r = compileSuiteCircuit(c.name, family);
      ratios[family].push(r.entanglers / c.published.cnots);
      row.push(r.entanglers, (r.entanglers / c.published.cnots).toFixed(2));
      times.push(r.ms.toFixed(0));
    }
    rows.push([...row, times.join(' / ')]);
  }
  const wall = performance.now() - start;
  rows.push(['geometric mean', '', '', '', geomean(ratios.ms).toFixed(3), '', geomean(ratios.zz).toFixed(3), '']);
  printTable(
    `Nam et al. suite: entanglers (ms on Aria, zz on Forte) against the best published CNOT count; whole suite, both families, ${wall.toFixed(0)} ms`,
    ['circuit', 'source CNOTs', 'best published (by)', 'Aria', 'ratio', 'Forte', 'ratio', 'compile ms Aria / Forte'],
    rows,
  );

  const passRows: (string | number)[][] = [['all passes', ...Object.values(suiteRatios({})).map((x) => x.toFixed(3))]];
  for (const name of PASS_NAMES)
    passRows.push([`without ${name}`, ...Object.values(suiteRatios({ [name]: false })).map((x) => x.toFixed(3))]);
  passRows.push(['no passes', ...Object.values(suiteRatios(ALL_OFF)).map((x) => x.toFixed(3))]);
  printTable(
    'Each pass measured: suite geometric mean of entanglers / best published',
    ['passes', 'Aria', 'Forte'],
    passRows,
  );

  const program = randomProgram(10_000, 26);
  const variants: Record<string, PassSwitches> = {
    off: ALL_OFF,
    // The passes as they were before phase-fold: the base of issue 26's "within 2x of today's" (parity-network
    // came later, so it is off there too).
    before: { 'phase-fold': false, 'parity-network': false },
    on: {},
  };
  const timeRows = [];
  for (const family of FAMILIES) {
    // Interleaved rounds, CPU time of this process: on a shared machine a load swing between two
    // blocks of runs moves wall medians more than the difference measured.
    const cpu: Record<string, number[]> = { off: [], before: [], on: [] };
    const ratios: number[] = [];
    for (let round = 0; round < 7; round++) {
      for (const [name, passes] of Object.entries(variants)) {
        const start = process.cpuUsage();
        lowerToNative(program, family, { passes });
        const used = process.cpuUsage(start);
        cpu[name]?.push((used.user + used.system) / 1000);
      }
      ratios.push((cpu.on?.[round] as number) / (cpu.before?.[round] as number));
    }
    const median = (xs: readonly number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1] as number;
    const wall = await medianMs(() => lowerToNative(program, family), 5);
    timeRows.push([
      family,
      median(cpu.off ?? []).toFixed(0),
      median(cpu.before ?? []).toFixed(0),
      median(cpu.on ?? []).toFixed(0),
      `${median(ratios).toFixed(2)}x`,
      '2x',
      wall.toFixed(0),
    ]);
  }
  printTable(
    '10,000-gate random program (h, x, s, t, rz, cx, ccx, ccz on 20 qubits): compile CPU ms, medians of 7 interleaved rounds',
    [
      'family',
      'passes off',
      'without phase-fold',
      'passes on',
      'on / without phase-fold (median of round ratios)',
      'ceiling',
      'passes on, wall ms (median of 5)',
    ],
    timeRows,
  );
  console.log(`load: ${execSync('uptime').toString().trim()}`);
}
