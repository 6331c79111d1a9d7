/**
 * The canonical (KAK) decomposition alone: Haar-random 4x4 unitaries rebuild
 * to within 1e-12 from the returned factors (multiplied here with mathjs,
 * independently of src/native's arithmetic), and the named edge cases, where
 * degenerate spectra trip implementations up, give the right number of
 * nonzero coefficients, also when dressed with random local unitaries.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { complex, kron as kronM, matrix, multiply, type Complex, type Matrix } from 'mathjs';
import type { Mat2 } from '../../src/native/complex2.js';
import { kron, mul4, setEntry, type Mat4 } from '../../src/native/complex4.js';
import { kakDecompose, mayNeedAtMostOne } from '../../src/native/kak.js';
import { diagonalKak, isDiagonal4 } from '../../src/native/kak-diagonal.js';
import { expPauli, PX, PY, PZ } from '../oracle/gates.js';
import { equalUpToGlobalPhase } from '../oracle/unitary.js';

const toMathjs = (m: Mat4): Matrix =>
  matrix(
    [0, 1, 2, 3].map((r) =>
      [0, 1, 2, 3].map((c) => complex(m[2 * (4 * r + c)] as number, m[2 * (4 * r + c) + 1] as number)),
    ),
  );
const mat2 = (m: Mat2): Matrix =>
  matrix([
    [complex(m[0], m[1]), complex(m[2], m[3])],
    [complex(m[4], m[5]), complex(m[6], m[7])],
  ]);

function fromRows(rows: readonly (readonly [number, number])[][]): Mat4 {
  const m = new Float64Array(32);
  rows.forEach((row, r) => row.forEach(([re, im], c) => setEntry(m, r, c, re, im)));
  return m;
}

/** (A1⊗A2)·exp(i(x XX + y YY + z ZZ))·(B1⊗B2), rebuilt with mathjs. */
function rebuilt(k: NonNullable<ReturnType<typeof kakDecompose>>): Matrix {
  const [x, y, z] = k.coefficients;
  const middle = [expPauli(kronM(PX, PX), -x), expPauli(kronM(PY, PY), -y), expPauli(kronM(PZ, PZ), -z)].reduce(
    (a, b) => multiply<Matrix>(a, b),
  );
  return multiply<Matrix>(
    multiply(kronM(mat2(k.after[0]), mat2(k.after[1])), middle),
    kronM(mat2(k.before[0]), mat2(k.before[1])),
  );
}

/** A Haar-random n x n unitary from a seeded stream: Gram-Schmidt on complex Gaussian columns. */
function haar(n: number, normals: readonly number[]): [number, number][][] {
  const cols: [number, number][][] = [];
  for (let c = 0; c < n; c++) {
    let v: [number, number][] = Array.from({ length: n }, (_, i) => [
      normals[2 * (c * n + i)] as number,
      normals[2 * (c * n + i) + 1] as number,
    ]);
    for (const w of cols) {
      let dr = 0;
      let di = 0;
      w.forEach(([wr, wi], i) => {
        const [vr, vi] = v[i] as [number, number];
        dr += wr * vr + wi * vi;
        di += wr * vi - wi * vr;
      });
      v = v.map(([vr, vi], i) => [
        vr - (dr * (w[i] as number[])[0]! - di * (w[i] as number[])[1]!),
        vi - (dr * (w[i] as number[])[1]! + di * (w[i] as number[])[0]!),
      ]);
    }
    const norm = Math.sqrt(v.reduce((s, [r, i]) => s + r * r + i * i, 0));
    cols.push(v.map(([r, i]) => [r / norm, i / norm]));
  }
  return Array.from({ length: n }, (_, r) => cols.map((col) => col[r] as [number, number]));
}

/** `count` standard normals from a seed (mulberry32, Box-Muller): real Gaussian samples, unlike shrinkable doubles. */
function normalsFrom(seed: number, count: number): number[] {
  let s = seed >>> 0;
  const uniform = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (((t ^ (t >>> 14)) >>> 0) + 1) / (2 ** 32 + 1);
  };
  return Array.from({ length: count }, () => Math.sqrt(-2 * Math.log(uniform())) * Math.cos(2 * Math.PI * uniform()));
}
const haar4 = fc.integer().map((seed) => fromRows(haar(4, normalsFrom(seed, 32))));
const haar2 = fc.integer().map((seed) => haar(2, normalsFrom(seed, 8)).flat().flat() as unknown as Mat2);

const o: [number, number] = [0, 0];
const l: [number, number] = [1, 0];
const e = (phi: number): [number, number] => [Math.cos(phi), Math.sin(phi)];
const diag = (...phases: number[]): Mat4 => fromRows(phases.map((p, i) => phases.map((_, j) => (i === j ? e(p) : o))));
const exchange = (a: [number, number], b: [number, number]): Mat4 =>
  fromRows([
    [l, o, o, o],
    [o, a, b, o],
    [o, b, a, o],
    [o, o, o, l],
  ]);
/** exp(i(x XX + y YY)) built from the mathjs oracle. */
const canonical = (x: number, y: number, z: number): Mat4 => {
  const m = [expPauli(kronM(PX, PX), -x), expPauli(kronM(PY, PY), -y), expPauli(kronM(PZ, PZ), -z)].reduce((a, b) =>
    multiply<Matrix>(a, b),
  );
  const rows = (m.toArray() as unknown as Complex[][]).map((row) => row.map((v) => [v.re, v.im] as [number, number]));
  return fromRows(rows);
};

const NAMED: readonly [string, Mat4, number][] = [
  ['identity', diag(0, 0, 0, 0), 0],
  ['a global phase', diag(0.7, 0.7, 0.7, 0.7), 0],
  ['a local Z on each qubit', diag(0, 0.3, -0.5, -0.2), 0],
  ['CZ', diag(0, 0, 0, Math.PI), 1],
  [
    'CNOT',
    fromRows([
      [l, o, o, o],
      [o, l, o, o],
      [o, o, o, l],
      [o, o, l, o],
    ]),
    1,
  ],
  ['controlled phase π', diag(0, 0, 0, Math.PI), 1],
  ['controlled phase π/2', diag(0, 0, 0, Math.PI / 2), 1],
  ['SWAP', exchange(o, l), 3],
  ['iSWAP', exchange(o, [0, 1]), 2],
  ['√SWAP', exchange([0.5, 0.5], [0.5, -0.5]), 3],
  ['B gate', canonical(Math.PI / 4, Math.PI / 8, 0), 2],
  ['a tiny ZZ (1e-9 rad)', canonical(0, 0, 5e-10), 1],
  ['ZZ at a quarter turn (a chamber edge)', canonical(0, 0, Math.PI / 4), 1],
  ['ZZ at a half turn (local: Z⊗Z)', canonical(0, 0, Math.PI / 2), 0],
  ['XX + YY + ZZ at the chamber corner', canonical(Math.PI / 4, Math.PI / 4, -Math.PI / 4), 3],
];

describe('KAK decomposition', () => {
  it.each(NAMED)('%s needs %i entangling gates', (_name, u, count) => {
    const k = kakDecompose(u);
    expect(k).not.toBeNull();
    expect(k?.entanglers).toBe(count);
    expect(k?.coefficients.filter((c) => c !== 0)).toHaveLength(count);
    expect(equalUpToGlobalPhase(rebuilt(k!), toMathjs(u))).toBeLessThan(1e-12);
  });

  it.each(NAMED)('%s keeps its count under random local dressing', (_name, u, count) => {
    fc.assert(
      fc.property(haar2, haar2, haar2, haar2, (a1, a2, b1, b2) => {
        const dressed = mul4(kron(a1, a2), mul4(u, kron(b1, b2)));
        const k = kakDecompose(dressed);
        expect(k?.entanglers).toBe(count);
        expect(equalUpToGlobalPhase(rebuilt(k!), toMathjs(dressed))).toBeLessThan(1e-12);
      }),
      { numRuns: 15, seed: 14 },
    );
  });

  it('rebuilds Haar-random unitaries within 1e-12, each needing three entangling gates', () => {
    fc.assert(
      fc.property(haar4, (u) => {
        const k = kakDecompose(u);
        expect(k?.entanglers).toBe(3);
        for (const c of k!.coefficients) expect(Math.abs(c)).toBeLessThanOrEqual(Math.PI / 4 + 1e-12);
        expect(equalUpToGlobalPhase(rebuilt(k!), toMathjs(u))).toBeLessThan(1e-12);
      }),
      { numRuns: 200, seed: 4 },
    );
  });

  it.each(NAMED)(
    '%s: the quick test never rules out a block that needs one entangling gate at most',
    (_name, u, count) => {
      if (count <= 1) expect(mayNeedAtMostOne(u)).toBe(true);
    },
  );

  it('the quick test rules out the B gate and Haar-random unitaries (iSWAP and √SWAP pass it, the full decomposition decides)', () => {
    expect(mayNeedAtMostOne(canonical(Math.PI / 4, Math.PI / 8, 0))).toBe(false);
    fc.assert(
      fc.property(haar4, (u) => {
        expect(mayNeedAtMostOne(u)).toBe(false);
      }),
      { numRuns: 50, seed: 5 },
    );
  });

  it.each([[[0, 1, 2]], [[2, 0, 1]], [[1, 2, 0]]] as const)(
    'puts the nonzero terms on the preferred axes %j',
    (axes) => {
      const k = kakDecompose(canonical(0.3, 0, 0), axes);
      expect(k?.coefficients.map((c) => c !== 0)).toEqual([0, 1, 2].map((axis) => axis === axes[0]));
      expect(equalUpToGlobalPhase(rebuilt(k!), toMathjs(canonical(0.3, 0, 0)))).toBeLessThan(1e-12);
    },
  );
});

/** Diagonal edge angles of the ZZ term: zero, tiny, chamber edges, half and whole turns, and just past them. */
const ZZ_EDGES = [
  0,
  1e-15,
  1e-9,
  -1e-9,
  Math.PI / 8,
  Math.PI / 4,
  -Math.PI / 4,
  Math.PI / 4 + 1e-9,
  Math.PI / 4 - 1e-9,
  Math.PI / 2,
  -Math.PI / 2,
  Math.PI,
  (3 * Math.PI) / 4,
  1.3,
];
const angle = fc.oneof(fc.constantFrom(...ZZ_EDGES), fc.double({ min: -2 * Math.PI, max: 2 * Math.PI, noNaN: true }));

describe('KAK of a diagonal block (the fast path: a ZZ with local Z phases, no eigen-decomposition)', () => {
  it.each(NAMED.filter(([, u]) => isDiagonal4(u)))(
    '%s: the same count as the general route, and rebuilds',
    (_name, u, count) => {
      const fast = diagonalKak(u, [0, 1, 2]);
      expect(fast?.entanglers).toBe(count);
      expect(equalUpToGlobalPhase(rebuilt(fast!), toMathjs(u))).toBeLessThan(1e-12);
    },
  );

  it('recognises only diagonal blocks: CNOT, SWAP and Haar-random unitaries take the general route', () => {
    expect(isDiagonal4(NAMED.find(([n]) => n === 'CNOT')![1])).toBe(false);
    expect(isDiagonal4(NAMED.find(([n]) => n === 'SWAP')![1])).toBe(false);
    expect(isDiagonal4(canonical(0, 0, 0.3))).toBe(true);
    expect(isDiagonal4(canonical(1e-9, 0, 0.3))).toBe(false);
    fc.assert(
      fc.property(haar4, (u) => !isDiagonal4(u)),
      { numRuns: 20, seed: 6 },
    );
  });

  it.each([[[0, 1, 2]], [[2, 0, 1]]] as const)(
    'diagonal blocks at random and edge angles equal the general route (count and |coefficient|), axes %j',
    (axes) => {
      fc.assert(
        fc.property(angle, angle, angle, angle, angle, (z, p1, p2, p3, global) => {
          // Local Z phases on each qubit, a global phase, and the ZZ term.
          const u = mul4(diag(global, global + p1, global + p2, global + p1 + p2 + p3), canonical(0, 0, z));
          expect(isDiagonal4(u)).toBe(true);
          const fast = diagonalKak(u, axes);
          const general = kakDecompose(u, axes);
          expect(fast).not.toBeNull();
          expect(fast?.entanglers).toBe(general?.entanglers);
          const size = (k: NonNullable<typeof fast>) => Math.abs(k.coefficients[axes[0]]);
          // Folding at ±π/4 may land on either side; the magnitude is what the gate costs.
          expect(Math.abs(size(fast!) - size(general!))).toBeLessThan(1e-9);
          expect(fast!.coefficients.filter((c, axis) => c !== 0 && axis !== axes[0])).toHaveLength(0);
          expect(equalUpToGlobalPhase(rebuilt(fast!), toMathjs(u))).toBeLessThan(1e-12);
        }),
        { numRuns: 150, seed: 41 },
      );
    },
  );
});
