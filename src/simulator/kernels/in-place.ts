/**
 * One-qubit gates applied in place on the whole split re/im state, without
 * staging blocks: for a pass that carries one gate, copying each block into
 * a buffer and back costs more than the gate (issue 27 measured 63% of such
 * a pass in gather and scatter). The amplitude pairs (i, i + 2^q) are
 * numbered 0 .. 2^(n-1) - 1 and a call takes the range [first, end) of them,
 * so threads split any target qubit evenly. The walk is the textbook one for
 * a state vector (e.g. Jones et al., "QuEST", Sci. Rep. 9, 10736 (2019),
 * section "Unitary gates"): pair p sits at i = (p >> q) << (q + 1) | (p mod 2^q).
 * For q = 0 the pairs are neighbours and the walk is one loop of stride 2.
 */

/** Which loop a one-qubit gate takes: fewer multiplications for the common shapes. */
export type PairForm = 'general' | 'real' | 'diagonal' | 'exchange';

export interface PairGate {
  readonly q: number;
  /** Only pairs whose index has every bit of the mask set (controls); 0: every pair. */
  readonly controlMask: number;
  readonly form: PairForm;
  /** The 2x2, interleaved re/im, row-major (read by `general`, `real`, `diagonal`). */
  readonly m: Float64Array;
}

/** Applies `gate` to the pairs [first, end). */
export function applyPairs(re: Float64Array, im: Float64Array, gate: PairGate, first: number, end: number): void {
  switch (gate.form) {
    case 'general':
      general(re, im, gate.q, gate.m, gate.controlMask, first, end);
      break;
    case 'real':
      real(re, im, gate.q, gate.m, gate.controlMask, first, end);
      break;
    case 'diagonal':
      diagonal(re, im, gate.q, gate.m, gate.controlMask, first, end);
      break;
    case 'exchange':
      exchange(re, im, gate.q, gate.controlMask, first, end);
      break;
  }
}

/*
 * Each kernel walks its range segment by segment: a segment is a run of pairs
 * whose first members are consecutive (2^q of them, fewer at the range's ends).
 * For q = 0 the whole range is one segment walked with stride 2. The loops are
 * written out per form (no callback per pair): that is what keeps them near a
 * C loop's time (bench/simulate.bench.ts).
 */

function general(
  re: Float64Array,
  im: Float64Array,
  q: number,
  m: Float64Array,
  controlMask: number,
  first: number,
  end: number,
): void {
  const m00r = m[0] as number,
    m00i = m[1] as number,
    m01r = m[2] as number,
    m01i = m[3] as number,
    m10r = m[4] as number,
    m10i = m[5] as number,
    m11r = m[6] as number,
    m11i = m[7] as number;
  const step = 1 << q;
  const inc = q === 0 ? 2 : 1;
  for (let p = first; p < end;) {
    const off = q === 0 ? 0 : p & (step - 1);
    const count = q === 0 ? end - p : Math.min(step - off, end - p);
    const i0 = q === 0 ? 2 * p : ((p >>> q) << (q + 1)) + off;
    const stop = i0 + count * inc;
    for (let i = i0; i < stop; i += inc) {
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
    p += count;
  }
}

function real(
  re: Float64Array,
  im: Float64Array,
  q: number,
  m: Float64Array,
  controlMask: number,
  first: number,
  end: number,
): void {
  const a = m[0] as number,
    b = m[2] as number,
    c = m[4] as number,
    d = m[6] as number;
  const step = 1 << q;
  const inc = q === 0 ? 2 : 1;
  for (let p = first; p < end;) {
    const off = q === 0 ? 0 : p & (step - 1);
    const count = q === 0 ? end - p : Math.min(step - off, end - p);
    const i0 = q === 0 ? 2 * p : ((p >>> q) << (q + 1)) + off;
    const stop = i0 + count * inc;
    for (let i = i0; i < stop; i += inc) {
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
    p += count;
  }
}

function diagonal(
  re: Float64Array,
  im: Float64Array,
  q: number,
  m: Float64Array,
  controlMask: number,
  first: number,
  end: number,
): void {
  const d0r = m[0] as number,
    d0i = m[1] as number,
    d1r = m[6] as number,
    d1i = m[7] as number;
  const step = 1 << q;
  const inc = q === 0 ? 2 : 1;
  for (let p = first; p < end;) {
    const off = q === 0 ? 0 : p & (step - 1);
    const count = q === 0 ? end - p : Math.min(step - off, end - p);
    const i0 = q === 0 ? 2 * p : ((p >>> q) << (q + 1)) + off;
    const stop = i0 + count * inc;
    for (let i = i0; i < stop; i += inc) {
      if ((i & controlMask) !== controlMask) continue;
      const j = i + step;
      const ar = re[i] as number,
        ai = im[i] as number,
        br = re[j] as number,
        bi = im[j] as number;
      re[i] = d0r * ar - d0i * ai;
      im[i] = d0r * ai + d0i * ar;
      re[j] = d1r * br - d1i * bi;
      im[j] = d1r * bi + d1i * br;
    }
    p += count;
  }
}

function exchange(
  re: Float64Array,
  im: Float64Array,
  q: number,
  controlMask: number,
  first: number,
  end: number,
): void {
  const step = 1 << q;
  const inc = q === 0 ? 2 : 1;
  for (let p = first; p < end;) {
    const off = q === 0 ? 0 : p & (step - 1);
    const count = q === 0 ? end - p : Math.min(step - off, end - p);
    const i0 = q === 0 ? 2 * p : ((p >>> q) << (q + 1)) + off;
    const stop = i0 + count * inc;
    for (let i = i0; i < stop; i += inc) {
      if ((i & controlMask) !== controlMask) continue;
      const j = i + step;
      const tr = re[i] as number,
        ti = im[i] as number;
      re[i] = re[j] as number;
      im[i] = im[j] as number;
      re[j] = tr;
      im[j] = ti;
    }
    p += count;
  }
}
