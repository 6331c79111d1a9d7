/**
 * Runs an in-place one-qubit pass (in-place.ts) through the WebAssembly SIMD
 * kernels (wasm-in-place.ts) when the state lives in a WebAssembly memory:
 * one call per pair range, the gate's constants in this thread's scratch
 * region of that memory.
 */
import { applyPairs, type PairGate } from './in-place.js';
import { inPlaceConstants, inPlaceKernelName } from './wasm-in-place.js';
import { simdKernels, stateMemory } from './wasm.js';

/** A gate's kernel export name and v128 constants. */
interface GateKernel {
  readonly name: `inPlace_${string}`;
  readonly constants: Float64Array;
}

/**
 * Per gate, made on its first pass: a pass split over threads, or run on many
 * states, lays them out once, and a pass allocates nothing on the JavaScript
 * heap (the kernel's name was a new string every call), so no collection can
 * start inside it.
 */
const kernelOf = new WeakMap<PairGate, GateKernel>();

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
  let made = kernelOf.get(gate);
  if (!made) {
    const name = inPlaceKernelName({ form: gate.form, adjacent: gate.q === 0, controlled: gate.controlMask !== 0 });
    made = { name, constants: inPlaceConstants(gate) };
    kernelOf.set(gate, made);
  }
  const { name, constants } = made;
  const at = kernels.scratch(constants.length * 8 + 16, 16);
  if (at < 0) return false;
  kernels.view.set(constants, at / 8);
  const kernel = kernels.exports[name] as NonNullable<(typeof kernels.exports)[`inPlace_${string}`]>;
  kernel(re.byteOffset, im.byteOffset, gate.q, from, to, gate.controlMask, at);
  return true;
}
