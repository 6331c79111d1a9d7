/**
 * Commutation-aware cancellation (Nam, Ross, Su, Childs and Maslov, npj
 * Quantum Information 4, 23 (2018), section 4.2 "gate cancellation"): each
 * gate looks ahead past the gates it commutes with (commutation.ts) for its
 * inverse on the same wires, and both vanish. `ctrl(2) @ z a, b, c;` twice is
 * the identity and costs nothing; so do a CNOT and its repeat across CNOTs
 * that share its control. The look-ahead is bounded, so the pass stays
 * linear in the circuit.
 */
import type { IrCircuit, IrGate, IrOp } from '../../ir/types.js';
import type { QisGateName } from '../../tables/index.js';
import { CommutationCache, isDiagonal } from './commutation.js';

/** Gates past which a candidate looks for its inverse. */
const LOOK_AHEAD = 256;

const INVERSE_NAME: Readonly<Partial<Record<QisGateName, QisGateName>>> = {
  x: 'x',
  y: 'y',
  z: 'z',
  h: 'h',
  swap: 'swap',
  s: 'si',
  si: 's',
  t: 'ti',
  ti: 't',
  v: 'vi',
  vi: 'v',
  rx: 'rx',
  ry: 'ry',
  rz: 'rz',
  xx: 'xx',
  yy: 'yy',
  zz: 'zz',
};

const sorted = (wires: readonly number[]): string => [...wires].sort((p, q) => p - q).join(',');

/** A key equal for two gates exactly when they are the same operation (diagonal gates and swap are symmetric). */
function gateKey(gate: IrGate, name: QisGateName, rotation: number | null): string {
  const angle = rotation === null ? '' : `(${rotation})`;
  if (isDiagonal(gate) && gate.name === 'z') return `z:${sorted([...gate.controls, ...gate.targets])}`;
  const targets = gate.name === 'swap' || gate.name === 'zz' ? sorted(gate.targets) : gate.targets.join(',');
  return `${name}${angle}:${sorted(gate.controls)}:${targets}`;
}

function inverseKey(gate: IrGate): string | null {
  const name = INVERSE_NAME[gate.name];
  if (name === undefined) return null;
  return gateKey(gate, name, gate.rotation === null ? null : -gate.rotation);
}

export function cancelInverses(circuit: IrCircuit): IrCircuit {
  const ops = circuit.ops;
  const removed = new Uint8Array(ops.length);
  const cache = new CommutationCache(ops);
  const keys = new Array<string | undefined>(ops.length);
  const keyAt = (j: number): string => {
    const op = ops[j] as IrGate;
    return (keys[j] ??= gateKey(op, op.name, op.rotation));
  };
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i] as IrOp;
    if (removed[i] || op.kind !== 'gate' || INVERSE_NAME[op.name] === undefined) continue;
    // Built only when a gate on the same wires comes up: keys are strings, and most look-aheads meet none.
    let wanted: string | null | undefined;
    let seen = 0;
    for (let j = i + 1; j < ops.length && seen < LOOK_AHEAD; j++) {
      if (removed[j]) continue;
      const next = ops[j] as IrOp;
      seen++;
      // A gate on other wires is not the inverse and commutes (checked by masks before building any key).
      if (cache.disjoint(i, j) === true) continue;
      if (next.kind === 'gate' && cache.differentWires(i, j) !== true && keyAt(j) === (wanted ??= inverseKey(op))) {
        removed[i] = 1;
        removed[j] = 1;
        break;
      }
      if (!cache.commutes(i, j)) break;
    }
  }
  return { ...circuit, ops: ops.filter((_, i) => !removed[i]) };
}
