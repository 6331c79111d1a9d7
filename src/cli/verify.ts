/**
 * `compile --verify`: proves the emitted circuit equal to its source on the
 * statevector simulator (exact unitary up to 12 qubits, random input states
 * beyond; always up to global phase).
 *
 * Native lowering tracks Z rotations as frames and drops the frames left at
 * the end, since they commute with Z-basis measurement; the emitted circuit
 * alone therefore differs from the source by those Z rotations. So the check
 * re-runs the lowering, confirms it reproduces exactly the emitted gates, and
 * compares the source with the emitted gates followed by the dropped frames,
 * placed before the final measurements. A QIS-gateset result is compared as
 * it is.
 */
import type { CompileResult } from '../compile.js';
import type { GateJson } from '../ir/circuit-json.js';
import { circuitToJson } from '../ir/circuit-json.js';
import type { IrCircuit, IrOp } from '../ir/types.js';
import { loadCircuits } from '../load.js';
import { lowerToNative } from '../native/index.js';
import { compareCircuits, type EquivalenceResult } from '../simulator/equivalence.js';
import type { Target } from '../tables/index.js';

export interface VerifyVerdict {
  readonly equivalent: boolean;
  readonly maxDeviation: number;
  /** One line for standard error. */
  readonly line: string;
}

export function verifyCompiled(sourceText: string, result: CompileResult, target: Target, gateset: 'qis' | 'native'): VerifyVerdict {
  const source = loadCircuits(sourceText, { target });
  if (!source.ok) return notChecked(source.failure?.message ?? 'the source could not be loaded');
  const emitted = emittedCircuits(result);
  if (emitted.length !== source.circuits.length) return notChecked('the compiled result has a different number of circuits');

  const verdicts: EquivalenceResult[] = [];
  for (const [i, original] of source.circuits.entries()) {
    if (gateset === 'qis') {
      const compiled = loadCircuits(result.qasm ?? JSON.stringify(result.circuit), { target });
      const counterpart = compiled.circuits[i];
      if (!compiled.ok || counterpart === undefined) return notChecked(compiled.failure?.message ?? 'the compiled circuit could not be loaded');
      verdicts.push(compareCircuits(original, counterpart));
      continue;
    }
    // As compile lowers it: a wire borrowed beyond the program (the source acts as identity on it).
    const lowering = lowerToNative(original, target.twoQubitNative, { maxQubits: target.qubits });
    const reproduced = (circuitToJson(lowering.circuit).json as { circuit?: readonly GateJson[] }).circuit;
    if (JSON.stringify(reproduced) !== JSON.stringify(emitted[i])) return notChecked('re-running the native lowering did not reproduce the emitted gates');
    verdicts.push(compareCircuits({ ...original, qubits: lowering.circuit.qubits }, withFinalFrames(lowering.circuit, lowering.finalFrames)));
  }
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

function notChecked(why: string): VerifyVerdict {
  return { equivalent: false, maxDeviation: Infinity, line: `verify: not checked: ${why}` };
}

function emittedCircuits(result: CompileResult): (readonly GateJson[])[] {
  const json = result.circuit as { circuit?: readonly GateJson[]; circuits?: readonly { circuit: readonly GateJson[] }[] } | null;
  if (json?.circuit) return [json.circuit];
  return (json?.circuits ?? []).map((entry) => entry.circuit);
}

/** The circuit with Rz(2π·frame) on each qubit inserted before its final measurements. */
function withFinalFrames(circuit: IrCircuit, finalFrames: readonly number[]): IrCircuit {
  const measurements = circuit.ops.filter((op) => op.kind === 'measure');
  const rest = circuit.ops.filter((op) => op.kind !== 'measure');
  const frames: IrOp[] = finalFrames.flatMap((turns, qubit) =>
    turns === 0 ? [] : [{ kind: 'gate', name: 'rz', targets: [qubit], controls: [], rotation: 2 * Math.PI * turns } satisfies IrOp],
  );
  return { ...circuit, ops: [...rest, ...frames, ...measurements] };
}
