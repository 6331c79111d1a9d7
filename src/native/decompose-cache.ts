/**
 * Compile time bounded by the native gate limit (issue 24, L5). A program
 * repeats a few gate shapes many times (4,000 lines of one `ctrl(7) @ x`),
 * so each distinct gate (name, wires, rotation) is decomposed once and its
 * steps reused: steps are immutable, and every consumer reads them only.
 * (What a repeated gate then lowers to is replayed, replay.ts; how many
 * native gates a circuit lowers to is counted before any is built, lower.ts.)
 */
import type { IrGate } from '../ir/types.js';
import { decomposeGate, type DecomposeContext } from './decompose.js';
import type { Step } from './steps.js';

/** Distinct gates remembered at once; past it the cache starts over (memory stays bounded by the table, not the program). */
const MAX_ENTRIES = 4096;

export class DecomposeCache {
  private readonly entries = new Map<string, readonly Step[]>();

  constructor(readonly ctx: DecomposeContext) {}

  /** The steps of one QIS gate (shared: read only). */
  steps(gate: IrGate): readonly Step[] {
    const key = `${gate.name}|${gate.controls.join(',')}|${gate.targets.join(',')}|${gate.rotation ?? ''}`;
    const hit = this.entries.get(key);
    if (hit) return hit;
    const steps = decomposeGate(gate, this.ctx);
    if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
    this.entries.set(key, steps);
    return steps;
  }
}
