/**
 * Relative-phase Toffolis for compute/uncompute pairs (Margolus's gate, as
 * DiVincenzo and Smolin and Maslov, Phys. Rev. A 93, 022311 (2016), use it).
 * The Margolus gate R = h t; t t; cx b, t; tdg t; cx a, t; t t; cx b, t;
 * tdg t; h t needs three CNOTs and equals CCX·D with D diagonal on (a, b, t);
 * it is its own inverse. For two Toffolis with the same controls and target
 * and between them only gates that use a, b and t as controls or act
 * diagonally on them (so commute with D), R M R = CCX D M D† CCX = CCX M CCX:
 * the pair costs 3 + 3 entangling gates instead of 5 + 5. Pairs are taken
 * innermost-first as they close, left to right.
 */
import type { IrCircuit, IrGate, IrOp } from '../../ir/types.js';
import { wiresOf } from '../../ir/wires.js';
import { isDiagonal } from './commutation.js';

const g = (name: IrGate['name'], target: number, controls: number[] = []): IrGate => ({
  kind: 'gate',
  name,
  targets: [target],
  controls,
  rotation: null,
});

/** Margolus's relative-phase Toffoli on controls a, b and target t (its own inverse). */
export function margolus(a: number, b: number, t: number, span: IrGate['span']): IrGate[] {
  const gates = [
    g('h', t),
    g('t', t),
    g('x', t, [b]),
    g('ti', t),
    g('x', t, [a]),
    g('t', t),
    g('x', t, [b]),
    g('ti', t),
    g('h', t),
  ];
  return span ? gates.map((x) => ({ ...x, span })) : gates;
}

/** Operations past which a Toffoli looks for its partner, so the pass stays linear. */
const LOOK_AHEAD = 4096;

const isToffoli = (op: IrOp): op is IrGate => op.kind === 'gate' && op.name === 'x' && op.controls.length === 2;

/** Whether `op` commutes with every diagonal on `wires`: it touches them only as controls or diagonally. */
function keepsDiagonal(op: IrOp, wires: readonly number[]): boolean {
  const touched = wiresOf(op);
  if (touched === null) return false;
  if (!touched.some((w) => wires.includes(w))) return true;
  if (op.kind !== 'gate') return false;
  return isDiagonal(op) || !op.targets.some((w) => wires.includes(w));
}

/** The index of the Toffoli that undoes `ops[i]` with only D-commuting gates between, or -1. */
function partnerOf(ops: readonly IrOp[], i: number, taken: Uint8Array): number {
  const first = ops[i] as IrGate;
  const wires = [...first.controls, ...first.targets];
  const controls = [...first.controls].sort().join(',');
  for (let j = i + 1; j < ops.length && j - i <= LOOK_AHEAD; j++) {
    const op = ops[j] as IrOp;
    if (
      isToffoli(op) &&
      !taken[j] &&
      op.targets[0] === first.targets[0] &&
      [...op.controls].sort().join(',') === controls
    )
      return j;
    if (!keepsDiagonal(op, wires)) return -1;
  }
  return -1;
}

export function relativePhaseToffolis(circuit: IrCircuit): IrCircuit {
  const ops = circuit.ops;
  const taken = new Uint8Array(ops.length);
  // Margolus's gate is not symmetric in its controls: both of a pair take the first one's order, so D cancels.
  const controlsOf = new Map<number, readonly number[]>();
  for (let i = 0; i < ops.length; i++) {
    if (taken[i] || !isToffoli(ops[i] as IrOp)) continue;
    const j = partnerOf(ops, i, taken);
    if (j < 0) continue;
    taken[i] = 1;
    taken[j] = 1;
    controlsOf.set(i, (ops[i] as IrGate).controls).set(j, (ops[i] as IrGate).controls);
  }
  return {
    ...circuit,
    ops: ops.flatMap((op, i) => {
      if (!taken[i] || !isToffoli(op)) return [op];
      const [a, b] = controlsOf.get(i) as [number, number];
      return margolus(a, b, op.targets[0] as number, op.span);
    }),
  };
}
