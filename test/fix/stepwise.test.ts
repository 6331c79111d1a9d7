/**
 * The step-by-step proof (src/api/fix/stepwise.ts): it must prove rewrites
 * that keep the original's order at any width, with mid-circuit
 * measurement, and never prove a rewrite that changes what a program does.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fix } from '../../src/index.js';
import { proveStepwise, type Step } from '../../src/api/fix/stepwise.js';

const gate = (matrix: number[], targets: number[], controls: number[] = [], controlValues?: number[]): Step => ({
  kind: 'unitary',
  op: {
    matrix: new Float64Array(matrix),
    targets,
    controls,
    controlValues: controlValues ?? controls.map(() => 1),
  },
});
const S2 = Math.SQRT1_2;
const X = (q: number, controls: number[] = []) => gate([0, 0, 1, 0, 1, 0, 0, 0], [q], controls);
const Z = (q: number) => gate([1, 0, 0, 0, 0, 0, -1, 0], [q]);
const H = (q: number) => gate([S2, 0, S2, 0, S2, 0, -S2, 0], [q]);
const rz = (t: number, q: number) =>
  gate([Math.cos(-t / 2), Math.sin(-t / 2), 0, 0, 0, 0, Math.cos(t / 2), Math.sin(t / 2)], [q]);
const measure = (qubit: number, bit: number): Step => ({ kind: 'measure', qubit, bit });

describe('proveStepwise', () => {
  it('proves a gate replaced by an equal sequence (CZ as H CX H, a phase apart from rz)', () => {
    const cz = gate([1, 0, 0, 0, 0, 0, -1, 0], [1], [0]);
    expect(proveStepwise([cz, X(3)], [H(1), X(1, [0]), H(1), X(3)])).toBe(true);
    // Z = e^{iπ/2} rz(π): equal up to a phase.
    expect(proveStepwise([Z(7)], [rz(Math.PI, 7)])).toBe(true);
  });

  it('refuses a rewrite that changes a gate, its wire, or its control value', () => {
    expect(proveStepwise([X(0)], [Z(0)])).toBe(false);
    expect(proveStepwise([X(0)], [X(1)])).toBe(false);
    expect(proveStepwise([X(1, [0])], [gate([0, 0, 1, 0, 1, 0, 0, 0], [1], [0], [0])])).toBe(false);
    // A dropped gate that is not the identity, and an added one.
    expect(proveStepwise([H(0), X(1)], [X(1)])).toBe(false);
    expect(proveStepwise([X(1)], [X(1), H(2)])).toBe(false);
  });

  it('keeps measurements and resets in place: moved across a gate on their qubit, or another bit, is refused', () => {
    expect(proveStepwise([H(0), measure(0, 0), X(0)], [H(0), measure(0, 0), X(0)])).toBe(true);
    expect(proveStepwise([H(0), measure(0, 0), X(0)], [H(0), X(0), measure(0, 0)])).toBe(false);
    expect(proveStepwise([measure(0, 0), measure(1, 1)], [measure(0, 1), measure(1, 0)])).toBe(false);
    expect(proveStepwise([{ kind: 'reset', qubit: 2 }], [{ kind: 'reset', qubit: 3 }])).toBe(false);
  });

  it('lets an overwritten result go to a bit the original never names, and nothing else', () => {
    const original = [H(0), measure(0, 0), X(1), measure(1, 0)];
    expect(proveStepwise(original, [H(0), measure(0, 5), X(1), measure(1, 0)])).toBe(true);
    // The surviving (last) result must keep its bit; a bit the original uses is not fresh.
    expect(proveStepwise(original, [H(0), measure(0, 0), X(1), measure(1, 5)])).toBe(false);
    expect(
      proveStepwise(
        [H(0), measure(0, 0), X(1), measure(1, 0), measure(2, 1)],
        [H(0), measure(0, 1), X(1), measure(1, 0), measure(2, 1)],
      ),
    ).toBe(false);
  });

  it('proves splittings and refuses perturbations of random circuits (fast-check)', () => {
    const step = fc.oneof(
      fc
        .record({ q: fc.integer({ min: 0, max: 30 }), t: fc.double({ min: -3, max: 3, noNaN: true }) })
        .map(({ q, t }) => rz(t, q)),
      fc.integer({ min: 0, max: 30 }).map(H),
      fc
        .tuple(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 0, max: 30 }))
        .filter(([a, b]) => a !== b)
        .map(([a, b]) => X(b, [a])),
    );
    fc.assert(
      fc.property(fc.array(step, { minLength: 1, maxLength: 30 }), fc.nat(), (original, at) => {
        // rz(t) as rz(t/3) three times, H as Z·(X-rotation form) kept exact: H = rz(π/2)·(√X)·rz(π/2) up to phase.
        const split = original.flatMap((s) => {
          if (s.kind !== 'unitary' || s.op.controls.length > 0) return [s];
          const q = s.op.targets[0] as number;
          const re = s.op.matrix[0] as number;
          if (Math.abs(re - S2) < 1e-12 && Math.abs((s.op.matrix[6] as number) + S2) < 1e-12) {
            const sx = gate([0.5, 0.5, 0.5, -0.5, 0.5, -0.5, 0.5, 0.5], [q]);
            return [rz(Math.PI / 2, q), sx, rz(Math.PI / 2, q)];
          }
          const t = 2 * Math.atan2(s.op.matrix[7] as number, s.op.matrix[6] as number);
          return [rz(t / 3, q), rz(t / 3, q), rz(t / 3, q)];
        });
        expect(proveStepwise(original, split)).toBe(true);
        // An X inserted anywhere changes the circuit (no identity window can absorb it: X is not a phase).
        const k = at % (split.length + 1);
        const perturbed = [...split.slice(0, k), X(31), ...split.slice(k)];
        expect(proveStepwise(original, perturbed)).toBe(false);
      }),
      { numRuns: 200, seed: 26 },
    );
  });
});

describe('fix proves what whole-program simulation could not', () => {
  it("a 29-qubit program, the simulator target's width", () => {
    const lines = ['OPENQASM 3.0;', 'include "stdgates.inc";', 'qubit[29] q;', 'bit[29] c;'];
    for (let k = 0; k < 28; k++)
      lines.push(`cp(pi/${k + 2}) q[${k}], q[${k + 1}];`, `u3(0.1, 0.2, ${k / 10}) q[${k}];`);
    lines.push('ccx q[0], q[15], q[28];', 'c = measure q;');
    const r = fix(lines.join('\n'));
    expect(r.ok).toBe(true);
    expect(r.equivalent).toBe(true);
  });

  it('a qubit measured and used again (mid-circuit measurement)', () => {
    const r = fix('qubit[2] q;\nbit[2] c;\nh q[0];\nc[0] = measure q[0];\ncp(pi/3) q[0], q[1];\nc[1] = measure q[1];');
    expect(r.source).toContain('ctrl @ rz');
    expect(r.equivalent).toBe(true);
  });
});
