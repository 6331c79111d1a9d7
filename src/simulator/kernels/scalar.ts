/**
 * In-place kernels on a split re/im state (or a cache-sized block of one).
 * Amplitude index bit q is qubit q. Each kernel touches only the amplitudes
 * its gate changes; `controlMask` restricts it to indices with all control
 * bits set. Plain loops over Float64Arrays: no allocation, no mathjs.
 */

/** General 2x2 `m` (interleaved re/im, row-major) on qubit `q`. */
export function apply1(
  re: Float64Array,
  im: Float64Array,
  len: number,
  q: number,
  m: Float64Array,
  controlMask: number,
): void {
  const m00r = m[0] as number,
    m00i = m[1] as number,
    m01r = m[2] as number,
    m01i = m[3] as number;
  const m10r = m[4] as number,
    m10i = m[5] as number,
    m11r = m[6] as number,
    m11i = m[7] as number;
  const step = 1 << q;
  for (let block = 0; block < len; block += step << 1) {
    const end = block + step;
    for (let i = block; i < end; i++) {
      if ((i & controlMask) !== controlMask) continue;
      const j = i + step;
      const ar = re[i] as number,
        ai = im[i] as number,
        br = re[j] as number,
        bi = im[j] as number;
      re[i] = m00r * ar - m00i * ai + m01r * br - m01i * bi;
      im[i] = m00r * ai + m00i * ar + m01r * bi + m01i * br;
      re[j] = m10r * ar - m10i * ai + m11r * br - m11i * bi;
      im[j] = m10r * ai + m10i * ar + m11r * bi + m11i * br;
    }
  }
}

/** Real 2x2 (h, ry and fused real runs): half the multiplications of {@link apply1}. */
export function apply1Real(
  re: Float64Array,
  im: Float64Array,
  len: number,
  q: number,
  m: Float64Array,
  controlMask: number,
): void {
  const a = m[0] as number,
    b = m[2] as number,
    c = m[4] as number,
    d = m[6] as number;
  const step = 1 << q;
  for (let block = 0; block < len; block += step << 1) {
    const end = block + step;
    for (let i = block; i < end; i++) {
      if ((i & controlMask) !== controlMask) continue;
      const j = i + step;
      const ar = re[i] as number,
        ai = im[i] as number,
        br = re[j] as number,
        bi = im[j] as number;
      re[i] = a * ar + b * br;
      im[i] = a * ai + b * bi;
      re[j] = c * ar + d * br;
      im[j] = c * ai + d * bi;
    }
  }
}

/** diag(d0, d1) on qubit `q`; skips the half whose factor is 1. */
export function applyDiagonal1(
  re: Float64Array,
  im: Float64Array,
  len: number,
  q: number,
  d0r: number,
  d0i: number,
  d1r: number,
  d1i: number,
  controlMask: number,
): void {
  const step = 1 << q;
  const touchZero = d0r !== 1 || d0i !== 0;
  for (let block = 0; block < len; block += step << 1) {
    const end = block + step;
    for (let i = block; i < end; i++) {
      if ((i & controlMask) !== controlMask) continue;
      if (touchZero) {
        const ar = re[i] as number,
          ai = im[i] as number;
        re[i] = d0r * ar - d0i * ai;
        im[i] = d0r * ai + d0i * ar;
      }
      const j = i + step;
      const br = re[j] as number,
        bi = im[j] as number;
      re[j] = d1r * br - d1i * bi;
      im[j] = d1r * bi + d1i * br;
    }
  }
}

/** Multiplies by `factorRe + i factorIm` every amplitude whose bits under `mask` are all set (cz, controlled phases). */
export function applyPhaseOnMask(
  re: Float64Array,
  im: Float64Array,
  len: number,
  mask: number,
  factorRe: number,
  factorIm: number,
): void {
  // Enumerate only the indices with every mask bit set: i = (k | mask) walked by the subset trick.
  const free = (len - 1) & ~mask;
  let k = 0;
  for (;;) {
    const i = k | mask;
    const ar = re[i] as number,
      ai = im[i] as number;
    re[i] = factorRe * ar - factorIm * ai;
    im[i] = factorRe * ai + factorIm * ar;
    if (k === free) break;
    k = (k - free) & free;
  }
}

/** X on qubit `q` where controls are set (x, cx, multi-controlled x): swaps amplitude pairs. */
export function applyX(re: Float64Array, im: Float64Array, len: number, q: number, controlMask: number): void {
  const step = 1 << q;
  for (let block = 0; block < len; block += step << 1) {
    const end = block + step;
    for (let i = block; i < end; i++) {
      if ((i & controlMask) !== controlMask) continue;
      const j = i + step;
      const tr = re[i] as number,
        ti = im[i] as number;
      re[i] = re[j] as number;
      im[i] = im[j] as number;
      re[j] = tr;
      im[j] = ti;
    }
  }
}

/** Swap of qubits `a` and `b` where controls are set. */
export function applySwap(
  re: Float64Array,
  im: Float64Array,
  len: number,
  a: number,
  b: number,
  controlMask: number,
): void {
  const ma = 1 << a,
    mb = 1 << b;
  for (let i = 0; i < len; i++) {
    if ((i & ma) === 0 || (i & mb) !== 0 || (i & controlMask) !== controlMask) continue;
    const j = (i ^ ma) | mb;
    const tr = re[i] as number,
      ti = im[i] as number;
    re[i] = re[j] as number;
    im[i] = im[j] as number;
    re[j] = tr;
    im[j] = ti;
  }
}

/** General 4x4 `m` on qubits (hi, lo): local index 2*bit(hi) + bit(lo). */
export function apply2(
  re: Float64Array,
  im: Float64Array,
  len: number,
  hi: number,
  lo: number,
  m: Float64Array,
  controlMask: number,
): void {
  const mh = 1 << hi,
    ml = 1 << lo;
  const vr = new Float64Array(4),
    vi = new Float64Array(4);
  for (let i = 0; i < len; i++) {
    if ((i & mh) !== 0 || (i & ml) !== 0 || (i & controlMask) !== controlMask) continue;
    const i1 = i | ml,
      i2 = i | mh,
      i3 = i | mh | ml;
    vr[0] = re[i] as number;
    vi[0] = im[i] as number;
    vr[1] = re[i1] as number;
    vi[1] = im[i1] as number;
    vr[2] = re[i2] as number;
    vi[2] = im[i2] as number;
    vr[3] = re[i3] as number;
    vi[3] = im[i3] as number;
    for (let r = 0; r < 4; r++) {
      let sr = 0,
        si = 0;
      for (let k = 0; k < 4; k++) {
        const mr = m[8 * r + 2 * k] as number,
          mi = m[8 * r + 2 * k + 1] as number;
        const xr = vr[k] as number,
          xi = vi[k] as number;
        sr += mr * xr - mi * xi;
        si += mr * xi + mi * xr;
      }
      const idx = r === 0 ? i : r === 1 ? i1 : r === 2 ? i2 : i3;
      re[idx] = sr;
      im[idx] = si;
    }
  }
}

/** Multiplies the whole block by a precomputed diagonal table (a fused run of diagonal gates). */
export function applyTable(re: Float64Array, im: Float64Array, len: number, tr: Float64Array, ti: Float64Array): void {
  for (let i = 0; i < len; i++) {
    const ar = re[i] as number,
      ai = im[i] as number,
      br = tr[i] as number,
      bi = ti[i] as number;
    re[i] = ar * br - ai * bi;
    im[i] = ar * bi + ai * br;
  }
}

/**
 * A 4x4 `m` on qubits (hi, lo) that only pairs |00> with |11> and |01> with
 * |10> (diagonal and anti-diagonal entries: XX and YY rotations, the MS
 * over-rotation): two 2x2s per group of four, half the work of {@link apply2}.
 * The walk visits only indices with both bits clear (adding one past the two
 * bits carries over them), and the eight entries it reads are held in locals:
 * a debiased job runs this pass after every two-qubit gate of every variant.
 */
export function applyCrossedPair(
  re: Float64Array,
  im: Float64Array,
  len: number,
  hi: number,
  lo: number,
  m: Float64Array,
): void {
  const mh = 1 << hi;
  const ml = 1 << lo;
  const both = mh | ml;
  // Entry (r, c) sits at 2 * (4r + c): the outer pair is (00, 11), the inner (01, 10).
  const o00r = m[0] as number,
    o00i = m[1] as number,
    o03r = m[6] as number,
    o03i = m[7] as number,
    o30r = m[24] as number,
    o30i = m[25] as number,
    o33r = m[30] as number,
    o33i = m[31] as number;
  const n11r = m[10] as number,
    n11i = m[11] as number,
    n12r = m[12] as number,
    n12i = m[13] as number,
    n21r = m[18] as number,
    n21i = m[19] as number,
    n22r = m[20] as number,
    n22i = m[21] as number;
  for (let i = 0; i < len; i = ((i | both) + 1) & ~both) {
    const j = i | both;
    let ar = re[i] as number,
      ai = im[i] as number,
      br = re[j] as number,
      bi = im[j] as number;
    re[i] = o00r * ar - o00i * ai + o03r * br - o03i * bi;
    im[i] = o00r * ai + o00i * ar + o03r * bi + o03i * br;
    re[j] = o30r * ar - o30i * ai + o33r * br - o33i * bi;
    im[j] = o30r * ai + o30i * ar + o33r * bi + o33i * br;
    const k = i | ml,
      l = i | mh;
    ar = re[k] as number;
    ai = im[k] as number;
    br = re[l] as number;
    bi = im[l] as number;
    re[k] = n11r * ar - n11i * ai + n12r * br - n12i * bi;
    im[k] = n11r * ai + n11i * ar + n12r * bi + n12i * br;
    re[l] = n21r * ar - n21i * ai + n22r * br - n22i * bi;
    im[l] = n21r * ai + n21i * ar + n22r * bi + n22i * br;
  }
}
