/**
 * `validateCircuitJsonStepwise` (issue 24, S7): the service checks a
 * 150,000-gate job in steps with its event loop free between them. The steps
 * must give exactly `validateCircuitJson`'s result, and each step must check
 * a bounded number of gates.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateCircuitJson, validateCircuitJsonStepwise } from '../../src/index.js';
import { GATES_PER_STEP } from '../../src/ir/json/validate.js';

/** Runs the steps to the end: the result and how many steps it took. */
function drain(input: unknown, options?: Parameters<typeof validateCircuitJson>[1]) {
  const steps = validateCircuitJsonStepwise(input, options);
  let count = 0;
  for (;;) {
    const step = steps.next();
    if (step.done) return { result: step.value, steps: count };
    count++;
  }
}

const cnot = (i: number) => ({ gate: 'cnot', control: i % 2, target: 1 - (i % 2) });

describe('validateCircuitJsonStepwise', () => {
  it('checks 150,000 gates in steps of at most 5,000 and accepts what validateCircuitJson accepts', () => {
    const input = { qubits: 2, circuit: Array.from({ length: 150_000 }, (_, i) => cnot(i)) };
    const { result, steps } = drain(input);
    expect(result).toEqual(validateCircuitJson(input));
    expect(result.ok).toBe(true);
    expect(steps).toBe(150_000 / GATES_PER_STEP - 1);
  });

  it('steps through many small circuits too (a multicircuit of 5,000 entries)', () => {
    const input = {
      qubits: 2,
      circuits: Array.from({ length: 5_000 }, (_, i) => ({ name: `c${i}`, circuit: [cnot(i), cnot(i + 1)] })),
    };
    const { result, steps } = drain(input);
    expect(result).toEqual(validateCircuitJson(input));
    // A step after every 5,000 gates and entries: 15,000 of them.
    expect(steps).toBeGreaterThanOrEqual(2);
  });

  it('reports the same diagnostics, at the same paths, as validateCircuitJson (random gates, both gatesets, large circuits)', () => {
    const gate = fc.oneof(
      fc.record({
        gate: fc.constantFrom('x', 'h', 'cnot', 'rx', 'gpi', 'ms', 'nope'),
        target: fc.integer({ min: -1, max: 3 }),
      }),
      fc.record({
        gate: fc.constantFrom('cnot', 'rz'),
        targets: fc.array(fc.nat(3), { maxLength: 3 }),
        rotation: fc.double(),
      }),
      fc.anything(),
    );
    fc.assert(
      fc.property(
        fc.array(gate, { maxLength: 30 }),
        fc.integer({ min: 0, max: 12_000 }),
        fc.constantFrom('qis', 'native', undefined),
        fc.boolean(),
        (gates, padding, gateset, multi) => {
          // Padding of valid gates puts the random ones past the first steps.
          const circuit = [...Array.from({ length: padding }, () => ({ gate: 'x', target: 0 })), ...gates];
          const input = multi
            ? {
                qubits: 3,
                gateset,
                circuits: [
                  { name: 'a', circuit },
                  { name: 'b', circuit: gates },
                ],
              }
            : { qubits: 3, gateset, circuit };
          expect(drain(input, { target: 'qpu.aria-1' }).result).toEqual(
            validateCircuitJson(input, { target: 'qpu.aria-1' }),
          );
        },
      ),
      { numRuns: 40 },
    );
  }, 60_000);

  it('turns a getter that throws in a later step into the diagnostic validateCircuitJson gives', () => {
    const circuit: unknown[] = Array.from({ length: 12_000 }, () => ({ gate: 'x', target: 0 }));
    Object.defineProperty(circuit, 11_000, {
      get() {
        throw new Error('boom');
      },
    });
    const { result } = drain({ qubits: 1, circuit });
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => d.message)).toEqual(
      validateCircuitJson({ qubits: 1, circuit }).diagnostics.map((d) => d.message),
    );
    expect(result.diagnostics[0]?.message).toContain('boom');
  });
});
