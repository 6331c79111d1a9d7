/**
 * native(qis(x)) ≡ x: random circuits over the whole QIS gate set, random
 * angles (also large and negative, which exercise every fold), random
 * controls (up to the free wires), both families, with and without fusion.
 */
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { IrOp } from '../../src/ir/types.js';
import type { QisGateName } from '../../src/tables/index.js';
import { lowerToNative } from '../../src/native/index.js';
import { circuitOf, gate, withFrames } from '../oracle/circuits.js';
import { purifyResets } from '../oracle/purify.js';
import { expectEquivalent, oracleChecks } from '../oracle/count.js';
import { expectNormalised, FAMILIES, lowerAndProve } from './helpers.js';

const ONE: readonly QisGateName[] = ['x', 'y', 'z', 'h', 's', 'si', 't', 'ti', 'v', 'vi', 'rx', 'ry', 'rz'];
const TWO: readonly QisGateName[] = ['swap', 'xx', 'yy', 'zz'];
const ROTATING = new Set<QisGateName>(['rx', 'ry', 'rz', 'xx', 'yy', 'zz']);

const angle = fc.oneof(
  fc.double({ min: -4 * Math.PI, max: 4 * Math.PI, noNaN: true }),
  fc.constantFrom(0, Math.PI / 2, -Math.PI / 2, Math.PI, -Math.PI, 2 * Math.PI, Math.PI / 4),
);

/** One gate on `qubits` wires: a random name, distinct random operands, some of them controls. */
function gateOn(qubits: number): fc.Arbitrary<IrOp> {
  const names = qubits >= 2 ? [...ONE, ...TWO] : ONE;
  return fc
    .record({ name: fc.constantFrom(...names), order: fc.shuffledSubarray([...Array(qubits).keys()], { minLength: qubits, maxLength: qubits }), controls: fc.nat(), rotation: angle })
    .map(({ name, order, controls, rotation }) => {
      const width = TWO.includes(name) ? 2 : 1;
      const nControls = Math.min(controls % 4, qubits - width);
      // controlled 2-qubit gates are rare in real input; keep them but fewer
      const control = width === 2 && controls % 3 !== 0 ? 0 : nControls;
      return gate(name, order.slice(0, width), order.slice(width, width + control), ROTATING.has(name) ? rotation : null);
    });
}

const circuits = fc.integer({ min: 1, max: 4 }).chain((qubits) => fc.array(gateOn(qubits), { minLength: 1, maxLength: 10 }).map((ops) => circuitOf(qubits, ops)));

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

describe.each(FAMILIES)('random QIS circuits lower to equivalent native circuits (%s)', (family) => {
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
        const { circuit, finalFrames } = lowerToNative(c, family, { optimize });
        expectNormalised(circuit, family);
        expect(circuit.ops.filter((o) => o.kind !== 'native')).toEqual(c.ops.filter((o) => o.kind !== 'gate'));
        const purified = purifyResets(c, withFrames(circuit, finalFrames), family, { optimize });
        expectEquivalent(purified.lowered, purified.source);
      }),
      { numRuns: 100 },
    );
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
