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

const NONE: readonly number[] = [];

/** Whether two lists hold the same wires as multisets (what comparing their sorted forms says), without sorting. */
function sameWires(
  a: readonly number[],
  b: readonly number[],
  c: readonly number[] = NONE,
  d: readonly number[] = NONE,
): boolean {
  if (a.length + c.length !== b.length + d.length) return false;
  const count = (x: number, p: readonly number[], q: readonly number[]) => {
    let n = 0;
    for (const w of p) if (w === x) n++;
    for (const w of q) if (w === x) n++;
    return n;
  };
  for (const x of a) if (count(x, a, c) !== count(x, b, d)) return false;
  for (const x of c) if (count(x, a, c) !== count(x, b, d)) return false;
  return true;
}

function sameOrder(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let k = 0; k < a.length; k++) if (a[k] !== b[k]) return false;
  return true;
}

/** A `z` on any wires, controlled or not, is one diagonal operation: only its set of wires tells it apart. */
const isDiagonalZ = (gate: IrGate): boolean => gate.name === 'z' && isDiagonal(gate);

/**
 * Whether `later` is the inverse of `gate`: the same operation as `gate` with its name inverted and its angle
 * negated (diagonal `z` and the symmetric swap and zz compare their wires as sets). Compared field by field, not
 * as built string keys: the doubling chain's 262,144 gates on two wires built a key for every one of them.
 */
function isInverse(gate: IrGate, inverseName: QisGateName, later: IrGate): boolean {
  const diagonal = isDiagonalZ(gate);
  if (diagonal !== isDiagonalZ(later)) return false;
  if (diagonal) return sameWires(gate.controls, later.controls, gate.targets, later.targets);
  if (later.name !== inverseName) return false;
  const angle = gate.rotation;
  const other = later.rotation;
  // Equal exactly when the keys spelled the angles alike: -0 and 0 are both "0", two NaN both "NaN".
  if (angle === null || other === null) {
    if (angle !== other) return false;
  } else if (-angle !== other && !(Number.isNaN(angle) && Number.isNaN(other))) return false;
  if (!sameWires(gate.controls, later.controls)) return false;
  return inverseName === 'swap' || inverseName === 'zz'
    ? sameWires(gate.targets, later.targets)
    : sameOrder(gate.targets, later.targets);
}

export function cancelInverses(circuit: IrCircuit): IrCircuit {
  const ops = circuit.ops;
  const removed = new Uint8Array(ops.length);
  const cache = new CommutationCache(ops);
  for (let i = 0; i < ops.length; i++) {
    const op = ops[i] as IrOp;
    if (removed[i] || op.kind !== 'gate') continue;
    const inverseName = INVERSE_NAME[op.name];
    if (inverseName === undefined) continue;
    let seen = 0;
    for (let j = i + 1; j < ops.length && seen < LOOK_AHEAD; j++) {
      if (removed[j]) continue;
      const next = ops[j] as IrOp;
      seen++;
      // A gate on other wires is not the inverse and commutes (checked by masks before comparing the gates).
      if (cache.disjoint(i, j) === true) continue;
      if (next.kind === 'gate' && cache.differentWires(i, j) !== true && isInverse(op, inverseName, next)) {
        removed[i] = 1;
        removed[j] = 1;
        break;
      }
      if (!cache.commutes(i, j)) break;
    }
  }
  return { ...circuit, ops: ops.filter((_, i) => !removed[i]) };
}
