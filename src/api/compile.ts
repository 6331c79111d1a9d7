/**
 * `compile`: OpenQASM 3 text or svc.circuit.v0 JSON in; the service's JSON
 * circuit (QIS or native gate set), the measurement map, job-style stats and
 * an OpenQASM 3 rendering of the compiled circuit out. Inputs are validated
 * by loadCircuits exactly as the service would; native lowering picks the
 * target's family (ms on Harmony, Aria and the simulator; zz on Forte).
 */
import type { Diagnostic, Failure } from '../diagnostics/index.js';
import { internalErrorDiagnostic } from './internal-error.js';
import { circuitToJson, type CircuitJson, type GateJson, type MeasurementMapping } from '../ir/circuit-json.js';
import { CIRCUIT_JSON_FORMAT } from '../ir/json/types.js';
import type { IrCircuit } from '../ir/types.js';
import { isLoadedProgram, isMultiCircuitProgram, loadCircuits, type LoadedProgram } from './load.js';
import { checkOptions, TARGET_OPTION, type OptionRules } from '../diagnostics/options.js';
import {
  lowerToNative,
  PASS_NAMES,
  type NativeFamily,
  type NativeLowering,
  type PassSwitches,
} from '../native/index.js';
import { lowerWithinLimit } from './native-gate-limit.js';
import { NATIVE_FAMILIES } from '../native/family.js';
import { circuitToQasm } from '../native/qasm.js';
import type { Target } from '../tables/index.js';

export interface CompileOptions {
  /** Backend name or Target; `simulator` by default. Its two-qubit native picks the family. */
  readonly target?: string | Target;
  /** `native` (default): gpi, gpi2 and ms or zz. `qis`: the validated circuit with canonical gate names. */
  readonly gateset?: 'qis' | 'native';
  /**
   * Optimise the native circuit (default true): fuse single-qubit runs across
   * gates, and resynthesise each run of gates on one pair of qubits into one
   * partial-angle MS or ZZ per nonzero coefficient of its canonical (KAK)
   * decomposition when that needs fewer entangling gates (docs/compiler.md).
   * False synthesises each gate on its own.
   */
  readonly optimize?: boolean;
  /** The two-qubit block pass alone (default: `optimize`); never more entangling gates with it than without. */
  readonly twoQubitBlocks?: boolean;
  /**
   * The circuit passes that run with `optimize`, each on unless named here with
   * false: `toffoli-form`, `cancel`, `relative-phase`, `swap-relabel`,
   * `toffoli-orientation` (docs/compiler.md). With `swap-relabel`, final swaps
   * followed only by measurement become a permutation of the measurement map.
   */
  readonly passes?: PassSwitches;
  /** The simulator runs either family; choose `zz` to compile as for a Forte noise model. Ignored on QPU targets. */
  readonly family?: NativeFamily;
}

/** Job stats (service-api.md): gates on one qubit, and on two or more (controls included). */
export interface CompileStats {
  /**
   * Qubits the compiled circuit occupies, the same as the JSON `qubits`: for
   * the native gate set this can be one more than the program declares, when
   * a multi-controlled gate borrowed a wire beyond the program (see `compile`).
   */
  readonly qubits: number;
  readonly circuits: number;
  readonly gate_counts: { readonly '1q': number; readonly '2q': number };
}

export interface CompileResult {
  /** True when the input was accepted and everything below was produced. */
  readonly ok: boolean;
  readonly diagnostics: Diagnostic[];
  /** The job's `failure`: the first diagnostic, or null. */
  readonly failure: Failure | null;
  /** svc.circuit.v0 JSON: one circuit, or `circuits` for a multicircuit input. Null when not ok. */
  readonly circuit: CircuitJson | null;
  /** Where each measured qubit lands (OpenQASM input; JSON circuits measure every qubit at the end, unmapped). */
  readonly measurements: readonly MeasurementMapping[];
  readonly stats: CompileStats | null;
  /** The compiled circuit as OpenQASM 3 that `validate` accepts; null for multicircuit input or when not ok. */
  readonly qasm: string | null;
  /**
   * Per circuit, the Z frame (turns) native lowering left on each qubit at the
   * end and dropped: it commutes with the final Z-basis measurement, so the
   * results are the same, but the compiled circuit followed by Rz(2π·frame)
   * on each qubit is the source's exact operation (up to global phase). Pass
   * it to `checkEquivalence` as `finalFrames`. All zeros for the QIS gate set;
   * empty when nothing was compiled.
   */
  readonly finalFrames: readonly (readonly number[])[];
}

/** What {@link compile} accepts in its options: anything else is a diagnostic naming the option. */
const COMPILE_OPTIONS: OptionRules = {
  target: TARGET_OPTION,
  gateset: { kind: 'enum', values: ['qis', 'native'] },
  optimize: { kind: 'boolean' },
  family: { kind: 'enum', values: NATIVE_FAMILIES },
  twoQubitBlocks: { kind: 'boolean' },
  passes: {
    kind: 'object',
    members: Object.fromEntries(PASS_NAMES.map((name) => [name, { kind: 'boolean' } as const])),
  },
};

const FAILED = { circuit: null, measurements: [], stats: null, qasm: null, finalFrames: [] } as const;

function failureOf(diagnostics: readonly Diagnostic[]): Failure | null {
  const first = diagnostics.find((d) => d.severity === 'error');
  return first ? { code: first.code, message: first.message } : null;
}

function familyFor(target: Target, options: CompileOptions): NativeFamily {
  return target.simulator && options.family ? options.family : target.twoQubitNative;
}

function countGates(circuits: readonly IrCircuit[]): CompileStats['gate_counts'] {
  let one = 0;
  let two = 0;
  for (const c of circuits) {
    for (const op of c.ops) {
      const width =
        op.kind === 'gate' ? op.targets.length + op.controls.length : op.kind === 'native' ? op.targets.length : 0;
      if (width === 1) one++;
      else if (width >= 2) two++;
    }
  }
  return { '1q': one, '2q': two };
}

/**
 * Compiles a program or JSON circuit for a target (text, JSON, or a program
 * from `load`, whose target is the default and which is not read again).
 * Never throws: input
 * problems, and anything the JSON format cannot express (mid-circuit
 * measurement, reset after use), are diagnostics.
 *
 * A multi-controlled gate (`ctrl(n) @ x`, n ≥ 4) on every qubit of the
 * program has no wire to borrow for a linear decomposition; when the target
 * has more qubits than the program, the native circuit borrows one more, at
 * the next index. It starts in |0> and every gate returns it there, so it
 * changes no result: `qubits` (JSON, `stats.qubits`, the OpenQASM text,
 * where it is a register of its own) counts it, the measurement map never
 * names it, and where the service measures every qubit it reads 0 in the
 * highest bit, which leaves the little-endian result keys unchanged.
 * A program that fills the whole target keeps the quadratic decomposition.
 *
 * Every compiled circuit is its source's operation: `checkEquivalence(source,
 * result.qasm, { finalFrames: result.finalFrames })` proves it (the frames are
 * the Z rotations native lowering dropped at the end, see `finalFrames`).
 *
 * @example
 * const bell = 'qubit[2] q; bit[2] c; h q[0]; cx q[0], q[1]; c = measure q;';
 * const result = compile(bell, { target: 'qpu.aria-1' });
 * result.stats; // { qubits: 2, circuits: 1, gate_counts: { '1q': 2, '2q': 1 } }
 * checkEquivalence(bell, result.qasm, { finalFrames: result.finalFrames }).equivalent; // true
 */
export function compile(input: string | CircuitJson | LoadedProgram, options: CompileOptions = {}): CompileResult {
  const { problems } = checkOptions<CompileOptions>(options, COMPILE_OPTIONS, 'compile');
  if (problems.length > 0) return { ok: false, diagnostics: problems, failure: failureOf(problems), ...FAILED };
  try {
    return compileChecked(input, options ?? {});
  } catch (error) {
    const diagnostic = internalErrorDiagnostic(error, 'InvalidInput', input);
    return { ok: false, diagnostics: [diagnostic], failure: failureOf([diagnostic]), ...FAILED };
  }
}

function compileChecked(input: string | CircuitJson | LoadedProgram, options: CompileOptions): CompileResult {
  const loaded = loadCircuits(input, { ...(options.target !== undefined ? { target: options.target } : {}) });
  if (!loaded.ok) return { ok: false, diagnostics: loaded.diagnostics, failure: loaded.failure, ...FAILED };
  const gateset = options.gateset ?? 'native';
  const lowerings = loweredInGateset(loaded.circuits, loaded.target, options);
  if (!Array.isArray(lowerings)) {
    const diagnostics = [...loaded.diagnostics, lowerings];
    return { ok: false, diagnostics, failure: failureOf(diagnostics), ...FAILED };
  }
  const circuits = lowerings.map((l) => l.circuit);
  const finalFrames = lowerings.map((l) => l.finalFrames);
  const exports = circuits.map(circuitToJson);
  const diagnostics = [...loaded.diagnostics, ...exports.flatMap((e) => e.diagnostics)];
  const stats: CompileStats = {
    qubits: Math.max(0, ...circuits.map((c) => c.qubits)),
    circuits: circuits.length,
    gate_counts: countGates(circuits),
  };
  const single = circuits.length === 1 && !isMultiCircuit(input);
  const qasm = single ? circuitToQasm(circuits[0] as IrCircuit) : null;
  const failure = failureOf(diagnostics);
  if (failure) return { ok: false, diagnostics, failure, circuit: null, measurements: [], stats, qasm, finalFrames };
  const first = exports[0]?.json as CircuitJson;
  const circuit: CircuitJson = single
    ? { ...first, gateset: gateset === 'native' ? 'native' : (first.gateset ?? 'qis') }
    : {
        format: CIRCUIT_JSON_FORMAT,
        gateset,
        qubits: stats.qubits,
        circuits: circuits.map((c, i) => {
          const json = exports[i]?.json as { circuit: readonly GateJson[]; gateset?: 'qis' | 'native' };
          // An entry says its gate set only where it differs from the parent (a native entry kept in QIS mode).
          const own = gateset === 'native' || json.circuit.length === 0 ? gateset : (json.gateset ?? 'qis');
          return {
            name: c.name ?? `circuit-${i}`,
            circuit: json.circuit,
            ...(own !== gateset ? { gateset: own } : {}),
          };
        }),
      };
  return {
    ok: true,
    diagnostics,
    failure: null,
    circuit,
    measurements: exports[0]?.measurements ?? [],
    stats,
    qasm,
    finalFrames,
  };
}

/**
 * The loaded circuits in the requested gate set with the Z frames lowering
 * dropped at the end: lowered to the target's native family within the native
 * gate limit, or as validated (qis, no frames). A diagnostic past the limit.
 */
export function loweredInGateset(
  circuits: readonly IrCircuit[],
  target: Target,
  options: CompileOptions,
): NativeLowering[] | Diagnostic {
  if ((options.gateset ?? 'native') === 'qis')
    return circuits.map((c) => ({ circuit: c, finalFrames: new Array<number>(c.qubits).fill(0) }));
  const family = familyFor(target, options);
  return lowerWithinLimit(circuits, (c, maxOps) =>
    lowerToNative(c, family, {
      maxQubits: target.qubits,
      maxOps,
      ...(options.optimize !== undefined ? { optimize: options.optimize } : {}),
      ...(options.twoQubitBlocks !== undefined ? { twoQubitBlocks: options.twoQubitBlocks } : {}),
      ...(options.passes !== undefined ? { passes: options.passes } : {}),
    }),
  );
}

function isMultiCircuit(input: unknown): boolean {
  if (isLoadedProgram(input)) return isMultiCircuitProgram(input);
  if (typeof input === 'string') {
    if (!input.trimStart().startsWith('{')) return false;
    try {
      return isMultiCircuit(JSON.parse(input));
    } catch {
      return false;
    }
  }
  // `circuits: undefined` is no circuits, as validateCircuitJson reads it.
  return typeof input === 'object' && input !== null && (input as { circuits?: unknown }).circuits !== undefined;
}
