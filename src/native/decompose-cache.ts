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
 * operation. When that lower bound alone passes the limit, the program is
 * refused at once instead of after a million operations.
 */
import type { IrCircuit, IrGate } from '../ir/types.js';
import { loweredEntanglers } from './blocks.js';
import { decomposeGate, type DecomposeContext } from './decompose.js';
import { NativeGateLimitError } from './gate-limit.js';
import type { Step } from './steps.js';

/** Distinct gates remembered at once; past it the cache starts over (memory stays bounded by the table, not the program). */
const MAX_ENTRIES = 4096;

interface Decomposed {
  readonly steps: readonly Step[];
  /** Entangling gates the steps lower to when no block pass can merge them (three or more wires), else 0. */
  readonly unavoidable: number;
}

export class DecomposeCache {
  private readonly entries = new Map<string, Decomposed>();

  constructor(private readonly ctx: DecomposeContext) {}

  private get(gate: IrGate): Decomposed {
    const key = `${gate.name}|${gate.controls.join(',')}|${gate.targets.join(',')}|${gate.rotation ?? ''}`;
    const hit = this.entries.get(key);
    if (hit) return hit;
    const steps = decomposeGate(gate, this.ctx);
    const wires = new Set<number>();
    for (const s of steps) {
      if (s.kind === 'u') wires.add(s.qubit);
      else wires.add(s.a).add(s.b);
    }
    const entry = { steps, unavoidable: wires.size >= 3 ? loweredEntanglers(steps, this.ctx.family) : 0 };
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, entry);
    return entry;
  }

  /** The steps of one QIS gate (shared: read only). */
  steps(gate: IrGate): readonly Step[] {
    return this.get(gate).steps;
  }

  /** Native operations lowering `circuit` will build at least, whatever the optimisation. */
  lowerBound(circuit: IrCircuit): number {
    let n = 0;
    for (const op of circuit.ops) n += op.kind === 'gate' ? this.get(op).unavoidable : op.kind === 'native' ? 0 : 1;
    return n;
  }

  /** Throws NativeGateLimitError when `circuit` will pass `maxOps` native operations whatever happens. */
  refuseEarly(circuit: IrCircuit, maxOps: number): void {
    if (maxOps !== Infinity && this.lowerBound(circuit) > maxOps) throw new NativeGateLimitError(maxOps);
  }
}
