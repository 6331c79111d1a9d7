/**
 * Barenco lemma 7.1: C^n(U) without any other wire, as 2^n - 1 singly
 * controlled V^{±1} (V^{2^{n-1}} = U) and 2^n - 2 CNOTs, 2^{n+1} - 3
 * entangling gates in all. Exponential, yet the cheapest C^3 X here (13),
 * and for n = 4, 5 (29, 61) the cheapest when no wire is free to borrow.
 *
 * Σ over nonempty S ⊆ controls of (-1)^{|S|+1} ⊕_{i∈S} x_i = 2^{n-1} ∏ x_i, so
 * V^{sign(S)} controlled by the parity of each S gives U on all-ones. The
 * subsets with largest element m are walked in Gray-code order, the parity
 * kept on control m by one CNOT per step, and control m restored at the end.
 */
import type { Mat2 } from './complex2.js';
import { dagger } from './complex2.js';
import { singleControlled, sqrtUnitary, type ControlContext } from './single-controlled.js';
import type { Step } from './steps.js';

/** Above this many controls the Gray code (2^{n+1} - 3 entangling gates) never beats the linear constructions. */
export const GRAY_CODE_UP_TO = 5;

/** Index of the bit a reflected Gray code flips at step i ≥ 1. */
const flippedBit = (i: number): number => 31 - Math.clz32(i & -i);

export function grayCodeControlled(
  controls: readonly number[],
  target: number,
  matrix: Mat2,
  ctx: ControlContext,
): Step[] {
  let v = matrix;
  for (let i = 1; i < controls.length; i++) v = sqrtUnitary(v);
  const vDagger = dagger(v);
  const steps: Step[] = [];
  controls.forEach((holder, m) => {
    let oddSubset = false;
    steps.push(...singleControlled(holder, target, v));
    for (let i = 1; i < 2 ** m; i++) {
      steps.push(...ctx.cx(controls[flippedBit(i)] as number, holder));
      oddSubset = !oddSubset;
      steps.push(...singleControlled(holder, target, oddSubset ? vDagger : v));
    }
    // The walk ends on {m - 1}: one more CNOT gives control m back its own value.
    if (m > 0) steps.push(...ctx.cx(controls[m - 1] as number, holder));
  });
  return steps;
}
