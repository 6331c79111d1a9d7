/** The gate-count goals (at most), per family, each result proven by the oracle. */
import { describe, expect, it } from 'vitest';
import type { IrCircuit, IrOp } from '../../src/ir/types.js';
import type { NativeFamily } from '../../src/native/index.js';
import { circuitOf, gate } from '../oracle/circuits.js';
import { counts, lowerAndProve } from './helpers.js';

const cx = (c: number, t: number): IrOp => gate('x', [t], [c]);

function qft4(): IrCircuit {
  const ops: IrOp[] = [];
  for (let i = 0; i < 4; i++) {
    ops.push(gate('h', [i]));
    for (let j = i + 1; j < 4; j++)
      ops.push(gate('rz', [i], [j], Math.PI / 2 ** (j - i)), gate('rz', [j], [], Math.PI / 2 ** (j - i + 1)));
  }
  ops.push(gate('swap', [0, 3]), gate('swap', [1, 2]));
  return circuitOf(4, ops);
}

const GOALS: readonly [string, IrCircuit, Record<NativeFamily, [number, number]>][] = [
  ['Bell', circuitOf(2, [gate('h', [0]), cx(0, 1)]), { ms: [1, 2], zz: [1, 3] }],
  ['GHZ-5', circuitOf(5, [gate('h', [0]), cx(0, 1), cx(1, 2), cx(2, 3), cx(3, 4)]), { ms: [4, 8], zz: [4, 9] }],
  ['Toffoli', circuitOf(3, [gate('x', [2], [0, 1])]), { ms: [6, 17], zz: [6, 12] }],
  ['QFT-4', qft4(), { ms: [18, 44], zz: [18, 34] }],
  ['swap', circuitOf(2, [gate('swap', [0, 1])]), { ms: [3, 7], zz: [3, 6] }],
  [
    '1-qubit run',
    circuitOf(1, [gate('rx', [0], [], 0.3), gate('ry', [0], [], 0.5), gate('rz', [0], [], 0.7), gate('h', [0])]),
    { ms: [0, 2], zz: [0, 2] },
  ],
];

describe.each(['ms', 'zz'] as const)('gate counts within the goals (%s)', (family) => {
  it.each(GOALS)('%s', (_name, circuit, goal) => {
    const c = counts(lowerAndProve(circuit, family));
    const [twoQubit, pulses] = goal[family];
    expect(c.twoQubit).toBeLessThanOrEqual(twoQubit);
    expect(c.pulses).toBeLessThanOrEqual(pulses);
  });
});
