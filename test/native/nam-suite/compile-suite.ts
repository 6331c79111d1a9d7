/**
 * Compiles a suite circuit for one native family and checks it against its
 * source: shared by test/native/nam-suite.test.ts and
 * bench/gate-counts.bench.ts. The suite is wider than Aria (25 qubits) or
 * Forte (36), so it is compiled for a target like them but wide enough: the
 * counts are the family's (ms on Aria, zz on Forte).
 */
import { loadCircuits } from '../../../src/api/load.js';
import type { IrCircuit } from '../../../src/ir/types.js';
import { lowerToNative, type NativeFamily, type NativeLoweringOptions } from '../../../src/native/index.js';
import { compareCircuits, type EquivalenceResult } from '../../../src/simulator/equivalence.js';
import { TARGETS_BY_NAME, type Target } from '../../../src/tables/index.js';
import { suiteProgram } from './suite.js';

export const FAMILY_TARGETS: Readonly<Record<NativeFamily, string>> = { ms: 'qpu.aria-1', zz: 'qpu.forte-1' };

/** The family's target with room for the widest suite circuit. */
export function wideTarget(family: NativeFamily): Target {
  return { ...(TARGETS_BY_NAME.get(FAMILY_TARGETS[family]) as Target), qubits: 128 };
}

export function suiteCircuit(name: string, family: NativeFamily = 'ms'): IrCircuit {
  const loaded = loadCircuits(suiteProgram(name), { target: wideTarget(family) });
  if (!loaded.ok) throw new Error(`${name}: ${loaded.diagnostics.map((d) => d.message).join('; ')}`);
  return loaded.circuits[0] as IrCircuit;
}

export const entanglers = (circuit: IrCircuit): number =>
  circuit.ops.filter((op) => op.kind === 'native' && op.targets.length === 2).length;

export interface SuiteCompile {
  readonly source: IrCircuit;
  readonly compiled: IrCircuit;
  readonly finalFrames: readonly number[];
  readonly entanglers: number;
  readonly ms: number;
}

export function compileSuiteCircuit(
  name: string,
  family: NativeFamily,
  options: NativeLoweringOptions = {},
): SuiteCompile {
  const source = suiteCircuit(name, family);
  const start = performance.now();
  const lowered = lowerToNative(source, family, { maxQubits: 128, ...options });
  const ms = performance.now() - start;
  return {
    source,
    compiled: lowered.circuit,
    finalFrames: lowered.finalFrames,
    entanglers: entanglers(lowered.circuit),
    ms,
  };
}

/** The compiled circuit against its source (exact up to 6 qubits, on sampled sparse inputs beyond: 4 basis states and 4 four-term superpositions). */
export function proveSuiteCompile(result: SuiteCompile): EquivalenceResult {
  return compareCircuits(result.source, result.compiled, {
    finalFrames: result.finalFrames,
    seed: 7,
    exactUpTo: 6,
    denseUpTo: 6,
    randomStates: 4,
  });
}
