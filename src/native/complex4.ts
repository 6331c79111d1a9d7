/**
 * 4x4 complex matrices (row-major, interleaved re/im) for two-qubit blocks:
 * the first qubit of a pair is the most significant index bit. Plain loops,
 * no library: a block pass builds a few of these per block.
 */
import type { Mat2 } from './complex2.js';

export type Mat4 = Float64Array;

const at = (r: number, c: number): number => 2 * (4 * r + c);

export function identity4(): Mat4 {
  const m = new Float64Array(32);
  for (let i = 0; i < 4; i++) m[at(i, i)] = 1;
  return m;
}

/** a · b (b acts first). */
export function mul4(a: Mat4, b: Mat4): Mat4 {
  const out = new Float64Array(32);
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      let re = 0;
      let im = 0;
      for (let k = 0; k < 4; k++) {
        const ar = a[at(r, k)] as number,
          ai = a[at(r, k) + 1] as number;
        const br = b[at(k, c)] as number,
          bi = b[at(k, c) + 1] as number;
        re += ar * br - ai * bi;
        im += ar * bi + ai * br;
      }
      out[at(r, c)] = re;
      out[at(r, c) + 1] = im;
    }
  }
  return out;
}

export function dagger4(m: Mat4): Mat4 {
  const out = new Float64Array(32);
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      out[at(c, r)] = m[at(r, c)] as number;
      out[at(c, r) + 1] = -(m[at(r, c) + 1] as number);
    }
  }
  return out;
}

export function transpose4(m: Mat4): Mat4 {
  const out = new Float64Array(32);
  for (let r = 0; r < 4; r++) {
    for (let c = 0; c < 4; c++) {
      out[at(c, r)] = m[at(r, c)] as number;
      out[at(c, r) + 1] = m[at(r, c) + 1] as number;
    }
  }
  return out;
}

/** a ⊗ b: a on the first (most significant) qubit. */
export function kron(a: Mat2, b: Mat2): Mat4 {
  const out = new Float64Array(32);
  for (let i = 0; i < 2; i++) {
    for (let j = 0; j < 2; j++) {
      const ar = a[2 * (2 * i + j)] as number,
        ai = a[2 * (2 * i + j) + 1] as number;
      for (let k = 0; k < 2; k++) {
        for (let l = 0; l < 2; l++) {
          const br = b[2 * (2 * k + l)] as number,
            bi = b[2 * (2 * k + l) + 1] as number;
          out[at(2 * i + k, 2 * j + l)] = ar * br - ai * bi;
          out[at(2 * i + k, 2 * j + l) + 1] = ar * bi + ai * br;
        }
      }
    }
  }
  return out;
}

export function scale4(m: Mat4, re: number, im: number): Mat4 {
  const out = new Float64Array(32);
  for (let k = 0; k < 32; k += 2) {
    const mr = m[k] as number,
      mi = m[k + 1] as number;
    out[k] = mr * re - mi * im;
    out[k + 1] = mr * im + mi * re;
  }
  return out;
}

/** Determinant by Gaussian elimination with partial pivoting. */
export function det4(m: Mat4): [number, number] {
  const a = Float64Array.from(m);
  let dr = 1;
  let di = 0;
  for (let col = 0; col < 4; col++) {
    let pivot = col;
    for (let r = col + 1; r < 4; r++)
      if (
        Math.hypot(a[at(r, col)] as number, a[at(r, col) + 1] as number) >
        Math.hypot(a[at(pivot, col)] as number, a[at(pivot, col) + 1] as number)
      )
        pivot = r;
    if (pivot !== col) {
      for (let c = 0; c < 4; c++)
        for (const o of [0, 1])
          [a[at(col, c) + o], a[at(pivot, c) + o]] = [a[at(pivot, c) + o] as number, a[at(col, c) + o] as number];
      dr = -dr;
      di = -di;
    }
    const pr = a[at(col, col)] as number,
      pi = a[at(col, col) + 1] as number;
    [dr, di] = [dr * pr - di * pi, dr * pi + di * pr];
    const norm = pr * pr + pi * pi;
    if (norm === 0) return [0, 0];
    for (let r = col + 1; r < 4; r++) {
      // factor = a[r][col] / pivot
      const xr = a[at(r, col)] as number,
        xi = a[at(r, col) + 1] as number;
      const fr = (xr * pr + xi * pi) / norm,
        fi = (xi * pr - xr * pi) / norm;
      for (let c = col; c < 4; c++) {
        const yr = a[at(col, c)] as number,
          yi = a[at(col, c) + 1] as number;
        a[at(r, c)] = (a[at(r, c)] as number) - (fr * yr - fi * yi);
        a[at(r, c) + 1] = (a[at(r, c) + 1] as number) - (fr * yi + fi * yr);
      }
    }
  }
  return [dr, di];
}

/** Max |a - e^{iγ} b| over the entries, γ fitted on b's largest entry: 0 for the same operation. */
export function distanceUpToPhase(a: Mat4, b: Mat4): number {
  let best = -1;
  let k = 0;
  for (let i = 0; i < 32; i += 2) {
    // Squared magnitudes and sqrt, not Math.hypot: this runs on every block and hypot is several times slower.
    const mag = (b[i] as number) * (b[i] as number) + (b[i + 1] as number) * (b[i + 1] as number);
    if (mag > best) {
      best = mag;
      k = i;
    }
  }
  const ar = a[k] as number,
    ai = a[k + 1] as number,
    br = b[k] as number,
    bi = b[k + 1] as number;
  let pr = ar * br + ai * bi;
  let pim = ai * br - ar * bi;
  const norm = Math.sqrt(pr * pr + pim * pim) || 1;
  pr /= norm;
  pim /= norm;
  let worst = 0;
  for (let i = 0; i < 32; i += 2) {
    const xr = b[i] as number,
      xi = b[i + 1] as number;
    const dr = (a[i] as number) - (pr * xr - pim * xi),
      di = (a[i + 1] as number) - (pr * xi + pim * xr);
    worst = Math.max(worst, dr * dr + di * di);
  }
  return Math.sqrt(worst);
}

/**
 * The factors of m ≅ a ⊗ b (up to global phase), read from m's largest 2x2
 * block; rebuild and compare to know whether m was a product at all.
 */
export function tensorFactors(m: Mat4): { a: Mat2; b: Mat2 } {
  const block = (i: number, j: number): number[] => {
    const out: number[] = [];
    for (let k = 0; k < 2; k++)
      for (let l = 0; l < 2; l++)
        out.push(m[at(2 * i + k, 2 * j + l)] as number, m[at(2 * i + k, 2 * j + l) + 1] as number);
    return out;
  };
  let bi = 0;
  let bj = 0;
  let bestNorm = -1;
  for (let i = 0; i < 2; i++) {
    for (let j = 0; j < 2; j++) {
      const n = block(i, j).reduce((s, x) => s + x * x, 0);
      if (n > bestNorm) [bestNorm, bi, bj] = [n, i, j];
    }
  }
  // b = the block scaled to unit Frobenius norm √2; a[i][j] = tr(b† block(i, j)) / 2.
  const s = Math.sqrt(2 / bestNorm);
  const b = block(bi, bj).map((x) => x * s);
  const a: number[] = [];
  for (let i = 0; i < 2; i++) {
    for (let j = 0; j < 2; j++) {
      const blk = block(i, j);
      let re = 0;
      let im = 0;
      for (let k = 0; k < 8; k += 2) {
        re += (b[k] as number) * (blk[k] as number) + (b[k + 1] as number) * (blk[k + 1] as number);
        im += (b[k] as number) * (blk[k + 1] as number) - (b[k + 1] as number) * (blk[k] as number);
      }
      a.push(re / 2, im / 2);
    }
  }
  return { a: a as unknown as Mat2, b: b as unknown as Mat2 };
}

/**
 * The magic basis (columns (|00>+|11>)/√2, i(|00>-|11>)/√2, i(|01>+|10>)/√2,
 * (|01>-|10>)/√2): local unitaries SU(2)⊗SU(2) become real orthogonal
 * matrices there, and XX, YY, ZZ become diagonal.
 */
export const MAGIC: Mat4 = (() => {
  const h = Math.SQRT1_2;
  const m = new Float64Array(32);
  const set = (r: number, c: number, re: number, im: number) => {
    m[at(r, c)] = re;
    m[at(r, c) + 1] = im;
  };
  set(0, 0, h, 0);
  set(3, 0, h, 0);
  set(0, 1, 0, h);
  set(3, 1, 0, -h);
  set(1, 2, 0, h);
  set(2, 2, 0, h);
  set(1, 3, h, 0);
  set(2, 3, -h, 0);
  return m;
})();

/** The eigenvalue signs of XX, YY and ZZ on the magic basis vectors, in order. */
export const MAGIC_PAULI_SIGNS: Readonly<Record<'x' | 'y' | 'z', readonly number[]>> = {
  x: [1, -1, 1, -1],
  y: [-1, 1, 1, -1],
  z: [1, 1, -1, -1],
};

export const entry = (m: Mat4, r: number, c: number): [number, number] => [
  m[at(r, c)] as number,
  m[at(r, c) + 1] as number,
];
export const setEntry = (m: Mat4, r: number, c: number, re: number, im: number): void => {
  m[at(r, c)] = re;
  m[at(r, c) + 1] = im;
};

/** m ← (u ⊗ I) m (first = true) or (I ⊗ u) m, in place: a single-qubit gate after m. */
export function applySingle(m: Mat4, u: Mat2, first: boolean): void {
  const [ar, ai, br, bi, cr, ci, dr, di] = u;
  for (let k = 0; k < 2; k++) {
    // Row pairs (r0, r1) the gate mixes: index bit 1 (first qubit) or bit 0.
    const r0 = first ? k : 2 * k;
    const r1 = first ? k + 2 : 2 * k + 1;
    for (let c = 0; c < 4; c++) {
      const i0 = 2 * (4 * r0 + c);
      const i1 = 2 * (4 * r1 + c);
      const xr = m[i0] as number,
        xi = m[i0 + 1] as number,
        yr = m[i1] as number,
        yi = m[i1 + 1] as number;
      m[i0] = ar * xr - ai * xi + br * yr - bi * yi;
      m[i0 + 1] = ar * xi + ai * xr + br * yi + bi * yr;
      m[i1] = cr * xr - ci * xi + dr * yr - di * yi;
      m[i1 + 1] = cr * xi + ci * xr + dr * yi + di * yr;
    }
  }
}

/** m ← exp(-iθ/2 P⊗Q) m in place, for Pauli-like P, Q (P² = Q² = I). */
/** Scratch for applyInteraction: one per module, so building a block's unitary allocates nothing per step. */
const interactionScratch = new Float64Array(32);

export function applyInteraction(m: Mat4, p: Mat2, q: Mat2, angleRad: number): void {
  const pq = interactionScratch;
  pq.set(m);
  applySingle(pq, p, true);
  applySingle(pq, q, false);
  const c = Math.cos(angleRad / 2);
  const s = Math.sin(angleRad / 2);
  // c·m - i s·pq
  for (let k = 0; k < 32; k += 2) {
    const re = c * (m[k] as number) + s * (pq[k + 1] as number);
    const im = c * (m[k + 1] as number) - s * (pq[k] as number);
    m[k] = re;
    m[k + 1] = im;
  }
}
