/**
 * native(qis(x)) ≡ x: random circuits over the whole QIS gate set, random
 * angles (also large and negative, which exercise every fold), random
 * controls (up to the free wires), both families, with and without fusion.
 */
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { IrCircuit, IrOp } from '../../src/ir/types.js';
import { compareCircuits } from '../../src/simulator/equivalence.js';
import { lowerToNative } from '../../src/native/index.js';
import { circuitOf, gate, withFrames } from '../oracle/circuits.js';
import type { QisGateName } from '../../src/tables/index.js';
import { circuits, gateOn } from './arbitraries.js';
import { purifyResets } from '../oracle/purify.js';
import { expectEquivalent, oracleChecks } from '../oracle/count.js';
import { expectNormalised, FAMILIES, lowerAndProve } from './helpers.js';

/** Gates with mid-circuit measurements, at most two resets and barriers in between. */
const withNonUnitary = fc.integer({ min: 1, max: 3 }).chain((qubits) =>
  fc
    .array(
      fc.oneof(
        { weight: 6, arbitrary: gateOn(qubits) },
        { weight: 1, arbitrary: fc.nat(qubits - 1).map((q): IrOp => ({ kind: 'measure', qubit: q, bit: 0 })) },
        { weight: 1, arbitrary: fc.nat(qubits - 1).map((q): IrOp => ({ kind: 'reset', qubit: q })) },
        { weight: 1, arbitrary: fc.constant<IrOp>({ kind: 'barrier' }) },
      ),
      { minLength: 1, maxLength: 10 },
    )
    .filter((ops) => ops.filter((o) => o.kind === 'reset').length <= 2)
    .map((ops) => circuitOf(qubits, ops)),
);

/** A reflection (x, y, z, h) controlled by all other qubits of 5, or a swap controlled by the other 3: a gate with no wire left. */
const spanningGate: fc.Arbitrary<IrOp> = fc
  .record({
    name: fc.constantFrom<QisGateName>('x', 'y', 'z', 'h', 'swap'),
    order: fc.shuffledSubarray([0, 1, 2, 3, 4], { minLength: 5, maxLength: 5 }),
  })
  .map(({ name, order }) => {
    const width = name === 'swap' ? 2 : 1;
    return gate(name, order.slice(0, width), order.slice(width));
  });

/** Random gates on 5 qubits around one or two gates that span them all. */
const spanning = fc
  .tuple(
    fc.array(gateOn(5), { maxLength: 4 }),
    spanningGate,
    fc.array(gateOn(5), { maxLength: 4 }),
    fc.option(spanningGate),
  )
  .map(([before, span, after, second]) => circuitOf(5, [...before, span, ...after, ...(second ? [second] : [])]));

describe.each(FAMILIES)('random QIS circuits lower to equivalent native circuits (%s)', (family) => {
  it('borrowing a wire beyond the circuit for gates that span it, restored exactly (source ⊗ I)', () => {
    fc.assert(
      fc.property(spanning, fc.boolean(), (c, optimize) => {
        const lowered = lowerAndProve(c, family, { maxQubits: 29, optimize });
        // Unoptimized, every spanning gate is lowered with the borrowed wire. Optimized, the passes may take the
        // spanning gates away (the same gate twice cancels: the test below), and then no wire is borrowed.
        if (optimize) expect([5, 6]).toContain(lowered.qubits);
        else expect(lowered.qubits).toBe(6);
      }),
      { numRuns: 25, seed: family === 'ms' ? 7 : 8 },
    );
  });

  it('a spanning gate written twice (its controls in another order) cancels: no wire borrowed, no entangler', () => {
    // Found by the property above under another seed (1545331922): it expected the sixth wire whatever the passes left.
    const c = circuitOf(5, [gate('y', [2], [1, 4, 3, 0]), gate('y', [2], [0, 4, 3, 1])]);
    const optimized = lowerAndProve(c, family, { maxQubits: 29 });
    expect(optimized.qubits).toBe(5);
    expect(optimized.ops.filter((o) => o.kind === 'native' && o.targets.length === 2)).toEqual([]);
    expect(lowerAndProve(c, family, { maxQubits: 29, optimize: false }).qubits).toBe(6);
  });

  it('with fusion', () => {
    fc.assert(
      fc.property(circuits, (c) => {
        lowerAndProve(c, family);
      }),
      { numRuns: 150, seed: family === 'ms' ? 4242 : 4343 },
    );
  });

  it('with measurements, resets and barriers in between (resets purified for the oracle)', () => {
    fc.assert(
      fc.property(withNonUnitary, fc.boolean(), (c, optimize) => {
        // Measurements, resets and barriers stay where they were, wire for wire: swap-relabel (a swap followed
        // only by measurements becomes a permutation of the measurement map) is the one pass that rewrites them,
        // and it is proven through the measurement map in passes.test.ts.
        const options = { optimize, passes: { 'swap-relabel': false } };
        const { circuit, finalFrames } = lowerToNative(c, family, options);
        expectNormalised(circuit, family);
        expect(circuit.ops.filter((o) => o.kind !== 'native')).toEqual(c.ops.filter((o) => o.kind !== 'gate'));
        const purified = purifyResets(c, withFrames(circuit, finalFrames), family, options);
        expectEquivalent(purified.lowered, purified.source);
      }),
      { numRuns: 100 },
    );
  });

  it('a swap followed by two measurements into one bit stays a swap, and is proven equal', () => {
    // Found by the property above (seed 528744734): relabelled, the readout's order was lost to the checker.
    const swapThenMeasure: IrCircuit = {
      ...circuitOf(2, [
        gate('swap', [0, 1]),
        { kind: 'measure', qubit: 1, bit: 0 },
        { kind: 'measure', qubit: 0, bit: 0 },
      ]),
      clbits: 1,
    };
    const lowered = lowerToNative(swapThenMeasure, family);
    expect(lowered.circuit.ops.filter((o) => o.kind === 'native' && o.targets.length === 2)).toHaveLength(3);
    const result = compareCircuits(swapThenMeasure, lowered.circuit, { finalFrames: lowered.finalFrames });
    expect(result.equivalent, `${result.method} ${result.maxDeviation}`).toBe(true);
  });

  it('without fusion (optimize: false)', () => {
    fc.assert(
      fc.property(circuits, (c) => {
        lowerAndProve(c, family, { optimize: false });
      }),
      { numRuns: 60 },
    );
  });
});

afterAll(() => {
  console.log(`random circuits: ${oracleChecks()} oracle checks`);
});
