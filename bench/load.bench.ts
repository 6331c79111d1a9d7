/**
 * `load` (issue 21): what reading a program once saves. One table, medians of
 * interleaved runs (A, B, A, B, ...: the machine is shared, so both sides see
 * the same load), the load average printed with it.
 *
 * - A service job as the worker runs it (service/worker/execute.ts), for the
 *   service bench's Bell job (100 shots, emulated and ideal) and a larger
 *   program: the worker before issue 21 (validate, compile qis, compile
 *   native and simulate, each from the text: four parses, four inlinings)
 *   against `execute` now (one `load`, the rest from the loaded program).
 *   The difference is what the service bench's "job overhead over simulate()"
 *   row loses, since the rest of a job (store, queue) is unchanged.
 * - `compile` and `simulate` from text against from a loaded program (the
 *   `load` itself timed on its own row).
 */
import { loadavg } from 'node:os';
import { compile, load, simulate, validate, validateCircuitJson, type CircuitJson } from '../src/index.js';
import { execute, type ExecuteRequest } from '../src/service/worker/execute.js';
import { BENCH_SIZE, median, printTable } from './lib.js';

const REPEATS = BENCH_SIZE === 'full' ? 301 : 61;

const BELL = `OPENQASM 3.0;
qubit[2] q;
bit[2] c;
h q[0];
cx q[0], q[1];
c[0] = measure q[0];
c[1] = measure q[1];`;

/** A 12-qubit program of 600 gates with a gate definition: parsing and inlining weigh more than the run. */
const LARGER = (() => {
  const lines = ['OPENQASM 3.0;', 'qubit[12] q;', 'bit[12] c;', 'gate layer(t) a, b { rz(t) a; cx a, b; ry(t) b; }'];
  for (let i = 0; i < 200; i++) lines.push(`layer(${((i % 7) + 1) / 10}) q[${i % 12}], q[${(i + 1) % 12}];`);
  for (let i = 0; i < 12; i++) lines.push(`c[${i}] = measure q[${i}];`);
  return lines.join('\n');
})();

/** The worker's job before issue 21: each operation read the text again (the four calls as they were). */
function executeFromText(request: ExecuteRequest): boolean {
  const target = request.backend;
  const checked =
    request.kind === 'qasm3'
      ? validate(request.program as string, { target })
      : validateCircuitJson(request.program, { target });
  if (!checked.ok) return false;
  const family = request.noise && /^forte/.test(request.noise.model) ? { family: 'zz' as const } : {};
  const submitted = compile(request.program, { target, gateset: 'qis', ...family });
  const native = compile(request.program, { target, gateset: 'native', ...family });
  if (!(submitted.stats ?? native.stats) || request.dryRun) return submitted.ok;
  const run = simulate(request.program, {
    target,
    ...(request.shots !== null ? { shots: request.shots } : {}),
    ...(request.noise
      ? { noise: { model: request.noise.model, ...(request.noise.seed !== null ? { seed: request.noise.seed } : {}) } }
      : {}),
  });
  return run.ok;
}

/** Medians (ms) of `a` and `b`, run alternately `REPEATS` times after 10 untimed runs each. */
function interleaved(a: () => unknown, b: () => unknown): [number, number] {
  for (let i = 0; i < 10; i++) {
    a();
    b();
  }
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < REPEATS; i++) {
    let t0 = performance.now();
    a();
    ta.push(performance.now() - t0);
    t0 = performance.now();
    b();
    tb.push(performance.now() - t0);
  }
  return [median(ta), median(tb)];
}

const rows: (string | number)[][] = [];
const row = (what: string, [before, after]: [number, number]) =>
  rows.push([what, before, after, before - after, `${(before / after).toFixed(2)}x`]);

const job = (program: string | CircuitJson, backend: string, noise: ExecuteRequest['noise']): ExecuteRequest => ({
  kind: 'qasm3',
  program,
  backend,
  shots: noise ? 100 : null,
  noise,
  dryRun: false,
});
const JOBS: [string, ExecuteRequest][] = [
  ['service job: Bell, ideal simulator', job(BELL, 'simulator', null)],
  ['service job: Bell, emulated qpu.aria-1, 100 shots', job(BELL, 'qpu.aria-1', { model: 'aria-1', seed: 1 })],
  ['service job: 600 gates on 12 qubits, ideal simulator', job(LARGER, 'simulator', null)],
];
for (const [what, request] of JOBS) {
  if (!executeFromText(request) || !execute(request).ok) throw new Error(`${what}: the job failed`);
  row(
    what,
    interleaved(
      () => executeFromText(request),
      () => execute(request),
    ),
  );
}

for (const [name, text] of [
  ['Bell', BELL],
  ['600 gates', LARGER],
] as const) {
  const program = load(text, { target: 'qpu.aria-1' });
  if (!program.ok) throw new Error(`${name} does not load`);
  row(
    `${name}: compile (native) from text / from a loaded program`,
    interleaved(
      () => compile(text, { target: 'qpu.aria-1' }),
      () => compile(program),
    ),
  );
  row(
    `${name}: simulate (exact) from text / from a loaded program`,
    interleaved(
      () => simulate(text, { target: 'qpu.aria-1', seed: 1 }),
      () => simulate(program, { seed: 1 }),
    ),
  );
  const [loadMs] = interleaved(
    () => load(text, { target: 'qpu.aria-1' }),
    () => undefined,
  );
  rows.push([`${name}: load() alone`, '-', loadMs, '-', '-']);
}

printTable(
  `load(): one read per program, medians of ${REPEATS} interleaved runs (load average ${loadavg()[0]?.toFixed(1)} at the end, shared machine)`,
  ['measure', 'before / from text (ms)', 'after / loaded (ms)', 'saved (ms)', 'ratio'],
  rows,
);
