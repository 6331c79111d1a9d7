/** fast-check arbitraries for random QIS circuits over the whole gate set (shared by the native and compile tests). */
import fc from 'fast-check';
import type { IrCircuit, IrOp } from '../../src/ir/types.js';
import type { QisGateName } from '../../src/tables/index.js';
import { circuitOf, gate } from '../oracle/circuits.js';

const ONE: readonly QisGateName[] = ['x', 'y', 'z', 'h', 's', 'si', 't', 'ti', 'v', 'vi', 'rx', 'ry', 'rz'];
const TWO: readonly QisGateName[] = ['swap', 'xx', 'yy', 'zz'];
const ROTATING = new Set<QisGateName>(['rx', 'ry', 'rz', 'xx', 'yy', 'zz']);

const angle = fc.oneof(
  fc.double({ min: -4 * Math.PI, max: 4 * Math.PI, noNaN: true }),
  fc.constantFrom(0, Math.PI / 2, -Math.PI / 2, Math.PI, -Math.PI, 2 * Math.PI, Math.PI / 4),
);

/** One gate on `qubits` wires: a random name, distinct random operands, some of them controls. */
export function gateOn(qubits: number): fc.Arbitrary<IrOp> {
  const names = qubits >= 2 ? [...ONE, ...TWO] : ONE;
  return fc
    .record({
      name: fc.constantFrom(...names),
      order: fc.shuffledSubarray([...Array(qubits).keys()], { minLength: qubits, maxLength: qubits }),
      controls: fc.nat(),
      rotation: angle,
    })
    .map(({ name, order, controls, rotation }) => {
      const width = TWO.includes(name) ? 2 : 1;
      const nControls = Math.min(controls % 4, qubits - width);
      // controlled 2-qubit gates are rare in real input; keep them but fewer
      const control = width === 2 && controls % 3 !== 0 ? 0 : nControls;
      return gate(
        name,
        order.slice(0, width),
        order.slice(width, width + control),
        ROTATING.has(name) ? rotation : null,
      );
    });
}

/** 1 to 4 qubits, 1 to 10 gates. */
export const circuits: fc.Arbitrary<IrCircuit> = fc
  .integer({ min: 1, max: 4 })
  .chain((qubits) => fc.array(gateOn(qubits), { minLength: 1, maxLength: 10 }).map((ops) => circuitOf(qubits, ops)));
