import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IrGate, IrOp } from '../../src/ir/types.js';
import { executeCircuit, type ExecuteOptions } from '../../src/simulator/engine/execute.js';
import { MemoryGuard } from '../../src/simulator/engine/memory.js';
import { exactDistribution } from '../../src/simulator/results/outcomes.js';
import { amplitudeAt } from '../../src/simulator/engine/state.js';
import { circuit, gate, measure, native, reset } from './helpers.js';

const QUBITS = 6;
const angle = fc.double({ min: -7, max: 7, noNaN: true });
const qubit = fc.integer({ min: 0, max: QUBITS - 1 });
const distinct = (k: number) => fc.uniqueArray(qubit, { minLength: k, maxLength: k });

const oneQubit = fc
  .record({ name: fc.constantFrom('x', 'y', 'z', 'h', 's', 'si', 't', 'ti', 'v', 'vi'), q: qubit })
  .map(({ name, q }) => gate(name as IrGate['name'], [q]));
const rotation = fc
  .record({ name: fc.constantFrom('rx', 'ry', 'rz'), q: qubit, a: angle })
  .map(({ name, q, a }) => gate(name as IrGate['name'], [q], [], a));
const controlled = fc
  .record({
    name: fc.constantFrom('x', 'z', 'rz', 'rx', 'ry'),
    qs: fc.integer({ min: 2, max: 4 }).chain(distinct),
    a: angle,
  })
  .map(({ name, qs, a }) =>
    gate(name as IrGate['name'], [qs[0] as number], qs.slice(1), ['rz', 'rx', 'ry'].includes(name) ? a : null),
  );
const twoQubit = fc
  .record({ name: fc.constantFrom('swap', 'xx', 'yy', 'zz'), qs: distinct(2), a: angle })
  .map(({ name, qs, a }) => gate(name as IrGate['name'], qs, [], name === 'swap' ? null : a));
const turns = fc.double({ min: -1, max: 1, noNaN: true });
const nativeGate = fc.oneof(
  fc.record({ q: qubit, p: turns, two: fc.boolean() }).map(({ q, p, two }) => native(two ? 'gpi2' : 'gpi', [q], [p])),
  fc
    .record({ qs: distinct(2), p0: turns, p1: turns, t: fc.double({ min: 0, max: 0.25, noNaN: true }) })
    .map(({ qs, p0, p1, t }) => native('ms', qs, [p0, p1], t)),
  fc.record({ qs: distinct(2), t: turns }).map(({ qs, t }) => native('zz', qs, [], t)),
);
const unitary: fc.Arbitrary<IrOp> = fc.oneof(oneQubit, rotation, controlled, twoQubit, nativeGate);
const ops = fc.array(unitary, { minLength: 1, maxLength: 40 });

const base = { memory: new MemoryGuard(1e9), maxBranches: 64 };
const CONFIGS: Record<string, Omit<ExecuteOptions, 'memory' | 'maxBranches'>> = {
  reference: { sparse: 'never', fuse: false, blockQubits: QUBITS, chunkQubits: QUBITS },
  sparse: { sparse: 'always', fuse: false, blockQubits: QUBITS, chunkQubits: QUBITS },
  auto: { sparse: 'auto', fuse: true, blockQubits: QUBITS, chunkQubits: QUBITS },
  fusedWhole: { sparse: 'never', fuse: true, blockQubits: QUBITS, chunkQubits: QUBITS },
  fusedBlocks: { sparse: 'never', fuse: true, blockQubits: 4, chunkQubits: 3 },
  fusedGather: { sparse: 'never', fuse: true, blockQubits: 3, chunkQubits: 2 },
};

function amplitudes(c: ReturnType<typeof circuit>) {
  return Object.fromEntries(
    Object.entries(CONFIGS).map(([name, config]) => {
      const state = executeCircuit(c, { ...base, ...config }).branches[0]!.state;
      const amps = new Map<number, [number, number]>();
      for (let i = 0; i < 2 ** QUBITS; i++) amps.set(i, amplitudeAt(state, i));
      return [name, amps];
    }),
  );
}

function distributions(c: ReturnType<typeof circuit>) {
  return Object.fromEntries(
    Object.entries(CONFIGS).map(([name, config]) => [
      name,
      exactDistribution(executeCircuit(c, { ...base, ...config })),
    ]),
  );
}

function expectSame(a: Map<unknown, number>, b: Map<unknown, number>): void {
  const keys = new Set([...a.keys(), ...b.keys()]);
  for (const k of keys) expect(Math.abs((a.get(k) ?? 0) - (b.get(k) ?? 0))).toBeLessThan(1e-9);
}

describe('sparse, dense, fused and blocked paths agree', () => {
  it('on random unitary circuits: same amplitudes, not only probabilities', () => {
    fc.assert(
      fc.property(ops, (list) => {
        const a = amplitudes(circuit(QUBITS, list));
        for (const name of Object.keys(CONFIGS)) {
          for (const [i, [re, im]] of a.reference!) {
            const [r2, i2] = a[name]!.get(i)!;
            expect(Math.abs(re - r2) + Math.abs(im - i2)).toBeLessThan(1e-9);
          }
        }
      }),
      { numRuns: 150, seed: 20261122 },
    );
  });

  it('on dense mixes of diagonal and non-diagonal gates, where chunking reorders most', () => {
    const q = fc.integer({ min: 0, max: 3 });
    const pair = fc.uniqueArray(q, { minLength: 2, maxLength: 2 });
    const small = fc.oneof(
      q.map((t) => gate('h', [t])),
      fc.record({ t: q, a: angle }).map(({ t, a }) => gate('rz', [t], [], a)),
      pair.map(([t, c]) => gate('z', [t as number], [c as number])),
      fc.record({ p: pair, a: angle }).map(({ p, a }) => gate('zz', p, [], a)),
      pair.map(([t, c]) => gate('x', [t as number], [c as number])),
    );
    const reference = { ...base, sparse: 'never', fuse: false, blockQubits: 4, chunkQubits: 4 } as const;
    const blocked = { ...base, sparse: 'never', fuse: true, blockQubits: 2, chunkQubits: 2 } as const;
    fc.assert(
      fc.property(fc.array(small, { minLength: 2, maxLength: 30 }), (list) => {
        const c = circuit(4, list);
        const a = executeCircuit(c, reference).branches[0]!.state;
        const b = executeCircuit(c, blocked).branches[0]!.state;
        for (let i = 0; i < 16; i++) {
          const [r1, i1] = amplitudeAt(a, i);
          const [r2, i2] = amplitudeAt(b, i);
          expect(Math.abs(r1 - r2) + Math.abs(i1 - i2)).toBeLessThan(1e-9);
        }
      }),
      { numRuns: 300, seed: 11 },
    );
  });

  it('on random circuits with mid-circuit measurement and reset', () => {
    const nonUnitary = fc.oneof(
      fc.record({ q: qubit, b: fc.integer({ min: 0, max: 3 }) }).map(({ q, b }) => measure(q, b)),
      qubit.map((q) => reset(q)),
    );
    const mixed = fc.array(fc.oneof({ arbitrary: unitary, weight: 6 }, { arbitrary: nonUnitary, weight: 1 }), {
      minLength: 1,
      maxLength: 30,
    });
    fc.assert(
      fc.property(mixed, (list) => {
        const c = circuit(QUBITS, list, [{ name: 'c', size: 4, offset: 0 }]);
        const d = distributions(c);
        for (const name of Object.keys(CONFIGS)) {
          expectSame(d[name]!.outputAll, d.reference!.outputAll);
          expectSame(d[name]!.registers.get('c')!, d.reference!.registers.get('c')!);
        }
        const total = [...d.reference!.outputAll.values()].reduce((s, p) => s + p, 0);
        expect(total).toBeCloseTo(1, 9);
      }),
      { numRuns: 80, seed: 7 },
    );
  });
});
