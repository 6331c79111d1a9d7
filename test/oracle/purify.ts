/** Makes circuits with resets comparable by the dense oracle. */
import type { IrCircuit, IrOp } from '../../src/ir/types.js';
import { lowerToNative, type NativeFamily, type NativeLoweringOptions } from '../../src/native/index.js';
import { gate } from './circuits.js';

/**
 * Resets made unitary for the oracle: each `reset q` becomes a swap of q with
 * a fresh environment wire (which starts in |0>). The lowering drops the
 * frame q carries at a reset (it only phases the discarded state); in the
 * purified picture that frame travels to the environment wire, so it is put
 * back there. The frame dropped at reset j is the final frame of q after
 * lowering the ops before it (lowering is streaming and deterministic).
 */
export function purifyResets(
  source: IrCircuit,
  lowered: IrCircuit,
  family: NativeFamily,
  options: NativeLoweringOptions = {},
): { source: IrCircuit; lowered: IrCircuit } {
  const n = source.qubits;
  const resetsAt = source.ops.flatMap((op, i) => (op.kind === 'reset' ? [i] : []));
  const width = n + resetsAt.length;
  const dropped = resetsAt.map((i) => {
    const op = source.ops[i] as { qubit: number };
    return lowerToNative({ ...source, ops: source.ops.slice(0, i) }, family, options).finalFrames[op.qubit] ?? 0;
  });
  const rewrite = (c: IrCircuit, withFrame: boolean): IrCircuit => {
    let j = 0;
    const ops = c.ops.flatMap((op): IrOp[] => {
      if (op.kind !== 'reset') return [op];
      const env = n + j;
      const frame = dropped[j++] ?? 0;
      return [gate('swap', [op.qubit, env]), ...(withFrame ? [gate('rz', [env], [], 2 * Math.PI * frame)] : [])];
    });
    return { ...c, qubits: width, ops };
  };
  return { source: rewrite(source, false), lowered: rewrite(lowered, true) };
}
