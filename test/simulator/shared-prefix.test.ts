import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { IrCircuit, IrGate } from '../../src/ir/types.js';
import { executeCircuit, type Execution } from '../../src/simulator/engine/execute.js';
import { unitaryOf, type UnitaryOp } from '../../src/simulator/kernels/matrices.js';
import {
  prefixSharingRunner,
  sharesPrefixes,
  withCoherent,
  type PatternGates,
} from '../../src/simulator/noise/shared-prefix.js';
import { circuit, gate, measure, reset, engineOptions } from './helpers.js';

const bits = (n: number) => [{ name: 'c', size: n, offset: 0 }];

const options = engineOptions();

const rotation = (name: IrGate['name'], targets: number[], angle: number): UnitaryOp =>
  unitaryOf({ kind: 'gate', name, targets, controls: [], rotation: angle });

function amplitudes(execution: Execution): { re: number[]; im: number[] } {
  const state = execution.branches[0]?.state;
  if (!state) throw new Error('no branch');
  const n = 2 ** execution.circuit.qubits;
  if (state.kind === 'dense') return { re: [...state.re], im: [...state.im] };
  const re = new Array<number>(n).fill(0);
  const im = new Array<number>(n).fill(0);
  for (const [i, a] of state.amplitudes) {
    re[i] = a.re;
    im[i] = a.im;
  }
  return { re, im };
}

/** Random circuits of h, rx, cx on 2-6 qubits with every qubit measured at the end. */
const circuits = fc.integer({ min: 2, max: 6 }).chain((qubits) =>
  fc
    .array(
      fc.oneof(
        fc.record({ kind: fc.constant('h' as const), q: fc.nat(qubits - 1) }),
        fc.record({
          kind: fc.constant('rx' as const),
          q: fc.nat(qubits - 1),
          angle: fc.double({ min: -3, max: 3, noNaN: true }),
        }),
        fc.record({ kind: fc.constant('cx' as const), q: fc.nat(qubits - 2) }),
      ),
      { minLength: 1, maxLength: 16 },
    )
    .map((ops) =>
      circuit(
        qubits,
        [
          ...ops.map((op) =>
            op.kind === 'cx'
              ? gate('x', [op.q + 1], [op.q])
              : op.kind === 'rx'
                ? gate('rx', [op.q], [], op.angle)
                : gate('h', [op.q]),
          ),
          ...Array.from({ length: qubits }, (_, q) => measure(q, q)),
        ],
        bits(qubits),
      ),
    ),
);

/** Over-rotations after every gate (XX or ZZ for two-qubit ones), and a random pattern of Paulis. */
function noiseOf(c: IrCircuit, entangler: 'xx' | 'zz', seed: number) {
  let s = seed;
  const next = () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
  const coherent = new Map<number, UnitaryOp[]>();
  const pattern: [number, UnitaryOp[]][] = [];
  c.ops.forEach((op, i) => {
    if (op.kind !== 'gate') return;
    const qubits = [...op.controls, ...op.targets];
    coherent.set(i, [
      qubits.length === 1 ? rotation('rx', qubits, 0.3 * next()) : rotation(entangler, qubits, 0.3 * next()),
    ]);
    if (next() > 0.3)
      pattern.push([i, qubits.map((q, k) => rotation((['x', 'y', 'z'] as const)[(k + seed) % 3] as 'x', [q], 0))]);
  });
  return { coherent, pattern };
}

describe('noisy runs sharing their error-free prefix', () => {
  it('give each error pattern the amplitudes the engine gives it (XX and ZZ over-rotations, random Paulis)', () => {
    fc.assert(
      fc.property(circuits, fc.constantFrom('xx' as const, 'zz' as const), fc.nat(1000), (c, entangler, seed) => {
        expect(sharesPrefixes(c)).toBe(true);
        const { coherent, pattern } = noiseOf(c, entangler, seed);
        // Each pattern twice: the second run starts from arrays the first ones gave back (recycle).
        const patterns: PatternGates[] = [[], pattern, pattern, []];
        const firstErrors = new Set(pattern.length ? [(pattern[0] as [number, UnitaryOp[]])[0]] : []);
        const runner = prefixSharingRunner(c, coherent, firstErrors, options.memory);
        for (const hits of patterns) {
          const insertAfter = new Map(coherent);
          for (const [op, gates] of hits) insertAfter.set(op, [...(insertAfter.get(op) ?? []), ...gates]);
          const expected = amplitudes(executeCircuit(c, { ...options, insertAfter }));
          const execution = runner.run(hits);
          const actual = amplitudes(execution);
          runner.recycle(execution);
          actual.re.forEach((v, i) => expect(v).toBeCloseTo(expected.re[i] as number, 12));
          actual.im.forEach((v, i) => expect(v).toBeCloseTo(expected.im[i] as number, 12));
        }
        runner.release();
      }),
      { numRuns: 60 },
    );
  });

  it('leaves circuits with a mid-circuit measurement, a reset or more than 10 qubits to the engine', () => {
    const midCircuit = [gate('h', [0]), measure(0, 0), gate('x', [1], [0]), measure(1, 1)];
    expect(sharesPrefixes(circuit(2, midCircuit, bits(2)))).toBe(false);
    expect(sharesPrefixes(circuit(1, [gate('h', [0]), reset(0), measure(0, 0)], bits(1)))).toBe(false);
    expect(sharesPrefixes(circuit(11, [gate('h', [0]), measure(0, 0)], bits(1)))).toBe(false);
    expect(sharesPrefixes(circuit(10, [gate('h', [0]), measure(0, 0)], bits(1)))).toBe(true);
  });

  it("makes an op's passes with its over-rotation once per over-rotation list (each variant and job on a device reuses them)", () => {
    const over = [rotation('rx', [1], 0.05)];
    const fused = withCoherent(unitaryOf(gate('h', [1])), [], over);
    // Another h on the same qubit (another op object, the same fixed matrix): the same fused pass.
    expect(withCoherent(unitaryOf(gate('h', [1])), [], over)).toBe(fused);
    expect(fused).toHaveLength(1);
    // Another list (another over-rotation, or another device's): passes of its own.
    expect(withCoherent(unitaryOf(gate('h', [1])), [], [rotation('rx', [1], 0.05)])).not.toBe(fused);
    // A two-qubit gate keeps its own passes, followed by the list's, which are made once.
    const entangling = [rotation('xx', [0, 1], 0.02)];
    const cx = unitaryOf(gate('x', [1], [0]));
    const own = [() => undefined];
    const first = withCoherent(cx, own, entangling);
    const second = withCoherent(cx, own, entangling);
    expect(first[0]).toBe(own[0]);
    expect(second[1]).toBe(first[1]);
    // The joined list itself is made once per list and own passes: each variant of a job reuses it.
    expect(second).toBe(first);
    const otherOwn = [() => undefined];
    const other = withCoherent(cx, otherOwn, entangling);
    expect(other).not.toBe(first);
    expect(other[0]).toBe(otherOwn[0]);
    expect(other[1]).toBe(first[1]);
  });
});
