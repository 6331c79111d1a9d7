/**
 * The IR and JSON stages on their own: `validateCircuitJson` on svc.circuit.v0
 * input, `circuitJsonToIr`, `lowerToIr` from an inlined program and
 * `circuitToJson`, plus `checkCapabilities` on a QPU target (the one check
 * that walks every operation). Inputs cycle through h, cnot and rz over 20
 * qubits. Medians in ms and million gates per second; no peers to compare.
 *
 * `npx tsx bench/circuit-json.bench.ts` (10k, 100k) or `BENCH_SIZE=full ...`
 * (10k, 150k — the service's gates-per-job limit — and 1M).
 */
import { checkCapabilities } from '../src/capabilities/index.js';
import { SourceText } from '../src/diagnostics/index.js';
import type { InlinedOp, InlinedProgram } from '../src/inline/types.js';
import { circuitJsonToIr, circuitToJson, validateCircuitJson } from '../src/ir/circuit-json.js';
import type { SingleCircuitJson } from '../src/ir/circuit-json.js';
import { lowerToIr } from '../src/ir/lower.js';
import { ACCEPTED_GATES_BY_NAME, TARGETS_BY_NAME } from '../src/tables/index.js';
import type { AcceptedGate, Target } from '../src/tables/index.js';
import { BENCH_SIZE, medianMs, printTable } from './lib.js';

const SIZES = BENCH_SIZE === 'full' ? [10_000, 150_000, 1_000_000] : [10_000, 100_000];
const QUBITS = 20;

function circuitJson(count: number): SingleCircuitJson {
  const circuit = Array.from({ length: count }, (_, n) => {
    const i = n % QUBITS;
    if (n % 3 === 0) return { gate: 'h', target: i };
    if (n % 3 === 1) return { gate: 'cnot', control: i, target: (i + 1) % QUBITS };
    return { gate: 'rz', target: i, rotation: Math.PI / 4 };
  });
  return { format: 'svc.circuit.v0', qubits: QUBITS, circuit };
}

function inlinedProgram(count: number): InlinedProgram {
  const source = new SourceText('qubit[20] q;');
  const span = source.span(0, 12);
  const gate = (name: string) => ACCEPTED_GATES_BY_NAME.get(name) as AcceptedGate;
  const [h, cx, rz] = [gate('h'), gate('cx'), gate('rz')];
  const ops = Array.from({ length: count }, (_, n): InlinedOp => {
    const i = n % QUBITS;
    const call = { kind: 'gate' as const, modifierControls: 0, span, related: [] };
    if (n % 3 === 0) return { ...call, gate: h, params: [], qubits: [i] };
    if (n % 3 === 1) return { ...call, gate: cx, params: [], qubits: [i, (i + 1) % QUBITS] };
    return { ...call, gate: rz, params: [Math.PI / 4], qubits: [i] };
  });
  return {
    qubitRegisters: [{ name: 'q', size: QUBITS, offset: 0, span }],
    bitRegisters: [],
    qubitCount: QUBITS,
    bitCount: 0,
    ops,
  };
}

const aria = TARGETS_BY_NAME.get('qpu.aria-1') as Target;
const rows: (string | number)[][] = [];
for (const size of SIZES) {
  const json = circuitJson(size);
  const inlined = inlinedProgram(size);
  const source = new SourceText('qubit[20] q;');
  const program = { kind: 'Program' as const, version: null, statements: [], span: source.span(0, 0) };
  const ir = lowerToIr(inlined);
  const repeats = size >= 1_000_000 ? 3 : 5;
  const timings: [string, () => unknown][] = [
    ['validateCircuitJson (qpu.aria-1)', () => validateCircuitJson(json, { target: aria, maxGates: Infinity })],
    ['circuitJsonToIr', () => circuitJsonToIr(json)],
    ['lowerToIr', () => lowerToIr(inlined)],
    ['circuitToJson', () => circuitToJson(ir)],
    ['checkCapabilities (qpu.aria-1)', () => checkCapabilities({ program, inlined, source }, aria)],
  ];
  for (const [name, run] of timings) {
    const ms = await medianMs(run, repeats);
    rows.push([name, size, ms, size / ms / 1000]);
  }
}
printTable(
  `IR and circuit JSON stages (BENCH_SIZE=${BENCH_SIZE}; shared 2-core machine)`,
  ['operation', 'gates', 'median ms', 'M gates/s'],
  rows,
);
