/**
 * `compile`'s native gate limit: circuits are lowered one after another
 * within what is left of LIMITS.maxNativeGates, and lowering stops as soon
 * as the native output passes it, so memory stays bounded by the limit
 * rather than by what a few multi-controlled gates expand to.
 */
import { OPTION_SPAN } from '../capabilities/target.js';
import { createDiagnostic, type Diagnostic } from '../diagnostics/index.js';
import type { IrCircuit } from '../ir/types.js';
import { NativeGateLimitError } from '../native/index.js';
import { LIMITS } from '../tables/index.js';

const group = (n: number) => n.toLocaleString('en-US');

export function tooManyNativeGates(limit: number, qisGates: number): Diagnostic {
  return createDiagnostic({
    code: 'TooManyGates',
    rule: 'too-many-native-gates',
    reason: `The native circuit would hold more than ${group(limit)} gates (the native gate limit); the program's ${group(qisGates)} gates expand past it`,
    hint: 'compile to the QIS gate set (gateset: qis), split the program into several jobs, or use fewer multi-controlled gates: one ctrl(7) @ x becomes about 150 native gates',
    span: OPTION_SPAN,
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
    );
  }
  return lowered;
}
