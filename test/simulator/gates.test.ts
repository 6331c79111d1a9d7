import { describe, expect, it } from 'vitest';
import { unitaryOf } from '../../src/simulator/kernels/matrices.js';
import { executeCircuit } from '../../src/simulator/engine/execute.js';
import { MemoryGuard } from '../../src/simulator/engine/memory.js';
import type { DenseState } from '../../src/simulator/engine/state.js';
import type { IrGate, IrNativeGate } from '../../src/ir/types.js';
import { circuit, expi, gate, native, referenceApply, type C } from './helpers.js';

// Independent definitions: Pauli and rotation matrices written out by hand.
const I: C[][] = [
  [
    [1, 0],
    [0, 0],
  ],
  [
    [0, 0],
    [1, 0],
  ],
];
const X: C[][] = [
  [
    [0, 0],
    [1, 0],
  ],
  [
    [1, 0],
    [0, 0],
  ],
];
const Y: C[][] = [
  [
    [0, 0],
    [0, -1],
  ],
  [
    [0, 1],
    [0, 0],
  ],
];
const Z: C[][] = [
  [
    [1, 0],
    [0, 0],
  ],
  [
    [0, 0],
    [-1, 0],
  ],
];
const scale = (m: C[][], s: C): C[][] =>
  m.map((r) => r.map(([a, b]) => [a * s[0] - b * s[1], a * s[1] + b * s[0]] as C));
const add = (a: C[][], b: C[][]): C[][] =>
  a.map((r, i) => r.map((x, j) => [x[0] + (b[i] as C[])[j]![0], x[1] + (b[i] as C[])[j]![1]] as C));
const kron = (a: C[][], b: C[][]): C[][] =>
  Array.from({ length: a.length * b.length }, (_, r) =>
    Array.from({ length: a.length * b.length }, (_, c) => {
      const x = (a[Math.floor(r / b.length)] as C[])[Math.floor(c / b.length)] as C;
      const y = (b[r % b.length] as C[])[c % b.length] as C;
      return [x[0] * y[0] - x[1] * y[1], x[0] * y[1] + x[1] * y[0]] as C;
    }),
  );
/** exp(-i a P) = cos(a) I - i sin(a) P for a Pauli (product) P. */
const pauliExp = (a: number, P: C[][]): C[][] =>
  add(
    scale(
      P.map((r, i) => r.map((_, j) => (i === j ? [1, 0] : [0, 0]))),
      [Math.cos(a), 0],
    ),
    scale(P, [0, -Math.sin(a)]),
  );
const sigma = (phiTurns: number): C[][] =>
  add(scale(X, [Math.cos(2 * Math.PI * phiTurns), 0]), scale(Y, [Math.sin(2 * Math.PI * phiTurns), 0]));
const diag = (...d: C[]): C[][] => d.map((x, i) => d.map((_, j) => (i === j ? x : [0, 0])));
const h = Math.SQRT1_2;

const theta = 0.7312;
const QIS_CASES: [IrGate, C[][]][] = [
  [gate('x', [0]), X],
  [gate('y', [0]), Y],
  [gate('z', [0]), Z],
  [
    gate('h', [0]),
    [
      [
        [h, 0],
        [h, 0],
      ],
      [
        [h, 0],
        [-h, 0],
      ],
    ],
  ],
  [gate('s', [0]), diag([1, 0], [0, 1])],
  [gate('si', [0]), diag([1, 0], [0, -1])],
  [gate('t', [0]), diag([1, 0], expi(Math.PI / 4))],
  [gate('ti', [0]), diag([1, 0], expi(-Math.PI / 4))],
  // v = sqrt(X): v·v = X, and v = e^{iπ/4} rx(π/2).
  [gate('v', [0]), scale(pauliExp(Math.PI / 4, X), expi(Math.PI / 4))],
  [gate('vi', [0]), scale(pauliExp(-Math.PI / 4, X), expi(-Math.PI / 4))],
  [gate('rx', [0], [], theta), pauliExp(theta / 2, X)],
  [gate('ry', [0], [], theta), pauliExp(theta / 2, Y)],
  [gate('rz', [0], [], theta), pauliExp(theta / 2, Z)],
  [
    gate('swap', [0, 1]),
    [
      [
        [1, 0],
        [0, 0],
        [0, 0],
        [0, 0],
      ],
      [
        [0, 0],
        [0, 0],
        [1, 0],
        [0, 0],
      ],
      [
        [0, 0],
        [1, 0],
        [0, 0],
        [0, 0],
      ],
      [
        [0, 0],
        [0, 0],
        [0, 0],
        [1, 0],
      ],
    ],
  ],
  [gate('xx', [0, 1], [], theta), pauliExp(theta / 2, kron(X, X))],
  [gate('yy', [0, 1], [], theta), pauliExp(theta / 2, kron(Y, Y))],
  [gate('zz', [0, 1], [], theta), pauliExp(theta / 2, kron(Z, Z))],
];

const NATIVE_CASES: [IrNativeGate, C[][]][] = [
  [native('gpi', [0], [0.137]), sigma(0.137)],
  [native('gpi2', [0], [0.137]), pauliExp(Math.PI / 4, sigma(0.137))],
  [native('ms', [0, 1], [0.137, 0.61], 0.19), pauliExp(Math.PI * 0.19, kron(sigma(0.137), sigma(0.61)))],
  [native('ms', [0, 1], [0, 0], null), pauliExp(Math.PI * 0.25, kron(X, X))],
  [native('zz', [0, 1], [], -0.11), pauliExp(Math.PI * -0.11, kron(Z, Z))],
];

function matrixOf(m: Float64Array): C[][] {
  const size = Math.sqrt(m.length / 2);
  return Array.from({ length: size }, (_, r) =>
    Array.from({ length: size }, (_, c) => [m[2 * (r * size + c)], m[2 * (r * size + c) + 1]] as C),
  );
}

function expectClose(actual: C[][], expected: C[][]): void {
  expected.forEach((row, r) =>
    row.forEach((x, c) => {
      const y = (actual[r] as C[])[c] as C;
      expect(Math.abs(y[0] - x[0]) + Math.abs(y[1] - x[1])).toBeLessThan(1e-12);
    }),
  );
}

describe('gate matrices', () => {
  it.each(QIS_CASES.map(([g, m]) => [g.name, g, m] as const))('%s matches its definition', (_, g, m) => {
    expectClose(matrixOf(unitaryOf(g).matrix), m);
  });
  it.each(NATIVE_CASES.map(([g, m], i) => [`${g.name} #${i}`, g, m] as const))(
    '%s matches its operator form',
    (_, g, m) => {
      expectClose(matrixOf(unitaryOf(g).matrix), m);
    },
  );
  it('v squared is X and vi undoes v', () => {
    const v = matrixOf(unitaryOf(gate('v', [0])).matrix);
    const vi = matrixOf(unitaryOf(gate('vi', [0])).matrix);
    const mul = (a: C[][], b: C[][]) =>
      a.map((r) =>
        b[0]!.map((_, c) =>
          r.reduce(
            (s, x, k) =>
              [s[0] + x[0] * b[k]![c]![0] - x[1] * b[k]![c]![1], s[1] + x[0] * b[k]![c]![1] + x[1] * b[k]![c]![0]] as C,
            [0, 0] as C,
          ),
        ),
      );
    expectClose(mul(v, v), X);
    expectClose(mul(v, vi), I);
  });
});

/** A fixed, asymmetric 4-qubit state with every amplitude distinct. */
function prepared(): C[] {
  const amps = Array.from({ length: 16 }, (_, i) => [Math.cos(i * 1.3 + 0.2), Math.sin(i * 0.7 - 0.4)] as C);
  const norm = Math.sqrt(amps.reduce((s, [a, b]) => s + a * a + b * b, 0));
  return amps.map(([a, b]) => [a / norm, b / norm]);
}

describe('kernels apply each gate on the right qubits, with controls', () => {
  const placements: [number[], number[]][] = [
    [[0], []],
    [[3], []],
    [[2], [0]],
    [[1], [3, 0]],
    [[0, 3], []],
    [[3, 1], []],
    [[2, 0], [1]],
  ];
  const all: (IrGate | IrNativeGate)[] = [...QIS_CASES.map(([g]) => g), ...NATIVE_CASES.map(([g]) => g)];
  for (const g of all) {
    for (const [targets, controls] of placements) {
      if (targets.length !== g.targets.length) continue;
      if (g.kind === 'native' && controls.length) continue;
      it(`${g.name} on ${targets.join(',')} controlled by [${controls.join(',')}]`, () => {
        const placed = g.kind === 'gate' ? { ...g, targets, controls } : { ...g, targets };
        const initial = prepared();
        const expected = referenceApply(initial, matrixOf(unitaryOf(g).matrix), targets, controls);
        for (const config of [
          { blockQubits: 4, chunkQubits: 4 },
          { blockQubits: 2, chunkQubits: 2 },
        ]) {
          const run = executeCircuit(circuit(4, [placed]), {
            sparse: 'never',
            fuse: true,
            ...config,
            memory: new MemoryGuard(1e9),
            maxBranches: 1,
          });
          const state = run.branches[0]!.state as DenseState;
          // Start from the prepared state instead of |0>: load it, then re-run the gate.
          state.re.set(initial.map((a) => a[0]));
          state.im.set(initial.map((a) => a[1]));
          const again = executeCircuitOn(state, placed, config);
          expected.forEach(([re, im], i) => {
            expect(again.re[i]).toBeCloseTo(re, 12);
            expect(again.im[i]).toBeCloseTo(im, 12);
          });
        }
      });
    }
  }
});

import { evolve } from '../../src/simulator/engine/evolve.js';
function executeCircuitOn(
  state: DenseState,
  g: IrGate | IrNativeGate,
  config: { blockQubits: number; chunkQubits: number },
): DenseState {
  return evolve(state, [unitaryOf(g)], {
    sparse: 'never',
    fuse: true,
    ...config,
    memory: new MemoryGuard(1e9),
  }) as DenseState;
}
