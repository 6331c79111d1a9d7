/**
 * Parity-network re-synthesis of CCZ chains, priced for ions: the
 * phase-polynomial view of Amy, Maslov and Mosca (IEEE TCAD 33, 1476, 2014,
 * section 3) and the parity-network synthesis of Amy, Azimzadeh and Mosca,
 * "On the CNOT-complexity of CNOT-phase circuits", Quantum Sci. Technol. 4,
 * 015002 (2018), with networks found by exhaustive search under the cost
 * model below (and generalised) rather than by GraySynth's CNOT-only count.
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
 * (x, w, c), (q, y, c), (q, w, z), cost 14 instead of 15: the walks of w
 * and q through their first CCZs' terms leave w ⊕ c and q ⊕ c on two wires,
 * whose XOR is the third CCZ's w ⊕ q, so the walk of w moves on with no
 * wasted CNOT. A chain generalises it (chainNetwork): a walker w through m
 * CCZs (x_t, w, c_t), each step into the next through a provider CCZ
 * (x_{t+1}, y_t, c_t) whose walk leaves x_{t+1} ⊕ c_t on x_{t+1}: 2m - 1
 * CCZs for 9m - 4 (each term one op, plus one wasted CNOT per provider and
 * one for the walker), tending to 4.5 a CCZ. In a GF(2^n) multiplier the
 * walker is b_j through a_i, a_{i+1}, ... into c_{i+j}, c_{i+j+1}, ..., the
 * providers the CCZs of a_{i+1} b_{j-1}, ..., whenever those Hadamard
 * windows are open together.
 *
 * The pass gathers diagonal regions (CCZs and other diagonal gates, a
 * Toffoli read as h; ccz; h on its target), grows disjoint chains greedily
 * among the region's CCZs (the longest from each CCZ, walker and first
 * partner tried each way), and writes each as its network, its terms
 * checked as it is built; it rewrites only when chains hold a quarter of
 * the circuit's Toffolis or more (MIN_SHARE). It only rewrites; the
 * lowering keeps whichever of the circuit with and without this pass needs
 * fewer entanglers (lower.ts), so the price model is never trusted alone.
 */
import type { IrCircuit, IrGate, IrOp } from '../../ir/types.js';
import { wiresOf } from '../../ir/wires.js';
import { isDiagonal } from './commutation.js';
import { orientToffolis } from './toffoli-form.js';

/** Walker CCZs in one chain at most (a chain's network is validated as it grows). */
const MAX_CHAIN = 64;

/** The pass rewrites only when chains hold at least 1 / MIN_SHARE of the circuit's Toffolis and CCZs. */
const MIN_SHARE = 4;

/** CCZs looked at before the pass may give up on a circuit whose chains are too sparse. */
const EARLY_LOOK = 64;

/** Largest run of deferred operations a region's scan looks past (keeps the pass linear on long programs). */
const SCAN_LIMIT = 512;

const isCcz = (op: IrOp): op is IrGate =>
  op.kind === 'gate' && op.name === 'z' && op.controls.length === 2 && op.targets.length === 1;
const isToffoli = (op: IrOp): op is IrGate =>
  op.kind === 'gate' && op.name === 'x' && op.controls.length === 2 && op.targets.length === 1;

/** A gate carrying the source span of the CCZ or Toffoli it was written for, so diagnostics and maps still point there. */
const plain = (
  name: IrGate['name'],
  targets: number[],
  controls: number[],
  rotation: number | null = null,
  span?: IrGate['span'],
): IrGate => {
  const g: IrGate = { kind: 'gate', name, targets, controls, rotation };
  return span ? { ...g, span } : g;
};

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
    out.push(
      plain('h', [t], [], null, op.span),
      plain('z', [t], [...op.controls], null, op.span),
      plain('h', [t], [], null, op.span),
    );
  }
  return out;
}

type Network = ['cx' | 'zz', number, number][];

/**
 * A chain (see the header) as a network over its wires: walker `w`, walker
 * CCZs (x_t, w, c_t), provider CCZs (x_{t+1}, y_t, c_t). Each op places one
 * term but the provider restores and the walker's last CNOT: 9m - 4 for
 * 2m - 1 CCZs. (m = 2 is the triangle, 14; found by the search.)
 */
function chainNetwork(w: number, xs: readonly number[], cs: readonly number[], ys: readonly number[]): Network {
  const net: Network = [];
  const m = xs.length;
  for (let t = 0; t < m; t++) {
    const x = xs[t] as number;
    const c = cs[t] as number;
    net.push(['cx', x, w]); // w ⊕ x (x holds x ⊕ c_{t-1} for t > 0, and w held w ⊕ c_{t-1})
    if (t > 0) net.push(['cx', cs[t - 1] as number, x]); // the provider back to x
    net.push(['zz', x, c]);
    net.push(['cx', c, w], ['cx', x, w]); // w ⊕ x ⊕ c, then w ⊕ c
    if (t + 1 < m) {
      const next = xs[t + 1] as number;
      const y = ys[t] as number;
      net.push(['zz', y, c], ['cx', y, next], ['cx', c, next], ['cx', y, next]); // next ⊕ y, ⊕ y ⊕ c, ⊕ c
    }
  }
  net.push(['cx', cs[m - 1] as number, w]);
  return net;
}

/**
 * The network with every CCZ term placed: singles as Z rotations first,
 * then each term a Z rotation where its parity appears (after a CNOT on a
 * wire, or as a ZZ). Null if the network misses a term or leaves a wire
 * changed: checked, not assumed.
 */
function synthesize(net: Network, cczs: readonly (readonly number[])[], span?: IrGate['span']): IrOp[] | null {
  const QUARTER = Math.PI / 4;
  const key = (vars: readonly number[]): string => [...vars].sort((u, v) => u - v).join(',');
  const xor = (p: readonly number[], q: readonly number[]): number[] => [
    ...p.filter((v) => !q.includes(v)),
    ...q.filter((v) => !p.includes(v)),
  ];
  const angle = new Map<string, number>();
  for (const [a, b, c] of cczs as [number, number, number][])
    for (const [vars, sign] of [
      [[a], 1],
      [[b], 1],
      [[c], 1],
      [[a, b], -1],
      [[a, c], -1],
      [[b, c], -1],
      [[a, b, c], 1],
    ] as const) {
      const k = key(vars);
      angle.set(k, (angle.get(k) ?? 0) + sign * QUARTER);
    }
  const out: IrOp[] = [];
  const state = new Map<number, number[]>();
  for (const ws of cczs)
    for (const w of ws) {
      if (state.has(w)) continue;
      state.set(w, [w]);
      const theta = angle.get(key([w]));
      if (theta !== undefined) out.push(plain('rz', [w], [], theta, span));
      angle.delete(key([w]));
    }
  for (const [kind, u, v] of net) {
    const su = state.get(u);
    const sv = state.get(v);
    if (su === undefined || sv === undefined) return null;
    if (kind === 'cx') {
      const now = xor(sv, su);
      state.set(v, now);
      out.push(plain('x', [v], [u], null, span));
      const k = key(now);
      const theta = angle.get(k);
      if (theta !== undefined) {
        out.push(plain('rz', [v], [], theta, span));
        angle.delete(k);
      }
    } else {
      const k = key(xor(su, sv));
      const theta = angle.get(k);
      if (theta === undefined) return null;
      out.push(plain('x', [v], [u], null, span), plain('rz', [v], [], theta, span), plain('x', [v], [u], null, span));
      angle.delete(k);
    }
  }
  for (const [w, s] of state) if (s.length !== 1 || s[0] !== w) return null;
  return angle.size > 0 ? null : out;
}

/** Longest chains greedily, disjoint, each written as its network; the other CCZs as they were. */
function rewriteRegion(cczs: readonly IrGate[]): { ops: IrOp[]; covered: number } {
  const wires = cczs.map(wiresOfCcz);
  const used = new Uint8Array(cczs.length);
  const key = (u: number, v: number): string => (u < v ? `${u},${v}` : `${v},${u}`);
  const byPair = new Map<string, number[]>();
  const byWire = new Map<number, number[]>();
  const push = <K>(map: Map<K, number[]>, k: K, i: number): void => {
    const list = map.get(k);
    if (list) list.push(i);
    else map.set(k, [i]);
  };
  wires.forEach((ws, i) => {
    for (const w of ws) push(byWire, w, i);
    push(byPair, key(ws[0], ws[1]), i);
    push(byPair, key(ws[0], ws[2]), i);
    push(byPair, key(ws[1], ws[2]), i);
  });
  const others = (i: number, w: number): number[] => (wires[i] as number[]).filter((v) => v !== w);
  /** The longest chain walked by `w` from CCZ `first` (x_0 = x), greedily: its CCZs and network, or null. */
  const grow = (first: number, w: number, x0: number): { members: number[]; net: Network } | null => {
    const members = [first];
    const xs = [x0];
    const cs = [others(first, w).find((v) => v !== x0) as number];
    const ys: number[] = [];
    const taken = new Set([first]);
    const chainWires = new Set([x0, cs[0] as number]);
    const plainWires = new Set<number>();
    for (;;) {
      const c = cs[cs.length - 1] as number;
      let step: { walker: number; provider: number; x: number; y: number; c: number } | null = null;
      for (const j of byWire.get(w) ?? []) {
        if (used[j] || taken.has(j)) continue;
        for (const x of others(j, w)) {
          for (const k of byPair.get(key(x, c)) ?? []) {
            if (used[k] || taken.has(k) || k === j || (wires[k] as number[]).includes(w)) continue;
            const y = (wires[k] as number[]).find((v) => v !== x && v !== c) as number;
            step = { walker: j, provider: k, x, y, c: others(j, w).find((v) => v !== x) as number };
            break;
          }
          if (step) break;
        }
        if (step) break;
      }
      if (step === null) break;
      // The walker's partners and targets must not repeat nor be a provider's other wire (they change, or must
      // be plain where the network reads them); those other wires are never changed, so they may repeat. The
      // whole chain's network is still checked once it is grown.
      if ([step.x, step.c].some((v) => v === w || chainWires.has(v) || plainWires.has(v))) break;
      if (step.y === w || step.y === step.x || step.y === step.c || chainWires.has(step.y)) break;
      chainWires.add(step.x).add(step.c);
      plainWires.add(step.y);
      xs.push(step.x);
      cs.push(step.c);
      ys.push(step.y);
      members.push(step.provider, step.walker);
      taken.add(step.provider).add(step.walker);
      if (xs.length >= MAX_CHAIN) break;
    }
    return members.length < 3 ? null : { members, net: chainNetwork(w, xs, cs, ys) };
  };
  const out: IrOp[] = [];
  let covered = 0;
  for (let i = 0; i < cczs.length; i++) {
    if (used[i]) continue;
    let best: { members: number[]; net: Network } | null = null;
    for (const w of wires[i] as number[])
      for (const x of others(i, w)) {
        const chain = grow(i, w, x);
        if (chain && (best === null || chain.members.length > best.members.length)) best = chain;
      }
    if (best === null) continue;
    const ops = synthesize(
      best.net,
      best.members.map((j) => wires[j] as number[]),
      cczs[best.members[0] as number]?.span,
    );
    if (ops === null) continue;
    for (const j of best.members) used[j] = 1;
    out.push(...ops);
    covered += best.members.length;
  }
  cczs.forEach((g, i) => {
    if (!used[i]) out.push(g);
  });
  return { ops: out, covered };
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
  let covered = 0;
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
    covered += region.covered;
    seen += cczs.length;
    // Give up early where chains are too sparse to be kept (below half the share needed, after a few regions).
    if (seen >= EARLY_LOOK && covered * MIN_SHARE * 2 < seen) return circuit;
    out.push(...before, ...region.ops, ...diagonal);
    carry = after.concat(carry.slice(c));
    if (cczs.length + diagonal.length + before.length === 0) out.push(carry.shift() as IrOp); // nothing moved
  }
  // Sparse chains are not worth a second lowering (lower.ts counts the circuit with and without the pass): on
  // the 10,000-gate random program 38 triangles among 2,538 Toffolis cost a fifth of its compile time for at most
  // 38 entanglers.
  return covered === 0 || covered * MIN_SHARE < toffolis ? circuit : orientToffolis({ ...circuit, ops: out });
}
