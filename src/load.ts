/**
 * One entrance for everything that runs circuits (compile, simulate, the
 * CLI): OpenQASM 3 text goes through `validateProgram` and `lowerToIr`;
 * `svc.circuit.v0` JSON (an object, or text that parses as a JSON object) through
 * `validateCircuitJson` and `circuitJsonToIr`. Either way the result says
 * whether the input is accepted, why not, and the IR circuits when it is.
 */
import { isDiagnostic, resolveTarget } from './capabilities/target.js';
import type { Diagnostic, Failure } from './diagnostics/index.js';
import { circuitJsonToIr, validateCircuitJson } from './ir/circuit-json.js';
import type { CircuitJson } from './ir/circuit-json.js';
import { lowerToIr } from './ir/lower.js';
import type { IrCircuit } from './ir/types.js';
import { DEFAULT_TARGET, TARGETS_BY_NAME } from './tables/index.js';
import type { Target } from './tables/index.js';
import { validateProgram } from './validate.js';

export interface LoadOptions {
  /** Backend name or a Target object; `simulator` by default. */
  readonly target?: string | Target;
  /** Diagnostics before one closing "limit reached" diagnostic (default 100). */
  readonly maxErrors?: number;
  /** Gate applications after inlining (OpenQASM; default 1,000,000), or gates per job (JSON; default 150,000). */
  readonly maxGates?: number;
}

export interface LoadResult {
  readonly ok: boolean;
  readonly diagnostics: Diagnostic[];
  readonly failure: Failure | null;
  /** One circuit for OpenQASM and single-circuit JSON, one per entry for a multicircuit; empty when not ok. */
  readonly circuits: IrCircuit[];
  /** The resolved target (the simulator when the requested one is unknown). */
  readonly target: Target;
}

/**
 * Validates OpenQASM 3 text or `svc.circuit.v0` JSON against a target and
 * lowers it to circuit IR. Never throws on bad input: problems are diagnostics.
 */
export function loadCircuits(input: unknown, options: LoadOptions = {}): LoadResult {
  const json = typeof input === 'string' ? jsonObjectText(input) : { value: input };
  if (json === null) return loadProgram(input as string, options);
  const resolved = resolveTarget(options.target);
  const target = isDiagnostic(resolved) ? (TARGETS_BY_NAME.get(DEFAULT_TARGET) as Target) : resolved;
  const result = validateCircuitJson(json.value, options);
  if (!result.ok) return { ...result, circuits: [], target };
  return { ...result, circuits: circuitJsonToIr(json.value as CircuitJson), target };
}

function loadProgram(source: string, options: LoadOptions): LoadResult {
  const result = validateProgram(source, options);
  const { ok, diagnostics, failure, target } = result;
  if (!ok || !result.inlined) return { ok: false, diagnostics, failure, circuits: [], target };
  return { ok, diagnostics, failure, circuits: [lowerToIr(result.inlined)], target };
}

/**
 * Text that is a JSON object is circuit JSON; anything else is OpenQASM
 * (which never parses as a JSON object: a program that opens with a `{`
 * scope holds statements, not JSON members).
 */
function jsonObjectText(text: string): { value: unknown } | null {
  if (!text.trimStart().startsWith('{')) return null;
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null ? { value } : null;
  } catch {
    return null;
  }
}
