/**
 * Runs an in-place one-qubit pass (in-place.ts) through the WebAssembly SIMD
 * kernels (wasm-in-place.ts) when the state lives in a WebAssembly memory:
 * one call per pair range, the gate's constants in this thread's scratch
 * region of that memory.
 */
import { applyPairs, type PairGate } from './in-place.js';
import { inPlaceConstants, inPlaceKernelName } from './wasm-in-place.js';
import { simdKernels, stateMemory } from './wasm.js';

/** Constants per gate: a pass split over threads, or run on many states, lays them out once. */
const constantsOf = new WeakMap<PairGate, Float64Array>();

/**
 * Applies `gate` to the pairs [first, end) with the SIMD kernels; false when
 * the state is not in a WebAssembly memory or the kernels are missing (the
 * caller runs the JavaScript kernels).
 */
export function applyPairsSimd(
  re: Float64Array,
  im: Float64Array,
  gate: PairGate,
  first: number,
  end: number,
): boolean {
  const memory = stateMemory(re, im);
  const kernels = memory && simdKernels(memory);
  if (!kernels) return false;
  let from = first,
    to = end;
  // A strided kernel takes two pairs per v128, from an even pair: an odd pair at either end runs here.
  if (gate.q > 0 && from < to && from % 2 === 1) {
    applyPairs(re, im, gate, from, from + 1);
    from++;
  }
  if (gate.q > 0 && from < to && to % 2 === 1) {
    applyPairs(re, im, gate, to - 1, to);
    to--;
  }
  if (from >= to) return true;
  let constants = constantsOf.get(gate);
  if (!constants) {
    constants = inPlaceConstants(gate);
    constantsOf.set(gate, constants);
  }
  const at = kernels.scratch(constants.length * 8 + 16, 16);
  if (at < 0) return false;
  kernels.view.set(constants, at / 8);
  const kernel = kernels.exports[
    inPlaceKernelName({ form: gate.form, adjacent: gate.q === 0, controlled: gate.controlMask !== 0 })
  ] as NonNullable<(typeof kernels.exports)[`inPlace_${string}`]>;
  kernel(re.byteOffset, im.byteOffset, gate.q, from, to, gate.controlMask, at);
  return true;
}
