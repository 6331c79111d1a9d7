/**
 * What a run yields: the exact distribution over final qubit states and over
 * each classical register, and sampled shots. Outcomes stay in index form
 * here (qubit k / bit k is binary digit k); artifacts.ts alone turns them
 * into the service's bitstrings and decimal keys.
 */
import type { IrRegister } from '../../ir/types.js';
import type { Execution } from '../engine/execute.js';
import type { SeededRandom } from '../engine/random.js';
import { bitOf, forEachProbabilityWhile } from '../engine/state.js';

/** States less likely than this are left out of the exact distributions, and so of every probability artifact. */
export const PROBABILITY_CUTOFF = 1e-12;

/** A register value: an integer (bit i is digit i) up to 52 bits, else a string with bit i at position i. */
export type RegisterValue = number | string;

export interface ExactDistribution {
  readonly qubits: number;
  /** Final state index -> probability. */
  readonly outputAll: Map<number, number>;
  /** Classical register -> value -> probability. */
  readonly registers: ReadonlyMap<string, Map<RegisterValue, number>>;
}

/** Sampled shots: per shot, the read value of each qubit and of each classical bit. */
export interface ShotTable {
  readonly shots: number;
  readonly qubits: number;
  readonly clbits: number;
  /** shots x qubits, row-major. */
  readonly qubitBits: Uint8Array;
  /** shots x clbits, row-major. */
  readonly clbitValues: Uint8Array;
}

const MAX_INTEGER_REGISTER = 52;

/** Reads register `reg` for final state `index` of a branch whose mid-circuit record is `bits`. */
function registerReader(reg: IrRegister, execution: Execution): (index: number, bits: Uint8Array) => RegisterValue {
  const sources = Array.from({ length: reg.size }, (_, i) => {
    const bit = reg.offset + i;
    const qubit = execution.finalMeasures.get(bit);
    return { bit, qubit };
  });
  if (reg.size <= MAX_INTEGER_REGISTER) {
    return (index, bits) => {
      let value = 0;
      for (let i = 0; i < sources.length; i++) {
        const s = sources[i] as { bit: number; qubit: number | undefined };
        const v = s.qubit === undefined ? (bits[s.bit] as number) : bitOf(index, s.qubit);
        if (v) value += 2 ** i;
      }
      return value;
    };
  }
  return (index, bits) =>
    sources.map((s) => (s.qubit === undefined ? (bits[s.bit] as number) : bitOf(index, s.qubit))).join('');
}

/** Distinct qubits whose final measurement a register reads. */
function qubitsRead(reg: IrRegister, execution: Execution): number {
  const read = new Set<number>();
  for (let i = 0; i < reg.size; i++) {
    const qubit = execution.finalMeasures.get(reg.offset + i);
    if (qubit !== undefined) read.add(qubit);
  }
  return read.size;
}

export interface DistributionBounds {
  /** Stop (and return null) once the distributions together hold more entries than this. */
  readonly maxEntries: number;
  /** Also the classical registers' distributions (the v2 artifact); the v0.3 form needs output_all only. */
  readonly registers: boolean;
  /** Leave output_all empty (it is read from the state directly, see denseOutputAll). */
  readonly skipOutputAll?: boolean;
}

/**
 * The exact distributions: sums over branches (weighted) of the final states'
 * probabilities. Null once they would hold more than `bounds.maxEntries`
 * entries: memory stays bounded by the bound, never by the 2^n states.
 */
export function exactDistribution(
  execution: Execution,
  bounds: DistributionBounds = { maxEntries: Infinity, registers: true },
): ExactDistribution | null {
  const outputAll = new Map<number, number>();
  // A value is a sum of at most `terms` contributions; when each is below cutoff / terms
  // the sum stays below the artifacts' cutoff, so such contributions are left out now (a
  // dense state has a million of them). A register value sums every state that agrees
  // on the qubits it reads: 2^(unread qubits) states per branch.
  const branches = Math.max(1, execution.branches.length);
  const qubits = execution.circuit.qubits;
  const negligible = PROBABILITY_CUTOFF / branches;
  const registers = bounds.registers ? execution.circuit.bitRegisters : [];
  const readers = registers.map((reg) => ({
    name: reg.name,
    read: registerReader(reg, execution),
    values: new Map<RegisterValue, number>(),
    negligible: PROBABILITY_CUTOFF / branches / 2 ** (qubits - qubitsRead(reg, execution)),
  }));
  let entries = 0;
  if (readers.length === 0 && bounds.skipOutputAll) return { qubits, outputAll, registers: new Map() };
  for (const branch of execution.branches) {
    const finished = forEachProbabilityWhile(branch.state, (index, p) => {
      const weighted = p * branch.probability;
      if (weighted >= negligible && !bounds.skipOutputAll) {
        const before = outputAll.get(index);
        if (before === undefined) entries++;
        outputAll.set(index, (before ?? 0) + weighted);
      }
      for (const r of readers) {
        if (weighted < r.negligible) continue;
        const v = r.read(index, branch.bits);
        const before = r.values.get(v);
        if (before === undefined) entries++;
        r.values.set(v, (before ?? 0) + weighted);
      }
      return entries <= bounds.maxEntries;
    });
    if (!finished) return null;
  }
  return { qubits: execution.circuit.qubits, outputAll, registers: new Map(readers.map((r) => [r.name, r.values])) };
}

/**
 * Draws `shots` outcomes from the exact joint distribution (branch, final
 * state): uniforms are sorted once and matched in one walk over the
 * amplitudes, so nothing of the state's size is built (a dense state is
 * walked in a plain loop: at 28 qubits this pass is a quarter of a billion
 * amplitudes).
 */
export function sampleShots(execution: Execution, shots: number, random: SeededRandom): ShotTable {
  const { qubits, clbits } = execution.circuit;
  const table = {
    shots,
    qubits,
    clbits,
    qubitBits: new Uint8Array(shots * qubits),
    clbitValues: new Uint8Array(shots * clbits),
  };
  sampleShotsInto(execution, shots, random, table, 0);
  return table;
}

/**
 * {@link sampleShots} written into rows `first` to `first + shots - 1` of
 * `table` (the same draws): a noisy run samples each error pattern's shots
 * into one table instead of a table per pattern and a copy of them all.
 */
export function sampleShotsInto(
  execution: Execution,
  shots: number,
  random: SeededRandom,
  table: ShotTable,
  first: number,
): void {
  const { qubits, clbits } = execution.circuit;
  const draws = new Float64Array(shots);
  for (let s = 0; s < shots; s++) draws[s] = random.next();
  const order = new Uint32Array(shots);
  for (let s = 0; s < shots; s++) order[s] = s;
  order.sort((a, b) => (draws[a] as number) - (draws[b] as number));
  // Plain loops, not typed-array `from` with a callback (the iterator protocol): a noisy run samples each error
  // pattern on its own, often one shot, and a debiased job runs ten times the error-free patterns.
  const sorted = new Float64Array(shots);
  for (let s = 0; s < shots; s++) sorted[s] = draws[order[s] as number] as number;
  const total = execution.branches.reduce((sum, b) => sum + b.probability, 0);
  const { qubitBits, clbitValues } = table;
  // The qubit each bit reads at the end (-1: a mid-circuit bit, read from the branch's record).
  const bitQubits = new Int32Array(clbits);
  for (let c = 0; c < clbits; c++) bitQubits[c] = execution.finalMeasures.get(c) ?? -1;
  let next = 0;
  let cumulative = 0;
  const assign = (drawn: number, index: number, branchIndex: number) => {
    const branch = execution.branches[branchIndex];
    if (!branch) return;
    const shot = first + drawn;
    for (let q = 0; q < qubits; q++) qubitBits[shot * qubits + q] = bitOf(index, q);
    for (let c = 0; c < clbits; c++) {
      const q = bitQubits[c] as number;
      clbitValues[shot * clbits + c] = q < 0 ? (branch.bits[c] as number) : bitOf(index, q);
    }
  };
  const visit = (index: number, p: number, scale: number, b: number) => {
    cumulative += p * scale;
    while (next < shots && (sorted[next] as number) < cumulative) assign(order[next++] as number, index, b);
  };
  execution.branches.forEach((branch, b) => {
    const scale = branch.probability / total;
    const state = branch.state;
    if (state.kind === 'sparse') {
      for (const [index, a] of state.amplitudes) if (next < shots) visit(index, a.re * a.re + a.im * a.im, scale, b);
      return;
    }
    // Dense: a block whose probabilities hold no draw is summed and skipped, so
    // the pass over 2^n amplitudes is a plain sum running at memory speed.
    const { re, im } = state;
    for (let start = 0; start < re.length && next < shots; start += SAMPLING_BLOCK) {
      const end = Math.min(re.length, start + SAMPLING_BLOCK);
      let sum = 0;
      for (let i = start; i < end; i++)
        sum += (re[i] as number) * (re[i] as number) + (im[i] as number) * (im[i] as number);
      if (cumulative + sum * scale <= (sorted[next] as number)) {
        cumulative += sum * scale;
        continue;
      }
      for (let i = start; i < end && next < shots; i++) {
        const p = (re[i] as number) * (re[i] as number) + (im[i] as number) * (im[i] as number);
        if (p === 0) continue;
        cumulative += p * scale;
        while (next < shots && (sorted[next] as number) < cumulative) assign(order[next++] as number, i, b);
      }
    }
  });
  // Rounding may leave the last draws above the final cumulative sum: they take the last possible outcome.
  const last = next < shots ? lastOutcome(execution) : null;
  while (next < shots && last) assign(order[next++] as number, last.index, last.branch);
}

/**
 * Amplitudes summed per step of the dense sampling walk (a block is skipped
 * whole when no draw falls in it): small enough that a noisy run's error
 * pattern, often one shot on a state of 2^9 amplitudes, walks one block
 * amplitude by amplitude instead of half the state.
 */
const SAMPLING_BLOCK = 256;

/** The last (branch, index) with a non-zero probability. */
function lastOutcome(execution: Execution): { index: number; branch: number } | null {
  for (let b = execution.branches.length - 1; b >= 0; b--) {
    const state = (execution.branches[b] as Execution['branches'][number]).state;
    if (state.kind === 'sparse') {
      let index = -1;
      for (const [i, a] of state.amplitudes) if (a.re !== 0 || a.im !== 0) index = i;
      if (index >= 0) return { index, branch: b };
      continue;
    }
    for (let i = state.re.length - 1; i >= 0; i--)
      if (state.re[i] !== 0 || state.im[i] !== 0) return { index: i, branch: b };
  }
  return null;
}
