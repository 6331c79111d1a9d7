/**
 * Multi-controlled X built from Toffolis on borrowed (dirty) wires: wires of
 * the circuit outside the gate, in any state, returned to it exactly.
 * - Lemma 7.2: C^m X with m - 2 borrowed wires, linear in m.
 * - Lemma 7.3: C^n X with a single borrowed wire s, by splitting the controls
 *   into P and Q: B A B A† with B = C^{|Q|+1}X(Q, s → t), A = C^{|P|}X(P → s).
 *   A may carry a relative phase (Margolus for |P| = 2, Maslov for 3) because A† undoes it
 *   and B between them changes neither P nor s. Every split is tried; the
 *   cheapest wins.
 */
import { X } from './complex2.js';
import { GRAY_CODE_UP_TO, grayCodeControlled } from './gray-code.js';
import { entanglingCount, inverseSteps, relativePhaseToffoli, relativePhaseToffoli3, toffoli, type ControlContext } from './single-controlled.js';
import { u, type Step } from './steps.js';

/** Wires outside `used`, first `count` of them (fewer when the circuit has fewer). */
export function freeWires(used: readonly number[], ctx: ControlContext, count = Infinity): number[] {
  const taken = new Set(used);
  const free: number[] = [];
  for (let w = 0; w < ctx.qubits && free.length < count; w++) if (!taken.has(w)) free.push(w);
  return free;
}

/** Borrowed wires lemma 7.2 needs for m controls. */
const borrowedFor = (m: number): number => Math.max(0, m - 2);

/**
 * Lemma 7.2: C^m X with m - 2 borrowed wires (any state, restored), 4(m - 2)
 * Toffolis for m ≥ 3, none of them taken from `avoid`. Undefined when the
 * circuit has too few free wires.
 */
export function dirtyMultiControlledX(controls: readonly number[], target: number, ctx: ControlContext, avoid: readonly number[] = []): Step[] | undefined {
  const m = controls.length;
  if (m === 0) return [u(target, X)];
  if (m === 1) return ctx.cx(controls[0] as number, target);
  if (m === 2) return toffoli(controls[0] as number, controls[1] as number, target, ctx);
  const borrowed = freeWires([...controls, target, ...avoid], ctx, borrowedFor(m));
  if (borrowed.length < borrowedFor(m)) return undefined;
  const c = (i: number) => controls[i] as number;
  const anc = (i: number) => borrowed[i] as number;
  // t ^= c[m-1]·a[m-3] around a block that flips a[m-3] by the AND of the rest, then again:
  // the block never touches t, so relative phases inside it cancel against its exact inverse.
  const inner: Step[] = [];
  for (let i = m - 2; i >= 2; i--) inner.push(...relativePhaseToffoli(c(i), anc(i - 2), anc(i - 1), ctx));
  const block = [...inner, ...relativePhaseToffoli(c(0), c(1), anc(0), ctx), ...inverseSteps(inner)];
  const outer = toffoli(c(m - 1), anc(m - 3), target, ctx);
  return [...outer, ...block, ...outer, ...inverseSteps(block)];
}

/** The fewer entangling gates of two constructions (either may be missing). */
function cheaper(a: Step[] | undefined, b: Step[] | undefined): Step[] | undefined {
  if (!a || !b) return a ?? b;
  return entanglingCount(b) < entanglingCount(a) ? b : a;
}

/** Exact C^m X: lemma 7.2 on borrowed wires (not from `avoid`), or the Gray code, which borrows nothing, when cheaper. */
export function exactMultiControlledX(controls: readonly number[], target: number, ctx: ControlContext, avoid: readonly number[] = []): Step[] | undefined {
  const dirty = dirtyMultiControlledX(controls, target, ctx, avoid);
  if (controls.length < 3 || controls.length > GRAY_CODE_UP_TO) return dirty;
  return cheaper(dirty, grayCodeControlled(controls, target, X, ctx));
}

/** Relative-phase constructions by control count: Margolus, Maslov. */
const RELATIVE_PHASE: Readonly<Record<number, (c: readonly number[], t: number, ctx: ControlContext) => Step[]>> = {
  2: (c, t, ctx) => relativePhaseToffoli(c[0] as number, c[1] as number, t, ctx),
  3: (c, t, ctx) => relativePhaseToffoli3(c[0] as number, c[1] as number, c[2] as number, t, ctx),
};

/** C^k X(P → s) up to a diagonal phase, for use before its own inverse; none of its borrowed wires from `avoid`. */
function relativePhaseMultiControlledX(controls: readonly number[], target: number, ctx: ControlContext, avoid: readonly number[]): Step[] | undefined {
  const relative = RELATIVE_PHASE[controls.length];
  return relative ? relative(controls, target, ctx) : exactMultiControlledX(controls, target, ctx, avoid);
}

/** Lemma 7.3 with the controls split after `k`: B A B A†. Undefined when a half cannot borrow enough wires. */
function splitAt(controls: readonly number[], target: number, spare: number, k: number, ctx: ControlContext): Step[] | undefined {
  const p = controls.slice(0, k);
  const q = [...controls.slice(k), spare];
  // A borrows nothing B changes (t), so its phase still cancels against A†.
  const toSpare = relativePhaseMultiControlledX(p, spare, ctx, [target]);
  const toTarget = exactMultiControlledX(q, target, ctx);
  if (!toSpare || !toTarget) return undefined;
  return [...toTarget, ...toSpare, ...toTarget, ...inverseSteps(toSpare)];
}

/** C^n X (n ≥ 3) with one borrowed wire outside the gate: the cheapest split of lemma 7.3. Undefined without a free wire. */
export function borrowedWireX(controls: readonly number[], target: number, ctx: ControlContext): Step[] | undefined {
  const [spare] = freeWires([...controls, target], ctx, 1);
  if (spare === undefined) return undefined;
  let best: Step[] | undefined;
  for (let k = 1; k < controls.length; k++) {
    const steps = splitAt(controls, target, spare, k, ctx);
    if (steps && (!best || entanglingCount(steps) < entanglingCount(best))) best = steps;
  }
  return best;
}
