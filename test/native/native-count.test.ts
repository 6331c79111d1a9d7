/**
 * Compile time bounded by the native gate limit (issue 24, L5): repeated
 * gates are decomposed once, a repeated gate on three or more wires replays
 * what the first one lowered to (replay.ts), and a circuit that could pass
 * the limit is counted by a walk that builds nothing, refused at the
 * statement that passes it. The count must be exact: one gate fewer allowed
 * refuses, as many as are emitted accepts. Checked on random circuits full of
 * relabelled copies of a few multi-controlled gates, with measurements,
 * resets and barriers, on both families, with and without the optimisation;
 * what replay emits is proven to be the source's operation.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { Span } from '../../src/diagnostics/index.js';
import type { IrCircuit, IrGate, IrOp } from '../../src/ir/types.js';
import { compile } from '../../src/api/compile.js';
import { checkEquivalence } from '../../src/api/equivalence.js';
import { lowerWithinLimit } from '../../src/api/native-gate-limit.js';
import { loadCircuits } from '../../src/api/load.js';
import { decomposeContext, decomposeGate } from '../../src/native/decompose.js';
import { DecomposeCache } from '../../src/native/decompose-cache.js';
import { lowerToNative, NativeGateLimitError, type NativeFamily } from '../../src/native/index.js';
import { LIMITS } from '../../src/tables/index.js';
import { circuitOf, gate } from '../oracle/circuits.js';
import { gateOn } from './arbitraries.js';
import { lowerAndProve } from './helpers.js';

const FAMILIES: readonly NativeFamily[] = ['ms', 'zz'];
const ctrl7 = gate('x', [7], [0, 1, 2, 3, 4, 5, 6]) as IrGate;

const spanAt = (line: number): Span => ({
  start: { line, column: 1, offset: line * 10 },
  end: { line, column: 5, offset: line * 10 + 4 },
});

/** A gate on three or more of `qubits` wires (two or three controls). */
const wideGate = (qubits: number): fc.Arbitrary<IrGate> =>
  gateOn(qubits).filter((g): g is IrGate => g.kind === 'gate' && g.controls.length + g.targets.length >= 3);

/**
 * Circuits that repeat a few wide gates, each time on wires relabelled by a
 * random rotation, among random narrow gates, measurements, resets and
 * barriers; every op has a span of its own line.
 */
const repeating = (qubits: number): fc.Arbitrary<IrCircuit> =>
  fc
    .record({
      shapes: fc.array(wideGate(qubits), { minLength: 1, maxLength: 2 }),
      ops: fc.array(
        fc.oneof(
          { weight: 6, arbitrary: fc.record({ shape: fc.nat(), shift: fc.nat(qubits - 1) }) },
          { weight: 2, arbitrary: gateOn(qubits) },
          { weight: 1, arbitrary: fc.nat(qubits - 1).map((q): IrOp => ({ kind: 'measure', qubit: q, bit: 0 })) },
          { weight: 1, arbitrary: fc.nat(qubits - 1).map((q): IrOp => ({ kind: 'reset', qubit: q })) },
          { weight: 1, arbitrary: fc.constant<IrOp>({ kind: 'barrier' }) },
        ),
        { minLength: 1, maxLength: 16 },
      ),
    })
    .map(({ shapes, ops }) => {
      const move = (q: number, shift: number) => (q + shift) % qubits;
      const placed = ops.map((op, i): IrOp => {
        if (!('shape' in op)) return { ...op, span: spanAt(i + 2) };
        const g = shapes[op.shape % shapes.length] as IrGate;
        const relabel = (qs: readonly number[]) => qs.map((q) => move(q, op.shift));
        return { ...g, targets: relabel(g.targets), controls: relabel(g.controls), span: spanAt(i + 2) };
      });
      return circuitOf(qubits, placed);
    });

/** What lowering `circuit` with `maxOps` throws, or null. */
function refusal(circuit: IrCircuit, family: NativeFamily, optimize: boolean, maxOps: number) {
  try {
    lowerToNative(circuit, family, { optimize, maxOps, maxQubits: circuit.qubits + 1 });
    return null;
  } catch (error) {
    if (error instanceof NativeGateLimitError) return error;
    throw error;
  }
}

describe('exact native count, early refusal and replay (L5)', () => {
  it('hands out the same steps as a fresh decomposition, once per distinct gate', () => {
    const ctx = decomposeContext('ms', 8);
    const cache = new DecomposeCache(ctx);
    const first = cache.steps(ctrl7);
    expect(cache.steps(gate('x', [7], [0, 1, 2, 3, 4, 5, 6]) as IrGate)).toBe(first);
    expect(first).toEqual(decomposeGate(ctrl7, ctx));
    // Another wire order is another gate.
    expect(cache.steps(gate('x', [0], [7, 1, 2, 3, 4, 5, 6]) as IrGate)).not.toBe(first);
  });

  it('counts exactly what lowering emits and refuses one gate fewer at that gate, building none (random circuits)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 6 }).chain(repeating),
        fc.constantFrom(...FAMILIES),
        fc.boolean(),
        (circuit, family, optimize) => {
          const full = lowerToNative(circuit, family, { optimize, maxQubits: circuit.qubits + 1 }).circuit.ops;
          expect(refusal(circuit, family, optimize, full.length)).toBeNull();
          if (full.length === 0) return;
          const refused = refusal(circuit, family, optimize, full.length - 1);
          expect(refused).toBeInstanceOf(NativeGateLimitError);
          expect(refused?.built, 'refused by the counting walk, before any native gate was built').toBe(0);
          // The statement named is the one whose lowering emits the gate past the limit.
          const last = full[full.length - 1] as IrOp;
          expect(refused?.span).toEqual(last.span);
        },
      ),
      { numRuns: 200 },
    );
  }, 120_000);

  it('replays repeated gates into circuits equal to their source (random circuits, oracle-proven)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 4 }).chain(repeating),
        fc.constantFrom(...FAMILIES),
        fc.boolean(),
        (circuit, family, optimize) => {
          // The oracle holds no mid-circuit measurement or reset: prove the unitary part.
          const unitary = { ...circuit, ops: circuit.ops.filter((op) => op.kind === 'gate' || op.kind === 'barrier') };
          lowerAndProve(unitary, family, { optimize, maxQubits: circuit.qubits + 1 });
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);

  it("accepts a small instance of the issue's program at a limit of exactly its native count, proven equal", () => {
    const line = (i: number) => `ctrl(7) @ x ${Array.from({ length: 8 }, (_, k) => `q[${(i + k) % 8}]`).join(', ')};\n`;
    const source = `qubit[8] q;\n${Array.from({ length: 12 }, (_, i) => line(i)).join('')}`;
    const result = compile(source);
    expect(result.ok).toBe(true);
    expect(checkEquivalence(source, result.qasm as string, { finalFrames: result.finalFrames }).equivalent).toBe(true);
    const emitted = (result.stats?.gate_counts['1q'] ?? 0) + (result.stats?.gate_counts['2q'] ?? 0);
    const loaded = loadCircuits(source);
    if (!loaded.ok) throw new Error('the program did not load');
    const lower = (c: IrCircuit, maxOps: number) => lowerToNative(c, 'ms', { maxQubits: 36, maxOps });
    // The count at the limit is the emitted count: exactly that many is accepted, one fewer refused. The last gate
    // is a pulse of the final flush, which no statement owns: that refusal names none.
    expect(lowerWithinLimit(loaded.circuits, lower, emitted)).toHaveLength(1);
    const atTheEnd = lowerWithinLimit(loaded.circuits, lower, emitted - 1);
    expect(atTheEnd).toMatchObject({ rule: 'too-many-native-gates' });
    expect((atTheEnd as { message: string }).message).not.toContain('at this statement');
    // Half way, the gate past the limit comes from a line of the program, which the refusal names.
    const halfWay = lowerWithinLimit(loaded.circuits, lower, Math.floor(emitted / 2));
    expect(halfWay).toMatchObject({ rule: 'too-many-native-gates', span: { start: { column: 1 } } });
    expect((halfWay as { message: string }).message).toContain('at this statement');
    const refusedAt = (halfWay as { span: Span }).span.start.line;
    expect(refusedAt).toBeGreaterThan(2);
    expect(refusedAt).toBeLessThan(13);
  }, 60_000);

  it("refuses the issue's program one line past the limit at that line, before building any native gate", () => {
    // The target moves from line to line: two equal neighbours would cancel (passes/cancel.ts), as they should.
    // 7,299 lines lower to 999,979 native gates (137 a line, docs/limits.md); the 7,300th passes the limit.
    const line = (i: number) => `ctrl(7) @ x ${Array.from({ length: 8 }, (_, k) => `q[${(i + k) % 8}]`).join(', ')};\n`;
    const source = `qubit[8] q;\n${Array.from({ length: 7300 }, (_, i) => line(i)).join('')}`;
    const loaded = loadCircuits(source);
    if (!loaded.ok) throw new Error('the program did not load');
    const circuit = loaded.circuits[0] as IrCircuit;
    let thrown: unknown = null;
    try {
      lowerToNative(circuit, 'ms', { maxQubits: 36, maxOps: LIMITS.maxNativeGates });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(NativeGateLimitError);
    expect((thrown as NativeGateLimitError).built).toBe(0);
    const result = compile(source);
    expect(result.ok).toBe(false);
    expect(result.diagnostics[0]).toMatchObject({
      code: 'TooManyGates',
      rule: 'too-many-native-gates',
      span: { start: { line: 7301, column: 1 } },
    });
    expect(result.diagnostics[0]?.message).toContain('1,000,000 gates');
  }, 120_000);
});
