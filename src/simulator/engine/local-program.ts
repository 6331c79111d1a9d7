/**
 * The shape of a chunk compiled for its local block (program.ts compiles it):
 * kernel steps on local qubits. Its own module so that both runners, the
 * plain one (program.ts) and the SIMD one (simd-program.ts), read it without
 * importing each other.
 */
import type { PairGate } from '../kernels/in-place.js';

export type Step =
  | {
      readonly kind: 'matrix1';
      readonly q: number;
      readonly m: Float64Array;
      readonly controlMask: number;
      readonly real: boolean;
    }
  | { readonly kind: 'diagonal1'; readonly q: number; readonly d: Float64Array; readonly controlMask: number }
  | { readonly kind: 'phase'; readonly mask: number; readonly re: number; readonly im: number }
  | { readonly kind: 'x'; readonly q: number; readonly controlMask: number }
  | { readonly kind: 'swap'; readonly a: number; readonly b: number; readonly controlMask: number }
  | {
      readonly kind: 'matrix2';
      readonly hi: number;
      readonly lo: number;
      readonly m: Float64Array;
      readonly controlMask: number;
    }
  | { readonly kind: 'table'; readonly re: Float64Array; readonly im: Float64Array };

export interface LocalProgram {
  /**
   * A pass of one one-qubit gate applied in place on the whole state (kernels/in-place.ts): `qubits` is every qubit,
   * `steps` is empty, and block ranges are ranges of amplitude pairs (2^(n-1) of them).
   */
  readonly inPlace?: PairGate;
  /** Global qubits of the block, ascending; local qubit i is `qubits[i]`. */
  readonly qubits: readonly number[];
  readonly steps: readonly Step[];
  /** Run through the WebAssembly SIMD kernels where available (the fused path); absent: kernels/scalar.ts, the reference. */
  readonly simd?: boolean;
}
