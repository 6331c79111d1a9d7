/**
 * `drawCircuit`: OpenQASM 3 text or svc.circuit.v0 JSON in, an SVG picture of
 * the validated circuit (gateset `qis`) or of the compiled native circuit
 * (gateset `native`, the default, as `compile` produces it) out.
 */
import { loweredInGateset, type CompileOptions } from './compile.js';
import type { Diagnostic, Failure } from '../diagnostics/index.js';
import { internalErrorDiagnostic } from './internal-error.js';
import { circuitsToSvg, type DrawOptions } from '../draw/index.js';
import type { CircuitJson } from '../ir/circuit-json.js';
import { loadCircuits, type LoadedProgram } from './load.js';

export interface DrawCircuitOptions extends CompileOptions, DrawOptions {}

export interface DrawCircuitResult {
  readonly ok: boolean;
  readonly diagnostics: Diagnostic[];
  readonly failure: Failure | null;
  /** A standalone SVG document; null when the input was rejected. */
  readonly svg: string | null;
}

/**
 * Draws a program's circuit as SVG: wires labelled with their register names,
 * gates with parameters in readable units (QIS rotations as multiples of π,
 * native phases and angles in degrees), controls, measurements with the bit
 * they write, resets and barriers. Mid-circuit measurement is drawn where it
 * happens. Never throws: a rejected input gives its diagnostics and `svg: null`.
 *
 * @example
 * drawCircuit('qubit[2] q; h q[0]; cx q[0], q[1];', { gateset: 'qis' }).svg
 * // '<svg xmlns="http://www.w3.org/2000/svg" role="img" ...'
 */
export function drawCircuit(
  input: string | CircuitJson | LoadedProgram,
  options: DrawCircuitOptions = {},
): DrawCircuitResult {
  try {
    const loaded = loadCircuits(input, options.target !== undefined ? { target: options.target } : {});
    if (!loaded.ok) return { ok: false, diagnostics: loaded.diagnostics, failure: loaded.failure, svg: null };
    const lowerings = loweredInGateset(loaded.circuits, loaded.target, options);
    if (!Array.isArray(lowerings))
      return {
        ok: false,
        diagnostics: [lowerings],
        failure: { code: lowerings.code, message: lowerings.message },
        svg: null,
      };
    return {
      ok: true,
      diagnostics: loaded.diagnostics,
      failure: null,
      svg: circuitsToSvg(
        lowerings.map((l) => l.circuit),
        options,
      ),
    };
  } catch (error) {
    const diagnostic = internalErrorDiagnostic(error, 'InvalidInput', input);
    return {
      ok: false,
      diagnostics: [diagnostic],
      failure: { code: diagnostic.code, message: diagnostic.message },
      svg: null,
    };
  }
}
