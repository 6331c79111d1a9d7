/**
 * Compile time bounded by the native gate limit (issue 24, L5). A program
 * repeats a few gate shapes many times (4,000 lines of one `ctrl(7) @ x`),
 * so each distinct gate (name, wires, rotation) is decomposed once and its
 * steps reused: steps are immutable, and every consumer reads them only.
 *
 * Before any native operation is built, the operations the lowering cannot
 * avoid are counted: a gate touching three or more wires closes every
 * two-qubit block around it (blocks.ts) and so lowers to exactly its own
 * entangling gates, and every measurement, reset and barrier stays one
 * operation. When such gates go to the block pass step by step
 * (passes/toffoli-orientation.ts), a pair's first and last run of steps may
 * join a neighbour's block: each run lowers to at most 3 entanglers on its
 * own, so at most 6 per pair the gate touches can disappear, and the bound
 * takes them off. When that lower bound alone passes the limit, the program
 * is refused at once instead of after a million operations.
 */
import type { IrCircuit, IrGate } from '../ir/types.js';
import { loweredEntanglers } from './blocks.js';
import { decomposeGate, type DecomposeContext } from './decompose.js';
import { NativeGateLimitError } from './gate-limit.js';
import type { Step } from './steps.js';

/** Distinct gates remembered at once; past it the cache starts over (memory stays bounded by the table, not the program). */
const MAX_ENTRIES = 4096;

/** Most entanglers one run of two-qubit steps on one pair lowers to (any two-qubit unitary: KAK, 3). */
const MAX_PER_BLOCK = 3;

interface Decomposed {
  readonly steps: readonly Step[];
  /** Entangling gates the steps lower to when no block pass can merge them (three or more wires), else 0. */
  readonly unavoidable: number;
  /** The same when the steps go to the block pass one by one: less what merging at each pair's ends can save. */
  readonly unavoidableStepwise: number;
}

export class DecomposeCache {
  private readonly entries = new Map<string, Decomposed>();

  constructor(readonly ctx: DecomposeContext) {}

  private get(gate: IrGate): Decomposed {
    const key = `${gate.name}|${gate.controls.join(',')}|${gate.targets.join(',')}|${gate.rotation ?? ''}`;
    const hit = this.entries.get(key);
    if (hit) return hit;
    const steps = decomposeGate(gate, this.ctx);
    const wires = new Set<number>();
    const pairs = new Set<string>();
    for (const s of steps) {
      if (s.kind === 'u') wires.add(s.qubit);
      else {
        wires.add(s.a).add(s.b);
        pairs.add(s.a < s.b ? `${s.a},${s.b}` : `${s.b},${s.a}`);
      }
    }
    const unavoidable = wires.size >= 3 ? loweredEntanglers(steps, this.ctx.family) : 0;
    const unavoidableStepwise = Math.max(0, unavoidable - 2 * MAX_PER_BLOCK * pairs.size);
    const entry = { steps, unavoidable, unavoidableStepwise };
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, entry);
    return entry;
  }

  /** The steps of one QIS gate (shared: read only). */
  steps(gate: IrGate): readonly Step[] {
    return this.get(gate).steps;
  }

  /**
   * Native operations lowering `circuit` will build at least, whatever the
   * optimisation; `stepwise` when gates on three or more wires go to the
   * block pass step by step.
   */
  lowerBound(circuit: IrCircuit, { stepwise = false } = {}): number {
    let n = 0;
    for (const op of circuit.ops) {
      if (op.kind === 'native') continue;
      if (op.kind !== 'gate') n++;
      else n += stepwise ? this.get(op).unavoidableStepwise : this.get(op).unavoidable;
    }
    return n;
  }

  /** Throws NativeGateLimitError when `circuit` will pass `maxOps` native operations whatever happens. */
  refuseEarly(circuit: IrCircuit, maxOps: number, options: { readonly stepwise?: boolean } = {}): void {
    if (maxOps !== Infinity && this.lowerBound(circuit, options) > maxOps) throw new NativeGateLimitError(maxOps);
  }
}
