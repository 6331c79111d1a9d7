/**
 * Statevector simulation, side by side with the npm peers (qsharp-lang,
 * jsqubits, quantum-circuit) and a plain gate-by-gate Float64Array kernel
 * written here as the baseline. Circuits: GHZ(n), QFT(n) (h and controlled
 * phases), random depth-20 (one-qubit rotations and cx, fixed seed). Times are
 * the state evolution only (no artifacts), medians in ms. `BENCH_SIZE=full`
 * runs n = 16..26, peak RSS per size, and the one-gate passes.
 *
 * `npx tsx bench/simulate.bench.ts --passes` runs only one-gate passes over
 * 2^24 and 2^26 amplitudes against a C loop built here from
 * bench/one-gate-pass.c (issue 27); `--threads` only one thread against two
 * on random circuits of 14..22 qubits (where the default threshold comes from).
 *
 * `npx tsx bench/simulate.bench.ts --rss <circuit> <n>` runs one case and
 * reports its peak RSS (used by the full run).
 */
import { spawn, spawnSync, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtempSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadQsharp } from './qsharp.js';
import { createRequire } from 'node:module';
import { BENCH_SIZE, median, medianMs, peakRssMb, printTable, reportMaxRss } from './lib.js';
import type { IrCircuit, IrOp } from '../src/ir/types.js';
import { executeCircuit } from '../src/simulator/engine/execute.js';
import { executeOptions } from '../src/simulator/run.js';
import { SeededRandom } from '../src/simulator/engine/random.js';
import { PARALLEL_MIN_QUBITS, WorkerPool } from '../src/simulator/engine/parallel.js';
import {
  compileDense,
  DEFAULT_BLOCK_QUBITS,
  inPlacePasses,
  stagedPass,
  DEFAULT_CHUNK_QUBITS,
  IN_PLACE_MAX_GATES,
  runCompiled,
  type EngineOptions,
} from '../src/simulator/engine/evolve.js';
import { unitaryOf, type UnitaryOp } from '../src/simulator/kernels/matrices.js';
import { defaultMemoryBudget, MemoryGuard } from '../src/simulator/engine/memory.js';
import type { DenseState } from '../src/simulator/engine/state.js';
import { allocateSimdState } from '../src/simulator/kernels/wasm.js';
import { applyPairs } from '../src/simulator/kernels/in-place.js';

type BenchGate =
  | { readonly g: 'h' | 'x'; readonly q: number }
  | { readonly g: 'rx' | 'ry' | 'rz'; readonly q: number; readonly theta: number }
  | { readonly g: 'cx'; readonly c: number; readonly t: number }
  | { readonly g: 'cp'; readonly c: number; readonly t: number; readonly theta: number };

const CIRCUITS: Record<string, (n: number) => BenchGate[]> = {
  ghz: (n) => [{ g: 'h', q: 0 }, ...Array.from({ length: n - 1 }, (_, i) => ({ g: 'cx', c: i, t: i + 1 }) as const)],
  qft: (n) => {
    const gates: BenchGate[] = [];
    for (let j = 0; j < n; j++) {
      gates.push({ g: 'h', q: j });
      for (let k = j + 1; k < n; k++) gates.push({ g: 'cp', c: k, t: j, theta: Math.PI / 2 ** (k - j) });
    }
    return gates;
  },
  random: (n) => {
    const random = new SeededRandom(2026);
    const gates: BenchGate[] = [];
    for (let layer = 0; layer < 20; layer++) {
      for (let q = 0; q < n; q++)
        gates.push({ g: (['rx', 'ry', 'rz'] as const)[random.nextInt(3)]!, q, theta: random.next() * 2 * Math.PI });
      const order = Array.from({ length: n }, (_, i) => i);
      for (let i = n - 1; i > 0; i--) {
        const j = random.nextInt(i + 1);
        [order[i], order[j]] = [order[j]!, order[i]!];
      }
      for (let i = 0; i + 1 < n; i += 2) gates.push({ g: 'cx', c: order[i]!, t: order[i + 1]! });
    }
    return gates;
  },
};

// --- ours ------------------------------------------------------------------------

function toIr(n: number, gates: readonly BenchGate[]): IrCircuit {
  const ops: IrOp[] = gates.map((b) => {
    switch (b.g) {
      case 'h':
      case 'x':
        return { kind: 'gate', name: b.g, targets: [b.q], controls: [], rotation: null };
      case 'rx':
      case 'ry':
      case 'rz':
        return { kind: 'gate', name: b.g, targets: [b.q], controls: [], rotation: b.theta };
      case 'cx':
        return { kind: 'gate', name: 'x', targets: [b.t], controls: [b.c], rotation: null };
      case 'cp':
        // Controlled phase as the service writes it (gates.ts: cp): ctrl @ rz(λ) c, t; rz(λ/2) c.
        return { kind: 'gate', name: 'rz', targets: [b.t], controls: [b.c], rotation: b.theta };
    }
  });
  return { qubits: n, clbits: 0, qubitRegisters: [{ name: 'q', size: n, offset: 0 }], bitRegisters: [], ops };
}

function runOurs(n: number, gates: readonly BenchGate[], parallel?: WorkerPool): void {
  executeCircuit(
    toIr(n, gates),
    executeOptions({ memoryBudgetBytes: defaultMemoryBudget(), maxBranches: 1, ...(parallel ? { parallel } : {}) }),
  );
}

// --- the plain baseline: one pass per gate, every index visited ---------------------

function runPlain(n: number, gates: readonly BenchGate[]): void {
  const size = 2 ** n;
  const re = new Float64Array(size);
  const im = new Float64Array(size);
  re[0] = 1;
  const apply = (t: number, cmask: number, m: readonly number[]) => {
    const bit = 1 << t;
    const [ar, ai, br, bi, cr, ci, dr, di] = m as [number, number, number, number, number, number, number, number];
    for (let i = 0; i < size; i++) {
      if (i & bit || (i & cmask) !== cmask) continue;
      const j = i | bit;
      const xr = re[i]!,
        xi = im[i]!,
        yr = re[j]!,
        yi = im[j]!;
      re[i] = ar * xr - ai * xi + br * yr - bi * yi;
      im[i] = ar * xi + ai * xr + br * yi + bi * yr;
      re[j] = cr * xr - ci * xi + dr * yr - di * yi;
      im[j] = cr * xi + ci * xr + dr * yi + di * yr;
    }
  };
  const h = Math.SQRT1_2;
  for (const b of gates) {
    switch (b.g) {
      case 'h':
        apply(b.q, 0, [h, 0, h, 0, h, 0, -h, 0]);
        break;
      case 'x':
        apply(b.q, 0, [0, 0, 1, 0, 1, 0, 0, 0]);
        break;
      case 'cx':
        apply(b.t, 1 << b.c, [0, 0, 1, 0, 1, 0, 0, 0]);
        break;
      case 'rx':
        apply(b.q, 0, [
          Math.cos(b.theta / 2),
          0,
          0,
          -Math.sin(b.theta / 2),
          0,
          -Math.sin(b.theta / 2),
          Math.cos(b.theta / 2),
          0,
        ]);
        break;
      case 'ry':
        apply(b.q, 0, [
          Math.cos(b.theta / 2),
          0,
          -Math.sin(b.theta / 2),
          0,
          Math.sin(b.theta / 2),
          0,
          Math.cos(b.theta / 2),
          0,
        ]);
        break;
      case 'rz':
        apply(b.q, 0, [
          Math.cos(b.theta / 2),
          -Math.sin(b.theta / 2),
          0,
          0,
          0,
          0,
          Math.cos(b.theta / 2),
          Math.sin(b.theta / 2),
        ]);
        break;
      case 'cp':
        apply(b.t, 1 << b.c, [
          Math.cos(b.theta / 2),
          -Math.sin(b.theta / 2),
          0,
          0,
          0,
          0,
          Math.cos(b.theta / 2),
          Math.sin(b.theta / 2),
        ]);
        break;
    }
  }
}

// --- peers -----------------------------------------------------------------------------

const require = createRequire(import.meta.url);

/** The calls of jsqubits (untyped) the bench makes: each returns the new state. */
interface JsQubitsState {
  hadamard(q: number): JsQubitsState;
  x(q: number): JsQubitsState;
  cnot(control: number, target: number): JsQubitsState;
  rotateX(q: number, theta: number): JsQubitsState;
  rotateY(q: number, theta: number): JsQubitsState;
  rotateZ(q: number, theta: number): JsQubitsState;
  controlledR(control: number, target: number, theta: number): JsQubitsState;
}

async function jsqubitsRunner(): Promise<(n: number, gates: readonly BenchGate[]) => void> {
  const moduleName = 'jsqubits'; // untyped package: imported by name so the type checker does not look for declarations
  const { jsqubits } = (await import(moduleName)) as { jsqubits: (s: string) => JsQubitsState };
  return (n, gates) => {
    let s = jsqubits('|' + '0'.repeat(n) + '>');
    // jsqubits numbers bits from the right; the mapping does not change the cost.
    for (const b of gates) {
      switch (b.g) {
        case 'h':
          s = s.hadamard(b.q);
          break;
        case 'x':
          s = s.x(b.q);
          break;
        case 'cx':
          s = s.cnot(b.c, b.t);
          break;
        case 'rx':
          s = s.rotateX(b.q, b.theta);
          break;
        case 'ry':
          s = s.rotateY(b.q, b.theta);
          break;
        case 'rz':
          s = s.rotateZ(b.q, b.theta);
          break;
        case 'cp':
          s = s.controlledR(b.c, b.t, b.theta);
          break;
      }
    }
  };
}

/** The calls of quantum-circuit (untyped) the bench makes. */
interface QuantumCircuit {
  addGate(gate: string, column: number, wires: number | number[], options?: { params: Record<string, number> }): void;
  run(): void;
}

function quantumCircuitRunner(): (n: number, gates: readonly BenchGate[]) => void {
  const QuantumCircuit = require('quantum-circuit') as new (qubits: number) => QuantumCircuit;
  return (n, gates) => {
    const circuit = new QuantumCircuit(n);
    gates.forEach((b, column) => {
      switch (b.g) {
        case 'h':
        case 'x':
          circuit.addGate(b.g, column, b.q);
          break;
        case 'rx':
        case 'ry':
          circuit.addGate(b.g, column, b.q, { params: { theta: b.theta } });
          break;
        case 'rz':
          circuit.addGate('rz', column, b.q, { params: { phi: b.theta } });
          break;
        case 'cx':
          circuit.addGate('cx', column, [b.c, b.t]);
          break;
        case 'cp':
          circuit.addGate('cu1', column, [b.c, b.t], { params: { lambda: b.theta } });
          break;
      }
    });
    circuit.run();
  };
}

async function qsharpRunner(): Promise<(n: number, gates: readonly BenchGate[]) => Promise<void>> {
  const { qsharp, compiler } = await loadQsharp();
  const statement = (b: BenchGate): string => {
    switch (b.g) {
      case 'h':
        return `H(qs[${b.q}]);`;
      case 'x':
        return `X(qs[${b.q}]);`;
      case 'rx':
        return `Rx(${b.theta}, qs[${b.q}]);`;
      case 'ry':
        return `Ry(${b.theta}, qs[${b.q}]);`;
      case 'rz':
        return `Rz(${b.theta}, qs[${b.q}]);`;
      case 'cx':
        return `CNOT(qs[${b.c}], qs[${b.t}]);`;
      case 'cp':
        return `Controlled R1([qs[${b.c}]], (${b.theta}, qs[${b.t}]));`;
    }
  };
  return async (n, gates) => {
    const code = `operation Main() : Unit { use qs = Qubit[${n}]; ${gates.map(statement).join(' ')} ResetAll(qs); }`;
    const events = new qsharp.QscEventTarget(true);
    await compiler.run({ sources: [['main.qs', code]], languageFeatures: [] }, '', 1, events);
    const result = events.getResults()[0];
    if (!result?.success) throw new Error(`qsharp-lang failed: ${JSON.stringify(result)}`);
  };
}

// --- one pass over a large state, against a C loop ----------------------------------------

/** The C loop's compiler flags: the fastest of -O2/-O3, with and without -march=native, in a side-by-side check (docs/simulator.md). */
const C_FLAGS = ['-O2', '-march=native'];

/** Builds bench/one-gate-pass.c with the system compiler; null (and a message) when there is none. */
function buildCPass(): string | null {
  const out = join(mkdtempSync(join(tmpdir(), 'qasm3-pass-')), 'one-gate-pass');
  const source = fileURLToPath(new URL('./one-gate-pass.c', import.meta.url));
  for (const compiler of ['cc', 'gcc', 'clang']) {
    const built = spawnSync(compiler, [...C_FLAGS, '-o', out, source, '-lm', '-lpthread'], { encoding: 'utf8' });
    if (built.status === 0) return out;
  }
  console.log('\n(no C compiler (cc, gcc, clang) on this machine: the C column is skipped)');
  return null;
}

/** The C loop as a process that keeps its 2^n state and answers one timing request a line (bench/one-gate-pass.c). */
class CPass {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly lines: AsyncIterator<string>;

  constructor(binary: string, n: number) {
    this.child = spawn(binary, [String(n)]);
    this.lines = createInterface({ input: this.child.stdout })[Symbol.asyncIterator]();
  }

  /** Median ms of `repeats` passes of `gate` on qubit `q` with `threads` threads. */
  async time(gate: string, q: number, threads: number, repeats: number): Promise<number> {
    this.child.stdin.write(`${gate} ${q} ${threads} ${repeats}\n`);
    const line = await this.lines.next();
    if (line.done) throw new Error(`the C loop stopped (exit ${this.child.exitCode})`);
    return Number(line.value);
  }

  close(): void {
    this.child.stdin.end();
  }
}

const PASS_GATES = {
  h: (q: number) => gate1('h', q, null),
  rz: (q: number) => gate1('rz', q, 0.2),
} as const;

function gate1(name: 'h' | 'rz', q: number, rotation: number | null): UnitaryOp {
  return unitaryOf({ kind: 'gate', name, targets: [q], controls: [], rotation });
}

const PASS_OPTIONS: EngineOptions = {
  sparse: 'never',
  fuse: true,
  blockQubits: DEFAULT_BLOCK_QUBITS,
  chunkQubits: DEFAULT_CHUNK_QUBITS,
  memory: new MemoryGuard(defaultMemoryBudget()),
};

/** A state of n qubits where the engine keeps it (a WebAssembly memory the workers share), every amplitude set. */
function passState(n: number): DenseState {
  const arrays = allocateSimdState(2 ** n);
  if (!arrays) throw new Error("no WebAssembly SIMD: the staged path would not be the engine's");
  arrays.re.fill(2 ** (-n / 2) / 2);
  arrays.im.fill(2 ** (-n / 2) / 2);
  return { kind: 'dense', qubits: n, ...arrays };
}

/** Rounds per row: C and ours alternate (C first in even rounds), so both see the same load, seconds apart. */
const PASS_ROUNDS = Number(process.env.BENCH_PASS_ROUNDS ?? 7);
/** Passes per timing (after one untimed pass), their median taken. */
const PASS_REPEATS = 3;

/**
 * One pass of h or rz on qubits 0, 12 and n-1 over 2^24 and 2^26 amplitudes,
 * 1 and 2 threads: the C loop, ours as the engine compiles it (a lone gate in
 * place), then once the scalar JavaScript in-place loop and the staged pass;
 * ms. C and ours are timed alternately in PASS_ROUNDS rounds of PASS_REPEATS
 * passes each: the columns are the medians over the rounds, and ours / C the
 * median of the rounds' ratios (each ratio measured seconds apart). Then the
 * rule's other side: k gates in one chunk, staged once or in place k times
 * (IN_PLACE_MAX_GATES is read from it); last, the same gates on a state held
 * in the caches ({@link inCacheRows}).
 */
async function passTables(): Promise<void> {
  const binary = buildCPass();
  const pool = new WorkerPool(2, 0);
  await pool.ready;
  const rows: (string | number)[][] = [];
  const gateCounts: (string | number)[][] = [];
  const loadBefore = loadAverage();
  let within = 0;
  for (const n of [24, 26]) {
    const state = passState(n);
    const c = binary ? new CPass(binary, n) : null;
    for (const [name, make] of Object.entries(PASS_GATES)) {
      for (const q of [0, 12, n - 1]) {
        const op = make(q);
        const [program] = compileDense([op], n, PASS_OPTIONS);
        const staged = stagedPass({ qubits: [q], ops: [op] }, n, DEFAULT_BLOCK_QUBITS);
        for (const threads of [1, 2]) {
          const options = threads === 2 ? { ...PASS_OPTIONS, parallel: pool } : PASS_OPTIONS;
          const { cTimes, ourTimes } = await alternateRounds(c, name, q, threads, PASS_REPEATS, () =>
            runCompiled(program!, state, options),
          );
          // The scalar JavaScript loop the SIMD kernel replaced (one thread only: it is what a state outside wasm memory runs).
          const scalar =
            threads === 1 && program!.inPlace
              ? medianOfSync(() => applyPairs(state.re, state.im, program!.inPlace!, 0, 2 ** (n - 1)), PASS_REPEATS)
              : '-';
          const old = medianOfSync(() => runCompiled(staged, state, options), PASS_REPEATS);
          const ratio = c ? median(ourTimes.map((t, k) => t / cTimes[k]!)) : NaN;
          if (ratio <= 1.2) within++;
          rows.push([
            n,
            name,
            q,
            threads,
            c ? median(cTimes) : '-',
            median(ourTimes),
            program!.inPlace ? 'in place' : 'staged',
            scalar,
            old,
            ...ratioColumns(cTimes, ourTimes),
          ]);
        }
      }
    }
    c?.close();
    // The rule's other side: k one-qubit gates on distinct qubits in one chunk, staged once or in place k times.
    for (const k of [2, 3, 4, 8]) {
      const qubits = [3, 17, 0, n - 1, 5, 12, 9, 1].slice(0, k);
      const chunk = { qubits, ops: qubits.map((q, g) => (g % 2 === 0 ? gate1('h', q, null) : gate1('rz', q, 0.2))) };
      const staged = stagedPass(chunk, n, DEFAULT_BLOCK_QUBITS);
      const inPlace = inPlacePasses(chunk, n, k)!;
      const once = medianOfSync(() => runCompiled(staged, state, PASS_OPTIONS), 5);
      const each = medianOfSync(() => inPlace.forEach((p) => runCompiled(p, state, PASS_OPTIONS)), 5);
      gateCounts.push([
        n,
        k,
        qubits.join(' '),
        once,
        each,
        `${(each / once).toFixed(2)}x`,
        k <= IN_PLACE_MAX_GATES ? 'in place' : 'staged',
      ]);
    }
  }
  await pool.close();
  const inCache = binary ? await inCacheRows(binary) : [];
  printTable(
    `One pass of one gate over 2^n amplitudes, ms: C and ours medians of ${PASS_ROUNDS} alternating rounds of ${PASS_REPEATS} passes; ours / C the median of the rounds' ratios (C ${C_FLAGS.join(' ')}; load ${loadBefore} at the start, ${loadAverage()} at the end)`,
    [
      'n',
      'gate',
      'qubit',
      'threads',
      'C loop',
      'ours',
      'ours runs',
      'JS in place',
      'staged',
      'ours / C',
      "rounds' range",
    ],
    rows,
  );
  console.log(`\n${within} of ${rows.length} rows within 1.2x of the C loop`);
  printTable(
    `k one-qubit gates (h, rz alternating) in one chunk, one thread: one staged pass or k in place (median of 5 ms, load ${loadAverage()})`,
    ['n', 'k', 'qubits', 'staged once', 'in place k times', 'in place / staged', 'engine runs'],
    gateCounts,
  );
  if (inCache.length > 0)
    printTable(
      `The kernels' own work: one pass over 2^${IN_CACHE_QUBITS} amplitudes (1 MiB, held in the caches, so memory does not bound it), one thread, ms: C and ours medians of ${PASS_ROUNDS} alternating rounds of ${IN_CACHE_REPEATS} passes; ours / C the median of the rounds' ratios (load ${loadAverage()})`,
      ['n', 'gate', 'qubit', 'C loop', 'ours', 'ours / C', "rounds' range"],
      inCache,
    );
}

/** The state of the in-cache rows: 2^16 amplitudes, 1 MiB split (a core's L2 here). */
const IN_CACHE_QUBITS = 16;
/** Passes per timing in the in-cache rows (a pass is tens of microseconds). */
const IN_CACHE_REPEATS = 200;

/**
 * The same gates and alternating rounds on a state that fits in the caches:
 * what each side's loop costs per amplitude when memory is not the bound
 * (issue 27 asked whether our kernel does more per amplitude than the C loop).
 */
async function inCacheRows(binary: string): Promise<(string | number)[][]> {
  const n = IN_CACHE_QUBITS;
  const state = passState(n);
  const c = new CPass(binary, n);
  const rows: (string | number)[][] = [];
  for (const [name, make] of Object.entries(PASS_GATES)) {
    for (const q of [0, 12, n - 1]) {
      const [program] = compileDense([make(q)], n, PASS_OPTIONS);
      const { cTimes, ourTimes } = await alternateRounds(c, name, q, 1, IN_CACHE_REPEATS, () =>
        runCompiled(program!, state, PASS_OPTIONS),
      );
      rows.push([n, name, q, median(cTimes), median(ourTimes), ...ratioColumns(cTimes, ourTimes)]);
    }
  }
  c.close();
  return rows;
}

/**
 * PASS_ROUNDS rounds of `repeats` passes of C and of ours (median of each),
 * C first in even rounds and ours first in odd ones, so both see the same load.
 */
async function alternateRounds(
  c: CPass | null,
  gate: string,
  q: number,
  threads: number,
  repeats: number,
  ours: () => void,
): Promise<{ cTimes: number[]; ourTimes: number[] }> {
  const cTimes: number[] = [];
  const ourTimes: number[] = [];
  for (let round = 0; round < PASS_ROUNDS; round++) {
    if (round % 2 === 1) ourTimes.push(medianOfSync(ours, repeats));
    if (c) cTimes.push(await c.time(gate, q, threads, repeats));
    if (round % 2 === 0) ourTimes.push(medianOfSync(ours, repeats));
  }
  return { cTimes, ourTimes };
}

/** Ours / C as the median of the rounds' ratios, and their range ('-' without C). */
function ratioColumns(cTimes: readonly number[], ourTimes: readonly number[]): [string, string] {
  if (cTimes.length === 0) return ['-', '-'];
  const ratios = ourTimes.map((t, k) => t / cTimes[k]!);
  return [`${median(ratios).toFixed(2)}x`, `${Math.min(...ratios).toFixed(2)}-${Math.max(...ratios).toFixed(2)}`];
}

/**
 * Where two threads start to pay: the random depth-20 circuit at n = 14..22
 * on one thread and on two (a pool that accepts every size), medians of 3.
 * PARALLEL_MIN_QUBITS (engine/parallel.ts) is read from this table.
 */
async function threadThreshold(): Promise<void> {
  const pool = new WorkerPool(2, 0);
  await pool.ready;
  const rows: (string | number)[][] = [];
  for (const n of [14, 16, 18, 20, 22]) {
    const gates = CIRCUITS.random!(n);
    const one = await medianMs(() => runOurs(n, gates), 3, 1);
    const two = await medianMs(() => runOurs(n, gates, pool), 3, 1);
    rows.push([n, gates.length, one, two, `${(two / one).toFixed(2)}x`]);
  }
  await pool.close();
  printTable(
    `random depth-20, one thread or two (median of 3 ms, load ${loadAverage()}; threads by default from ${PARALLEL_MIN_QUBITS} qubits)`,
    ['n', 'gates', '1 thread', '2 threads', '2 / 1'],
    rows,
  );
}

function loadAverage(): string {
  return loadavg()
    .map((l) => l.toFixed(2))
    .join(', ');
}

/**
 * Runs of a few milliseconds or less (GHZ on the sparse path; the first, cold
 * call can take several): ten warm-up calls leave them
 * half-compiled and the timer's resolution shows, so every runner is warmed
 * for 200 ms and timed in batches of at least 5 ms; the median batch over its
 * size is the time per call.
 */
async function medianPerCall(fn: () => unknown): Promise<number> {
  const warmEnd = performance.now() + 200;
  let calls = 0;
  while (performance.now() < warmEnd) {
    await fn();
    calls++;
  }
  const batch = Math.max(1, Math.ceil(5 / (200 / calls)));
  const batchMs = await medianMs(
    async () => {
      for (let i = 0; i < batch; i++) await fn();
    },
    15,
    0,
  );
  return batchMs / batch;
}

function medianOfSync(fn: () => void, repeats = 7): number {
  fn();
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return times.sort((a, b) => a - b)[repeats >> 1]!;
}

// --- driver ------------------------------------------------------------------------------

/** `BENCH_MAX_N` caps the sizes (a quicker full run). */
const SIZES = (BENCH_SIZE === 'full' ? [16, 20, 22, 24, 26] : [12, 16]).filter(
  (n) => n <= Number(process.env.BENCH_MAX_N ?? Infinity),
);
/** A runner whose estimated time at the next size passes this is skipped there (small: keep the whole file near 30 s). */
const PEER_LIMIT_MS = BENCH_SIZE === 'full' ? 60_000 : 1_500;
/** The plain kernel is the baseline, so a full run waits longer for it (random-24: about a minute). */
const BASELINE_LIMIT_MS = BENCH_SIZE === 'full' ? 180_000 : PEER_LIMIT_MS;

type Runner = (n: number, gates: readonly BenchGate[]) => unknown;

async function main(): Promise<void> {
  if (process.argv.includes('--passes')) {
    await passTables();
    return;
  }
  if (process.argv.includes('--threads')) {
    await threadThreshold();
    return;
  }
  const rssIndex = process.argv.indexOf('--rss');
  if (rssIndex >= 0) {
    const name = process.argv[rssIndex + 1]!;
    const n = Number(process.argv[rssIndex + 2]);
    runOurs(n, CIRCUITS[name]!(n));
    reportMaxRss();
    return;
  }
  // Peak RSS first: a child forked from a parent that already holds large states reports the parent's RSS too.
  if (BENCH_SIZE === 'full') {
    const rssCases: [string, number][] = [
      ['qft', 20],
      ['qft', 24],
      ['qft', 26],
      ['random', 20],
      ['random', 24],
    ];
    const rows = rssCases.map(([name, n]) => {
      const mb = peakRssMb(new URL(import.meta.url).pathname, ['--rss', name, String(n)]);
      const bound = (16 * 2 ** n) / 2 ** 20 + 200;
      return [name, n, mb, bound, mb <= bound ? 'yes' : 'NO'];
    });
    printTable('Peak RSS (MB) against 16 x 2^n bytes + 200 MB', ['circuit', 'n', 'peak RSS', 'bound', 'within'], rows);
  }
  const pool = new WorkerPool(2, PARALLEL_MIN_QUBITS);
  await pool.ready;
  const runners: [string, Runner][] = [
    ['ours', runOurs],
    ...(BENCH_SIZE === 'full'
      ? [['ours, 2 threads', (n: number, gates: readonly BenchGate[]) => runOurs(n, gates, pool)] as [string, Runner]]
      : []),
    ['plain kernel', runPlain],
    ['qsharp-lang', await qsharpRunner()],
    ['jsqubits', await jsqubitsRunner()],
    ['quantum-circuit', quantumCircuitRunner()],
  ];
  for (const [circuitName, build] of Object.entries(CIRCUITS)) {
    const rows: (string | number)[][] = [];
    const last = new Map<string, { n: number; ms: number }>();
    for (const n of SIZES) {
      const gates = build(n);
      const times = new Map<string, number | string>();
      for (const [name, run] of runners) {
        const before = last.get(name);
        const estimate = before ? before.ms * 2 ** (n - before.n) : 0;
        if (before === undefined && last.has(`${name}:skipped`)) {
          times.set(name, 'skipped');
          continue;
        }
        if (estimate > (name === 'plain kernel' ? BASELINE_LIMIT_MS : PEER_LIMIT_MS) && !name.startsWith('ours')) {
          times.set(name, `skipped (est. ${(estimate / 1000).toFixed(0)} s)`);
          last.delete(name);
          last.set(`${name}:skipped`, { n, ms: estimate });
          continue;
        }
        // The first run warms up; runs over a second are not repeated.
        const t0 = process.hrtime.bigint();
        await run(n, gates);
        const first = Number(process.hrtime.bigint() - t0) / 1e6;
        // Short runs get more warm-up, so that every runner (ours, the baseline, the peers) is measured JIT-compiled.
        const warmup = first < 50 ? 10 : first < 300 ? 2 : 0;
        // Short runs are the most exposed to other processes on the machine: more of them go into the median.
        const repeats = first < 50 ? 15 : BENCH_SIZE === 'full' ? 5 : 3;
        const ms =
          first < 5
            ? await medianPerCall(() => run(n, gates))
            : first > 1000
              ? first
              : await medianMs(() => run(n, gates), repeats, warmup);
        times.set(name, ms);
        last.set(name, { n, ms });
        if (process.env.BENCH_VERBOSE) console.error(`${circuitName} n=${n} ${name}: ${ms.toFixed(1)} ms`);
      }
      const ours = times.get('ours') as number;
      const peerNames = ['qsharp-lang', 'jsqubits', 'quantum-circuit'];
      const peers = peerNames.map((name) => times.get(name)).filter((t): t is number => typeof t === 'number');
      const fastestPeer = peers.length ? Math.min(...peers) : NaN;
      const plain = times.get('plain kernel');
      rows.push([
        n,
        gates.length,
        ...runners.map(([name]) => times.get(name) ?? '-'),
        typeof plain === 'number' ? `${(plain / ours).toFixed(1)}x` : '-',
        Number.isFinite(fastestPeer) ? `${(fastestPeer / ours).toFixed(1)}x` : '-',
      ]);
    }
    printTable(
      `${circuitName}: median ms (shared 2-core machine)`,
      ['n', 'gates', ...runners.map(([name]) => name), 'plain / ours', 'fastest peer / ours'],
      rows,
    );
  }
  if (BENCH_SIZE === 'full') {
    await passTables();
    await threadThreshold();
  }
}

await main();
process.exit(0);
