/**
 * Runs a whole circuit exactly: unitary segments through the engine, and at
 * each mid-circuit measurement or reset every branch splits by outcome (with
 * its probability), then equal branches merge. Final measurements do not
 * split anything: they read the final state, so they are only recorded.
 */
import { simulatorBranchLimit } from '../../diagnostics/index.js';
import type { IrCircuit, IrOp } from '../../ir/types.js';
import { denseAllocator, evolve, type EngineOptions } from './evolve.js';
import { unitaryOf, type UnitaryOp } from '../kernels/matrices.js';
import { BRANCH_LIMIT_HINT } from './limit-messages.js';
import { SimulationLimitError } from './memory.js';
import { innerProduct, probabilityOfOne, project, zeroState, type SimState } from './state.js';
import { scaledSink } from './progress.js';

export interface Branch {
  probability: number;
  /** Classical bits written by mid-circuit measurements so far (unwritten: 0). */
  readonly bits: Uint8Array;
  state: SimState;
}

export interface Execution {
  readonly circuit: IrCircuit;
  readonly branches: readonly Branch[];
  /** Classical bit -> the qubit whose final value it reads. */
  readonly finalMeasures: ReadonlyMap<number, number>;
  /** Classical bits some mid-circuit measurement wrote. */
  readonly midCircuitBits: ReadonlySet<number>;
}

export interface ExecuteOptions extends EngineOptions {
  /** Most branches held at once (mid-circuit measurement and reset). */
  readonly maxBranches: number;
  /** Extra gates to run right after op `i` (noise trajectories insert their Paulis here). */
  readonly insertAfter?: ReadonlyMap<number, readonly UnitaryOp[]>;
}

/** Outcomes less likely than this are not followed. */
const NEGLIGIBLE_OUTCOME = 1e-14;
/** Branches whose states overlap this closely (|⟨a|b⟩|²) are the same state up to global phase. */
const SAME_STATE = 1 - 1e-10;

/** Indices of measurements that nothing acts on afterwards (their qubit is read at the end). */
export function finalMeasurementIndices(ops: readonly IrOp[]): Set<number> {
  const touched = new Set<number>();
  const final = new Set<number>();
  for (let i = ops.length - 1; i >= 0; i--) {
    const op = ops[i] as IrOp;
    if (op.kind === 'measure') {
      if (!touched.has(op.qubit)) final.add(i);
      touched.add(op.qubit);
    } else if (op.kind === 'reset') touched.add(op.qubit);
    else if (op.kind === 'gate') for (const q of [...op.targets, ...op.controls]) touched.add(q);
    else if (op.kind === 'native') for (const q of op.targets) touched.add(q);
  }
  return final;
}

export function executeCircuit(circuit: IrCircuit, options: ExecuteOptions): Execution {
  const final = finalMeasurementIndices(circuit.ops);
  const finalMeasures = new Map<number, number>();
  const midCircuitBits = new Set<number>();
  const startDense = options.sparse === 'never';
  if (startDense) options.memory.reserve(circuit.qubits);
  let branches: Branch[] = [
    {
      probability: 1,
      bits: new Uint8Array(circuit.clbits),
      state: zeroState(circuit.qubits, startDense, denseAllocator(options, circuit.qubits)),
    },
  ];
  let segment: UnitaryOp[] = [];
  /** The program's gates in `segment` (the rest are inserted noise operations). */
  let segmentGates = 0;
  const flush = () => {
    if (segment.length === 0) return;
    // Each branch runs the whole segment: progress counts each branch's share of its gates.
    const progress = scaledSink(options.progress, segmentGates / segment.length / branches.length);
    const segmentOptions = options.progress === undefined ? options : { ...options, progress };
    for (const b of branches) b.state = evolve(b.state, segment, segmentOptions);
    segment = [];
    segmentGates = 0;
  };
  circuit.ops.forEach((op, i) => {
    switch (op.kind) {
      case 'gate':
      case 'native':
        segment.push(unitaryOf(op));
        segmentGates++;
        break;
      case 'measure':
        if (final.has(i)) {
          finalMeasures.set(op.bit, op.qubit);
          midCircuitBits.delete(op.bit);
        } else {
          flush();
          finalMeasures.delete(op.bit);
          midCircuitBits.add(op.bit);
          branches = splitBranches(branches, op.qubit, op.bit, false, options);
        }
        break;
      case 'reset':
        flush();
        branches = splitBranches(branches, op.qubit, null, true, options);
        break;
      case 'barrier':
        break;
    }
    const extra = options.insertAfter?.get(i);
    if (extra) segment.push(...extra);
  });
  flush();
  return { circuit, branches, finalMeasures, midCircuitBits };
}

function splitBranches(
  branches: readonly Branch[],
  qubit: number,
  bit: number | null,
  reset: boolean,
  options: ExecuteOptions,
): Branch[] {
  const next: Branch[] = [];
  for (const branch of branches) {
    const p1 = Math.min(1, Math.max(0, probabilityOfOne(branch.state, qubit)));
    const outcomes = [
      { value: 0, p: 1 - p1 },
      { value: 1, p: p1 },
    ].filter((o) => o.p > NEGLIGIBLE_OUTCOME);
    const dense = branch.state.kind === 'dense';
    if (dense) options.memory.reserve(branch.state.qubits, outcomes.length);
    for (const o of outcomes) {
      const bits = bit === null ? branch.bits : Uint8Array.from(branch.bits);
      if (bit !== null) bits[bit] = o.value;
      const state = project(
        branch.state,
        qubit,
        o.value,
        o.p,
        reset,
        dense ? denseAllocator(options, branch.state.qubits) : undefined,
      );
      next.push({ probability: branch.probability * o.p, bits, state });
    }
    if (dense) options.memory.release(branch.state.qubits);
  }
  const merged = mergeBranches(next, options);
  if (merged.length > options.maxBranches) {
    throw new SimulationLimitError(
      'simulator-branch-limit',
      simulatorBranchLimit(merged.length, options.maxBranches),
      BRANCH_LIMIT_HINT,
    );
  }
  return merged;
}

/** Merges branches with the same classical record and the same state up to global phase. */
function mergeBranches(branches: readonly Branch[], options: ExecuteOptions): Branch[] {
  const byRecord = new Map<string, Branch[]>();
  for (const b of branches) {
    const key = b.bits.join('');
    const group = byRecord.get(key) ?? [];
    const same = group.find((g) => {
      const { re, im } = innerProduct(g.state, b.state);
      return re * re + im * im > SAME_STATE;
    });
    if (same) {
      same.probability += b.probability;
      if (b.state.kind === 'dense') options.memory.release(b.state.qubits);
    } else {
      group.push(b);
      byRecord.set(key, group);
    }
  }
  return [...byRecord.values()].flat();
}
