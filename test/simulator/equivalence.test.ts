import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { IrGate, IrOp } from '../../src/ir/types.js';
import { compareCircuits } from '../../src/simulator/equivalence.js';
import { circuit, gate, measure, native, reset } from './helpers.js';

describe('compareCircuits', () => {
  it('accepts h = rz(π/2) rx(π/2) rz(π/2) up to global phase, exactly', () => {
    const a = circuit(1, [gate('h', [0])]);
    const b = circuit(1, [
      gate('rz', [0], [], Math.PI / 2),
      gate('rx', [0], [], Math.PI / 2),
      gate('rz', [0], [], Math.PI / 2),
    ]);
    const r = compareCircuits(a, b);
    expect(r).toMatchObject({ equivalent: true, method: 'unitary' });
    expect(r.maxDeviation).toBeLessThan(1e-12);
  });

  it('accepts the native CNOT template on Aria (native-gates.md): 1 ms + gpi2s', () => {
    // cx c=0, t=1 = GPI2(1/4)_c, MS(0,0,1/4), GPI2(1/2)_c, GPI2(1/2)_t, GPI2(-1/4)_c
    const a = circuit(2, [gate('x', [1], [0])]);
    const b = circuit(2, [
      native('gpi2', [0], [0.25]),
      native('ms', [0, 1], [0, 0], 0.25),
      native('gpi2', [0], [0.5]),
      native('gpi2', [1], [0.5]),
      native('gpi2', [0], [-0.25]),
    ]);
    expect(compareCircuits(a, b).equivalent).toBe(true);
  });

  it('rejects a flipped rz sign although the probabilities agree', () => {
    const a = circuit(1, [gate('h', [0]), gate('rz', [0], [], 0.3)]);
    const b = circuit(1, [gate('h', [0]), gate('rz', [0], [], -0.3)]);
    const r = compareCircuits(a, b);
    expect(r.equivalent).toBe(false);
    expect(r.maxDeviation).toBeGreaterThan(0.1);
  });

  it('rejects a relative phase that a global phase cannot explain (z vs identity)', () => {
    expect(compareCircuits(circuit(1, [gate('z', [0])]), circuit(1, [])).equivalent).toBe(false);
  });

  it('compares beyond the exact limit on random states', () => {
    const ghz = (n: number) => [gate('h', [0]), ...Array.from({ length: n - 1 }, (_, i) => gate('x', [i + 1], [i]))];
    const a = circuit(14, ghz(14));
    const b = circuit(14, [...ghz(14), gate('rz', [5], [], 2 * Math.PI)]); // rz(2π) = -I: a global phase
    expect(compareCircuits(a, b)).toMatchObject({ equivalent: true, method: 'random-states' });
    const c = circuit(14, [...ghz(14), gate('rz', [5], [], 1e-3)]);
    expect(compareCircuits(a, c)).toMatchObject({ equivalent: false, method: 'random-states' });
  });

  it('requires the same final measurements and refuses non-unitary circuits', () => {
    const bell = [gate('h', [0]), gate('x', [1], [0])];
    expect(compareCircuits(circuit(2, [...bell, measure(0, 0)]), circuit(2, [...bell, measure(1, 0)])).method).toBe(
      'measurements-differ',
    );
    expect(compareCircuits(circuit(2, [...bell, measure(0, 0)]), circuit(2, [...bell, measure(0, 0)])).equivalent).toBe(
      true,
    );
    expect(compareCircuits(circuit(2, [reset(0), ...bell]), circuit(2, bell)).method).toBe('non-unitary');
  });

  const q = fc.integer({ min: 0, max: 3 });
  const angle = fc.double({ min: 0.05, max: 3, noNaN: true });
  const op: fc.Arbitrary<IrOp> = fc.oneof(
    fc.record({ n: fc.constantFrom('h', 'x', 's', 't', 'v'), t: q }).map(({ n, t }) => gate(n as IrGate['name'], [t])),
    fc
      .record({ n: fc.constantFrom('rx', 'ry', 'rz'), t: q, a: angle })
      .map(({ n, t, a }) => gate(n as IrGate['name'], [t], [], a)),
    fc.uniqueArray(q, { minLength: 2, maxLength: 2 }).map(([t, c]) => gate('x', [t as number], [c as number])),
  );

  it('accepts any circuit against itself with an x x pair inserted, and rejects it with one rotation sign flipped', () => {
    fc.assert(
      fc.property(fc.array(op, { minLength: 1, maxLength: 25 }), fc.nat(), q, (ops, pick, t) => {
        const a = circuit(4, ops);
        const padded = circuit(4, [...ops.slice(0, 1), gate('x', [t]), gate('x', [t]), ...ops.slice(1)]);
        expect(compareCircuits(a, padded).equivalent).toBe(true);
        const rotations = ops.map((o, i) => [o, i] as const).filter(([o]) => o.kind === 'gate' && o.rotation !== null);
        if (rotations.length === 0) return;
        const [target, at] = rotations[pick % rotations.length]!;
        const flipped = ops.map((o, i) =>
          i === at ? { ...(target as IrGate), rotation: -((target as IrGate).rotation as number) } : o,
        );
        expect(compareCircuits(a, circuit(4, flipped)).equivalent).toBe(false);
      }),
      { numRuns: 100, seed: 3 },
    );
  });
});

import { checkEquivalence } from '../../src/api/equivalence.js';

describe('checkEquivalence (public API)', () => {
  it('takes OpenQASM text: accepts an identity, rejects a flipped rz sign', () => {
    const h = 'qubit[1] q; h q[0];';
    expect(checkEquivalence(h, 'qubit[1] q; rz(pi/2) q[0]; rx(pi/2) q[0]; rz(pi/2) q[0];')).toMatchObject({
      equivalent: true,
      method: 'unitary',
    });
    const plus = 'qubit[2] q; h q[0]; cx q[0], q[1]; rz(0.25) q[1];';
    const minus = 'qubit[2] q; h q[0]; cx q[0], q[1]; rz(-0.25) q[1];';
    expect(checkEquivalence(plus, minus).equivalent).toBe(false);
  });

  it('reports unloadable input instead of throwing', () => {
    const r = checkEquivalence('qubit[1] q; foo q[0];', 'qubit[1] q;');
    expect(r).toMatchObject({ equivalent: false, method: 'invalid-input' });
    expect(r.diagnostics[0]?.reason).toBe('Unknown gate: foo');
  });
});
