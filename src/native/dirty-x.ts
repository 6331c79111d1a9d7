/**
 * Multi-controlled X built from Toffolis on borrowed (dirty) wires: wires of
 * the circuit outside the gate, in any state, returned to it exactly.
 * - Lemma 7.2: C^m X with m - 2 borrowed wires, 4(m - 2) Toffolis.
 * - Lemma 7.3: C^m X with one borrowed wire s, by splitting the controls into
 *   P and Q: B A B A† with B = C^{|Q|+1}X(Q, s → t) and A = C^{|P|}X(P → s),
 *   each half borrowing the other. A may carry a relative phase (Margolus
 *   for |P| = 2, Maslov for 3, lemma 7.3 itself on relative halves beyond)
 *   because A† undoes it and B between them changes neither P, s nor A's
 *   borrowed wires; B recurses, so the count stays linear.
 * - The Gray code (gray-code.ts), which borrows nothing, for m ≤ 5.
 * Every construction that applies is built, the fewest entangling gates win.
 * The choice and the steps depend only on how many controls and free wires
 * there are, so each shape is built once, on canonical wires, and relabelled.
 */
import { X } from './complex2.js';
import { GRAY_CODE_UP_TO, grayCodeControlled } from './gray-code.js';
import {
  entanglingCount,
  inverseSteps,
  relativePhaseToffoli,
  relativePhaseToffoli3,
  toffoli,
  type ControlContext,
} from './single-controlled.js';
import { u, type Step } from './steps.js';

/** Wires outside `used`, first `count` of them (fewer when the circuit has fewer). */
export function freeWires(used: readonly number[], ctx: ControlContext, count = Infinity): number[] {
  const taken = new Set(used);
  const free: number[] = [];
  for (let w = 0; w < ctx.qubits && free.length < count; w++) if (!taken.has(w)) free.push(w);
  return free;
}

/** A construction on canonical wires: controls 0..m-1, target m, free wires m+1..m+f. */
type Canonical = (m: number, ctx: ControlContext) => Step[] | undefined;

const range = (n: number, from = 0): number[] => Array.from({ length: n }, (_, i) => i + from);

/** Steps on canonical wires moved onto `wires` (canonical wire i becomes wires[i]). */
function relabel(steps: readonly Step[], wires: readonly number[]): Step[] {
  const at = (q: number) => wires[q] as number;
  return steps.map((s) => (s.kind === 'u' ? u(at(s.qubit), s.matrix) : { ...s, a: at(s.a), b: at(s.b) }));
}

/** Fewest entangling gates, then fewest steps. */
function cheapest(candidates: readonly (Step[] | undefined)[]): Step[] | undefined {
  let best: Step[] | undefined;
  for (const steps of candidates) {
    if (!steps) continue;
    if (
      !best ||
      entanglingCount(steps) < entanglingCount(best) ||
      (entanglingCount(steps) === entanglingCount(best) && steps.length < best.length)
    )
      best = steps;
  }
  return best;
}

/** Built shapes, per family CNOT template: `kind/controls/free wires`. */
const memo = new WeakMap<ControlContext['cx'], Map<string, Step[] | undefined>>();

/**
 * Builds `construction` for this many controls on canonical wires (once per
 * shape), then places it on `controls`, `target` and the free wires outside
 * `avoid`. More than m - 2 free wires never help, so the shape caps them.
 */
function placed(
  kind: string,
  construction: Canonical,
  controls: readonly number[],
  target: number,
  ctx: ControlContext,
  avoid: readonly number[],
): Step[] | undefined {
  const m = controls.length;
  const free = freeWires([...controls, target, ...avoid], ctx, Math.max(1, m - 2));
  let shapes = memo.get(ctx.cx);
  if (!shapes) memo.set(ctx.cx, (shapes = new Map<string, Step[] | undefined>()));
  const key = `${kind}/${m}/${free.length}`;
  if (!shapes.has(key)) shapes.set(key, construction(m, { qubits: m + 1 + free.length, cx: ctx.cx }));
  const steps = shapes.get(key);
  return steps && relabel(steps, [...controls, target, ...free]);
}

/** Lemma 7.2 on canonical wires; undefined with fewer than m - 2 free wires. */
function lemma72(m: number, ctx: ControlContext): Step[] | undefined {
  if (m === 0) return [u(0, X)];
  if (m === 1) return ctx.cx(0, 1);
  if (m === 2) return toffoli(0, 1, 2, ctx);
  if (ctx.qubits - (m + 1) < m - 2) return undefined;
  const anc = (i: number) => m + 1 + i;
  // t ^= c[m-1]·a[m-3] around a block that flips a[m-3] by the AND of the rest, then again:
  // the block never touches t, so relative phases inside it cancel against its exact inverse.
  const inner: Step[] = [];
  for (let i = m - 2; i >= 2; i--) inner.push(...relativePhaseToffoli(i, anc(i - 2), anc(i - 1), ctx));
  const block = [...inner, ...relativePhaseToffoli(0, 1, anc(0), ctx), ...inverseSteps(inner)];
  const outer = toffoli(m - 1, anc(m - 3), m, ctx);
  return [...outer, ...block, ...outer, ...inverseSteps(block)];
}

/**
 * Lemma 7.3 on canonical wires, the cheapest split; undefined without a free
 * wire. Exact: B exact, A relative and borrowing nothing B changes (the
 * target), so A† cancels its phase. Relative (a permutation times a diagonal,
 * whatever the phase): both halves relative, since such products stay one.
 */
function lemma73(m: number, ctx: ControlContext, relative: boolean): Step[] | undefined {
  const spare = m + 1;
  if (m < 3 || ctx.qubits <= spare) return undefined;
  const splits = range(m - 2, 2).map((k) => {
    const p = range(k);
    const q = [...range(m - k, k), spare];
    const toSpare = relativePhaseMultiControlledX(p, spare, ctx, relative ? [] : [m]);
    const toTarget = relative ? relativePhaseMultiControlledX(q, m, ctx, []) : exactMultiControlledX(q, m, ctx);
    return toSpare && toTarget ? [...toTarget, ...toSpare, ...toTarget, ...inverseSteps(toSpare)] : undefined;
  });
  return cheapest(splits);
}

function exactCanonical(m: number, ctx: ControlContext): Step[] | undefined {
  const gray = m >= 3 && m <= GRAY_CODE_UP_TO ? grayCodeControlled(range(m), m, X, ctx) : undefined;
  return cheapest([lemma72(m, ctx), lemma73(m, ctx, false), gray]);
}

/** Relative-phase constructions by control count: Margolus, Maslov. */
const RELATIVE_PHASE: Readonly<Record<number, (ctx: ControlContext) => Step[]>> = {
  2: (ctx) => relativePhaseToffoli(0, 1, 2, ctx),
  3: (ctx) => relativePhaseToffoli3(0, 1, 2, 3, ctx),
};

function relativeCanonical(m: number, ctx: ControlContext): Step[] | undefined {
  const relative = RELATIVE_PHASE[m];
  return cheapest([relative?.(ctx), lemma73(m, ctx, true), exactCanonical(m, ctx)]);
}

/**
 * Exact C^m X of `controls` onto `target`, borrowing free wires of the circuit
 * outside `avoid`. Undefined when the circuit has too few free wires.
 */
export function exactMultiControlledX(
  controls: readonly number[],
  target: number,
  ctx: ControlContext,
  avoid: readonly number[] = [],
): Step[] | undefined {
  return placed('exact', exactCanonical, controls, target, ctx, avoid);
}

/**
 * C^m X times a diagonal phase (on its controls, target and borrowed wires),
 * for use where that phase is undone, borrowing nothing from `avoid`.
 */
export function relativePhaseMultiControlledX(
  controls: readonly number[],
  target: number,
  ctx: ControlContext,
  avoid: readonly number[],
): Step[] | undefined {
  return placed('relative', relativeCanonical, controls, target, ctx, avoid);
}

/** Lemma 7.2 alone (m - 2 borrowed wires), for tests and comparison. */
export function dirtyMultiControlledX(
  controls: readonly number[],
  target: number,
  ctx: ControlContext,
): Step[] | undefined {
  return placed('lemma-7.2', lemma72, controls, target, ctx, []);
}

/** Lemma 7.3 alone (one borrowed wire), for tests and comparison. */
export function borrowedWireX(controls: readonly number[], target: number, ctx: ControlContext): Step[] | undefined {
  return placed('lemma-7.3', (m, c) => lemma73(m, c, false), controls, target, ctx, []);
}
