/** The wires a circuit operation touches, read by the drawing and by the compiler's passes. */
import type { IrOp } from './types.js';

/** Qubits an operation touches, controls first; a barrier touches all of them, given as null. */
export function wiresOf(op: IrOp): readonly number[] | null {
  switch (op.kind) {
    case 'gate':
      return [...op.controls, ...op.targets];
    case 'native':
      return op.targets;
    case 'measure':
    case 'reset':
      return [op.qubit];
    case 'barrier':
      return null;
    default: {
      const never: never = op;
      return never;
    }
  }
}
