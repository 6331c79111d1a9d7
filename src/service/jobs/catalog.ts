/**
 * The service's catalogue, derived from the library's tables: backends (the
 * targets), the timings characterizations start from (characterizations.ts), and
 * how long an emulated QPU job runs. Only the timings and the static backend
 * facts are the service's own data; everything else is read from the library.
 */
import { catalogue, targets, type Target } from '../../index.js';

/**
 * Operation times in seconds, as the real service's characterization records
 * publish them (IonQ, GET /v0.4/backends/<backend>/characterizations, 2024-2025
 * records: Aria readout 300 us, reset 20 us, 1q 135 us, 2q 600 us; Forte 1q
 * 130 us, 2q 970 us; T1 100 s, T2 1 s). Rounded; the service only needs their
 * size to estimate execution time.
 */
export interface Timing {
  readonly readout: number;
  readonly reset: number;
  readonly '1q': number;
  readonly '2q': number;
  readonly t1: number;
  readonly t2: number;
}

const ARIA_TIMING: Timing = { readout: 300e-6, reset: 20e-6, '1q': 135e-6, '2q': 600e-6, t1: 100, t2: 1 };
const FORTE_TIMING: Timing = { readout: 250e-6, reset: 20e-6, '1q': 130e-6, '2q': 970e-6, t1: 100, t2: 1 };
const HARMONY_TIMING: Timing = { readout: 130e-6, reset: 20e-6, '1q': 10e-6, '2q': 210e-6, t1: 10_000, t2: 0.2 };

export const TIMINGS: Readonly<Record<string, Timing>> = {
  'qpu.harmony': HARMONY_TIMING,
  'qpu.aria-1': ARIA_TIMING,
  'qpu.aria-2': ARIA_TIMING,
  'qpu.forte-1': FORTE_TIMING,
  'qpu.forte-enterprise-1': FORTE_TIMING,
};

/** Facts the targets table does not hold: where a backend is and what it draws (kW, as the real service lists). */
const SITE: Readonly<Record<string, { location: string; kw: number }>> = {
  simulator: { location: 'cloud', kw: 0 },
  'qpu.harmony': { location: 'College Park, MD', kw: 0.9 },
  'qpu.aria-1': { location: 'College Park, MD', kw: 1.5 },
  'qpu.aria-2': { location: 'College Park, MD', kw: 1.5 },
  'qpu.forte-1': { location: 'Seattle, WA', kw: 2.5 },
  'qpu.forte-enterprise-1': { location: 'Seattle, WA', kw: 2.5 },
};

export function allTargets(): readonly Target[] {
  return targets;
}

export function siteOf(backend: string): { location: string; kw: number } {
  return SITE[backend] ?? { location: 'cloud', kw: 0 };
}

/** Gates a backend lists (service-api.md, Backend): the QIS JSON gate names, then the aliases clients send. */
export function supportedGates(): string[] {
  return [...catalogue.qisGates.map((g) => g.name), ...catalogue.qisGates.flatMap((g) => g.aliases)];
}

export function supportedNativeGates(target: Target): string[] {
  return ['gpi', 'gpi2', target.twoQubitNative];
}

/**
 * Estimated QPU time of a run: each shot runs every gate, reads every qubit
 * and resets it (decisions section 4: `execution_duration_ms` from the
 * characterization's timings).
 */
export function estimateExecutionMs(
  backend: string,
  shots: number,
  qubits: number,
  oneQ: number,
  twoQ: number,
): number {
  const t = TIMINGS[backend];
  if (!t) return 0;
  const perShot = oneQ * t['1q'] + twoQ * t['2q'] + qubits * (t.readout + t.reset);
  return Math.max(1, Math.round(perShot * shots * 1000));
}

/** Energy estimate: the backend's power over the execution time. */
export function estimateKwh(backend: string, executionMs: number): number {
  return Number(((siteOf(backend).kw * executionMs) / 3_600_000).toFixed(9));
}
