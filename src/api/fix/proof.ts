/**
 * The whole-program proof: the original program's meaning, read from its
 * elaborated operations with the reference matrices (reference.ts), against
 * the fixed program as the pipeline reads it (validate, IR, the simulator's
 * gate matrices), compared by the equivalence checker: every column of the
 * unitary up to 12 qubits, random states beyond, up to global phase, final
 * measurements as (qubit, bit) pairs.
 */
import type { IrCircuit } from '../../ir/types.js';
import { loadCircuits } from '../load.js';
import { compareUnitaryParts, unitaryPart } from '../../simulator/index.js';
import type { UnitaryOp, UnitaryPart } from '../../simulator/index.js';
import type { FixOp, Ref } from './elaborate.js';
import { referenceOp } from './reference.js';

/** Largest circuit the proof simulates (random input states beyond 12 qubits). */
const MAX_PROOF_QUBITS = 20;
/**
 * Amplitude updates the proof may spend (gates x amplitudes x input states):
 * about a second. Past it the unitary is compared on 4 random input states
 * (equal on those means equal, with probability 1), and past that it is not
 * compared at all.
 */
const PROOF_BUDGET = 3e8;
const RANDOM_STATES = 4;

export type Proof = true | false | 'unchecked';

const X = new Float64Array([0, 0, 1, 0, 1, 0, 0, 0]);

function globalIndex(circuit: IrCircuit, kind: 'qubit' | 'bit'): (ref: Ref) => number | null {
  const registers = kind === 'qubit' ? circuit.qubitRegisters : circuit.bitRegisters;
  const offsets = new Map(registers.map((r) => [r.name, r]));
  return (ref) => {
    const r = offsets.get(ref.register);
    return r === undefined || ref.index >= r.size ? null : r.offset + ref.index;
  };
}

/** The original's meaning on the fixed circuit's wires, or null when it cannot be read that way. */
function referencePart(ops: readonly FixOp[], circuit: IrCircuit): UnitaryPart | null {
  const qubitOf = globalIndex(circuit, 'qubit');
  const bitOf = globalIndex(circuit, 'bit');
  // Built from the last operation back (to find final measurements), in reverse order, then turned around.
  const reversed: UnitaryOp[][] = [];
  const measurements: string[] = [];
  const touched = new Set<number>();
  let nonUnitary = false;
  for (let i = ops.length - 1; i >= 0; i--) {
    const op = ops[i] as FixOp;
    if (op.kind === 'barrier') continue;
    const qubit = op.kind === 'gate' ? null : qubitOf(op.qubit);
    if (op.kind === 'measure') {
      const bit = op.bit === null ? null : bitOf(op.bit);
      if (qubit === null || bit === null) return null;
      if (touched.has(qubit)) nonUnitary = true;
      else measurements.push(`${qubit}->${bit}`);
      touched.add(qubit);
    } else if (op.kind === 'reset') {
      nonUnitary = true;
    } else {
      const wires = op.qubits.map(qubitOf);
      if (wires.some((w) => w === null) || new Set(wires).size !== wires.length) return null;
      const local = referenceOp(op.name, op.args, op.modifiers, wires.length);
      if (typeof local === 'string') return null;
      const at = (q: number) => wires[q] as number;
      wires.forEach((w) => touched.add(w as number));
      if (local.targets.length === 0) {
        // A phase: global without controls, else diag(1, e^{iγ}) on the last control under the others.
        const last = local.controls[local.controls.length - 1];
        if (last === undefined) continue;
        const [re = 1, im = 0] = local.matrix;
        reversed.push(
          withNegations(
            {
              targets: [at(last)],
              controls: local.controls.slice(0, -1).map(at),
              matrix: new Float64Array([1, 0, 0, 0, 0, 0, re, im]),
              kind: 'general',
            },
            local.controls.map(at),
            local.controlValues,
          ),
        );
        continue;
      }
      reversed.push(
        withNegations(
          { targets: local.targets.map(at), controls: local.controls.map(at), matrix: local.matrix, kind: 'general' },
          local.controls.map(at),
          local.controlValues,
        ),
      );
    }
  }
  const unitaries = reversed.reverse().flat();
  return { ops: unitaries, measurements: measurements.sort().join(','), nonUnitary };
}

/** `negctrl`: X on each control that reads 0, before and after. */
function withNegations(op: UnitaryOp, controls: readonly number[], values: readonly number[]): UnitaryOp[] {
  const flips: UnitaryOp[] = controls
    .filter((_, j) => values[j] === 0)
    .map((q) => ({ targets: [q], controls: [], matrix: X, kind: 'permutation' }));
  return [...flips, op, ...flips];
}

/** Whether `fixed` is the operation `ops` (the original, elaborated) performs; 'unchecked' when either cannot be read. */
export function proveFix(ops: readonly FixOp[], fixed: string): Proof {
  const loaded = loadCircuits(fixed, { target: 'simulator', maxErrors: 1 });
  const circuit = loaded.circuits[0];
  if (!loaded.ok || circuit === undefined || circuit.qubits > MAX_PROOF_QUBITS) return 'unchecked';
  const reference = referencePart(ops, circuit);
  const actual = unitaryPart(circuit);
  if (reference === null || reference.nonUnitary || actual.nonUnitary) return 'unchecked';
  const gates = reference.ops.length + actual.ops.length;
  const amplitudes = 2 ** circuit.qubits;
  if (gates * amplitudes * amplitudes <= PROOF_BUDGET)
    return compareUnitaryParts(reference, actual, circuit.qubits, { exactUpTo: circuit.qubits }).equivalent;
  if (gates * amplitudes * RANDOM_STATES > PROOF_BUDGET) return 'unchecked';
  return compareUnitaryParts(reference, actual, circuit.qubits, { exactUpTo: 0, randomStates: RANDOM_STATES })
    .equivalent;
}
