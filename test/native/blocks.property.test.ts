/**
 * The two-qubit block pass on random circuits: two and three qubits, up to
 * 30 gates from the whole QIS gate set (with controls), angles including 0,
 * π/2, π and 1e-9. Every lowering equals its source (oracle), never has more
 * entangling gates than without the pass, and every two-qubit block of the
 * source (cut as the pass cuts them) lowers to at most three.
 */
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { IrCircuit, IrOp } from '../../src/ir/types.js';
import { lowerToNative, type NativeFamily } from '../../src/native/index.js';
import type { QisGateName } from '../../src/tables/index.js';
import { circuitOf, gate } from '../oracle/circuits.js';
import { oracleChecks } from '../oracle/count.js';
import { counts, FAMILIES, lowerAndProve } from './helpers.js';

const ONE: readonly QisGateName[] = ['x', 'y', 'z', 'h', 's', 'si', 't', 'ti', 'v', 'vi', 'rx', 'ry', 'rz'];
const TWO: readonly QisGateName[] = ['swap', 'xx', 'yy', 'zz'];
const ROTATING = new Set<QisGateName>(['rx', 'ry', 'rz', 'xx', 'yy', 'zz']);
const angle = fc.oneof(
  fc.constantFrom(0, Math.PI / 2, Math.PI, -Math.PI / 2, 2 * Math.PI, 1e-9, -1e-9),
  fc.double({ min: -2 * Math.PI, max: 2 * Math.PI, noNaN: true }),
);

function gateOn(qubits: number): fc.Arbitrary<IrOp> {
  return fc
    .record({
      name: fc.constantFrom(...ONE, ...ONE, ...TWO, 'x' as const),
      order: fc.shuffledSubarray([...Array(qubits).keys()], { minLength: qubits, maxLength: qubits }),
      controls: fc.nat(2),
      rotation: angle,
    })
    .map(({ name, order, controls, rotation }) => {
      const width = TWO.includes(name) ? 2 : 1;
      const n = Math.min(controls, qubits - width, width === 2 ? 0 : 2);
      return gate(name, order.slice(0, width), order.slice(width, width + n), ROTATING.has(name) ? rotation : null);
    });
}

const circuitsOn = (qubits: number) =>
  fc.array(gateOn(qubits), { minLength: 1, maxLength: 30 }).map((ops) => circuitOf(qubits, ops));

const wiresOf = (op: IrOp): number[] =>
  op.kind === 'gate' ? [...op.targets, ...op.controls] : op.kind === 'native' ? [...op.targets] : [];

/** The source cut into two-qubit blocks as the pass cuts them (a reference, written apart from src/native/blocks.ts). */
function blocksOf(circuit: IrCircuit): IrCircuit[] {
  const blocks: IrOp[][] = [];
  const open = new Map<number, IrOp[]>();
  for (const op of circuit.ops) {
    const wires = wiresOf(op);
    const current = open.get(wires[0] as number);
    if (wires.length === 1 && current) current.push(op);
    else if (wires.length === 2 && current && current === open.get(wires[1] as number)) current.push(op);
    else {
      for (const w of wires) {
        const closing = open.get(w);
        if (closing) for (const [q, b] of [...open]) if (b === closing) open.delete(q);
      }
      if (wires.length === 2) {
        const block = [op];
        blocks.push(block);
        open.set(wires[0] as number, block).set(wires[1] as number, block);
      }
    }
  }
  return blocks.map((ops) => {
    const wires = [...new Set(ops.flatMap(wiresOf))].sort();
    const at = new Map(wires.map((w, i) => [w, i]));
    return circuitOf(
      2,
      ops.map((op) =>
        op.kind === 'gate'
          ? {
              ...op,
              targets: op.targets.map((t) => at.get(t) as number),
              controls: op.controls.map((c) => at.get(c) as number),
            }
          : op,
      ),
    );
  });
}

const entanglers = (c: IrCircuit, family: NativeFamily, twoQubitBlocks: boolean): number =>
  counts(lowerToNative(c, family, { twoQubitBlocks }).circuit).twoQubit;

describe.each(FAMILIES)('two-qubit block pass on random circuits (%s)', (family) => {
  it('two qubits: equal to the source, at most 3 entangling gates, never more than without the pass', () => {
    fc.assert(
      fc.property(circuitsOn(2), (c) => {
        const lowered = counts(lowerAndProve(c, family, {}, 'with blocks')).twoQubit;
        expect(lowered).toBeLessThanOrEqual(3);
        expect(lowered).toBeLessThanOrEqual(entanglers(c, family, false));
      }),
      { numRuns: 120, seed: family === 'ms' ? 1401 : 1402 },
    );
  });

  it('three qubits: equal to the source, every block at most 3, never more than without the pass', () => {
    fc.assert(
      fc.property(circuitsOn(3), (c) => {
        const lowered = counts(lowerAndProve(c, family, {}, 'with blocks')).twoQubit;
        expect(lowered).toBeLessThanOrEqual(entanglers(c, family, false));
        for (const block of blocksOf(c)) {
          const inBlock = entanglers(block, family, true);
          expect(inBlock).toBeLessThanOrEqual(3);
          expect(inBlock).toBeLessThanOrEqual(entanglers(block, family, false));
        }
      }),
      { numRuns: 80, seed: family === 'ms' ? 1403 : 1404 },
    );
  });
});

afterAll(() => {
  console.log(`block pass: ${oracleChecks()} oracle checks`);
});
