/**
 * The error patterns of one noisy run of a small circuit, run gate by gate on
 * a dense state and each started from the error-free state right before its
 * first error (quantum trajectories, Dalibard, Castin and Mølmer, PRL 68,
 * 580, 1992: trajectories agree until their first jump, so they can share
 * that stretch). A small state (2^10 amplitudes or fewer) costs less to
 * evolve gate by gate than to fuse, chunk and plan, and a debiased job runs
 * one error-free evolution per variant, so that evolution has to be cheap.
 */
import type { IrCircuit } from '../../ir/types.js';
import { finalMeasurementIndices, type Execution } from '../engine/execute.js';
import type { Step } from '../engine/local-program.js';
import { compileChunk, runSteps } from '../engine/program.js';
import { applyCrossedPair } from '../kernels/scalar.js';
import type { MemoryGuard } from '../engine/memory.js';
import { multiply2x2, unitaryOf, type UnitaryOp } from '../kernels/matrices.js';

/**
 * Widest circuit run this way. At 12 qubits the engine does as well or better
 * (bench/emulation.bench.ts, plain GHZ-12 jobs gate by gate: 36 ms CPU on
 * Aria against 24-37 ms through the engine, 20 ms on Forte against 9-12 ms,
 * where the engine keeps the GHZ state sparse); wider states go through it.
 */
export const SHARED_PREFIX_MAX_QUBITS = 10;

/** One error pattern: (op index, extra gates after it), in op order. */
export type PatternGates = readonly (readonly [number, readonly UnitaryOp[]])[];

/** What every run of a circuit shares: each op's unitary and kernel steps, and the bit each qubit is read into. */
interface CircuitPlan {
  readonly shares: boolean;
  readonly unitaries: readonly (UnitaryOp | null)[];
  readonly steps: readonly (readonly Step[] | null)[];
  /** Each op's own passes (no over-rotation): every variant's runner takes them where the op carries none. */
  readonly passes: readonly (readonly Pass[])[];
  readonly finalMeasures: ReadonlyMap<number, number>;
}

/** Per circuit: every variant and every run of a debiased job reuses it. */
const plans = new WeakMap<IrCircuit, CircuitPlan>();

function planOf(circuit: IrCircuit): CircuitPlan {
  let plan = plans.get(circuit);
  if (plan) return plan;
  const final = finalMeasurementIndices(circuit.ops);
  const shares =
    circuit.qubits <= SHARED_PREFIX_MAX_QUBITS &&
    circuit.ops.every((op, i) => op.kind !== 'reset' && (op.kind !== 'measure' || final.has(i)));
  const everyQubit = Array.from({ length: circuit.qubits }, (_, q) => q);
  const unitaries = circuit.ops.map((op) =>
    shares && (op.kind === 'gate' || op.kind === 'native') ? unitaryOf(op) : null,
  );
  const finalMeasures = new Map<number, number>();
  for (const op of circuit.ops) if (op.kind === 'measure') finalMeasures.set(op.bit, op.qubit);
  const steps = unitaries.map((u) => (u ? compileChunk({ qubits: everyQubit, ops: [u] }, everyQubit, 1).steps : null));
  plan = { shares, unitaries, steps, passes: steps.map((own) => (own ? [passOfSteps(own)] : [])), finalMeasures };
  plans.set(circuit, plan);
  return plan;
}

/** Whether a circuit runs this way: small, and measured only at the end (no branching, no reset). */
export function sharesPrefixes(circuit: IrCircuit): boolean {
  return planOf(circuit).shares;
}

/** One pass over a dense state of `len` amplitudes. */
type Pass = (re: Float64Array, im: Float64Array, len: number) => void;

const passOfSteps =
  (steps: readonly Step[]): Pass =>
  (re, im, len) =>
    runSteps(steps, re, im, len);

/** Whether a 4x4 only pairs |00> with |11> and |01> with |10> (its other entries are zero). */
function isCrossedPair(m: Float64Array): boolean {
  for (let r = 0; r < 4; r++)
    for (let c = 0; c < 4; c++)
      if (c !== r && c !== 3 - r && (m[2 * (4 * r + c)] !== 0 || m[2 * (4 * r + c) + 1] !== 0)) return false;
  return true;
}

/**
 * An uncontrolled one- or two-qubit gate (an over-rotation, a Pauli) as
 * passes, without compiling: Aria's XX over-rotation pairs amplitudes two by
 * two, and Forte's diagonal ZZ (a crossed pair whose anti-diagonal is zero:
 * the added zero terms leave every product as it was) is one such pass over
 * groups of four instead of two diagonal passes, the second controlled
 * (applyCrossedPair).
 */
function passesOfGate(gate: UnitaryOp): Pass[] {
  const [hi, lo] = gate.targets as [number, number | undefined];
  const m = gate.matrix;
  if (lo === undefined) return [passOfSteps([{ kind: 'matrix1', q: hi, m, controlMask: 0, real: false }])];
  if (isCrossedPair(m)) return [(re, im, len) => applyCrossedPair(re, im, len, hi, lo, m)];
  return [passOfSteps([{ kind: 'matrix2', hi, lo, m, controlMask: 0 }])];
}

/**
 * The passes of an error pattern's gates (Paulis: the same few gates in every
 * pattern of every run), made once per gate object: a debiased job runs a
 * pattern's gates in each of its variants.
 */
const patternPasses = new WeakMap<UnitaryOp, Pass[]>();

function passesOfPatternGate(gate: UnitaryOp): Pass[] {
  let passes = patternPasses.get(gate);
  if (!passes) patternPasses.set(gate, (passes = passesOfGate(gate)));
  return passes;
}

/**
 * An op's passes with its over-rotation's, made once per over-rotation list
 * (a device's over-rotation placed on program qubits: trajectories.ts keeps
 * one list per device, physical qubits, sign and program qubits) and, where
 * both fuse into one 2x2, per the op's own matrix: every variant of a
 * debiased job and every job on the same day's device would otherwise build
 * the same passes (a fused matrix, its steps and closures) again.
 */
const fusedPasses = new WeakMap<readonly UnitaryOp[], WeakMap<Float64Array, readonly Pass[]>>();
const coherentPasses = new WeakMap<readonly UnitaryOp[], readonly Pass[]>();
/** An op's own passes followed by the list's: by list, then by the op's own passes (its circuit plan's). */
const joinedPasses = new WeakMap<readonly UnitaryOp[], WeakMap<readonly Pass[], readonly Pass[]>>();

/** An op's passes followed by its over-rotation's: one fused 2x2 when both act on the same lone qubit. */
export function withCoherent(
  own: UnitaryOp | null,
  ownPasses: readonly Pass[],
  coherent: readonly UnitaryOp[],
): readonly Pass[] {
  const only = coherent.length === 1 ? coherent[0] : undefined;
  if (
    own &&
    only &&
    own.controls.length === 0 &&
    own.targets.length === 1 &&
    only.targets.length === 1 &&
    only.targets[0] === own.targets[0]
  ) {
    let byOwn = fusedPasses.get(coherent);
    if (!byOwn) fusedPasses.set(coherent, (byOwn = new WeakMap<Float64Array, readonly Pass[]>()));
    let fused = byOwn.get(own.matrix);
    if (!fused) {
      const m = multiply2x2(only.matrix, own.matrix);
      fused = [passOfSteps([{ kind: 'matrix1', q: own.targets[0] as number, m, controlMask: 0, real: false }])];
      byOwn.set(own.matrix, fused);
    }
    return fused;
  }
  let after = coherentPasses.get(coherent);
  if (!after) coherentPasses.set(coherent, (after = coherent.flatMap(passesOfGate)));
  let byOwn = joinedPasses.get(coherent);
  if (!byOwn) joinedPasses.set(coherent, (byOwn = new WeakMap<readonly Pass[], readonly Pass[]>()));
  let joined = byOwn.get(ownPasses);
  if (!joined) byOwn.set(ownPasses, (joined = [...ownPasses, ...after]));
  return joined;
}

/**
 * Prepares the patterns of one run of a circuit that {@link sharesPrefixes},
 * with `coherent` gates after each op in every pattern: evolves the
 * error-free state once, keeping it before each op in `firstErrors`. Each
 * call of `run` runs one pattern (its extra gates in op order) from there;
 * `recycle` takes back a pattern's state once it has been read, `release`
 * the kept states' memory.
 */
export function prefixSharingRunner(
  circuit: IrCircuit,
  coherent: ReadonlyMap<number, readonly UnitaryOp[]>,
  firstErrors: ReadonlySet<number>,
  memory: MemoryGuard,
): { run: (pattern: PatternGates) => Execution; recycle: (execution: Execution) => void; release: () => void } {
  const n = circuit.qubits;
  const len = 2 ** n;
  const plan = planOf(circuit);
  const opPasses = plan.passes.map((own, i) => {
    const extra = coherent.get(i);
    return extra ? withCoherent(plan.unitaries[i] ?? null, own, extra) : own;
  });
  const finalMeasures = plan.finalMeasures;
  const evolve = (state: DenseArrays, from: number, to: number, pattern: PatternGates) => {
    let next = 0;
    for (let i = from; i < to; i++) {
      for (const pass of opPasses[i] as readonly Pass[]) pass(state.re, state.im, len);
      const error = pattern[next];
      if (error && error[0] === i) {
        for (const gate of error[1]) for (const pass of passesOfPatternGate(gate)) pass(state.re, state.im, len);
        next++;
      }
    }
  };
  // Kept states plus the error-free one and the pattern being run.
  const held = firstErrors.size + 2;
  memory.reserve(n, held);
  const errorFree: DenseArrays = { re: takeArray(len), im: takeArray(len) };
  errorFree.re[0] = 1;
  const before = new Map<number, DenseArrays>();
  for (let i = 0; i < circuit.ops.length; i++) {
    if (firstErrors.has(i)) before.set(i, copyOf(errorFree));
    evolve(errorFree, i, i + 1, []);
  }
  const execution = (state: DenseArrays): Execution => ({
    circuit,
    branches: [{ probability: 1, bits: new Uint8Array(circuit.clbits), state: { kind: 'dense', qubits: n, ...state } }],
    finalMeasures,
    midCircuitBits: new Set<number>(),
  });
  return {
    run: (pattern) => {
      const first = pattern[0];
      if (!first) return execution(errorFree);
      const state = copyOf(before.get(first[0]) as DenseArrays);
      evolve(state, first[0], circuit.ops.length, pattern);
      return execution(state);
    },
    recycle: (done) => {
      const state = done.branches[0]?.state;
      if (state?.kind === 'dense' && state.re !== errorFree.re) giveArrays(state);
    },
    release: () => {
      for (const state of [errorFree, ...before.values()]) giveArrays(state);
      memory.release(n, held);
    },
  };
}

/**
 * Spare state arrays (at most 2^10 amplitudes each, so the pool holds at most
 * a few MB): a debiased job keeps states for each of its variants' patterns,
 * and allocating them anew each time was a share of its run in garbage collection.
 */
const spareArrays = new Map<number, Float64Array[]>();
const MAX_SPARE_ARRAYS = 256;

/** A zeroed array of `len` amplitudes' parts. */
function takeArray(len: number): Float64Array {
  const spare = spareArrays.get(len)?.pop();
  return spare ? spare.fill(0) : new Float64Array(len);
}

function copyOf(state: DenseArrays): DenseArrays {
  const len = state.re.length;
  const re = spareArrays.get(len)?.pop() ?? new Float64Array(len);
  const im = spareArrays.get(len)?.pop() ?? new Float64Array(len);
  re.set(state.re);
  im.set(state.im);
  return { re, im };
}

function giveArrays(state: DenseArrays): void {
  const len = state.re.length;
  let spare = spareArrays.get(len);
  if (!spare) spareArrays.set(len, (spare = []));
  for (const array of [state.re, state.im]) if (spare.length < MAX_SPARE_ARRAYS) spare.push(array);
}

interface DenseArrays {
  readonly re: Float64Array;
  readonly im: Float64Array;
}
