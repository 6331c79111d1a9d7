/**
 * The language server's edit latency: the time from a one-character
 * `didChange` (incremental) to the `publishDiagnostics` of that version,
 * through the built server over stdio with a real JSON-RPC client, on files
 * of 1k, 10k and 100k lines. Debounce is set to 0 so the figure is the
 * server's work (an editor adds the debounce, 150 ms by default). Each edit
 * toggles one gate name (`h` <-> `H`), so half the runs publish an error and
 * half a clean file. Beside it, `validate` alone in this process (the floor
 * the server cannot beat without incremental checking) and the goals.
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
for (const size of SIZES) {
  const text = program(size);
  const uri = `file:///bench/lsp-${size}.qasm`;
  await client.open(uri, text);
  // The middle line is an `h` line (n % 3 === 0) for every size here.
  let line = Math.floor(size / 2);
  while (!text.split('\n')[line]?.startsWith('h ')) line++;
  const times: number[] = [];
  let version = 1;
  for (let i = 0; i < EDITS + 2; i++) {
    version++;
    const t0 = process.hrtime.bigint();
    const published = await client.change(uri, version, [{ range: { start: { line, character: 0 }, end: { line, character: 1 } }, text: i % 2 === 0 ? 'H' : 'h' }]);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    if (published.diagnostics.length !== (i % 2 === 0 ? 1 : 0)) throw new Error(`unexpected diagnostics at ${size} lines: ${JSON.stringify(published.diagnostics)}`);
    if (i >= 2) times.push(ms);
  }
  const floor = await medianMs(() => validate(text), 5, 1);
  const p50 = median(times);
  const goal = GOALS_MS[size] ?? null;
  rows.push([size, text.length, p50, percentile(times, 0.9), floor, goal === null ? '-' : `< ${goal}`, goal === null ? '-' : p50 < goal ? 'met' : 'missed']);
  await client.notify('textDocument/didClose', { textDocument: { uri } });
}
await client.close();
printTable(
  `one-character edit to published diagnostics, built server over stdio (${EDITS} edits per size, debounce 0)`,
  ['lines', 'characters', 'p50 ms', 'p90 ms', 'validate alone, median ms', 'goal p50 ms', 'goal'],
  rows,
);
