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

/** Gates compared field by field before a key is built: a repeated pattern (a chain's four gates, eight rotated lines) hits here. */
const RECENT = 16;

/** Equal exactly when the key spelled both alike (0 and -0 are both "0", two NaN both "NaN"). */
const sameRotation = (a: number | null, b: number | null): boolean =>
  a === b || (a !== null && b !== null && Number.isNaN(a) && Number.isNaN(b));

function sameList(a: readonly number[], b: readonly number[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

export class DecomposeCache {
  private readonly entries = new Map<string, readonly Step[]>();
  /** The last few gates looked up and their steps, a ring: no string key for a gate that repeats soon. */
  private readonly recentGates: IrGate[] = [];
  private readonly recentSteps: (readonly Step[])[] = [];
  private next = 0;

  constructor(readonly ctx: DecomposeContext) {}

  /** The steps of one QIS gate (shared: read only). */
  steps(gate: IrGate): readonly Step[] {
    for (let k = 0; k < this.recentGates.length; k++) {
      const seen = this.recentGates[k] as IrGate;
      if (
        seen === gate ||
        (seen.name === gate.name &&
          sameRotation(seen.rotation, gate.rotation) &&
          sameList(seen.targets, gate.targets) &&
          sameList(seen.controls, gate.controls))
      )
        return this.recentSteps[k] as readonly Step[];
    }
    const key = `${gate.name}|${gate.controls.join(',')}|${gate.targets.join(',')}|${gate.rotation ?? ''}`;
    let steps = this.entries.get(key);
    if (steps === undefined) {
      steps = decomposeGate(gate, this.ctx);
      if (this.entries.size >= MAX_ENTRIES) this.entries.clear();
      this.entries.set(key, steps);
    }
    this.recentGates[this.next] = gate;
    this.recentSteps[this.next] = steps;
    this.next = (this.next + 1) % RECENT;
    return steps;
  }
}
