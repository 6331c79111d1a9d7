/**
 * Gate matrices: every IR gate becomes a unitary on its targets (with its
 * controls kept apart), classified by the kernel that can run it fastest.
 * Matrices are row-major, interleaved re/im; for two targets the local index
 * is `2 * bit(targets[0]) + bit(targets[1])` (targets[0] most significant,
 * as native-gates.md writes ms).
 */
import type { IrGate, IrNativeGate } from '../../ir/types.js';

/** Which kernel a gate can use: diagonal phases, a permutation (x, swap), or a dense matrix. */
export type MatrixKind = 'diagonal' | 'permutation' | 'general';

/** A gate ready for the kernels: a 2x2 or 4x4 unitary on `targets`, applied where every control is 1. */
export interface UnitaryOp {
  readonly targets: readonly number[];
  readonly controls: readonly number[];
  readonly matrix: Float64Array;
  readonly kind: MatrixKind;
}

const TURN = 2 * Math.PI;

/** Builds an interleaved complex matrix from [re, im] pairs, row-major. */
export function complexMatrix(entries: readonly (readonly [number, number])[]): Float64Array {
  const m = new Float64Array(entries.length * 2);
  entries.forEach(([re, im], i) => {
    m[2 * i] = re;
    m[2 * i + 1] = im;
  });
  return m;
}

const c = (re: number, im = 0): [number, number] => [re, im];
const expi = (angle: number): [number, number] => [Math.cos(angle), Math.sin(angle)];
const SQRT1_2 = Math.SQRT1_2;

function diagonal(...d: [number, number][]): Float64Array {
  const size = d.length;
  const entries: [number, number][] = [];
  for (let r = 0; r < size; r++)
    for (let k = 0; k < size; k++) entries.push(r === k ? (d[r] as [number, number]) : c(0));
  return complexMatrix(entries);
}

type MatrixBuilder = (rotation: number) => Float64Array;

/** QIS gates (radians): matrices from the definitions in decisions.md section 4. */
const QIS_MATRICES: Readonly<Record<IrGate['name'], MatrixBuilder>> = {
  x: () => complexMatrix([c(0), c(1), c(1), c(0)]),
  y: () => complexMatrix([c(0), c(0, -1), c(0, 1), c(0)]),
  z: () => diagonal(c(1), c(-1)),
  h: () => complexMatrix([c(SQRT1_2), c(SQRT1_2), c(SQRT1_2), c(-SQRT1_2)]),
  s: () => diagonal(c(1), c(0, 1)),
  si: () => diagonal(c(1), c(0, -1)),
  t: () => diagonal(c(1), expi(Math.PI / 4)),
  ti: () => diagonal(c(1), expi(-Math.PI / 4)),
  v: () => complexMatrix([c(0.5, 0.5), c(0.5, -0.5), c(0.5, -0.5), c(0.5, 0.5)]),
  vi: () => complexMatrix([c(0.5, -0.5), c(0.5, 0.5), c(0.5, 0.5), c(0.5, -0.5)]),
  rx: (t) => complexMatrix([c(Math.cos(t / 2)), c(0, -Math.sin(t / 2)), c(0, -Math.sin(t / 2)), c(Math.cos(t / 2))]),
  ry: (t) => complexMatrix([c(Math.cos(t / 2)), c(-Math.sin(t / 2)), c(Math.sin(t / 2)), c(Math.cos(t / 2))]),
  rz: (t) => diagonal(expi(-t / 2), expi(t / 2)),
  swap: () =>
    complexMatrix([c(1), c(0), c(0), c(0), c(0), c(0), c(1), c(0), c(0), c(1), c(0), c(0), c(0), c(0), c(0), c(1)]),
  xx: (t) => pauliPairRotation(t, 1),
  yy: (t) => pauliPairRotation(t, -1),
  zz: (t) => diagonal(expi(-t / 2), expi(t / 2), expi(t / 2), expi(-t / 2)),
};

/** exp(-iθ P⊗P/2) for P = X (sign 1) or Y (sign -1: Y⊗Y has -1 on the anti-diagonal corners). */
function pauliPairRotation(theta: number, cornerSign: number): Float64Array {
  const co = Math.cos(theta / 2);
  const si = Math.sin(theta / 2);
  const z = c(0);
  return complexMatrix([
    c(co),
    z,
    z,
    c(0, -si * cornerSign),
    z,
    c(co),
    c(0, -si),
    z,
    z,
    c(0, -si),
    c(co),
    z,
    c(0, -si * cornerSign),
    z,
    z,
    c(co),
  ]);
}

const QIS_KINDS: Readonly<Record<IrGate['name'], MatrixKind>> = {
  x: 'permutation',
  y: 'general',
  z: 'diagonal',
  h: 'general',
  s: 'diagonal',
  si: 'diagonal',
  t: 'diagonal',
  ti: 'diagonal',
  v: 'general',
  vi: 'general',
  rx: 'general',
  ry: 'general',
  rz: 'diagonal',
  swap: 'permutation',
  xx: 'general',
  yy: 'general',
  zz: 'diagonal',
};

/** Native gates (turns), from their operator forms in decisions.md section 4. */
function nativeMatrix(gate: IrNativeGate): Float64Array {
  const [phi0 = 0, phi1 = 0] = gate.phases;
  switch (gate.name) {
    case 'gpi':
      return complexMatrix([c(0), expi(-TURN * phi0), expi(TURN * phi0), c(0)]);
    case 'gpi2': {
      const [er, ei] = expi(TURN * phi0);
      // -i e(±φ) / √2
      return complexMatrix([c(SQRT1_2), c(-ei * SQRT1_2, -er * SQRT1_2), c(ei * SQRT1_2, -er * SQRT1_2), c(SQRT1_2)]);
    }
    case 'ms': {
      const theta = gate.angle ?? 0.25;
      const co = Math.cos(Math.PI * theta);
      const si = Math.sin(Math.PI * theta);
      const minusIs = (phase: number): [number, number] => {
        const [er, ei] = expi(TURN * phase);
        return [si * ei, -si * er];
      };
      const z = c(0);
      return complexMatrix([
        c(co),
        z,
        z,
        minusIs(-(phi0 + phi1)),
        z,
        c(co),
        minusIs(-(phi0 - phi1)),
        z,
        z,
        minusIs(phi0 - phi1),
        c(co),
        z,
        minusIs(phi0 + phi1),
        z,
        z,
        c(co),
      ]);
    }
    case 'zz': {
      const theta = gate.angle ?? 0;
      return diagonal(expi(-Math.PI * theta), expi(Math.PI * theta), expi(Math.PI * theta), expi(-Math.PI * theta));
    }
  }
}

const FIXED = new Map<IrGate['name'], Float64Array>();

/** Matrices of gates without a rotation, built once (kernels only read them). */
function fixedMatrix(name: IrGate['name']): Float64Array {
  let m = FIXED.get(name);
  if (!m) {
    m = QIS_MATRICES[name](0);
    FIXED.set(name, m);
  }
  return m;
}

/** The kernel-ready form of an IR gate. */
export function unitaryOf(gate: IrGate | IrNativeGate): UnitaryOp {
  if (gate.kind === 'native') {
    return {
      targets: gate.targets,
      controls: [],
      matrix: nativeMatrix(gate),
      kind: gate.name === 'zz' ? 'diagonal' : 'general',
    };
  }
  const matrix = gate.rotation === null ? fixedMatrix(gate.name) : QIS_MATRICES[gate.name](gate.rotation);
  return { targets: gate.targets, controls: gate.controls, matrix, kind: QIS_KINDS[gate.name] };
}

/** Product `second · first` of two 2x2 matrices (apply `first`, then `second`). */
export function multiply2x2(second: Float64Array, first: Float64Array): Float64Array {
  const out = new Float64Array(8);
  for (let r = 0; r < 2; r++) {
    for (let k = 0; k < 2; k++) {
      let re = 0;
      let im = 0;
      for (let j = 0; j < 2; j++) {
        const ar = second[4 * r + 2 * j] as number;
        const ai = second[4 * r + 2 * j + 1] as number;
        const br = first[4 * j + 2 * k] as number;
        const bi = first[4 * j + 2 * k + 1] as number;
        re += ar * br - ai * bi;
        im += ar * bi + ai * br;
      }
      out[4 * r + 2 * k] = re;
      out[4 * r + 2 * k + 1] = im;
    }
  }
  return out;
}

/** Whether a 2x2 matrix is diagonal (exact zeros off the diagonal). */
export function isDiagonal2x2(m: Float64Array): boolean {
  return m[2] === 0 && m[3] === 0 && m[4] === 0 && m[5] === 0;
}
