/**
 * Small dense complex linear algebra for proving rewrites: matrices as
 * interleaved re/im Float64Arrays (row-major), states as the same.
 */
export type Complex = readonly [number, number];

export function fromEntries(entries: readonly Complex[]): Float64Array {
  const m = new Float64Array(entries.length * 2);
  entries.forEach(([re, im], i) => {
    m[2 * i] = re;
    m[2 * i + 1] = im;
  });
  return m;
}

/** Dimension of a square interleaved matrix. */
export const dimensionOf = (m: Float64Array): number => Math.round(Math.sqrt(m.length / 2));

/** Conjugate transpose. */
export function adjoint(m: Float64Array): Float64Array {
  const n = dimensionOf(m);
  const out = new Float64Array(m.length);
  for (let r = 0; r < n; r++)
    for (let k = 0; k < n; k++) {
      out[2 * (k * n + r)] = m[2 * (r * n + k)] as number;
      out[2 * (k * n + r) + 1] = -(m[2 * (r * n + k) + 1] as number);
    }
  return out;
}

/** a · b. */
export function multiply(a: Float64Array, b: Float64Array): Float64Array {
  const n = dimensionOf(a);
  const out = new Float64Array(a.length);
  for (let r = 0; r < n; r++)
    for (let k = 0; k < n; k++) {
      let re = 0;
      let im = 0;
      for (let j = 0; j < n; j++) {
        const ar = a[2 * (r * n + j)] as number;
        const ai = a[2 * (r * n + j) + 1] as number;
        const br = b[2 * (j * n + k)] as number;
        const bi = b[2 * (j * n + k) + 1] as number;
        re += ar * br - ai * bi;
        im += ar * bi + ai * br;
      }
      out[2 * (r * n + k)] = re;
      out[2 * (r * n + k) + 1] = im;
    }
  return out;
}

export function identity(n: number): Float64Array {
  const out = new Float64Array(2 * n * n);
  for (let i = 0; i < n; i++) out[2 * (i * n + i)] = 1;
  return out;
}

/** m^k for an integer k (negative: of the adjoint, m being unitary). */
export function integerPower(m: Float64Array, k: number): Float64Array {
  let base = k < 0 ? adjoint(m) : m;
  let out = identity(dimensionOf(m));
  for (let n = Math.abs(k); n > 0; n >>= 1) {
    if (n & 1) out = multiply(out, base);
    base = multiply(base, base);
  }
  return out;
}

/**
 * The principal power U^k of a 2x2 unitary: U = V diag(λ1, λ2) V†, each
 * eigenvalue raised on the principal branch (arguments in (-π, π]), as
 * OpenQASM 3 defines `pow(k) @`. Null when U is not 2x2.
 */
export function principalPower2(m: Float64Array, k: number): Float64Array | null {
  if (m.length !== 8) return null;
  const [ar, ai, br, bi, cr, ci, dr, di] = Array.from(m) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  // Eigenvalues of [[a, b], [c, d]]: (a+d)/2 ± sqrt(((a-d)/2)^2 + bc).
  const hr = (ar + dr) / 2;
  const hi = (ai + di) / 2;
  const gr = (ar - dr) / 2;
  const gi = (ai - di) / 2;
  const qr = gr * gr - gi * gi + (br * cr - bi * ci);
  const qi = 2 * gr * gi + (br * ci + bi * cr);
  const modulus = Math.hypot(qr, qi);
  const sr = Math.sqrt((modulus + qr) / 2);
  const si = Math.sign(qi || 1) * Math.sqrt(Math.max(0, (modulus - qr) / 2));
  const eigen: Complex[] = [
    [hr + sr, hi + si],
    [hr - sr, hi - si],
  ];
  const powered = eigen.map(([re, im]): Complex => {
    const angle = Math.atan2(im, re) * k;
    return [Math.cos(angle), Math.sin(angle)];
  });
  if (modulus < 1e-14) {
    // A multiple of the identity: λ I.
    const [pr, pi] = powered[0] as Complex;
    return fromEntries([
      [pr, pi],
      [0, 0],
      [0, 0],
      [pr, pi],
    ]);
  }
  // Spectral projectors P1 = (U - λ2 I)/(λ1 - λ2), P2 = I - P1.
  const [l1r, l1i] = eigen[0] as Complex;
  const [l2r, l2i] = eigen[1] as Complex;
  const dr_ = l1r - l2r;
  const di_ = l1i - l2i;
  const den = dr_ * dr_ + di_ * di_;
  const sub = fromEntries([
    [ar - l2r, ai - l2i],
    [br, bi],
    [cr, ci],
    [dr - l2r, di - l2i],
  ]);
  const p1 = new Float64Array(8);
  for (let i = 0; i < 4; i++) {
    const xr = sub[2 * i] as number;
    const xi = sub[2 * i + 1] as number;
    p1[2 * i] = (xr * dr_ + xi * di_) / den;
    p1[2 * i + 1] = (xi * dr_ - xr * di_) / den;
  }
  const [p1r, p1i] = powered[0] as Complex;
  const [p2r, p2i] = powered[1] as Complex;
  const out = new Float64Array(8);
  for (let i = 0; i < 4; i++) {
    const xr = p1[2 * i] as number;
    const xi = p1[2 * i + 1] as number;
    const yr = (i === 0 || i === 3 ? 1 : 0) - xr;
    const yi = -xi;
    out[2 * i] = xr * p1r - xi * p1i + yr * p2r - yi * p2i;
    out[2 * i + 1] = xr * p1i + xi * p1r + yr * p2i + yi * p2r;
  }
  return out;
}
