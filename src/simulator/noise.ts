/**
 * The noisy simulator: per-shot trajectories. Each shot draws where
 * depolarizing errors strike (after one- and two-qubit gates, at the model's
 * rates) and which Pauli each is; shots with the same error pattern share one
 * exact run, from which they are sampled; then each read bit flips with the
 * readout error. Single-qubit Z rotations (z, s, t, rz and their inverses) are
 * virtual on the modelled QPUs (frame updates, no pulse), so they carry no error.
 */
import type { IrCircuit, IrOp } from '../ir/types.js';
import type { NoiseModel } from '../tables/index.js';
import { executeCircuit, type ExecuteOptions } from './engine/execute.js';
import { complexMatrix, type UnitaryOp } from './kernels/matrices.js';
import { concatShots, sampleShots, type ShotTable } from './results/outcomes.js';
import type { SeededRandom } from './engine/random.js';

const VIRTUAL_GATES = new Set(['z', 's', 'si', 't', 'ti', 'rz']);

/** The qubits a gate's error acts on: none for virtual Z rotations; for 3+ qubits, the target and the last control. */
export function errorQubits(op: IrOp): number[] {
  if (op.kind === 'native') return [...op.targets];
  if (op.kind !== 'gate') return [];
  const qubits = [...op.controls, ...op.targets];
  if (qubits.length === 1 && VIRTUAL_GATES.has(op.name)) return [];
  return qubits.length <= 2 ? qubits : qubits.slice(-2);
}

const PAULIS = [
  complexMatrix([
    [1, 0],
    [0, 0],
    [0, 0],
    [1, 0],
  ]),
  complexMatrix([
    [0, 0],
    [1, 0],
    [1, 0],
    [0, 0],
  ]),
  complexMatrix([
    [0, 0],
    [0, -1],
    [0, 1],
    [0, 0],
  ]),
  complexMatrix([
    [1, 0],
    [0, 0],
    [0, 0],
    [-1, 0],
  ]),
] as const;

function pauliOps(qubits: readonly number[], code: number): UnitaryOp[] {
  // code in 1 .. 4^k - 1: base-4 digits pick I, X, Y, Z per qubit.
  const ops: UnitaryOp[] = [];
  qubits.forEach((q, k) => {
    const digit = Math.floor(code / 4 ** k) % 4;
    if (digit)
      ops.push({
        targets: [q],
        controls: [],
        matrix: PAULIS[digit] as Float64Array,
        kind: digit === 3 ? 'diagonal' : 'general',
      });
  });
  return ops;
}

interface ErrorSite {
  readonly op: number;
  readonly qubits: readonly number[];
}

/** Draws one shot's errors: geometric skips over the one- and two-qubit error sites. */
function drawPattern(
  sites1: readonly ErrorSite[],
  sites2: readonly ErrorSite[],
  model: NoiseModel,
  random: SeededRandom,
): [number, number][] {
  const hits: [number, number][] = [];
  const walk = (sites: readonly ErrorSite[], rate: number, paulis: number) => {
    for (let i = random.nextGeometric(rate); i < sites.length; i += 1 + random.nextGeometric(rate)) {
      hits.push([(sites[i] as ErrorSite).op, 1 + random.nextInt(paulis - 1)]);
    }
  };
  walk(sites1, model.oneQubitError, 4);
  walk(sites2, model.twoQubitError, 16);
  return hits;
}

/** Samples `shots` noisy shots of `circuit` under `model`. */
export function sampleNoisyShots(
  circuit: IrCircuit,
  model: NoiseModel,
  shots: number,
  random: SeededRandom,
  options: ExecuteOptions,
): ShotTable {
  const sites1: ErrorSite[] = [];
  const sites2: ErrorSite[] = [];
  circuit.ops.forEach((op, i) => {
    const qubits = errorQubits(op);
    if (qubits.length === 1) sites1.push({ op: i, qubits });
    else if (qubits.length === 2) sites2.push({ op: i, qubits });
  });
  const siteQubits = new Map([...sites1, ...sites2].map((s) => [s.op, s.qubits]));
  const patterns = new Map<string, { hits: [number, number][]; count: number }>();
  for (let s = 0; s < shots; s++) {
    const hits = drawPattern(sites1, sites2, model, random);
    const key = hits.map(([op, code]) => `${op}:${code}`).join(',');
    const entry = patterns.get(key);
    if (entry) entry.count++;
    else patterns.set(key, { hits, count: 1 });
  }
  const tables: ShotTable[] = [];
  let finalMeasures: ReadonlyMap<number, number> = new Map();
  for (const { hits, count } of patterns.values()) {
    const insertAfter = new Map<number, UnitaryOp[]>();
    for (const [op, code] of hits) {
      const list = insertAfter.get(op) ?? [];
      list.push(...pauliOps(siteQubits.get(op) ?? [], code));
      insertAfter.set(op, list);
    }
    const execution = executeCircuit(circuit, { ...options, insertAfter });
    finalMeasures = execution.finalMeasures;
    tables.push(sampleShots(execution, count, random));
  }
  const table = concatShots(tables, circuit.qubits, circuit.clbits);
  applyReadoutError(table, finalMeasures, model.readoutError, random);
  shuffleShots(table, random);
  return table;
}

/** Flips each read qubit with the readout error; bits read at the end copy their (flipped) qubit, earlier bits flip on their own. */
function applyReadoutError(
  table: ShotTable,
  finalMeasures: ReadonlyMap<number, number>,
  rate: number,
  random: SeededRandom,
): void {
  const { shots, qubits, clbits, qubitBits, clbitValues } = table;
  const flipAll = (bits: Uint8Array, length: number) => {
    for (let i = random.nextGeometric(rate); i < length; i += 1 + random.nextGeometric(rate))
      bits[i] = (bits[i] as number) ^ 1;
  };
  flipAll(qubitBits, shots * qubits);
  const midBits = [...Array(clbits).keys()].filter((c) => !finalMeasures.has(c));
  for (let s = 0; s < shots; s++) {
    for (const [c, q] of finalMeasures) clbitValues[s * clbits + c] = qubitBits[s * qubits + q] as number;
    for (const c of midBits)
      if (random.next() < rate) clbitValues[s * clbits + c] = (clbitValues[s * clbits + c] as number) ^ 1;
  }
}

/** Shots of one pattern were sampled together; shuffle so that shot order carries no pattern. */
function shuffleShots(table: ShotTable, random: SeededRandom): void {
  const { shots, qubits, clbits, qubitBits, clbitValues } = table;
  const swapRows = (data: Uint8Array, width: number, a: number, b: number) => {
    for (let k = 0; k < width; k++) {
      const t = data[a * width + k] as number;
      data[a * width + k] = data[b * width + k] as number;
      data[b * width + k] = t;
    }
  };
  for (let i = shots - 1; i > 0; i--) {
    const j = random.nextInt(i + 1);
    swapRows(qubitBits, qubits, i, j);
    swapRows(clbitValues, clbits, i, j);
  }
}
