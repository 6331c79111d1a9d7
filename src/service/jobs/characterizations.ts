/**
 * Characterization records that move like a real machine's (docs/service.md,
 * "Emulated QPUs"): each QPU's error rates walk day by day in log space around
 * its noise model's figures (a mean-reverting walk seeded by backend and date,
 * so a day's values are the same in every store and every process), with an
 * occasional bad day; gate times, T1 and T2 move within their published
 * ranges. The record's median fidelities are the day's figures; its mean and
 * stderr are those of the per-qubit device the record's id seeds (the
 * library's `characterizationQubits`), so record and device agree.
 */
import {
  calibrationDrift,
  characterizationQubits,
  noiseModels,
  targets,
  type CharacterizationInput,
  type DriftModel,
  type NoiseModel,
  type Target,
} from '../../index.js';
import type { CharacterizationSource } from '../store/catalog.js';
import { qpuTargets } from './backend.js';
import { TIMINGS, type Timing } from './catalog.js';

const DAY_MS = 86_400_000;
/** Days of walk before the day asked for: the walk forgets its start after a few (persistence^60 < 1e-9). */
const BURN_IN_DAYS = 60;

/** A seeded uniform in [0, 1) and standard normal per (backend, day, quantity): FNV-1a into a splitmix step. */
function hashUnit(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return ((h ^ (h >>> 16)) >>> 0) / 4294967296;
}

function hashGaussian(text: string): number {
  const u = 1 - hashUnit(`${text}:u`);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * hashUnit(`${text}:v`));
}

const QUANTITIES = ['spam', '1q', '2q', 't1'] as const;
type Quantity = (typeof QUANTITIES)[number];

/** The walk's log offsets of each quantity on `day` (days since 1970) for one backend. */
function walkOn(backend: string, day: number, drift: DriftModel): Record<Quantity, number> {
  const state = { spam: 0, '1q': 0, '2q': 0, t1: 0 };
  const keep = drift.persistence;
  const step = Math.sqrt(1 - keep * keep) * drift.dailyLogSpread;
  for (let d = day - BURN_IN_DAYS; d <= day; d++)
    for (const q of QUANTITIES) state[q] = keep * state[q] + step * hashGaussian(`${backend}:${d}:${q}`);
  return state;
}

/** The day's figures of one backend: error rates, timings. */
export interface DayValues {
  readonly readout: number;
  readonly oneQubit: number;
  readonly twoQubit: number;
  readonly badDay: boolean;
  readonly timing: Timing;
}

const clamp = (value: number, [low, high]: readonly [number, number]) => Math.min(high, Math.max(low, value));

/** The values a backend shows on the UTC day containing `date`. */
export function dayValues(model: NoiseModel, date: Date, drift: DriftModel = calibrationDrift): DayValues {
  const day = Math.floor(date.getTime() / DAY_MS);
  const walk = walkOn(model.target, day, drift);
  const badDay = hashUnit(`${model.target}:${day}:bad`) < drift.badDayChance;
  const bad = badDay ? drift.badDayFactor : 1;
  const error = (figure: number, offset: number, factor: number) =>
    clamp(figure * Math.exp(offset) * factor, [figure * drift.errorRange[0], figure * drift.errorRange[1]]);
  const base = TIMINGS[model.target] as Timing;
  const jitter = (name: string) => Math.exp(drift.timingSpread * hashGaussian(`${model.target}:${day}:time:${name}`));
  const t1Centre = Math.sqrt(drift.t1Range[0] * drift.t1Range[1]);
  return {
    readout: error(model.readoutError, walk.spam, bad),
    oneQubit: error(model.oneQubitError, walk['1q'], 1),
    twoQubit: error(model.twoQubitError, walk['2q'], bad),
    badDay,
    timing: {
      readout: base.readout * jitter('readout'),
      reset: base.reset * jitter('reset'),
      '1q': base['1q'] * jitter('1q'),
      '2q': base['2q'] * jitter('2q'),
      // T1 walks (in log space, three times the error walk's spread) inside the published 10-100 s.
      t1: clamp(t1Centre * Math.exp(3 * walk.t1), drift.t1Range),
      t2: clamp(base.t2 * jitter('t2') ** 5, drift.t2Range),
    },
  };
}

const round = (value: number, digits: number) => Number(value.toPrecision(digits));

/** The stored body of a backend's record for `date` with id `id` (service-decisions.md section 6 fields). */
export function characterizationOn(target: Target, date: Date, id: string): Record<string, unknown> {
  const model = noiseModels.find((m) => m.target === target.name) as NoiseModel;
  const values = dayValues(model, date);
  const connectivity: [number, number][] = [];
  for (let a = 0; a < target.qubits; a++) for (let b = a + 1; b < target.qubits; b++) connectivity.push([a, b]);
  const medians = {
    spam: round(1 - values.readout, 8),
    '1q': round(1 - values.oneQubit, 8),
    '2q': round(1 - values.twoQubit, 8),
  };
  const input: CharacterizationInput = {
    id,
    backend: target.name,
    qubits: target.qubits,
    fidelity: {
      spam: { median: medians.spam },
      '1q': { median: medians['1q'] },
      '2q': { median: medians['2q'] },
    },
  };
  const qubits = characterizationQubits(input);
  if (!Array.isArray(qubits)) throw new Error(`characterization of ${target.name}: ${qubits.reason}`);
  const summary = (median: number, errors: number[]) => {
    const mean = errors.reduce((a, b) => a + b, 0) / errors.length;
    const variance = errors.reduce((a, b) => a + (b - mean) ** 2, 0) / (errors.length - 1);
    return { median, mean: round(1 - mean, 8), stderr: round(Math.sqrt(variance / errors.length), 4) };
  };
  const timing = Object.fromEntries(
    (Object.entries(values.timing) as [string, number][]).map(([k, v]) => [k, round(v, 4)]),
  );
  return {
    qubits: target.qubits,
    connectivity,
    fidelity: {
      spam: summary(
        medians.spam,
        qubits.map((q) => q.readoutError),
      ),
      '1q': summary(
        medians['1q'],
        qubits.map((q) => q.oneQubitError),
      ),
      '2q': summary(
        medians['2q'],
        qubits.map((q) => q.twoQubitError),
      ),
    },
    timing,
  };
}

/**
 * The simulator's record: ideal (every fidelity 1), all-to-all over its
 * qubits, with Aria's operation times (it lowers to ms as Aria does), the
 * same every day; it gives the simulator a `characterization_id`.
 */
export function idealCharacterization(target: Target): Record<string, unknown> {
  const connectivity: [number, number][] = [];
  for (let a = 0; a < target.qubits; a++) for (let b = a + 1; b < target.qubits; b++) connectivity.push([a, b]);
  const ideal = { median: 1, mean: 1, stderr: null };
  return {
    qubits: target.qubits,
    connectivity,
    fidelity: { spam: ideal, '1q': ideal, '2q': ideal },
    timing: { ...(TIMINGS['qpu.aria-1'] as Timing) },
  };
}

/** What the store writes for each backend and day (store/catalog.ts seedCatalog, extendCharacterizations). */
export const characterizationSource: CharacterizationSource = {
  backends: [...qpuTargets().map((t) => t.name), ...targets.filter((t) => t.simulator).map((t) => t.name)],
  body(backend, date, id) {
    const simulator = targets.find((t) => t.simulator && t.name === backend);
    if (simulator) return idealCharacterization(simulator);
    const target = qpuTargets().find((t) => t.name === backend);
    if (!target) throw new Error(`No QPU ${backend} to characterize`);
    return characterizationOn(target, date, id);
  },
};
