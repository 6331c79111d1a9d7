/**
 * `compile`'s native gate limit: circuits are lowered one after another
 * within what is left of LIMITS.maxNativeGates; a circuit that would pass
 * it is refused by a counting walk at the statement that passes it, before
 * any native gate is built (native/lower.ts), so memory stays bounded by the
 * limit rather than by what a few multi-controlled gates expand to.
 */
import { OPTION_SPAN } from '../capabilities/target.js';
import { createDiagnostic, type Diagnostic, type Span } from '../diagnostics/index.js';
import type { IrCircuit } from '../ir/types.js';
import { NativeGateLimitError } from '../native/index.js';
import { LIMITS } from '../tables/index.js';

const group = (n: number) => n.toLocaleString('en-US');

/** The limit diagnostic, on the statement whose native gates pass the limit when known. */
export function tooManyNativeGates(limit: number, qisGates: number, span?: Span): Diagnostic {
  const where = span ? ` at this statement` : '';
  return createDiagnostic({
    code: 'TooManyGates',
    rule: 'too-many-native-gates',
    reason: `The native circuit would hold more than ${group(limit)} gates (the native gate limit): the program's ${group(qisGates)} gates expand past it${where}`,
    hint: 'compile to the QIS gate set (gateset: qis), split the program into several jobs, or use fewer multi-controlled gates: each one becomes a hundred native gates or more',
    span: span ?? OPTION_SPAN,
  });
}

/** Lowers each circuit with `lower(circuit, maxOps)`; a diagnostic once the total passes `limit`. */
export function lowerWithinLimit<T extends { readonly circuit: IrCircuit }>(
  circuits: readonly IrCircuit[],
  lower: (circuit: IrCircuit, maxOps: number) => T,
  limit: number = LIMITS.maxNativeGates,
): T[] | Diagnostic {
  const lowered: T[] = [];
  let used = 0;
  try {
    for (const circuit of circuits) {
      const native = lower(circuit, limit - used);
      used += native.circuit.ops.length;
      lowered.push(native);
    }
  } catch (error) {
    if (!(error instanceof NativeGateLimitError)) throw error;
    return tooManyNativeGates(
      limit,
      circuits.reduce((n, c) => n + c.ops.length, 0),
      error.span,
    );
  }
  return lowered;
}
