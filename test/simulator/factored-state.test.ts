/**
 * The sparse equivalence check's factored state (src/simulator/factored-state.ts):
 * wires in superposition that are not entangled cost a cluster each instead
 * of doubling one map, entangled wires stay together, and the verdicts match
 * on random circuits with a difference planted or not.
 */
import { describe, expect, it } from 'vitest';
import type { IrOp } from '../../src/ir/types.js';
import { compareCircuits } from '../../src/simulator/equivalence.js';
import { SeededRandom } from '../../src/simulator/engine/random.js';
import { circuitOf, gate } from '../oracle/circuits.js';

const SPARSE = { exactUpTo: 2, denseUpTo: 2, randomStates: 4, seed: 3 };

describe('sparse equivalence on a factored state', () => {
  it('40 wires each in superposition (h on all, then h again) are 40 clusters, not 2^40 terms', () => {
    const hs = Array.from({ length: 40 }, (_, q) => gate('h', [q]));
    const result = compareCircuits(circuitOf(40, [...hs, ...hs]), circuitOf(40, []), SPARSE);
    expect(result.method).toBe('sparse-states');
    expect(result.equivalent).toBe(true);
  });

  it('a 30-wire GHZ state and back equals the identity; a Z on one of its wires while entangled does not', () => {
    const ghz: IrOp[] = [gate('h', [0]), ...Array.from({ length: 29 }, (_, q) => gate('x', [q + 1], [q]))];
    const back = [...ghz].reverse();
    expect(compareCircuits(circuitOf(30, [...ghz, ...back]), circuitOf(30, []), SPARSE).equivalent).toBe(true);
    const phased = circuitOf(30, [...ghz, gate('z', [17]), ...back]);
    expect(compareCircuits(phased, circuitOf(30, []), SPARSE).equivalent).toBe(false);
  });

  it('random 24-wire circuits: equal to themselves with h h inserted, unequal with a t inserted', () => {
    const random = new SeededRandom(26);
    for (let round = 0; round < 12; round++) {
      const ops: IrOp[] = [];
      for (let i = 0; i < 40; i++) {
        const [a, b, c] = [random.nextInt(24), random.nextInt(24), random.nextInt(24)];
        const kind = random.nextInt(5);
        if (kind === 0) ops.push(gate('h', [a]));
        else if (kind === 1) ops.push(gate('t', [a]));
        else if (kind === 2 && a !== b) ops.push(gate('x', [b], [a]));
        else if (kind === 3 && a !== b && b !== c && a !== c) ops.push(gate('z', [c], [a, b]));
        else ops.push(gate('rz', [a], [], random.next() * 6));
      }
      const at = random.nextInt(ops.length);
      const wire = random.nextInt(24);
      const source = circuitOf(24, ops);
      const same = circuitOf(24, [...ops.slice(0, at), gate('h', [wire]), gate('h', [wire]), ...ops.slice(at)]);
      // A T on a wire in a basis state at the start is a phase on half the inputs: the basis samples see it.
      const differs = circuitOf(24, [gate('t', [wire]), ...ops]);
      expect(compareCircuits(source, same, SPARSE).equivalent, `round ${round}`).toBe(true);
      expect(compareCircuits(source, differs, SPARSE).equivalent, `round ${round}`).toBe(false);
    }
  });
});
