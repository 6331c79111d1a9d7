/**
 * The two-qubit block pass in numbers (issue 14): entangling gates and pulses
 * per circuit before the pass and after it, on Aria (ms) and Forte (zz), each
 * compiled circuit proven equal to its source through checkEquivalence (with
 * compile's final frames) before anything is printed; then compile time for
 * 10,000-gate programs with and without the pass.
 */
import { readFileSync } from 'node:fs';
import { globSync } from 'tinyglobby';
import { checkEquivalence, compile } from '../src/index.js';
import { BENCH_SIZE, median, medianMs, printTable } from './lib.js';

const HEADER = 'OPENQASM 3.0;\ninclude "stdgates.inc";\n';

/** cp(θ) as Qiskit exports it (cp itself is rejected by the subset). */
const cp = (theta: number, c: number, t: number): string =>
  `p(${theta / 2}) q[${c}];\ncx q[${c}], q[${t}];\np(${-theta / 2}) q[${t}];\ncx q[${c}], q[${t}];\np(${theta / 2}) q[${t}];\n`;

/** Qiskit's QFT(n): for j from n-1 down, h q[j] then cp(π/2^(j-k)) q[j], q[k] for k below j; then the swaps. */
export function qiskitQft(n: number): string {
  let body = '';
  for (let j = n - 1; j >= 0; j--) {
    body += `h q[${j}];\n`;
    for (let k = j - 1; k >= 0; k--) body += cp(Math.PI / 2 ** (j - k), j, k);
  }
  for (let i = 0; i < n >> 1; i++) body += `swap q[${i}], q[${n - 1 - i}];\n`;
  return `${HEADER}qubit[${n}] q;\n${body}`;
}

/** A seeded stream in [0, 1) (mulberry32): the same circuits every run. */
function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

/** Layers of a random single-qubit gate on every qubit, then CNOTs on a random pairing. */
export function randomCircuit(qubits: number, depth: number, seed: number): string {
  const random = seeded(seed);
  const one = ['h', 't', 's', 'sx', 'rx', 'ry', 'rz'];
  let body = '';
  for (let layer = 0; layer < depth; layer++) {
    for (let q = 0; q < qubits; q++) {
      const g = one[Math.floor(random() * one.length)] as string;
      body += g.startsWith('r')
        ? `${g}(${(random() * 2 * Math.PI - Math.PI).toFixed(6)}) q[${q}];\n`
        : `${g} q[${q}];\n`;
    }
    const order = [...Array(qubits).keys()].sort(() => random() - 0.5);
    for (let i = 0; i + 1 < qubits; i += 2) body += `cx q[${order[i]}], q[${order[i + 1]}];\n`;
  }
  return `${HEADER}qubit[${qubits}] q;\n${body}`;
}

/** The textbook 6-CNOT Toffoli as exporters write ccx out. */
const TOFFOLI_WRITTEN = `${HEADER}qubit[3] q;\nh q[2];\ncx q[1], q[2];\ntdg q[2];\ncx q[0], q[2];\nt q[2];\ncx q[1], q[2];\ntdg q[2];\ncx q[0], q[2];\nt q[1];\nt q[2];\nh q[2];\ncx q[0], q[1];\nt q[0];\ntdg q[1];\ncx q[0], q[1];\n`;

interface Row {
  readonly name: string;
  readonly source: string;
  readonly needs?: number;
}

function rows(): Row[] {
  const fixtures = globSync('fixtures/compile/*.qasm')
    .sort()
    .map((file) => ({
      name: file.replace(/^fixtures\/compile\//, ''),
      source: readFileSync(file, 'utf8'),
      needs: (JSON.parse(readFileSync(file.replace(/\.qasm$/, '.expected.json'), 'utf8')) as { needs: number }).needs,
    }));
  const qft = (BENCH_SIZE === 'full' ? [4, 8, 16] : [4, 8]).map((n) => ({
    name: `QFT-${n} (Qiskit's export)`,
    source: qiskitQft(n),
  }));
  return [
    ...fixtures,
    ...qft,
    { name: 'random, 10 qubits, depth 20', source: randomCircuit(10, 20, 20) },
    { name: 'Toffoli, ctrl(2) @ x', source: `${HEADER}qubit[3] q;\nctrl(2) @ x q[0], q[1], q[2];\n` },
    { name: 'Toffoli, 6 cx written out', source: TOFFOLI_WRITTEN },
  ];
}

const TARGETS = ['qpu.aria-1', 'qpu.forte-1'] as const;

function counted(
  source: string,
  target: string,
  twoQubitBlocks: boolean,
): { twoQubit: number; pulses: number; deviation: number } {
  const r = compile(source, { target, twoQubitBlocks });
  if (!r.ok || r.qasm === null) throw new Error(`compile failed: ${JSON.stringify(r.failure)}`);
  const proof = checkEquivalence(source, r.qasm, { target, finalFrames: r.finalFrames });
  if (!proof.equivalent) throw new Error(`compiled circuit differs from its source by ${proof.maxDeviation}`);
  return {
    twoQubit: r.stats?.gate_counts['2q'] as number,
    pulses: r.stats?.gate_counts['1q'] as number,
    deviation: proof.maxDeviation,
  };
}

export async function blockPassTables(): Promise<void> {
  const table = rows().map(({ name, source, needs }) => {
    let deviation = 0;
    const cells = TARGETS.flatMap((target) => {
      const before = counted(source, target, false);
      const after = counted(source, target, true);
      deviation = Math.max(deviation, before.deviation, after.deviation);
      if (after.twoQubit > before.twoQubit)
        throw new Error(`${name} on ${target}: more entangling gates with the pass`);
      return [`${before.twoQubit} + ${before.pulses}`, `${after.twoQubit} + ${after.pulses}`];
    });
    return [name, needs ?? '-', ...cells, deviation.toExponential(1)];
  });
  printTable(
    'Two-qubit block pass: entangling gates + pulses, before and after (each proven equal to its source)',
    ['circuit', 'needs', 'Aria before', 'Aria after', 'Forte before', 'Forte after', 'max deviation'],
    table,
  );

  const programs = [
    { name: 'random 10-qubit, 10,000 gates', source: randomCircuit(10, 667, 7) },
    {
      name: 'Qiskit-form cp chain, 10,000 gates',
      source: `${HEADER}qubit[10] q;\n${Array.from({ length: 2000 }, (_, i) => cp(0.1 + i / 1000, i % 10, (i + 1 + (i % 3)) % 10)).join('')}`,
    },
  ];
  const timing = [];
  const repeats = BENCH_SIZE === 'full' ? 9 : 5;
  for (const { name, source } of programs) {
    for (const target of TARGETS) {
      // Interleaved pairs, so that load on the shared machine hits both sides alike; the ratio is the median of the pairs'.
      compile(source, { target });
      const without: number[] = [];
      const withPass: number[] = [];
      for (let i = 0; i < repeats; i++) {
        without.push(await medianMs(() => compile(source, { target, twoQubitBlocks: false }), 1, 0));
        withPass.push(await medianMs(() => compile(source, { target }), 1, 0));
      }
      const ratio = median(withPass.map((w, i) => w / (without[i] as number)));
      const a = compile(source, { target, twoQubitBlocks: false }).stats?.gate_counts['2q'] as number;
      const b = compile(source, { target }).stats?.gate_counts['2q'] as number;
      timing.push([
        name,
        target,
        `${a} -> ${b}`,
        median(without),
        median(withPass),
        `${((ratio - 1) * 100).toFixed(0)}%`,
      ]);
    }
  }
  printTable(
    'compile time with and without the block pass (medians of interleaved runs, ms; goal: at most +30%)',
    ['program', 'target', 'entangling gates', 'without', 'with', 'added (median of pair ratios)'],
    timing,
  );
}
