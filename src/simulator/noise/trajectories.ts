/**
 * The noisy simulator: per-shot trajectories on one device (device.ts). Every
 * gate carries its physical qubits' coherent over-rotation (the same in every
 * shot, so part of every run); each shot draws where depolarizing errors
 * strike (after one- and two-qubit gates, at the rates of the physical qubits
 * or pair the gate runs on; geometric skips at the highest rate, thinned to
 * each site's own) and which Pauli each is; shots with the same error pattern
 * share one exact run, from which they are sampled; then each read bit flips
 * with its qubit's readout error for the value read. Single-qubit Z rotations
 * (z, s, t, rz and their inverses) are virtual on the modelled QPUs (frame
 * updates, no pulse), so they carry no error.
 */
import type { IrCircuit, IrOp } from '../../ir/types.js';
import { DEVICE_SPREAD } from '../../tables/index.js';
import type { DeviceNoise } from './device.js';
import { executeCircuit, type Execution, type ExecuteOptions } from '../engine/execute.js';
import { scaledSink } from '../engine/progress.js';
import { prefixSharingRunner, sharesPrefixes } from './shared-prefix.js';
import { complexMatrix, unitaryOf, type UnitaryOp } from '../kernels/matrices.js';
import { sampleShotsInto, type ShotTable } from '../results/outcomes.js';
import type { SeededRandom } from '../engine/random.js';

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

/** Pauli `digit` (1 X, 2 Y, 3 Z) on qubit q, at 4q + digit: constants, made once (the runs read them by identity). */
const PAULI_GATES: UnitaryOp[] = [];

function pauliGate(q: number, digit: number): UnitaryOp {
  return (PAULI_GATES[4 * q + digit] ??= {
    targets: [q],
    controls: [],
    matrix: PAULIS[digit] as Float64Array,
    kind: digit === 3 ? 'diagonal' : 'general',
  });
}

function pauliOps(qubits: readonly number[], code: number): UnitaryOp[] {
  // code in 1 .. 4^k - 1: base-4 digits pick I, X, Y, Z per qubit.
  const ops: UnitaryOp[] = [];
  qubits.forEach((q, k) => {
    const digit = Math.floor(code / 4 ** k) % 4;
    if (digit) ops.push(pauliGate(q, digit));
  });
  return ops;
}

/**
 * A noisy run: the device, where the program's qubits sit on it, and the sign
 * the chosen gate decomposition gives the coherent errors (debiasing's
 * "equal decompositions": the mirrored decomposition over-rotates the other way).
 */
export interface NoisyRun {
  readonly device: DeviceNoise;
  /** Physical qubit of each program qubit (identity when absent). */
  readonly qubitMap?: readonly number[];
  /** Sign of the one- and two-qubit over-rotations (default +1, +1). */
  readonly signs?: readonly [number, number];
}

/**
 * Error sites of one kind (one- or two-qubit gates): the op of each and its
 * probability of a Pauli error (its physical qubit's or pair's), with the
 * highest rate among them.
 */
interface SiteWalk {
  readonly ops: Int32Array;
  readonly rates: Float64Array;
  readonly top: number;
  /** Paulis to choose from (4 or 16; the identity is never drawn). */
  readonly paulis: number;
}

function siteWalk(ops: Int32Array, rates: Float64Array, paulis: number): SiteWalk {
  let top = 0;
  for (let i = 0; i < rates.length; i++) top = Math.max(top, rates[i] as number);
  return { ops, rates, top, paulis };
}

/** Adds one shot's errors at one kind of site to `hits`: geometric skips at the highest rate, each candidate kept with its site's share of it. */
function walkSites({ ops, rates, top, paulis }: SiteWalk, random: SeededRandom, hits: [number, number][]): void {
  for (let i = random.nextGeometric(top); i < ops.length; i += 1 + random.nextGeometric(top)) {
    const rate = rates[i] as number;
    // Uniform rates draw nothing more, so a uniform model's shots are what they always were.
    if (rate < top && random.next() * top >= rate) continue;
    hits.push([ops[i] as number, 1 + random.nextInt(paulis - 1)]);
  }
}

/** Draws one shot's errors: one- then two-qubit sites. */
function drawPattern(walk1: SiteWalk, walk2: SiteWalk, random: SeededRandom): [number, number][] {
  const hits: [number, number][] = [];
  walkSites(walk1, random, hits);
  walkSites(walk2, random, hits);
  return hits;
}

/**
 * Over-rotation gates of a device, per physical qubit (or ordered pair) and
 * sign: a device (one characterization record) is the same all day, so every
 * variant of a debiased job and every job on that record reuses them.
 */
interface OverRotations {
  readonly oneQubit: (UnitaryOp | undefined)[];
  readonly twoQubit: (UnitaryOp | undefined)[];
  /**
   * Each over-rotation placed on program qubits, as the one-gate list a run
   * inserts after the op: by gate, then by program qubits. The same list
   * object each time, so that the passes made from it are made once
   * (shared-prefix.ts keys them by it).
   */
  readonly placed: WeakMap<UnitaryOp, Map<number, readonly UnitaryOp[]>>;
}

const overRotations = new WeakMap<DeviceNoise, OverRotations>();

/** The over-rotation at `index` (2 * site + 1 for the negative sign) of one kind, built on first use. */
function overRotation(
  cache: (UnitaryOp | undefined)[],
  index: number,
  name: 'rx' | 'xx' | 'zz',
  angle: number,
): UnitaryOp {
  let op = cache[index];
  if (!op) {
    const targets = name === 'rx' ? [0] : [0, 1];
    cache[index] = op = unitaryOf({ kind: 'gate', name, targets, controls: [], rotation: angle });
  }
  return op;
}

/** `gate` on program qubits `qubits` (one or two, each below 1024), as the list to insert after an op. */
function placed(cache: OverRotations, gate: UnitaryOp, qubits: readonly number[]): readonly UnitaryOp[] {
  let byQubits = cache.placed.get(gate);
  if (!byQubits) cache.placed.set(gate, (byQubits = new Map<number, readonly UnitaryOp[]>()));
  const key = qubits.length === 1 ? (qubits[0] as number) : 1024 * (1 + (qubits[0] as number)) + (qubits[1] as number);
  let list = byQubits.get(key);
  if (!list) byQubits.set(key, (list = [{ ...gate, targets: [...qubits] }]));
  return list;
}

/** The over-rotation a gate on these program qubits carries on the device, as gates to insert (null if none). */
export function coherentError(
  qubits: readonly number[],
  run: NoisyRun,
  physical: (q: number) => number,
): readonly UnitaryOp[] | null {
  const [sign1, sign2] = run.signs ?? [1, 1];
  return coherentOn(overRotationsOf(run.device), run.device, sign1, sign2, qubits, physical);
}

function overRotationsOf(device: DeviceNoise): OverRotations {
  let cache = overRotations.get(device);
  if (!cache) overRotations.set(device, (cache = { oneQubit: [], twoQubit: [], placed: new WeakMap() }));
  return cache;
}

/** {@link coherentError} with the device's cache and the signs read once per run, not per op. */
function coherentOn(
  cache: OverRotations,
  device: DeviceNoise,
  sign1: number,
  sign2: number,
  qubits: readonly number[],
  physical: (q: number) => number,
): readonly UnitaryOp[] | null {
  if (qubits.length === 1) {
    const q = physical(qubits[0] as number);
    const angle = sign1 * (device.oneQubitRotation[q] as number);
    if (!angle) return null;
    return placed(cache, overRotation(cache.oneQubit, 2 * q + (sign1 < 0 ? 1 : 0), 'rx', angle), qubits);
  }
  const pair = physical(qubits[0] as number) * device.qubits + physical(qubits[1] as number);
  const angle = sign2 * (device.twoQubitRotation[pair] as number);
  if (!angle) return null;
  const name = device.entangler === 'zz' ? 'zz' : 'xx';
  return placed(cache, overRotation(cache.twoQubit, 2 * pair + (sign2 < 0 ? 1 : 0), name, angle), qubits);
}

/** Each op's error qubits, per circuit: every variant of a debiased job reads them. */
const circuitErrorQubits = new WeakMap<IrCircuit, readonly (readonly number[])[]>();

function errorQubitsOf(circuit: IrCircuit): readonly (readonly number[])[] {
  let qubits = circuitErrorQubits.get(circuit);
  if (!qubits) circuitErrorQubits.set(circuit, (qubits = circuit.ops.map(errorQubits)));
  return qubits;
}

/**
 * A circuit's error sites, as every run of it (every variant of a debiased
 * job) reads them: the ops whose errors act on one qubit and on two, in op
 * order, with their program qubits; and where each classical bit is read.
 */
interface CircuitSites {
  readonly ops1: Int32Array;
  readonly qubits1: Int32Array;
  readonly ops2: Int32Array;
  /** The pair of each two-qubit site, as ordered in errorQubits. */
  readonly first2: Int32Array;
  readonly second2: Int32Array;
  /** The qubit each measured bit reads (the last measurement of it), for the readout errors of mid-circuit bits. */
  readonly bitQubit: ReadonlyMap<number, number>;
}

const circuitSites = new WeakMap<IrCircuit, CircuitSites>();

function sitesOf(circuit: IrCircuit): CircuitSites {
  let sites = circuitSites.get(circuit);
  if (sites) return sites;
  const opQubits = errorQubitsOf(circuit);
  const one = opQubits.flatMap((qubits, i) => (qubits.length === 1 ? [i] : []));
  const two = opQubits.flatMap((qubits, i) => (qubits.length === 2 ? [i] : []));
  const qubitOf = (ops: readonly number[], k: number) => Int32Array.from(ops, (i) => opQubits[i]?.[k] as number);
  const bitQubit = new Map<number, number>();
  for (const op of circuit.ops) if (op.kind === 'measure') bitQubit.set(op.bit, op.qubit);
  sites = {
    ops1: Int32Array.from(one),
    qubits1: qubitOf(one, 0),
    ops2: Int32Array.from(two),
    first2: qubitOf(two, 0),
    second2: qubitOf(two, 1),
    bitQubit,
  };
  circuitSites.set(circuit, sites);
  return sites;
}

/** A table of `shots` zeroed rows for `circuit`. */
export const emptyShotTable = (circuit: IrCircuit, shots: number): ShotTable => ({
  shots,
  qubits: circuit.qubits,
  clbits: circuit.clbits,
  qubitBits: new Uint8Array(shots * circuit.qubits),
  clbitValues: new Uint8Array(shots * circuit.clbits),
});

/**
 * Samples `shots` noisy shots of `circuit` on a device (with its qubit map
 * and decomposition signs), into `table` when given (a debiased run's
 * variants fill their rows of one table).
 */
export function sampleNoisyShots(
  circuit: IrCircuit,
  run: NoisyRun,
  shots: number,
  random: SeededRandom,
  options: ExecuteOptions,
  table: ShotTable = emptyShotTable(circuit, shots),
): ShotTable {
  const { device } = run;
  const physical = (q: number) => run.qubitMap?.[q] ?? q;
  // Past this size over-rotations would make every state dense: they are drawn as Paulis of the same error instead.
  const keepCoherent = circuit.qubits <= DEVICE_SPREAD.coherentMaxQubits;
  const twirled = (angle: number) => (keepCoherent ? 0 : Math.sin(angle / 2) ** 2);
  const opQubits = errorQubitsOf(circuit);
  const { ops1, qubits1, ops2, first2, second2, bitQubit } = sitesOf(circuit);
  const rates1 = new Float64Array(ops1.length);
  for (let k = 0; k < ops1.length; k++) {
    const q = physical(qubits1[k] as number);
    rates1[k] = (device.oneQubitPauli[q] as number) + twirled(device.oneQubitRotation[q] as number);
  }
  const rates2 = new Float64Array(ops2.length);
  for (let k = 0; k < ops2.length; k++) {
    const pair = physical(first2[k] as number) * device.qubits + physical(second2[k] as number);
    rates2[k] = (device.twoQubitPauli[pair] as number) + twirled(device.twoQubitRotation[pair] as number);
  }
  const coherent = new Map<number, readonly UnitaryOp[]>();
  if (keepCoherent) {
    const cache = overRotationsOf(device);
    const [sign1, sign2] = run.signs ?? [1, 1];
    for (let i = 0; i < opQubits.length; i++) {
      const qubits = opQubits[i] as readonly number[];
      const error = qubits.length ? coherentOn(cache, device, sign1, sign2, qubits, physical) : null;
      if (error) coherent.set(i, error);
    }
  }
  const patterns = new Map<string, { hits: [number, number][]; count: number }>();
  const walk1 = siteWalk(ops1, rates1, 4);
  const walk2 = siteWalk(ops2, rates2, 16);
  for (let s = 0; s < shots; s++) {
    const hits = drawPattern(walk1, walk2, random);
    const key = hits.map(([op, code]) => `${op}:${code}`).join(',');
    const entry = patterns.get(key);
    if (entry) entry.count++;
    else patterns.set(key, { hits, count: 1 });
  }
  // Each pattern's shots are sampled into their rows of one table.
  let sampled = 0;
  let finalMeasures: ReadonlyMap<number, number> = new Map();
  const errorGates = (hits: readonly [number, number][]) =>
    hits.map(([op, code]): [number, UnitaryOp[]] => [op, pauliOps(opQubits[op] ?? [], code)]);
  const shared = sharesPrefixes(circuit)
    ? prefixSharingRunner(circuit, coherent, firstErrors(patterns.values()), options.memory)
    : null;
  // Each pattern runs the whole circuit: progress counts its share.
  const progress = scaledSink(options.progress, 1 / patterns.size);
  const circuitGates = progress ? circuit.ops.filter((op) => op.kind === 'gate' || op.kind === 'native').length : 0;
  for (const { hits, count } of patterns.values()) {
    let execution: Execution;
    if (shared) {
      execution = shared.run(errorGates(hits.length > 1 ? [...hits].sort(([a], [b]) => a - b) : hits));
      // The shared runner reuses prefixes: its pattern counts as a whole circuit once it is done.
      progress?.advance(circuitGates);
    } else {
      // The over-rotations are shared by every pattern: only the ops an error strikes get a list of their own.
      const insertAfter = new Map(coherent);
      for (const [op, gates] of errorGates(hits)) insertAfter.set(op, [...(insertAfter.get(op) ?? []), ...gates]);
      execution = executeCircuit(circuit, { ...options, insertAfter, progress });
    }
    finalMeasures = execution.finalMeasures;
    sampleShotsInto(execution, count, random, table, sampled);
    sampled += count;
    shared?.recycle(execution);
  }
  shared?.release();
  applyReadoutError(table, finalMeasures, bitQubit, readoutRates(circuit.qubits, device, physical), random);
  shuffleShots(table, random);
  return table;
}

/** The op of each pattern's first error (where the shared runner keeps the error-free state). */
function firstErrors(patterns: Iterable<{ readonly hits: readonly (readonly [number, number])[] }>): Set<number> {
  const first = new Set<number>();
  for (const { hits } of patterns) {
    if (hits.length === 0) continue;
    let op = Infinity;
    for (const hit of hits) op = Math.min(op, hit[0]);
    first.add(op);
  }
  return first;
}

/** Per program qubit, the chance that a read 0 and a read 1 flip (its physical qubit's). */
interface ReadoutRates {
  readonly ofZero: Float64Array;
  readonly ofOne: Float64Array;
  readonly top: number;
}

function readoutRates(qubits: number, device: DeviceNoise, physical: (q: number) => number): ReadoutRates {
  const ofZero = new Float64Array(qubits);
  const ofOne = new Float64Array(qubits);
  let top = 0;
  for (let q = 0; q < qubits; q++) {
    ofZero[q] = device.darkReadBright[physical(q)] as number;
    ofOne[q] = device.brightReadDark[physical(q)] as number;
    top = Math.max(top, ofZero[q] as number, ofOne[q] as number);
  }
  return { ofZero, ofOne, top };
}

/** Where the bits read at the end of a run come from, per finalMeasures map (one per circuit where prefixes are shared). */
interface FinalReads {
  readonly finalBits: Int32Array;
  readonly finalQubits: Int32Array;
  /** Bits not read at the end (mid-circuit measurements). */
  readonly midBits: readonly number[];
}

const finalReadsOf = new WeakMap<ReadonlyMap<number, number>, FinalReads>();

function finalReads(finalMeasures: ReadonlyMap<number, number>, clbits: number): FinalReads {
  let reads = finalReadsOf.get(finalMeasures);
  if (!reads) {
    reads = {
      // Arrays: iterating the map per shot made an entry array per bit and shot.
      finalBits: Int32Array.from(finalMeasures.keys()),
      finalQubits: Int32Array.from(finalMeasures.values()),
      midBits: [...Array(clbits).keys()].filter((c) => !finalMeasures.has(c)),
    };
    finalReadsOf.set(finalMeasures, reads);
  }
  return reads;
}

/**
 * Flips each read qubit with its readout error for the value read (geometric
 * skips at the highest rate, thinned); bits read at the end copy their
 * (flipped) qubit, earlier bits flip on their own with their qubit's rates.
 */
function applyReadoutError(
  table: ShotTable,
  finalMeasures: ReadonlyMap<number, number>,
  bitQubit: ReadonlyMap<number, number>,
  rates: ReadoutRates,
  random: SeededRandom,
): void {
  const { shots, qubits, clbits, qubitBits, clbitValues } = table;
  const { ofZero, ofOne, top } = rates;
  const rateOf = (q: number, bit: number) => (bit ? ofOne[q] : ofZero[q]) as number;
  for (let i = random.nextGeometric(top); i < shots * qubits; i += 1 + random.nextGeometric(top)) {
    const rate = rateOf(i % qubits, qubitBits[i] as number);
    // Uniform symmetric rates draw nothing more, so a uniform model's shots are what they always were.
    if (rate < top && random.next() * top >= rate) continue;
    qubitBits[i] = (qubitBits[i] as number) ^ 1;
  }
  const { finalBits, finalQubits, midBits } = finalReads(finalMeasures, clbits);
  for (let s = 0; s < shots; s++) {
    for (let k = 0; k < finalBits.length; k++)
      clbitValues[s * clbits + (finalBits[k] as number)] = qubitBits[s * qubits + (finalQubits[k] as number)] as number;
    for (const c of midBits) {
      const value = clbitValues[s * clbits + c] as number;
      if (random.next() < rateOf(bitQubit.get(c) ?? 0, value)) clbitValues[s * clbits + c] = value ^ 1;
    }
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
