/**
 * When two QIS gates commute, read wire by wire. Every gate of the subset
 * with controls is I + P ⊗ (U - I), P the projector onto its controls being
 * 1: on a control wire it acts through |1><1| (diagonal), on a target wire
 * through U. If on every wire both gates share, both act through diagonal
 * operators, or both through functions of X, then every pair of local
 * factors commutes and so do the gates (the rules of Nam et al. 2018,
 * section 4.2: diagonal gates past controls, CNOTs sharing a control or a
 * target, X past a CNOT's target). Anything else, including measurements,
 * resets, barriers and native gates, is treated as not commuting.
 */
import type { IrGate, IrOp } from '../../ir/types.js';
import { wiresOf } from '../../ir/wires.js';
import type { QisGateName } from '../../tables/index.js';

type WireAction = 'z' | 'x' | 'other';

/** How an uncontrolled gate acts on each of its targets. */
const TARGET_ACTION: Readonly<Record<QisGateName, WireAction>> = {
  x: 'x',
  rx: 'x',
  v: 'x',
  vi: 'x',
  xx: 'x',
  z: 'z',
  s: 'z',
  si: 'z',
  t: 'z',
  ti: 'z',
  rz: 'z',
  zz: 'z',
  y: 'other',
  ry: 'other',
  yy: 'other',
  h: 'other',
  swap: 'other',
};

/** The wires of a gate with how it acts on each. */
export function wireActions(gate: IrGate): Map<number, WireAction> {
  const actions = new Map<number, WireAction>();
  for (const c of gate.controls) actions.set(c, 'z');
  for (const t of gate.targets) actions.set(t, TARGET_ACTION[gate.name]);
  return actions;
}

/** Whether `a` and `b` commute by the wire rules above (false when unsure). */
export function commutes(a: IrOp, b: IrOp): boolean {
  return new CommutationCache([a, b]).commutes(0, 1);
}

/** The same test over one circuit's operations, each read once (passes look far ahead). */
export class CommutationCache {
  private readonly wires: (readonly number[] | null | undefined)[];
  private readonly actions: (Map<number, WireAction> | undefined)[];
  /** Each op's wires as a bit mask (0: not read yet; -1: a barrier or a wire past 30, so no mask). */
  private readonly masks: Int32Array;

  constructor(private readonly ops: readonly IrOp[]) {
    this.wires = new Array<readonly number[] | null | undefined>(ops.length);
    this.actions = new Array<Map<number, WireAction> | undefined>(ops.length);
    this.masks = new Int32Array(ops.length);
  }

  /**
   * Whether ops i and j share no wire, read from bit masks when both have one
   * (a look-ahead mostly passes gates on other wires; comparing wire lists
   * for each was most of cancellation's time), or null when either has none.
   */
  disjoint(i: number, j: number): boolean | null {
    const mi = this.maskAt(i);
    const mj = this.maskAt(j);
    return mi === -1 || mj === -1 ? null : (mi & mj) === 0;
  }

  /** Whether ops i and j touch different sets of wires, by masks (so neither undoes the other), or null when unsure. */
  differentWires(i: number, j: number): boolean | null {
    const mi = this.maskAt(i);
    const mj = this.maskAt(j);
    return mi === -1 || mj === -1 ? null : mi !== mj;
  }

  private maskAt(i: number): number {
    let m = this.masks[i] as number;
    if (m !== 0) return m;
    const wires = this.wiresAt(i);
    m = wires === null ? -1 : 0;
    for (const w of wires ?? []) m = w > 30 || m === -1 ? -1 : m | (1 << w);
    if (m === 0) m = -1;
    this.masks[i] = m;
    return m;
  }

  wiresAt(i: number): readonly number[] | null {
    let w = this.wires[i];
    if (w === undefined) w = this.wires[i] = wiresOf(this.ops[i] as IrOp);
    return w;
  }

  private actionsAt(i: number): Map<number, WireAction> {
    let a = this.actions[i];
    if (a === undefined) a = this.actions[i] = wireActions(this.ops[i] as IrGate);
    return a;
  }

  commutes(i: number, j: number): boolean {
    if (this.disjoint(i, j) === true) return true;
    const wa = this.wiresAt(i);
    const wb = this.wiresAt(j);
    if (wa === null || wb === null) return false;
    if (!wa.some((w) => wb.includes(w))) return true;
    if (this.ops[i]?.kind !== 'gate' || this.ops[j]?.kind !== 'gate') return false;
    const actionsB = this.actionsAt(j);
    for (const [wire, action] of this.actionsAt(i)) {
      const other = actionsB.get(wire);
      if (other === undefined) continue;
      if (action === 'other' || other !== action) return false;
    }
    return true;
  }
}

/** A gate diagonal in the computational basis (any controls). */
export const isDiagonal = (gate: IrGate): boolean => gate.targets.every(() => TARGET_ACTION[gate.name] === 'z');
