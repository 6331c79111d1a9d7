/**
 * What one gate call costs on a target: the call compiled alone (with the
 * declarations and gate definitions it needs) to the target's native gates,
 * counted as single-qubit pulses (gpi/gpi2) and two-qubit gates (ms or zz).
 */
import { catalogue, compile, type GateJson } from '../index.js';

export interface GateCost {
  readonly target: string;
  readonly pulses: number;
  readonly twoQubitGates: number;
  /** The target's entangling gate (`ms` or `zz`). */
  readonly twoQubitGate: string;
  /** The native gates, as text (`gpi2(0.25) q[0]`, `zz(0.25) q[0], q[1]`), in order. */
  readonly nativeGates: readonly string[];
}

const CACHE_LIMIT = 256;
const cache = new Map<string, GateCost | null>();

/**
 * Cost of `call` after `declarations` (register declarations, aliases,
 * constants and gate definitions only: they compile to no gate), or null
 * when the call does not compile for the target.
 */
export function gateCost(declarations: string, call: string, target: string | undefined): GateCost | null {
  const name = target ?? catalogue.defaultTarget;
  const key = `${name}\u0000${declarations}\u0000${call}`;
  const cached = cache.get(key);
  if (cached !== undefined) return cached;
  const result = compile(`${declarations}\n${call}`, { target: name, gateset: 'native' });
  const cost =
    result.ok && result.stats
      ? {
          target: name,
          pulses: result.stats.gate_counts['1q'],
          twoQubitGates: result.stats.gate_counts['2q'],
          twoQubitGate: catalogue.targets.find((t) => t.name === name)?.family ?? 'ms',
          nativeGates:
            result.circuit !== null && 'circuit' in result.circuit ? result.circuit.circuit.map(gateText) : [],
        }
      : null;
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  cache.set(key, cost);
  return cost;
}

/** A native gate as text: phases and angles in turns, as the service writes them. */
function gateText(gate: GateJson): string {
  const g = gate as {
    gate: string;
    target?: number;
    targets?: readonly number[];
    phase?: number;
    phases?: readonly number[];
    angle?: number;
    rotation?: number;
  };
  const numbers = [g.phase, ...(g.phases ?? []), g.angle, g.rotation]
    .filter((n): n is number => typeof n === 'number')
    .map((n) => String(Number(n.toPrecision(6))));
  const qubits = (g.targets ?? (g.target === undefined ? [] : [g.target])).map((q) => `q[${q}]`);
  return `${g.gate}${numbers.length > 0 ? `(${numbers.join(', ')})` : ''} ${qubits.join(', ')}`.trim();
}
