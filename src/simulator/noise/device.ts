/**
 * One day's physical device behind a characterization record: every physical
 * qubit gets its own readout error (asymmetric, as trapped ions read out) and
 * one-qubit error with a coherent over-rotation; every pair its own two-qubit
 * error with an over-rotation of the entangler. The medians over qubits and
 * pairs are exactly the record's figures. These systematic, per-qubit errors
 * are what debiasing averages out (Maksymov et al., "Enhancing quantum
 * computer performance via symmetrization", arXiv:2301.07233).
 */
import { DEVICE_SPREAD, type DeviceSpread, type NoiseModel } from '../../tables/index.js';
import { SeededRandom } from '../engine/random.js';

/** Error rates of a day (1 - fidelity), the medians over the device. */
export interface DayFigures {
  readonly readout: number;
  readonly oneQubit: number;
  readonly twoQubit: number;
}

/** Per physical qubit and pair noise (arrays indexed by physical qubit; pairs by `a * qubits + b`, symmetric). */
export interface DeviceNoise {
  readonly name: string;
  readonly qubits: number;
  /** The entangler whose over-rotation a two-qubit gate carries: `ms` (XX axis, Aria) or `zz` (Forte). */
  readonly entangler: 'ms' | 'zz';
  /** P(read 1 | prepared 0): a dark ion read bright. */
  readonly darkReadBright: Float64Array;
  /** P(read 0 | prepared 1): a bright ion read dark (the likelier). */
  readonly brightReadDark: Float64Array;
  /** Probability of a random Pauli after a one-qubit gate. */
  readonly oneQubitPauli: Float64Array;
  /** Over-rotation (radians, signed) about X after each one-qubit gate. */
  readonly oneQubitRotation: Float64Array;
  readonly twoQubitPauli: Float64Array;
  /** Over-rotation (radians, signed) of the entangler after each two-qubit gate. */
  readonly twoQubitRotation: Float64Array;
}

/** FNV-1a: a record id (or any text) as a 32-bit seed. */
export function seedOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

export function median(values: ArrayLike<number>): number {
  const sorted = Array.from(values).sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** `count` log-normal factors, scaled so that their median is exactly `figure`. */
function spreadAround(figure: number, count: number, logSpread: number, random: SeededRandom): Float64Array {
  const values = Float64Array.from({ length: count }, () => Math.exp(logSpread * random.nextGaussian()));
  const scale = figure / median(values);
  return values.map((v) => Math.min(0.5, v * scale));
}

/** Over-rotation whose flip probability sin²(θ/2) is `share` of `error`, with a random sign. */
function overRotation(error: number, share: number, random: SeededRandom): number {
  const angle = 2 * Math.asin(Math.sqrt(Math.min(1, share * error)));
  return random.next() < 0.5 ? -angle : angle;
}

/**
 * The device of one day. `seed` comes from the record's id, so one record is
 * always the same device; `figures` are its published medians.
 */
export function deviceOfDay(
  name: string,
  qubits: number,
  figures: DayFigures,
  entangler: 'ms' | 'zz',
  seed: number,
  spread: DeviceSpread = DEVICE_SPREAD,
): DeviceNoise {
  const random = new SeededRandom(seed);
  const readout = spreadAround(figures.readout, qubits, spread.qubitLogSpread, random);
  const one = spreadAround(figures.oneQubit, qubits, spread.qubitLogSpread, random);
  const pairCount = (qubits * (qubits - 1)) / 2;
  const two = spreadAround(figures.twoQubit, Math.max(1, pairCount), spread.pairLogSpread, random);
  const asymmetry = spread.readoutAsymmetry;
  const share = spread.coherentShare;
  const twoQubitPauli = new Float64Array(qubits * qubits);
  const twoQubitRotation = new Float64Array(qubits * qubits);
  let k = 0;
  for (let a = 0; a < qubits; a++)
    for (let b = a + 1; b < qubits; b++) {
      const error = two[k++] as number;
      const angle = overRotation(error, share, random);
      for (const index of [a * qubits + b, b * qubits + a]) {
        twoQubitPauli[index] = (1 - share) * error;
        twoQubitRotation[index] = angle;
      }
    }
  return {
    name,
    qubits,
    entangler,
    // The mean of the two readout errors is the qubit's readout error.
    darkReadBright: readout.map((r) => (2 * r) / (1 + asymmetry)),
    brightReadDark: readout.map((r) => (2 * r * asymmetry) / (1 + asymmetry)),
    oneQubitPauli: one.map((e) => (1 - share) * e),
    oneQubitRotation: one.map((e) => overRotation(e, share, random)),
    twoQubitPauli,
    twoQubitRotation,
  };
}

/** A uniform model (today's `noise: {model}`): every qubit alike, symmetric readout, no coherent part. */
export function uniformDevice(model: NoiseModel): DeviceNoise {
  const n = model.qubits;
  const fill = (length: number, value: number) => new Float64Array(length).fill(value);
  return {
    name: model.name,
    qubits: n,
    entangler: model.name.startsWith('forte') ? 'zz' : 'ms',
    darkReadBright: fill(n, model.readoutError),
    brightReadDark: fill(n, model.readoutError),
    oneQubitPauli: fill(n, model.oneQubitError),
    oneQubitRotation: fill(n, 0),
    twoQubitPauli: fill(n * n, model.twoQubitError),
    twoQubitRotation: fill(n * n, 0),
  };
}

/** Each qubit's total errors (readout mean, 1q, and per pair 2q), as the record's figures count them. */
export function qubitErrors(device: DeviceNoise): {
  readout: number[];
  oneQubit: number[];
  twoQubit: number[];
} {
  const n = device.qubits;
  const flip = (angle: number) => Math.sin(angle / 2) ** 2;
  const readout = Array.from(
    { length: n },
    (_, q) => ((device.darkReadBright[q] as number) + (device.brightReadDark[q] as number)) / 2,
  );
  const oneQubit = Array.from(
    { length: n },
    (_, q) => (device.oneQubitPauli[q] as number) + flip(device.oneQubitRotation[q] as number),
  );
  const twoQubit: number[] = [];
  for (let a = 0; a < n; a++)
    for (let b = a + 1; b < n; b++)
      twoQubit.push((device.twoQubitPauli[a * n + b] as number) + flip(device.twoQubitRotation[a * n + b] as number));
  return { readout, oneQubit, twoQubit };
}
