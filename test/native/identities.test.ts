/**
 * Every identity of native-gates.md sections 1-2, checked again as full
 * unitaries up to global phase with the oracle (circuit order throughout).
 */
import { afterAll, describe, it } from 'vitest';
import { complex, matrix, type Matrix } from 'mathjs';
import type { IrOp } from '../../src/ir/types.js';
import { circuitOf, gate, native } from '../oracle/circuits.js';
import { expectEquivalent, expectSameMatrix, oracleChecks } from '../oracle/count.js';
import { unitaryOf } from '../oracle/unitary.js';

const PI = Math.PI;
const Z = (q: number, theta: number): IrOp => gate('rz', [q], [], theta);
const gpi = (q: number, p: number): IrOp => native('gpi', [q], [p]);
const gpi2 = (q: number, p: number): IrOp => native('gpi2', [q], [p]);
const ms = (a: number, b: number, p0: number, p1: number, t: number): IrOp => native('ms', [a, b], [p0, p1], t);
const zz = (a: number, b: number, t: number): IrOp => native('zz', [a, b], [], t);
const cx = (c: number, t: number): IrOp => gate('x', [t], [c]);
const h = (q: number): IrOp => gate('h', [q]);

/** Deterministic parameter draws (a small LCG), so failures reproduce. */
function draws(count: number, seed: number, scale = 1, offset = 0): number[] {
  let s = seed;
  return Array.from({ length: count }, () => {
    s = (s * 1103515245 + 12345) % 2147483648;
    return offset + (s / 2147483648) * scale;
  });
}

const same = (qubits: number, a: readonly IrOp[], b: readonly IrOp[], label: string) =>
  expectEquivalent(circuitOf(qubits, a), circuitOf(qubits, b), label);

const c = (re: number, im = 0) => complex(re, im);
const e = (turns: number) => complex(Math.cos(2 * PI * turns), Math.sin(2 * PI * turns));
const times = (a: ReturnType<typeof complex>, s: number) => complex(a.re * s, a.im * s);
const minusI = (z: ReturnType<typeof complex>) => complex(z.im, -z.re);

describe('native gate definitions (1.2, M1-M5)', () => {
  it('gpi, gpi2, ms, zz match the matrix forms of 1.2', () => {
    for (const phi of draws(5, 1, 2, -1)) {
      expectSameMatrix(
        unitaryOf(circuitOf(1, [gpi(0, phi)])),
        matrix([
          [c(0), e(-phi)],
          [e(phi), c(0)],
        ]),
        `gpi(${phi})`,
      );
      const r = Math.SQRT1_2;
      expectSameMatrix(
        unitaryOf(circuitOf(1, [gpi2(0, phi)])),
        matrix([
          [c(r), times(minusI(e(-phi)), r)],
          [times(minusI(e(phi)), r), c(r)],
        ]),
        `gpi2(${phi})`,
      );
    }
    const [p0, p1, t] = [0.13, 0.71, 0.19];
    const co = c(Math.cos(PI * t));
    const si = Math.sin(PI * t);
    const off = (turns: number) => times(minusI(e(turns)), si);
    const msMatrix: Matrix = matrix([
      [co, c(0), c(0), off(-(p0 + p1))],
      [c(0), co, off(-(p0 - p1)), c(0)],
      [c(0), off(p0 - p1), co, c(0)],
      [off(p0 + p1), c(0), c(0), co],
    ]);
    expectSameMatrix(unitaryOf(circuitOf(2, [ms(0, 1, p0, p1, t)])), msMatrix, 'ms big-endian, φ0 on targets[0]');
    const zzMatrix: Matrix = matrix(
      [0, 1, 2, 3].map((i) => [0, 1, 2, 3].map((j) => (i !== j ? c(0) : i === 0 || i === 3 ? e(-t / 2) : e(t / 2)))),
    );
    expectSameMatrix(unitaryOf(circuitOf(2, [zz(0, 1, t)])), zzMatrix, 'zz');
  });

  it('ms(0,0,θ) = xx(2πθ), ms(1/4,1/4,θ) = yy(2πθ), zz(θ) = zz_qis(2πθ), and little-endian ms is ms on swapped qubits (M3b)', () => {
    for (const t of draws(5, 2, 0.5)) {
      same(2, [ms(0, 1, 0, 0, t)], [gate('xx', [0, 1], [], 2 * PI * t)], 'M: ms = xx');
      same(2, [ms(0, 1, 0.25, 0.25, t)], [gate('yy', [0, 1], [], 2 * PI * t)], 'M: ms = yy');
      same(2, [zz(0, 1, t)], [gate('zz', [0, 1], [], 2 * PI * t)], 'M: zz');
      same(2, [ms(1, 0, 0.1, 0.4, t)], [gate('swap', [0, 1]), ms(0, 1, 0.1, 0.4, t), gate('swap', [0, 1])], 'M3b');
    }
  });

  it('gpi(φ) = Rz(2πφ) X Rz(-2πφ) = X Rz(-4πφ); gpi2(φ) = Rz(2πφ) Rx(π/2) Rz(-2πφ)', () => {
    for (const phi of draws(5, 3)) {
      same(1, [gpi(0, phi)], [Z(0, -2 * PI * phi), gate('x', [0]), Z(0, 2 * PI * phi)], 'gpi conj');
      same(1, [gpi(0, phi)], [Z(0, -4 * PI * phi), gate('x', [0])], 'gpi = X Rz');
      same(1, [gpi2(0, phi)], [Z(0, -2 * PI * phi), gate('rx', [0], [], PI / 2), Z(0, 2 * PI * phi)], 'gpi2 conj');
    }
  });
});

describe('special values, inverses and products (S1-S3)', () => {
  it('special values', () => {
    same(1, [gpi(0, 0)], [gate('x', [0])], 'gpi(0) = x');
    same(1, [gpi(0, 0.25)], [gate('y', [0])], 'gpi(1/4) = y');
    same(1, [gpi2(0, 0)], [gate('v', [0])], 'gpi2(0) = v');
    same(1, [gpi2(0, 0)], [gate('rx', [0], [], PI / 2)], 'gpi2(0) = rx(π/2)');
    same(1, [gpi2(0, 0.5)], [gate('vi', [0])], 'gpi2(1/2) = vi');
    same(1, [gpi2(0, 0.25)], [gate('ry', [0], [], PI / 2)], 'gpi2(1/4) = ry(π/2)');
    same(1, [gpi2(0, 0.75)], [gate('ry', [0], [], -PI / 2)], 'gpi2(3/4) = ry(-π/2)');
    same(1, [gpi2(0, -0.25)], [gpi2(0, 0.75)], 'gpi2(-1/4) = gpi2(3/4)');
  });

  it('inverses and products', () => {
    for (const [phi, p1, t, t2] of [draws(4, 4), draws(4, 5), draws(4, 6), draws(4, 7)].map<number[]>(
      (d, i) => [d[0], d[1], d[2], d[3] ?? i] as number[],
    )) {
      const [a, b, th, th2] = [phi as number, p1 as number, (t as number) / 4, (t2 as number) / 4];
      same(1, [gpi(0, a), gpi(0, a)], [], 'gpi self-inverse');
      same(1, [gpi2(0, a), gpi2(0, a + 0.5)], [], 'gpi2 inverse');
      same(2, [ms(0, 1, a, b, th), ms(0, 1, a + 0.5, b, th)], [], 'ms inverse by phase');
      same(2, [ms(0, 1, a, b, -th)], [ms(0, 1, a + 0.5, b, th)], 'S3a');
      same(2, [zz(0, 1, th), zz(0, 1, -th)], [], 'zz inverse');
      same(1, [gpi2(0, a), gpi2(0, a)], [gpi(0, a)], 'gpi2 twice is gpi');
      same(2, [ms(0, 1, a, b, th), ms(0, 1, a, b, th2)], [ms(0, 1, a, b, th + th2)], 'S3b: ms angles add');
      const big = 0.25 + th; // in (1/4, 1/2]
      same(2, [ms(0, 1, a, b, big)], [ms(0, 1, a + 0.5, b, 0.5 - big), gpi(0, a), gpi(1, b)], 'S3c');
      same(2, [zz(0, 1, big)], [zz(0, 1, big - 0.5), gate('z', [0]), gate('z', [1])], 'S3d');
      for (const p of [0, 0.5]) {
        same(2, [gpi(0, p), ms(0, 1, 0, 0, th)], [ms(0, 1, 0, 0, th), gpi(0, p)], 'S3e gpi');
        same(2, [gpi2(1, p), ms(0, 1, 0, 0, th)], [ms(0, 1, 0, 0, th), gpi2(1, p)], 'S3e gpi2');
      }
      same(2, [gpi(0, a), zz(0, 1, th)], [zz(0, 1, -th), gpi(0, a)], 'S3f');
    }
  });
});

describe('virtual Z (V1, V2)', () => {
  it('pushes Z later through every native gate and folds diagonal gates into Z', () => {
    for (const [phi, theta, other] of [0, 1, 2, 3, 4].map((i) => draws(3, 10 + i, 2 * PI))) {
      const p = (phi as number) / (2 * PI);
      const th = theta as number;
      const ot = other as number;
      same(1, [Z(0, th), gpi(0, p)], [gpi(0, p - th / (2 * PI)), Z(0, th)], 'V1a');
      same(1, [Z(0, th), gpi2(0, p)], [gpi2(0, p - th / (2 * PI)), Z(0, th)], 'V1b');
      same(
        2,
        [Z(0, th), Z(1, ot), ms(0, 1, p, 0.3, 0.2)],
        [ms(0, 1, p - th / (2 * PI), 0.3 - ot / (2 * PI), 0.2), Z(0, th), Z(1, ot)],
        'V1c',
      );
      same(2, [Z(0, th), Z(1, ot), zz(0, 1, 0.2)], [zz(0, 1, 0.2), Z(0, th), Z(1, ot)], 'V1d');
      same(1, [Z(0, th), gpi(0, p)], [gpi(0, p - th / (4 * PI))], 'V2a before');
      same(1, [gpi(0, p), Z(0, th)], [gpi(0, p + th / (4 * PI))], 'V2a after');
    }
    same(1, [gate('z', [0])], [Z(0, PI)], 'V2b z');
    same(1, [gate('s', [0])], [Z(0, PI / 2)], 'V2b s');
    same(1, [gate('si', [0])], [Z(0, -PI / 2)], 'V2b si');
    same(1, [gate('t', [0])], [Z(0, PI / 4)], 'V2b t');
    same(1, [gate('ti', [0])], [Z(0, -PI / 4)], 'V2b ti');
  });
});

describe('single-qubit rules (L1-L7)', () => {
  it('h, rx, ry, U3 and the vendor 3-pulse forms', () => {
    same(1, [h(0)], [Z(0, PI), gpi2(0, 0.25)], 'L1a');
    same(1, [h(0)], [gpi2(0, 0.25), gpi(0, 0)], 'L1b');
    same(1, [h(0)], [gpi(0, 0), gpi2(0, -0.25)], 'L1c');
    for (const [theta, phi, lambda] of [0, 1, 2, 3, 4].map((i) => draws(3, 20 + i, 4 * PI, -2 * PI))) {
      const [th, ph, la] = [theta as number, phi as number, lambda as number];
      same(1, [gate('rx', [0], [], th)], [gpi2(0, -0.25), Z(0, th), gpi2(0, 0.25)], 'L2');
      same(1, [gate('ry', [0], [], th)], [gpi2(0, 0), Z(0, th), gpi2(0, 0.5)], 'L3');
      const u3 = [Z(0, la), gate('ry', [0], [], th), Z(0, ph)];
      same(1, u3, [Z(0, la), gpi2(0, 0), Z(0, th + PI), gpi2(0, 0), Z(0, ph + PI)], 'L4');
      const t = 2 * PI;
      same(1, u3, [gpi2(0, 0.5 - la / t), gpi(0, (th + ph - la) / (2 * t)), gpi2(0, 0.5 + ph / t)], 'L5 qiskit-ionq');
      same(
        1,
        u3,
        [gpi2(0, (PI - la) / t), gpi(0, (th / 2 + ph / 2 - la / 2) / t), gpi2(0, (PI + ph) / t)],
        'L6 cirq-ionq',
      );
      same(1, [gate('rx', [0], [], th)], [gpi2(0, 0.25), gpi(0, th / (4 * PI) - 0.25), gpi2(0, 0.25)], 'L7 rx');
      same(1, [gate('ry', [0], [], th)], [gpi2(0, 0.5), gpi(0, th / (4 * PI)), gpi2(0, 0.5)], 'L7 ry');
      same(1, [Z(0, th)], [gpi(0, -th / (4 * PI)), gpi(0, 0)], 'L7 rz');
    }
  });
});

describe('two-qubit templates (C1-C9) and the Toffoli', () => {
  const cnot = [cx(0, 1)];
  it('CNOT on both families', () => {
    same(2, cnot, [gpi2(0, 0.25), ms(0, 1, 0, 0, 0.25), gpi2(0, 0.5), gpi2(1, 0.5), gpi2(0, -0.25)], 'C1');
    same(2, cnot, [h(1), zz(0, 1, 0.25), gate('si', [0]), gate('si', [1]), h(1)], 'C2');
    same(
      2,
      cnot,
      [
        gpi2(1, 0),
        gpi(1, -0.125),
        gpi2(1, 0.5),
        zz(0, 1, 0.25),
        gpi2(0, 0.75),
        gpi(0, 0.125),
        gpi2(0, 0.5),
        gpi2(1, 1.25),
        gpi(1, 0.5),
        gpi2(1, 0.5),
      ],
      'C3',
    );
    same(2, cnot, [gpi2(1, 0.75), zz(0, 1, 0.25), gpi2(1, 0.5), Z(0, -PI / 2), Z(1, 1.5 * PI)], 'C4');
    same(2, cnot, [gpi2(0, 0.75), ms(0, 1, 0, 0, 0.25), gpi2(0, 0.25), gpi2(1, 0), Z(0, PI / 2)], 'C9');
  });

  it('cz, xx, yy, zz and swap', () => {
    same(2, [gate('z', [1], [0])], [zz(0, 1, 0.25), Z(0, -PI / 2), Z(1, -PI / 2)], 'C5');
    for (const theta of draws(5, 30, 4 * PI, -2 * PI)) {
      const t = theta / (2 * PI);
      same(2, [gate('xx', [0, 1], [], theta)], theta >= 0 ? [ms(0, 1, 0, 0, t)] : [ms(0, 1, 0.5, 0, -t)], 'C6a xx');
      same(2, [gate('yy', [0, 1], [], theta)], [ms(0, 1, 0.25, 0.25, t)], 'C6a yy');
      same(
        2,
        [gate('zz', [0, 1], [], theta)],
        [gpi2(0, 0.75), gpi2(1, 0.75), ms(0, 1, 0, 0, t), gpi2(0, 0.25), gpi2(1, 0.25)],
        'C6b',
      );
      same(
        2,
        [gate('xx', [0, 1], [], theta)],
        [gpi2(0, 0.25), gpi2(1, 0.25), zz(0, 1, t), gpi2(0, 0.75), gpi2(1, 0.75)],
        'C6c',
      );
      same(
        2,
        [gate('yy', [0, 1], [], theta)],
        [gpi2(0, 0.5), gpi2(1, 0.5), zz(0, 1, t), gpi2(0, 0), gpi2(1, 0)],
        'C6d',
      );
      same(2, [gate('zz', [0, 1], [], theta)], [zz(0, 1, t)], 'C6e');
    }
    const zzHalfPi = [gpi2(0, 0.75), gpi2(1, 0.75), ms(0, 1, 0, 0, 0.25), gpi2(0, 0.25), gpi2(1, 0.25)];
    same(2, [gate('swap', [0, 1])], [...zzHalfPi, ms(0, 1, 0.25, 0.25, 0.25), ms(0, 1, 0, 0, 0.25)], 'C7');
    same(
      2,
      [gate('swap', [0, 1])],
      [ms(0, 1, 0, 0, 0.25), ...zzHalfPi, ms(0, 1, 0.25, 0.25, 0.25)],
      'C7 factors commute',
    );
    same(2, [gate('swap', [0, 1])], [cx(0, 1), cx(1, 0), cx(0, 1)], 'C8');
  });

  it('Toffoli as the all-to-all 6-CNOT sequence', () => {
    const [a, b, t] = [0, 1, 2];
    const T = (q: number) => gate('t', [q]);
    const Ti = (q: number) => gate('ti', [q]);
    same(
      3,
      [gate('x', [t], [a, b])],
      [
        h(t),
        cx(b, t),
        Ti(t),
        cx(a, t),
        T(t),
        cx(b, t),
        Ti(t),
        cx(a, t),
        T(b),
        T(t),
        cx(a, b),
        T(a),
        Ti(b),
        cx(a, b),
        h(t),
      ],
      'Toffoli',
    );
  });
});

afterAll(() => {
  console.log(`identities: ${oracleChecks()} oracle checks`);
});
