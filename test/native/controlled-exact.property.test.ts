/**
 * Issue 15 section 1: a gate under controls must be exactly the controlled
 * gate, never the controlled gate up to a phase of the target matrix (a 2π
 * rotation is -I: a global phase alone, but a Z on the controls once
 * controlled). Every controllable QIS gate, at every angle kπ/2 for k in
 * -8..8 and at random angles, under 0 to 7 controls, on both families, with
 * and without a wire to borrow, lowers to a circuit equal to its source as
 * one unitary (compared on random input states, a test that any difference
 * beyond a global phase fails).
 */
import { afterAll, describe, it } from 'vitest';
import fc from 'fast-check';
import type { IrCircuit } from '../../src/ir/types.js';
import { lowerToNative } from '../../src/native/index.js';
import type { QisGateName } from '../../src/tables/index.js';
import { MAX_CONTROLS } from '../../src/tables/index.js';
import { circuitOf, gate, withFrames } from '../oracle/circuits.js';
import { expectEquivalentOnStates, oracleChecks } from '../oracle/count.js';
import { FAMILIES, widened } from './helpers.js';

const FIXED: readonly QisGateName[] = ['x', 'y', 'z', 'h', 's', 'si', 't', 'ti', 'v', 'vi'];
const ROTATIONS: readonly QisGateName[] = ['rx', 'ry', 'rz'];
const TWO_QUBIT_ROTATIONS: readonly QisGateName[] = ['xx', 'yy', 'zz'];
const QUARTER_TURNS = Array.from({ length: 17 }, (_, i) => ((i - 8) * Math.PI) / 2);
const CONTROL_COUNTS = Array.from({ length: MAX_CONTROLS + 1 }, (_, i) => i);

/** The gate on the last wires, its controls on the first ones. */
function controlledCircuit(name: QisGateName, controls: number, rotation: number | null): IrCircuit {
  const width = name === 'swap' || TWO_QUBIT_ROTATIONS.includes(name) ? 2 : 1;
  const wires = [...Array(controls + width).keys()];
  return circuitOf(wires.length, [gate(name, wires.slice(controls), wires.slice(0, controls), rotation)]);
}

function expectExact(source: IrCircuit, label: string): void {
  for (const family of FAMILIES) {
    for (const maxQubits of [undefined, 29]) {
      const { circuit, finalFrames } = lowerToNative(source, family, maxQubits === undefined ? {} : { maxQubits });
      expectEquivalentOnStates(
        withFrames(circuit, finalFrames),
        widened(source, circuit.qubits),
        `${label} ${family} room=${maxQubits !== undefined}`,
      );
    }
  }
}

describe('a controlled gate lowers to exactly the controlled gate (issue 15)', () => {
  it.each(CONTROL_COUNTS)('fixed single-qubit gates under %i controls', (controls) => {
    for (const name of FIXED) expectExact(controlledCircuit(name, controls, null), `ctrl(${controls}) @ ${name}`);
  });

  it.each(CONTROL_COUNTS)('rx, ry, rz at kπ/2 (k = -8..8) under %i controls', (controls) => {
    for (const name of ROTATIONS)
      for (const angle of QUARTER_TURNS)
        expectExact(controlledCircuit(name, controls, angle), `ctrl(${controls}) @ ${name}(${angle})`);
  });

  it.each(CONTROL_COUNTS.slice(0, MAX_CONTROLS))('swap, xx, yy, zz at kπ/2 under %i controls', (controls) => {
    expectExact(controlledCircuit('swap', controls, null), `ctrl(${controls}) @ swap`);
    for (const name of TWO_QUBIT_ROTATIONS)
      for (const angle of QUARTER_TURNS)
        expectExact(controlledCircuit(name, controls, angle), `ctrl(${controls}) @ ${name}(${angle})`);
  });

  it('at random angles (also near multiples of 2π)', () => {
    const angle = fc.oneof(
      fc.double({ min: -8 * Math.PI, max: 8 * Math.PI, noNaN: true }),
      fc
        .tuple(fc.integer({ min: -4, max: 4 }), fc.double({ min: -1e-6, max: 1e-6, noNaN: true }))
        .map(([k, e]) => 2 * Math.PI * k + e),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...ROTATIONS, ...TWO_QUBIT_ROTATIONS),
        fc.integer({ min: 0, max: MAX_CONTROLS }),
        angle,
        (name, controls, rotation) => {
          const n = TWO_QUBIT_ROTATIONS.includes(name) ? Math.min(controls, MAX_CONTROLS - 1) : controls;
          expectExact(controlledCircuit(name, n, rotation), `ctrl(${n}) @ ${name}(${rotation})`);
        },
      ),
      { numRuns: 30, seed: 15 },
    );
  });
});

afterAll(() => {
  console.log(`controlled gates: ${oracleChecks()} oracle checks`);
});
