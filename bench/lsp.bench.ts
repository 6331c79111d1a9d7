/**
 * The language server's edit latency: the time from a one-character
 * `didChange` (incremental) to the `publishDiagnostics` of that version,
 * through the built server over stdio with a real JSON-RPC client, on files
 * of 1k, 10k and 100k lines. Debounce is set to 0 so the figure is the
 * server's work (an editor adds the debounce, 150 ms by default). Each edit
 * toggles one gate name (`h` <-> `H`), so half the runs publish an error and
 * half a clean file: the incremental path. Beside it, an edit of the register
 * declaration (`qubit[20]` <-> `qubit[21]`), which needs a full check, and
 * `validate` alone in this process (what every edit would cost without the
 * incremental path), and the goals.
 *
 * `npx tsx bench/lsp.bench.ts` (BENCH_SIZE=full for more repetitions).
 */
import { validate } from '../src/index.js';
import { startClient } from '../test/lsp/lsp-client.js';
import { BENCH_SIZE, median, medianMs, printTable } from './lib.js';

const SIZES = [1_000, 10_000, 100_000] as const;
const GOALS_MS: Readonly<Record<number, number | null>> = { 1_000: null, 10_000: 20, 100_000: 200 };
const EDITS = BENCH_SIZE === 'full' ? 41 : 15;

/** `lines` lines: a header, then gates cycling over 20 qubits. */
function program(lines: number): string {
  const out = ['OPENQASM 3.0;', 'qubit[20] q;', 'bit[20] c;'];
  for (let n = out.length; n < lines; n++) {
    const i = n % 20;
    out.push(n % 3 === 0 ? `h q[${i}];` : n % 3 === 1 ? `cx q[${i}], q[${(i + 1) % 20}];` : `rz(pi/4) q[${i}];`);
  }
  return out.join('\n') + '\n';
}

function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] as number;
}

const client = await startClient({ initializationOptions: { debounceMs: 0 } });
const rows: (string | number)[][] = [];

/** One character toggled back and forth: where, the two values, and how many diagnostics each gives. */
interface Toggle {
  readonly line: (text: string) => number;
  readonly character: number;
  readonly values: readonly [string, string];
  readonly diagnostics: readonly [number, number];
}

/** A gate name in the middle of the file, `h` <-> `H` (unknown gate): the incremental path. */
const GATE_NAME: Toggle = {
  line: (text) => {
    const lines = text.split('\n');
    let line = Math.floor(lines.length / 2);
    while (!lines[line]?.startsWith('h ')) line++;
    return line;
  },
  character: 0,
  values: ['H', 'h'],
  diagnostics: [1, 0],
};
/** The register size `qubit[20]` <-> `qubit[21]`: a declaration, so every statement is checked again. */
const REGISTER_SIZE: Toggle = { line: () => 1, character: 7, values: ['1', '0'], diagnostics: [0, 0] };

/** Toggles one character `edits` times; the latency of each edit after the first two. */
async function editLatencies(text: string, name: string, edits: number, toggle: Toggle = GATE_NAME): Promise<number[]> {
  const uri = `file:///bench/lsp-${name}.qasm`;
  await client.open(uri, text);
  const line = toggle.line(text);
  const { character } = toggle;
  const times: number[] = [];
  for (let i = 0, version = 1; i < edits + 2; i++) {
    version++;
    const t0 = process.hrtime.bigint();
    const published = await client.change(uri, version, [
      {
        range: { start: { line, character }, end: { line, character: character + 1 } },
        text: toggle.values[i % 2] as string,
      },
    ]);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (published.diagnostics.length !== toggle.diagnostics[i % 2])
      throw new Error(`unexpected diagnostics in ${name}: ${JSON.stringify(published.diagnostics)}`);
    if (i >= 2) times.push(ms);
  }
  await client.notify('textDocument/didClose', { textDocument: { uri } });
  return times;
}

await editLatencies(program(1_000), 'warm-up', 60); // JIT warm-up of both processes, not reported
for (const size of SIZES) {
  const text = program(size);
  const times = await editLatencies(text, String(size), EDITS);
  const full = await editLatencies(
    text,
    `${size}-declaration`,
    Math.min(EDITS, size >= 100_000 ? 5 : EDITS),
    REGISTER_SIZE,
  );
  const floor = await medianMs(() => validate(text), 5, 1);
  const p50 = median(times);
  const goal = GOALS_MS[size] ?? null;
  rows.push([
    size,
    text.length,
    p50,
    percentile(times, 0.9),
    median(full),
    floor,
    goal === null ? '-' : `< ${goal}`,
    goal === null ? '-' : p50 < goal ? 'met' : 'missed',
  ]);
}
await client.close();
printTable(
  `one-character edit to published diagnostics, built server over stdio (${EDITS} edits per size, debounce 0)`,
  [
    'lines',
    'characters',
    'gate edit p50 ms',
    'gate edit p90 ms',
    'declaration edit p50 ms (full check)',
    'validate alone, median ms',
    'goal p50 ms',
    'goal',
  ],
  rows,
);
