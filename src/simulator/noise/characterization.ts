/**
 * A characterization record (GET .../characterizations/<id>, either version's
 * shape) as noise: its median fidelities become the day's figures
 * (error = 1 - fidelity; v0.3 records that give only a mean use the mean),
 * its qubit count the device's size, its id the seed of the per-qubit spread
 * (device.ts). Connectivity is not read: trapped-ion QPUs connect every pair.
 */
import { seedOfText } from '../engine/random.js';
import { deviceOfDay, median, qubitErrors, type DeviceNoise } from './device.js';

/** The fields read, as the options checker has typed them (each may be absent). */
export interface CharacterizationInput {
  readonly id?: string;
  readonly backend?: string;
  readonly qubits?: number;
  readonly fidelity?: Readonly<Record<'spam' | '1q' | '2q', { readonly median?: number; readonly mean?: number }>>;
}

/** A field that is missing: its dotted path under `noise.characterization` and what it must hold. */
export interface CharacterizationProblem {
  readonly field: string;
  readonly reason: string;
}

const FIDELITIES = [
  ['spam', 'readout'],
  ['1q', 'oneQubit'],
  ['2q', 'twoQubit'],
] as const;

/** The most qubits a characterization may describe (the largest modelled QPU has 36). */
export const MAX_CHARACTERIZATION_QUBITS = 64;

/** The device of a characterization record, or the first missing field. */
export function deviceFromCharacterization(record: CharacterizationInput): DeviceNoise | CharacterizationProblem {
  const at = (field: string) => `noise.characterization.${field}`;
  if (record.qubits === undefined)
    return { field: at('qubits'), reason: `${at('qubits')} is required: the number of qubits the record describes` };
  if (record.fidelity === undefined)
    return { field: at('fidelity'), reason: `${at('fidelity')} is required, with spam, 1q and 2q fidelities` };
  const figures = { readout: 0, oneQubit: 0, twoQubit: 0 };
  for (const [key, figure] of FIDELITIES) {
    const entry = record.fidelity[key];
    const value = entry?.median ?? entry?.mean;
    if (value === undefined) {
      const field = at(`fidelity.${key}${entry ? '.median' : ''}`);
      return { field, reason: `${field} is required: a fidelity from 0 to 1 (v0.3 records may give mean instead)` };
    }
    if (value < 0.5) {
      const field = at(`fidelity.${key}`);
      return { field, reason: `${field} is ${value}: a fidelity below 0.5 describes no working gate` };
    }
    figures[figure] = 1 - value;
  }
  const backend = record.backend ?? 'characterization';
  const seed = seedOfText(record.id ?? JSON.stringify([record.qubits, figures]));
  const key = JSON.stringify([backend, record.qubits, figures, seed]);
  let device = recentDevices.get(key);
  if (!device) {
    device = deviceOfDay(backend, record.qubits, figures, /forte/.test(backend) ? 'zz' : 'ms', seed);
    if (recentDevices.size >= MAX_RECENT_DEVICES) recentDevices.delete(recentDevices.keys().next().value as string);
    recentDevices.set(key, device);
  }
  return device;
}

/**
 * Devices of recent records, by what decides them: the service runs a
 * backend's jobs of a day on one record, and building its device (spreading
 * and sorting per qubit and pair) was about a millisecond of each job. A
 * device is never changed once built, so jobs may share it.
 */
const recentDevices = new Map<string, DeviceNoise>();
const MAX_RECENT_DEVICES = 16;

export function isCharacterizationProblem(
  value: DeviceNoise | CharacterizationProblem,
): value is CharacterizationProblem {
  return 'reason' in value;
}

/** One physical qubit of a day's device, as the per-qubit view shows it. */
export interface QubitView {
  readonly qubit: number;
  /** Mean of the two readout errors. */
  readonly readoutError: number;
  /** P(read 1 | 0) and P(read 0 | 1). */
  readonly darkReadBright: number;
  readonly brightReadDark: number;
  /** Total one-qubit error (random Pauli plus the over-rotation's flip probability). */
  readonly oneQubitError: number;
  /** Over-rotation of its one-qubit gates, radians. */
  readonly overRotation: number;
  /** Median two-qubit error of the pairs it belongs to. */
  readonly twoQubitError: number;
}

/** The per-qubit view of a characterization's device, or the first malformed field. */
export function characterizationQubits(record: CharacterizationInput): QubitView[] | CharacterizationProblem {
  const device = deviceFromCharacterization(record);
  if (isCharacterizationProblem(device)) return device;
  const errors = qubitErrors(device);
  const n = device.qubits;
  return errors.readout.map((readoutError, q) => {
    const pairs: number[] = [];
    for (let other = 0; other < n; other++)
      if (other !== q)
        pairs.push(
          (device.twoQubitPauli[q * n + other] as number) +
            Math.sin((device.twoQubitRotation[q * n + other] as number) / 2) ** 2,
        );
    return {
      qubit: q,
      readoutError,
      darkReadBright: device.darkReadBright[q] as number,
      brightReadDark: device.brightReadDark[q] as number,
      oneQubitError: errors.oneQubit[q] as number,
      overRotation: device.oneQubitRotation[q] as number,
      twoQubitError: pairs.length ? median(pairs) : 0,
    };
  });
}
