/**
 * `compile --verify`: the library's own answer, `checkEquivalence`, on every
 * form compile produced (the JSON circuit and the OpenQASM text), with the
 * final Z frames native lowering dropped put back (`finalFrames`): exact
 * unitary up to 12 qubits, random input states beyond, always up to global
 * phase only.
 */
import { checkEquivalence, type CheckEquivalenceResult, type CompileResult, type Target } from '../index.js';

export interface VerifyVerdict {
  readonly equivalent: boolean;
  readonly maxDeviation: number;
  /** One line for standard error. */
  readonly line: string;
}

export function verifyCompiled(
  sourceText: string,
  result: CompileResult,
  target: Target,
  gateset: 'qis' | 'native',
): VerifyVerdict {
  const forms = [result.ok ? result.circuit : null, result.qasm].filter((form) => form !== null);
  if (forms.length === 0) return notChecked('nothing was compiled');
  const verdicts: CheckEquivalenceResult[] = forms.map((form) =>
    checkEquivalence(sourceText, form, { target, finalFrames: result.finalFrames }),
  );
  const unchecked = verdicts.find(
    (v) =>
      v.method === 'non-unitary' ||
      v.method === 'invalid-input' ||
      v.method === 'circuit-count' ||
      v.method === 'limit',
  );
  if (unchecked) return notChecked(whyNotChecked(unchecked));
  const maxDeviation = Math.max(0, ...verdicts.map((v) => v.maxDeviation));
  const equivalent = verdicts.every((v) => v.equivalent);
  const methods = [...new Set(verdicts.map((v) => v.method))].join(', ');
  const frames = gateset === 'native' ? ', final Z frames restored' : '';
  return {
    equivalent,
    maxDeviation,
    line: `verify: ${equivalent ? 'equivalent' : 'NOT equivalent'} up to global phase (maxDeviation ${maxDeviation.toExponential(2)}, method ${methods}${frames})`,
  };
}

function whyNotChecked(verdict: CheckEquivalenceResult): string {
  if (verdict.method === 'non-unitary') return 'mid-circuit measurement or reset is not compared';
  if (verdict.method === 'circuit-count') return 'the compiled result has a different number of circuits';
  return verdict.diagnostics[0]?.message ?? 'the circuits could not be compared';
}

function notChecked(why: string): VerifyVerdict {
  return { equivalent: false, maxDeviation: Infinity, line: `verify: not checked: ${why}` };
}
