/**
 * `checkEquivalence`: whether two programs are the same operation up to
 * global phase, exactly (full unitary, column by column) up to 12 qubits and
 * on random input states beyond. Inputs are circuit IR or anything
 * loadCircuits takes (OpenQASM 3 text, svc.circuit.v0 JSON).
 */
import { OPTION_SPAN } from './capabilities/target.js';
import { createDiagnostic, type Diagnostic } from './diagnostics/index.js';
import type { IrCircuit } from './ir/types.js';
import { checkOptions, SEED_OPTION, TARGET_OPTION, type OptionRules } from './diagnostics/options.js';
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

/** What {@link checkEquivalence} accepts in its options: anything else is a diagnostic naming the option. */
const EQUIVALENCE_OPTIONS: OptionRules = {
  target: TARGET_OPTION,
  exactUpTo: { kind: 'integer', min: 0, max: 30 },
  randomStates: { kind: 'integer', min: 1, max: LIMITS.maxRandomStates },
  tolerance: { kind: 'number', min: 0, max: 1 },
  seed: SEED_OPTION,
  memoryBudgetBytes: { kind: 'number', min: 0, max: Number.MAX_SAFE_INTEGER },
};

const notCompared = (method: CheckEquivalenceResult['method'], diagnostics: Diagnostic[]): CheckEquivalenceResult => ({
  equivalent: false,
  maxDeviation: Infinity,
  method,
  diagnostics,
});

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
  const { problems } = checkOptions<CheckEquivalenceOptions>(options, EQUIVALENCE_OPTIONS, 'checkEquivalence');
  if (problems.length > 0) return notCompared('invalid-input', problems);
  options = options ?? {};
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
