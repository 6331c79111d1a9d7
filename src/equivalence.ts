/**
 * `checkEquivalence`: whether two programs are the same operation up to
 * global phase, exactly (full unitary, column by column) up to 12 qubits and
 * on random input states beyond. Inputs are circuit IR or anything
 * loadCircuits takes (OpenQASM 3 text, svc.circuit.v0 JSON).
 */
import { OPTION_SPAN } from './capabilities/target.js';
import { createDiagnostic, type Diagnostic } from './diagnostics/index.js';
import type { IrCircuit } from './ir/types.js';
import { loadCircuits } from './load.js';
import { isIrInput, type SimulateInput } from './simulate.js';
import { compareCircuits, type EquivalenceOptions, type EquivalenceResult } from './simulator/equivalence.js';
import { reportOf } from './simulator/limit-messages.js';
import { LIMITS, type Target } from './tables/index.js';

export interface CheckEquivalenceOptions extends EquivalenceOptions {
  /** Target for loading text or JSON inputs (`simulator` by default). */
  readonly target?: string | Target;
}

export interface CheckEquivalenceResult extends Omit<EquivalenceResult, 'method'> {
  /** How the circuits were compared, or why they could not be (`invalid-input`, `circuit-count`, `limit`). */
  readonly method: EquivalenceResult['method'] | 'invalid-input' | 'circuit-count' | 'limit';
  /** Why an input could not be loaded or compared. */
  readonly diagnostics: Diagnostic[];
}

function load(input: SimulateInput, target: string | Target | undefined): { circuits: readonly IrCircuit[]; diagnostics: Diagnostic[] } {
  if (isIrInput(input)) return { circuits: Array.isArray(input) ? input : [input as IrCircuit], diagnostics: [] };
  const loaded = loadCircuits(input, target === undefined ? {} : { target });
  return { circuits: loaded.ok ? loaded.circuits : [], diagnostics: loaded.diagnostics };
}

const notCompared = (method: CheckEquivalenceResult['method'], diagnostics: Diagnostic[]): CheckEquivalenceResult => ({
  equivalent: false,
  maxDeviation: Infinity,
  method,
  diagnostics,
});

/** `randomStates` is a count of full state evolutions: an integer from 1 to LIMITS.maxRandomStates, or absent. */
function randomStatesProblem(value: unknown): Diagnostic | null {
  if (value === undefined || (typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= LIMITS.maxRandomStates)) return null;
  const shown = typeof value === 'number' ? String(value) : typeof value;
  const reason = `randomStates must be an integer from 1 to ${LIMITS.maxRandomStates.toLocaleString('en-US')}, got ${shown}`;
  return createDiagnostic({ code: 'InvalidInput', rule: 'equivalence-random-states', reason, span: OPTION_SPAN, hint: 'each random state runs both circuits once; a few (the default 4) already catch a difference with near certainty' });
}

/**
 * Compares two programs as operations, up to global phase only: amplitudes,
 * never probabilities alone, so a flipped rz sign is caught. Final
 * measurements must agree as (qubit, bit) pairs; trailing Z frames before
 * them are not ignored. Multicircuit inputs compare circuit by circuit.
 * Never throws.
 *
 * @example
 * checkEquivalence('qubit[1] q; h q[0];', 'qubit[1] q; rz(pi/2) q[0]; rx(pi/2) q[0]; rz(pi/2) q[0];')
 * // { equivalent: true, maxDeviation: ~1e-16, method: 'unitary', diagnostics: [] }
 */
export function checkEquivalence(a: SimulateInput, b: SimulateInput, options: CheckEquivalenceOptions = {}): CheckEquivalenceResult {
  const bound = randomStatesProblem(options?.randomStates);
  if (bound) return notCompared('invalid-input', [bound]);
  try {
    const left = load(a, options.target);
    const right = load(b, options.target);
    const diagnostics = [...left.diagnostics, ...right.diagnostics].filter((d) => d.severity === 'error');
    if (left.circuits.length === 0 || right.circuits.length === 0) return notCompared('invalid-input', diagnostics);
    if (left.circuits.length !== right.circuits.length) return notCompared('circuit-count', []);
    const results = left.circuits.map((circuit, i) => compareCircuits(circuit, right.circuits[i] as IrCircuit, options));
    const verdict = results.find((r) => !r.equivalent) ?? results.reduce((w, r) => (r.maxDeviation > w.maxDeviation ? r : w));
    return { ...verdict, diagnostics: [] };
  } catch (error) {
    const { rule, reason, hint } = reportOf(error, null);
    return notCompared('limit', [createDiagnostic({ code: 'SimulationLimit', rule, reason, hint, span: OPTION_SPAN })]);
  }
}
