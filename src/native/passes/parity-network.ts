/**
 * Parity-network re-synthesis of CCZ triangles, priced for ions: the
 * phase-polynomial view of Amy, Maslov and Mosca (IEEE TCAD 33, 1476, 2014,
 * section 3) and the parity-network synthesis of Amy, Azimzadeh and Mosca,
 * "On the CNOT-complexity of CNOT-phase circuits", Quantum Sci. Technol. 4,
 * 015002 (2018), with a network found by exhaustive search under the cost
 * model below rather than by GraySynth's CNOT-only count.
 *
 * Cost model (ions: every `ms`/`zz` is one entangling pulse whatever its
 * angle; Z frames are free). Over a region of {CNOT, diagonal} gates each
 * wire holds a parity of the region's inputs. A phase term on a parity one
 * wire holds is a free Z rotation; a term on the XOR of two wires' parities
 * is one partial-angle ZZ (1 entangler); a CNOT costs 1. A CCZ on a, b, c is
 * π/4·(a + b + c - a⊕b - a⊕c - b⊕c + a⊕b⊕c): four terms on two or more
 * wires. Each operation places at most one new term (a ZZ one, a CNOT the
 * parity it writes), and every wire a CNOT changes must be changed back, by a
 * CNOT that writes a single variable (no term): so k CCZs with distinct terms
 * cost at least 4k + (wires changed), and one CCZ alone costs 5 (what
 * lowering pays today). Exhaustive search (iterative deepening, bound
 * terms + changed wires) shows that CCZs sharing only their target, as the
 * GF(2^n) multipliers' Toffolis do within one Hadamard window, cannot beat 5
 * each (two: 10). Three CCZs that pairwise share one wire, a triangle
 * X = (x, p, c), Y = (q, y, c), Z = (p, q, z) with x, y, z, p, q, c distinct,
 * cost 14 instead of 15: the walks of p and q through their X and Y terms
 * leave p ⊕ c and q ⊕ c on two wires, whose XOR is Z's p ⊕ q, so one walk
 * moves into Z with no wasted CNOT (NETWORK below). In a GF(2^n) multiplier,
 * a_i b_j and a_{i+1} b_{j-1} on c_{i+j} with a_{i+1} b_j on c_{i+j+1} are
 * such a triangle whenever both Hadamard windows are open together.
 *
 * The pass gathers diagonal regions (CCZs and other diagonal gates, a
 * Toffoli read as h; ccz; h on its target), finds disjoint triangles among
 * the region's CCZs, and writes each as the network, when triangles hold a
 * quarter of the circuit's Toffolis or more (MIN_SHARE). It only rewrites; the
 * lowering keeps whichever of the circuit with and without this pass needs
 * fewer entanglers (lower.ts), so the price model is never trusted alone.
 */
import type { IrCircuit, IrGate, IrOp } from '../../ir/types.js';
import { wiresOf } from '../../ir/wires.js';
import { isDiagonal } from './commutation.js';
import { orientToffolis } from './toffoli-form.js';

/**
 * The triangle network over slots 0 x, 1 p, 2 y, 3 q, 4 c, 5 z: 11 CNOTs
 * [control, target] and 3 ZZ terms, 14 entanglers (found by the search in
 * the header; each op places the next term, checked when it is used).
 */
const NETWORK: readonly (readonly ['cx' | 'zz', number, number])[] = [
  ['cx', 0, 1],
  ['cx', 2, 3],
  ['cx', 4, 3],
  ['cx', 2, 3],
  ['cx', 4, 1],
  ['cx', 0, 1],
  ['cx', 3, 1],
  ['cx', 4, 3],
  ['cx', 5, 1],
  ['cx', 3, 1],
  ['cx', 5, 1],
  ['zz', 0, 4],
  ['zz', 3, 5],
  ['zz', 2, 4],
];

/** The pass rewrites only when triangles hold at least 1 / MIN_SHARE of the circuit's Toffolis and CCZs. */
const MIN_SHARE = 4;

/** CCZs looked at before the pass may give up on a circuit whose triangles are too sparse. */
const EARLY_LOOK = 64;

/** Largest run of deferred operations a region's scan looks past (keeps the pass linear on long programs). */
const SCAN_LIMIT = 512;

const isCcz = (op: IrOp): op is IrGate =>
  op.kind === 'gate' && op.name === 'z' && op.controls.length === 2 && op.targets.length === 1;
const isToffoli = (op: IrOp): op is IrGate =>
  op.kind === 'gate' && op.name === 'x' && op.controls.length === 2 && op.targets.length === 1;

const plain = (
  name: IrGate['name'],
  targets: number[],
  controls: number[],
  rotation: number | null = null,
): IrGate => ({
  kind: 'gate',
  name,
  targets,
  controls,
  rotation,
});

const wiresOfCcz = (g: IrGate): [number, number, number] => [
  g.controls[0] as number,
  g.controls[1] as number,
  g.targets[0] as number,
];

/** Toffolis as h; ccz; h on their target, so a Toffoli's phase terms join the diagonal regions around it. */
function expandToffolis(ops: readonly IrOp[]): IrOp[] {
  const out: IrOp[] = [];
  for (const op of ops) {
    if (!isToffoli(op)) {
      out.push(op);
      continue;
    }
    const t = op.targets[0] as number;
    out.push(plain('h', [t], []), plain('z', [t], [...op.controls]), plain('h', [t], []));
  }
  return out;
}

/** The triangle's slots (x, p, y, q, c, z) from three CCZs, or null when they are not one. */
function triangle(X: readonly number[], Y: readonly number[], Z: readonly number[]): number[] | null {
  const common = (u: readonly number[], v: readonly number[]): number[] => u.filter((w) => v.includes(w));
  const xy = common(X, Y);
  const xz = common(X, Z);
  const yz = common(Y, Z);
  if (xy.length !== 1 || xz.length !== 1 || yz.length !== 1) return null;
  const c = xy[0] as number;
  const p = xz[0] as number;
  const q = yz[0] as number;
  if (c === p || c === q || p === q) return null;
  const x = X.find((w) => w !== c && w !== p) as number;
  const y = Y.find((w) => w !== c && w !== q) as number;
  const z = Z.find((w) => w !== p && w !== q) as number;
  return [x, p, y, q, c, z];
}

/**
 * The network for one triangle on wires `slots`, with every CCZ term placed:
 * singles as Z rotations first, then the network's CNOTs and ZZs, each term
 * a Z rotation where its parity appears. Null if the network missed a term
 * or did not restore the wires (it cannot; checked, not assumed).
 */
function synthesize(slots: readonly number[], cczs: readonly (readonly number[])[]): IrOp[] | null {
  const QUARTER = Math.PI / 4;
  // Parities as 6-bit masks over the slots; each CCZ's terms with their angles.
  const slotOf = new Map(slots.map((w, i) => [w, i]));
  const angle = new Map<number, number>();
  for (const wires of cczs) {
    const [a, b, c] = wires.map((w) => 1 << (slotOf.get(w) as number)) as [number, number, number];
    for (const [mask, sign] of [
      [a, 1],
      [b, 1],
      [c, 1],
      [a | b, -1],
      [a | c, -1],
      [b | c, -1],
      [a | b | c, 1],
    ] as const)
      angle.set(mask, (angle.get(mask) ?? 0) + sign * QUARTER);
  }
  const out: IrOp[] = [];
  const state = slots.map((_, i) => 1 << i);
  for (let i = 0; i < slots.length; i++) {
    const theta = angle.get(1 << i);
    if (theta !== undefined) out.push(plain('rz', [slots[i] as number], [], theta));
    angle.delete(1 << i);
  }
  for (const [kind, u, v] of NETWORK) {
    const wu = slots[u] as number;
    const wv = slots[v] as number;
    if (kind === 'cx') {
      state[v] = (state[v] as number) ^ (state[u] as number);
      out.push(plain('x', [wv], [wu]));
      const theta = angle.get(state[v]);
      if (theta !== undefined) {
        out.push(plain('rz', [wv], [], theta));
        angle.delete(state[v]);
      }
    } else {
      const parity = (state[u] as number) ^ (state[v] as number);
      const theta = angle.get(parity);
      if (theta === undefined) return null;
      out.push(plain('x', [wv], [wu]), plain('rz', [wv], [], theta), plain('x', [wv], [wu]));
      angle.delete(parity);
    }
  }
  if (angle.size > 0 || state.some((s, i) => s !== 1 << i)) return null;
  return out;
}

/** Disjoint triangles among a region's CCZs, each written as the network; the other CCZs as they were. */
function rewriteRegion(cczs: readonly IrGate[]): { ops: IrOp[]; triangles: number } {
  const wires = cczs.map(wiresOfCcz);
  const used = new Uint8Array(cczs.length);
  // CCZs by each pair of their wires, to find the third side of a triangle.
  const byPair = new Map<string, number[]>();
  const key = (u: number, v: number): string => (u < v ? `${u},${v}` : `${v},${u}`);
  const byWire = new Map<number, number[]>();
  wires.forEach((ws, i) => {
    for (const w of ws) (byWire.get(w) ?? byWire.set(w, []).get(w))?.push(i);
    for (const [u, v] of [
      [ws[0], ws[1]],
      [ws[0], ws[2]],
      [ws[1], ws[2]],
    ] as const)
      (byPair.get(key(u, v)) ?? byPair.set(key(u, v), []).get(key(u, v)))?.push(i);
  });
  const out: IrOp[] = [];
  let triangles = 0;
  for (let i = 0; i < cczs.length; i++) {
    if (used[i]) continue;
    search: for (const c of wires[i] as number[]) {
      for (const j of byWire.get(c) ?? []) {
        if (j === i || used[j]) continue;
        for (const p of wires[i] as number[]) {
          if (p === c) continue;
          for (const q of wires[j] as number[]) {
            if (q === c) continue;
            for (const k of byPair.get(key(p, q)) ?? []) {
              if (k === i || k === j || used[k]) continue;
              const slots = triangle(wires[i] as number[], wires[j] as number[], wires[k] as number[]);
              if (slots === null) continue;
              const net = synthesize(slots, [wires[i], wires[j], wires[k]] as number[][]);
              if (net === null) continue;
              used[i] = used[j] = used[k] = 1;
              out.push(...net);
              triangles++;
              break search;
            }
          }
        }
      }
    }
  }
  cczs.forEach((g, i) => {
    if (!used[i]) out.push(g);
  });
  return { ops: out, triangles };
}

/**
 * Diagonal regions: scanning on, a CCZ or other diagonal gate joins the
 * region unless a wire of it is blocked; any other operation goes before
 * the region when it touches none of the region's wires (it commutes with
 * all of it), else after it, blocking its wires (the later operations on
 * them stay after it too). Diagonal gates commute, so the region may be
 * reordered freely.
 */
export function parityNetwork(circuit: IrCircuit): IrCircuit {
  let toffolis = 0;
  for (const op of circuit.ops) if (isCcz(op) || isToffoli(op)) toffolis++;
  if (toffolis < 3) return circuit;
  const source = expandToffolis(circuit.ops);
  const out: IrOp[] = [];
  let triangles = 0;
  let seen = 0;
  const n = circuit.qubits;
  // What the last region deferred, then the source from `pos`.
  let carry: IrOp[] = [];
  let pos = 0;
  const touched = new Uint8Array(n);
  const blocked = new Uint8Array(n);
  while (carry.length > 0 || pos < source.length) {
    const before: IrOp[] = [];
    const cczs: IrGate[] = [];
    const diagonal: IrOp[] = [];
    const after: IrOp[] = [];
    touched.fill(0);
    blocked.fill(0);
    let blockedCount = 0;
    const block = (ws: readonly number[]): void => {
      for (const w of ws) {
        if (blocked[w]) continue;
        blocked[w] = 1;
        blockedCount++;
      }
    };
    let c = 0;
    while (blockedCount < n && after.length < SCAN_LIMIT && (c < carry.length || pos < source.length)) {
      const op = (c < carry.length ? carry[c++] : source[pos++]) as IrOp;
      const ws = wiresOf(op);
      if (ws === null) {
        if (cczs.length + diagonal.length === 0) before.push(op);
        else after.push(op);
        block([...Array(n).keys()]);
      } else if (ws.some((w) => blocked[w])) {
        after.push(op);
        block(ws);
      } else if (op.kind === 'gate' && isDiagonal(op)) {
        (isCcz(op) && new Set(ws).size === 3 ? cczs : diagonal).push(op);
        for (const w of ws) touched[w] = 1;
      } else if (!ws.some((w) => touched[w])) {
        before.push(op);
      } else {
        after.push(op);
        block(ws);
      }
    }
    const region = rewriteRegion(cczs);
    triangles += region.triangles;
    seen += cczs.length;
    // Give up early where triangles are too sparse to be kept (below half the share needed, after a few regions).
    if (seen >= EARLY_LOOK && 3 * triangles * MIN_SHARE * 2 < seen) return circuit;
    out.push(...before, ...region.ops, ...diagonal);
    carry = after.concat(carry.slice(c));
    if (cczs.length + diagonal.length + before.length === 0) out.push(carry.shift() as IrOp); // nothing moved
  }
  // Sparse triangles are not worth a second lowering (lower.ts counts the circuit with and without the pass): on
  // the 10,000-gate random program 38 triangles among 2,538 Toffolis cost a fifth of its compile time for at most
  // 38 entanglers.
  return triangles === 0 || 3 * triangles * MIN_SHARE < toffolis ? circuit : orientToffolis({ ...circuit, ops: out });
}
