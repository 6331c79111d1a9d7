/**
 * Compile time bounded by the native gate limit (issue 24, L5): repeated
 * gates are decomposed once, and a program whose unavoidable native
 * operations alone pass the limit is refused before any is built. The lower
 * bound must never exceed what lowering builds, or a program within the
 * limit would be refused: checked on random circuits with multi-controlled
 * gates, measurements, resets and barriers, on both families, with and
 * without the optimisation.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { IrGate, IrOp } from '../../src/ir/types.js';
import { compile } from '../../src/api/compile.js';
import { decomposeContext, decomposeGate } from '../../src/native/decompose.js';
import { DecomposeCache } from '../../src/native/decompose-cache.js';
import { runPasses } from '../../src/native/passes/index.js';
import { lowerToNative, NativeGateLimitError, type NativeFamily } from '../../src/native/index.js';
import { LIMITS } from '../../src/tables/index.js';
import { circuitOf, gate } from '../oracle/circuits.js';
import { gateOn } from './arbitraries.js';

const FAMILIES: readonly NativeFamily[] = ['ms', 'zz'];
const ctrl7 = gate('x', [7], [0, 1, 2, 3, 4, 5, 6]) as IrGate;

/** Random ops on `qubits` wires: gates with up to three controls, and now and then a measurement, reset or barrier. */
const opOn = (qubits: number): fc.Arbitrary<IrOp> =>
  fc.oneof(
    { weight: 6, arbitrary: gateOn(qubits) },
    {
      weight: 1,
      arbitrary: fc.nat(qubits - 1).map((q): IrOp => ({ kind: 'measure', qubit: q, bit: 0 })),
    },
    { weight: 1, arbitrary: fc.nat(qubits - 1).map((q): IrOp => ({ kind: 'reset', qubit: q })) },
    { weight: 1, arbitrary: fc.constant<IrOp>({ kind: 'barrier' }) },
  );

describe('decomposition cache and early refusal (L5)', () => {
  it('hands out the same steps as a fresh decomposition, once per distinct gate', () => {
    const ctx = decomposeContext('ms', 8);
    const cache = new DecomposeCache(ctx);
    const first = cache.steps(ctrl7);
    expect(cache.steps(gate('x', [7], [0, 1, 2, 3, 4, 5, 6]) as IrGate)).toBe(first);
    expect(first).toEqual(decomposeGate(ctrl7, ctx));
    // Another wire order is another gate.
    expect(cache.steps(gate('x', [0], [7, 1, 2, 3, 4, 5, 6]) as IrGate)).not.toBe(first);
  });

  it('never counts more operations than the lowering builds (random circuits, both families, optimised or not)', () => {
    fc.assert(
      fc.property(
        fc
          .integer({ min: 3, max: 5 })
          .chain((qubits) =>
            fc.array(opOn(qubits), { minLength: 1, maxLength: 12 }).map((ops) => circuitOf(qubits, ops)),
          ),
        fc.constantFrom(...FAMILIES),
        fc.boolean(),
        (circuit, family, optimize) => {
          // What lowering bounds: the circuit after the passes, with 3+-wire gates going to the blocks step by step.
          const passed = optimize ? runPasses(circuit) : circuit;
          const cache = new DecomposeCache(decomposeContext(family, circuit.qubits));
          const bound = cache.lowerBound(passed, { stepwise: optimize });
          const built = lowerToNative(circuit, family, { optimize }).circuit.ops.length;
          expect(bound).toBeLessThanOrEqual(built);
        },
      ),
      { numRuns: 150 },
    );
  }, 60_000);

  it('refuses a program whose multi-controlled gates alone pass the limit before lowering its first operation', () => {
    const perGate = new DecomposeCache(decomposeContext('ms', 8)).lowerBound(circuitOf(8, [ctrl7]));
    expect(perGate).toBeGreaterThan(0);
    // The first operation cannot be lowered at all (a native gate of no family): lowering it would throw a
    // TypeError, so only a refusal that comes before the first operation answers NativeGateLimitError.
    const unlowerable = { kind: 'native', name: 'none', targets: [0], phases: [0], angle: null } as unknown as IrOp;
    const circuit = circuitOf(8, [unlowerable, ...new Array<IrOp>(20).fill(ctrl7)]);
    // Unoptimised: no pass cancels the twenty copies, and each gate closes the blocks around it.
    const optimize = false;
    expect(() => lowerToNative(circuit, 'ms', { optimize, maxOps: 20 * perGate - 1 })).toThrow(NativeGateLimitError);
    expect(() => lowerToNative(circuit, 'ms', { optimize, maxOps: 20 * perGate })).toThrow(TypeError);
  });

  it("answers compile's native gate limit diagnostic for the issue's program scaled past the limit", () => {
    const lines = Math.ceil(LIMITS.maxNativeGates / 70);
    // The target moves from line to line: two equal neighbours would cancel (passes/cancel.ts), as they should.
    const line = (i: number) => `ctrl(7) @ x ${Array.from({ length: 8 }, (_, k) => `q[${(i + k) % 8}]`).join(', ')};\n`;
    const result = compile(`qubit[8] q;\n${Array.from({ length: lines }, (_, i) => line(i)).join('')}`);
    expect(result.ok).toBe(false);
    expect(result.diagnostics[0]).toMatchObject({ rule: 'too-many-native-gates' });
  }, 60_000);
});
