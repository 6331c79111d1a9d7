/**
 * The whole-program proof: the original program's meaning, read from its
 * elaborated operations with the reference matrices (reference.ts), against
 * the fixed program as the pipeline reads it (validate, IR, the simulator's
 * gate matrices). First step by step (stepwise.ts: windows of a few gates
 * compared as unitaries, measurements and resets in place; any width, any
 * length, mid-circuit measurement); when no such cut exists, by the
 * equivalence checker on the whole program: every column of the unitary up
 * to 12 qubits, random states beyond, up to global phase, final measurements
 * as (qubit, bit) pairs.
 */
import type { IrCircuit } from '../../ir/types.js';
import { loadCircuits, type LoadedProgram } from '../load.js';
import { compareUnitaryParts, unitaryOf } from '../../simulator/index.js';
import type { UnitaryOp, UnitaryPart } from '../../simulator/index.js';
import type { FixOp, Ref } from './elaborate.js';
import { referenceOp } from './reference.js';
import type { LocalOp } from './local-circuit.js';
import { proveStepwise, type Step } from './stepwise.js';

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

/** The original's steps on the fixed circuit's wires, in program order, or null when it cannot be read that way. */
function referenceSteps(ops: readonly FixOp[], circuit: IrCircuit): Step[] | null {
  const qubitOf = globalIndex(circuit, 'qubit');
  const bitOf = globalIndex(circuit, 'bit');
  const steps: Step[] = [];
  for (const op of ops) {
    if (op.kind === 'barrier') continue;
    if (op.kind === 'measure' || op.kind === 'reset') {
      const qubit = qubitOf(op.qubit);
      if (qubit === null) return null;
      if (op.kind === 'reset') {
        steps.push({ kind: 'reset', qubit });
        continue;
      }
      const bit = op.bit === null ? null : bitOf(op.bit);
      if (bit === null) return null;
      steps.push({ kind: 'measure', qubit, bit });
      continue;
    }
    const wires = op.qubits.map(qubitOf);
    if (wires.some((w) => w === null) || new Set(wires).size !== wires.length) return null;
    const local = referenceOp(op.name, op.args, op.modifiers, wires.length);
    if (typeof local === 'string') return null;
    const at = (q: number) => wires[q] as number;
    if (local.targets.length === 0) {
      // A phase: global without controls, else diag(1, e^{iγ}) on the last control (diag(e^{iγ}, 1) when it
      // reads 0) under the others.
      const last = local.controls.length - 1;
      if (last < 0) continue;
      const [re = 1, im = 0] = local.matrix;
      const diagonal = local.controlValues[last] === 0 ? [re, im, 0, 0, 0, 0, 1, 0] : [1, 0, 0, 0, 0, 0, re, im];
      steps.push(
        unitaryStep(
          new Float64Array(diagonal),
          [at(local.controls[last] as number)],
          local.controls.slice(0, -1).map(at),
          local.controlValues.slice(0, -1),
        ),
      );
      continue;
    }
    steps.push(unitaryStep(local.matrix, local.targets.map(at), local.controls.map(at), local.controlValues));
  }
  return steps;
}

const unitaryStep = (
  matrix: Float64Array,
  targets: readonly number[],
  controls: readonly number[],
  controlValues: readonly number[],
): Step => ({ kind: 'unitary', op: { matrix, targets, controls, controlValues } });

/** The fixed circuit's steps as the simulator reads its gates. */
function rewrittenSteps(circuit: IrCircuit): Step[] {
  const steps: Step[] = [];
  for (const op of circuit.ops) {
    if (op.kind === 'gate' || op.kind === 'native') {
      const u = unitaryOf(op);
      steps.push(
        unitaryStep(
          u.matrix,
          u.targets,
          u.controls,
          u.controls.map(() => 1),
        ),
      );
    } else if (op.kind === 'measure') steps.push({ kind: 'measure', qubit: op.qubit, bit: op.bit });
    else if (op.kind === 'reset') steps.push({ kind: 'reset', qubit: op.qubit });
  }
  return steps;
}

/** The steps as the equivalence checker's unitary part: gates, final measurements, whether anything else happens. */
function unitaryPartOf(steps: readonly Step[]): UnitaryPart {
  const ops: UnitaryOp[] = [];
  const measurements: string[] = [];
  const touched = new Set<number>();
  let nonUnitary = false;
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i] as Step;
    if (step.kind === 'unitary') {
      const { op } = step;
      [...op.controls, ...op.targets].forEach((w) => touched.add(w));
      ops.push(...withNegations(op).reverse());
    } else if (step.kind === 'reset') nonUnitary = true;
    else {
      if (touched.has(step.qubit)) nonUnitary = true;
      else measurements.push(`${step.qubit}->${step.bit}`);
      touched.add(step.qubit);
    }
  }
  return { ops: ops.reverse(), measurements: measurements.sort().join(','), nonUnitary };
}

/** `negctrl`: X on each control that reads 0, before and after. */
function withNegations(op: LocalOp): UnitaryOp[] {
  const flips: UnitaryOp[] = op.controls
    .filter((_, j) => op.controlValues[j] === 0)
    .map((q) => ({ targets: [q], controls: [], matrix: X, kind: 'permutation' }));
  return [...flips, { targets: op.targets, controls: op.controls, matrix: op.matrix, kind: 'general' }, ...flips];
}

/**
 * Whether `fixed` is the operation `ops` (the original, elaborated) performs; 'unchecked' when either cannot be
 * read. The fixed program comes loaded for the caller's target: judged again for the simulator (capability
 * checks only), not read again.
 */
export function proveFix(ops: readonly FixOp[], fixed: LoadedProgram): Proof {
  const loaded = loadCircuits(fixed, { target: 'simulator' });
  const circuit = loaded.circuits[0];
  if (!loaded.ok || circuit === undefined) return 'unchecked';
  const original = referenceSteps(ops, circuit);
  if (original === null) return 'unchecked';
  const rewritten = rewrittenSteps(circuit);
  if (proveStepwise(original, rewritten)) return true;
  if (circuit.qubits > MAX_PROOF_QUBITS) return 'unchecked';
  const reference = unitaryPartOf(original);
  const actual = unitaryPartOf(rewritten);
  if (reference.nonUnitary || actual.nonUnitary) return 'unchecked';
  const gates = reference.ops.length + actual.ops.length;
  const amplitudes = 2 ** circuit.qubits;
  if (gates * amplitudes * amplitudes <= PROOF_BUDGET)
    return compareUnitaryParts(reference, actual, circuit.qubits, { exactUpTo: circuit.qubits }).equivalent;
  if (gates * amplitudes * RANDOM_STATES > PROOF_BUDGET) return 'unchecked';
  return compareUnitaryParts(reference, actual, circuit.qubits, { exactUpTo: 0, randomStates: RANDOM_STATES })
    .equivalent;
}
