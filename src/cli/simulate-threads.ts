/**
 * Whether `simulate` splits passes over worker threads. Measured (docs/simulator.md):
 * from 20 qubits two threads beat one on an idle machine (random-24 6.8 s -> 3.5 s,
 * QFT-26 4.2 s -> 3.2 s) and lose on a busy one, and starting the workers costs
 * about 40 ms. So the automatic choice wants a wide circuit and a second idle core
 * (by the one-minute load average, as `check` decides its threads).
 */
import { availableParallelism, loadavg } from 'node:os';
import { catalogue, type IrCircuit } from '../index.js';

/** The circuits' widest register file, in qubits (0 for none). */
export function widestCircuit(circuits: readonly IrCircuit[]): number {
  return circuits.reduce((widest, c) => Math.max(widest, c.qubits), 0);
}

/** True when worker threads should take part: allowed, another core idle, and a circuit wide enough to gain. */
export function wantWorkers(
  allowed: boolean,
  qubits: number,
  load: number = loadavg()[0] ?? 0,
  cores: number = availableParallelism(),
): boolean {
  return allowed && qubits >= catalogue.parallelMinQubits && cores - Math.floor(load) >= 2;
}
