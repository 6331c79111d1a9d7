/**
 * `checkEquivalence`: whether two programs are the same operation up to
 * global phase, exactly (full unitary, column by column) up to 12 qubits and
 * on random input states beyond. Inputs are circuit IR or anything
 * loadCircuits takes (OpenQASM 3 text, svc.circuit.v0 JSON).
 */
import { OPTION_SPAN } from '../capabilities/target.js';
import { createDiagnostic, type Diagnostic } from '../diagnostics/index.js';
import type { IrCircuit } from '../ir/types.js';
import { checkOptions, SEED_OPTION, TARGET_OPTION, type OptionRules } from '../diagnostics/options.js';
import { loadCircuits } from './load.js';
import { isIrInput, type SimulateInput } from './simulate.js';
import { compareCircuits, type EquivalenceOptions, type EquivalenceResult } from '../simulator/equivalence.js';
import { reportOf } from '../simulator/engine/limit-messages.js';
import { LIMITS, type Target } from '../tables/index.js';

export interface CheckEquivalenceOptions extends Omit<EquivalenceOptions, 'finalFrames'> {
  /** Target for loading text or JSON inputs (`simulator` by default). */
  readonly target?: string | Target;
  /**
   * Z frames (turns per qubit, one array per circuit) that follow the second
   * program: pass `compile(...).finalFrames` to compare a native compile with
   * its source exactly. Native lowering tracks Z rotations as frames and
   * drops those left at the end, since they commute with the final Z-basis
   * measurement; the compiled circuit alone differs from its source by them.
   */
  readonly finalFrames?: readonly (readonly number[])[];
}

export interface CheckEquivalenceResult extends Omit<EquivalenceResult, 'method'> {
  /** How the circuits were compared, or why they could not be (`invalid-input`, `circuit-count`, `limit`). */
  readonly method: EquivalenceResult['method'] | 'invalid-input' | 'circuit-count' | 'limit';
  /** Why an input could not be loaded or compared. */
  readonly diagnostics: Diagnostic[];
}

function load(
  input: SimulateInput,
  target: string | Target | undefined,
): { circuits: readonly IrCircuit[]; diagnostics: Diagnostic[] } {
  if (isIrInput(input)) return { circuits: Array.isArray(input) ? input : [input as IrCircuit], diagnostics: [] };
  const loaded = loadCircuits(input, target === undefined ? {} : { target });
  return { circuits: loaded.ok ? loaded.circuits : [], diagnostics: loaded.diagnostics };
}

/** What {@link checkEquivalence} accepts in its options: anything else is a diagnostic naming the option. */
const EQUIVALENCE_OPTIONS: OptionRules = {
  target: TARGET_OPTION,
  exactUpTo: { kind: 'integer', min: 0, max: 30 },
  denseUpTo: { kind: 'integer', min: 0, max: 30 },
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

/** `finalFrames` must be one array of finite numbers per circuit; a diagnostic names what is wrong. */
function framesProblem(frames: unknown, circuits: number): string | null {
  if (frames === undefined) return null;
  if (!Array.isArray(frames)) return 'finalFrames must be an array with one array of turns per circuit';
  if (frames.length !== circuits)
    return `finalFrames has ${frames.length} entries for ${circuits} circuit${circuits === 1 ? '' : 's'}`;
  const bad = frames.findIndex(
    (f: unknown) => !Array.isArray(f) || f.some((t: unknown) => typeof t !== 'number' || !Number.isFinite(t)),
  );
  return bad < 0 ? null : `finalFrames[${bad}] must be an array of finite numbers (turns per qubit)`;
}

/**
 * Compares two programs as operations, up to global phase only: amplitudes,
 * never probabilities alone, so a flipped rz sign is caught. When both
 * programs measure, their final measurements must agree as (qubit, bit)
 * pairs; a program that measures nothing (a JSON circuit, whose format
 * measures every qubit at the end, or a program without measurements) is
 * compared as the operation it is. Multicircuit inputs compare circuit by
 * circuit. Never throws.
 *
 * A native compile equals its source once the Z frames it dropped at the end
 * are put back: pass `finalFrames` from `compile` (exact), or
 * `upToFinalZ: true` to accept one fitted Z rotation per qubit (reported as
 * `finalZ`; never an arbitrary diagonal, so a dropped CZ or ZZ is caught).
 *
 * @example
 * checkEquivalence('qubit[1] q; h q[0];', 'qubit[1] q; rz(pi/2) q[0]; rx(pi/2) q[0]; rz(pi/2) q[0];')
 * // { equivalent: true, maxDeviation: ~1e-16, method: 'unitary', diagnostics: [] }
 * const compiled = compile(bell, { target: 'qpu.aria-1' });
 * checkEquivalence(bell, compiled.qasm, { finalFrames: compiled.finalFrames });
 * // { equivalent: true, maxDeviation: ~1e-16, method: 'unitary', diagnostics: [] }
 */
export function checkEquivalence(
  a: SimulateInput,
  b: SimulateInput,
  options: CheckEquivalenceOptions = {},
): CheckEquivalenceResult {
  const { problems } = checkOptions<CheckEquivalenceOptions>(options, EQUIVALENCE_OPTIONS, 'checkEquivalence');
  if (problems.length > 0) return notCompared('invalid-input', problems);
  options = options ?? {};
  try {
    const left = load(a, options.target);
    const right = load(b, options.target);
    const diagnostics = [...left.diagnostics, ...right.diagnostics].filter((d) => d.severity === 'error');
    if (left.circuits.length === 0 || right.circuits.length === 0) return notCompared('invalid-input', diagnostics);
    if (left.circuits.length !== right.circuits.length) return notCompared('circuit-count', []);
    const problem = framesProblem(options.finalFrames, right.circuits.length);
    if (problem)
      return notCompared('invalid-input', [
        createDiagnostic({ code: 'InvalidInput', rule: 'equivalence-options', reason: problem, span: OPTION_SPAN }),
      ]);
    const { finalFrames, target: _target, ...compared } = options;
    const results = left.circuits.map((circuit, i) => {
      const frames = finalFrames?.[i];
      return compareCircuits(circuit, right.circuits[i] as IrCircuit, {
        ...compared,
        ...(frames ? { finalFrames: frames } : {}),
      });
    });
    const verdict =
      results.find((r) => !r.equivalent) ?? results.reduce((w, r) => (r.maxDeviation > w.maxDeviation ? r : w));
    return { ...verdict, diagnostics: [] };
  } catch (error) {
    const { rule, reason, hint } = reportOf(error, null);
    return notCompared('limit', [createDiagnostic({ code: 'SimulationLimit', rule, reason, hint, span: OPTION_SPAN })]);
  }
}
