/**
 * `compile --verify`: the compiled circuit against its source on the
 * statevector simulator, up to global phase (exact unitary up to 12 qubits,
 * random input states beyond), one circuit at a time.
 */
import type { CompileResult } from '../compile.js';
import { loadCircuits } from '../load.js';
import { compareCircuits } from '../simulator/equivalence.js';

export interface VerifyVerdict {
  readonly equivalent: boolean;
  readonly maxDeviation: number;
  /** One line for standard error. */
  readonly line: string;
}

export function verifyCompiled(sourceText: string, result: CompileResult, target: string): VerifyVerdict {
  const source = loadCircuits(sourceText, { target });
  const compiled = loadCircuits(JSON.stringify(result.circuit), { target });
  if (!source.ok || !compiled.ok || source.circuits.length !== compiled.circuits.length) {
    const why = (compiled.failure ?? source.failure)?.message ?? 'the circuits could not be loaded for comparison';
    return { equivalent: false, maxDeviation: Infinity, line: `verify: not checked: ${why}` };
  }
  let maxDeviation = 0;
  let equivalent = true;
  const methods = new Set<string>();
  source.circuits.forEach((circuit, i) => {
    const verdict = compareCircuits(circuit, compiled.circuits[i] as typeof circuit);
    maxDeviation = Math.max(maxDeviation, verdict.maxDeviation);
    equivalent &&= verdict.equivalent;
    methods.add(verdict.method);
  });
  const how = [...methods].join(', ');
  const line = `verify: ${equivalent ? 'equivalent' : 'NOT equivalent'} (maxDeviation ${maxDeviation.toExponential(2)}, method ${how})`;
  return { equivalent, maxDeviation, line };
}
