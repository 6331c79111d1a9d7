/**
 * Issue 16 section 2: a compiled program compares equal to its source through
 * the public API, whatever the source measures: `compile` returns the final Z
 * frames it dropped, `checkEquivalence` takes them (`finalFrames`, exact) or
 * fits one Z rotation per qubit (`upToFinalZ`), and never an arbitrary final
 * diagonal: a dropped CZ or ZZ still fails.
 */
import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { checkEquivalence, compile } from '../../src/index.js';
import { circuitToJson, type CircuitJson } from '../../src/ir/circuit-json.js';
import type { IrCircuit } from '../../src/ir/types.js';
import { circuitOf, gate, native } from '../oracle/circuits.js';
import { circuits } from '../native/arbitraries.js';

const BELL = readFileSync(new URL('../../examples/bell.qasm', import.meta.url), 'utf8');

const TARGETS = ['simulator', 'qpu.aria-1', 'qpu.forte-1'] as const;

let comparisons = 0;
function equivalent(...args: Parameters<typeof checkEquivalence>): boolean {
  comparisons++;
  return checkEquivalence(...args).equivalent;
}

describe('compile returns what checkEquivalence needs to prove it', () => {
  it.each(TARGETS)("the README's Bell program on %s: equal with the frames or up to final Z, not without", (target) => {
    const compiled = compile(BELL, { target, gateset: 'native' });
    expect(compiled.finalFrames).toHaveLength(1);
    expect(compiled.finalFrames[0]).toHaveLength(2);
    for (const form of [compiled.qasm as string, compiled.circuit as CircuitJson]) {
      const exact = checkEquivalence(BELL, form, { target, finalFrames: compiled.finalFrames });
      expect(exact).toMatchObject({ equivalent: true, method: 'unitary', diagnostics: [] });
      expect(exact.maxDeviation).toBeLessThan(1e-12);
      const fitted = checkEquivalence(BELL, form, { target, upToFinalZ: true });
      expect(fitted.equivalent).toBe(true);
      // The fitted rotations are the dropped frames, up to a whole turn.
      fitted.finalZ?.forEach((z, q) =>
        expect(Math.abs(Math.sin(Math.PI * (z - (compiled.finalFrames[0]?.[q] as number))))).toBeLessThan(1e-9),
      );
    }
    // Bell's lowering leaves a frame, so the circuit alone is another operation: the option is what makes it equal.
    expect(compiled.finalFrames[0]?.some((f) => f !== 0)).toBe(true);
    expect(equivalent(BELL, compiled.qasm as string)).toBe(false);
  });

  it('a wrong frame fails: the frames are compared, not ignored', () => {
    const compiled = compile(BELL, { target: 'qpu.aria-1' });
    const wrong = compiled.finalFrames.map((frames) => frames.map((f, q) => (q === 0 ? f + 0.01 : f)));
    expect(equivalent(BELL, compiled.qasm as string, { finalFrames: wrong })).toBe(false);
  });

  it('returns zero frames for the QIS gate set, and none when nothing compiled', () => {
    expect(compile(BELL, { gateset: 'qis' }).finalFrames).toEqual([[0, 0]]);
    expect(compile('qubit[2] q; ccx q[0], q[1];').finalFrames).toEqual([]);
  });

  it('compiles every entry of a multicircuit input with its own frames', () => {
    const input = {
      format: 'svc.circuit.v0',
      qubits: 2,
      circuits: [
        {
          name: 'a',
          circuit: [
            { gate: 'h', target: 0 },
            { gate: 'cnot', control: 0, target: 1 },
          ],
        },
        {
          name: 'b',
          circuit: [
            { gate: 'rx', target: 1, rotation: 0.4 },
            { gate: 't', target: 0 },
          ],
        },
      ],
    };
    const compiled = compile(input as never, { target: 'qpu.forte-1' });
    expect(compiled.finalFrames).toHaveLength(2);
    expect(
      equivalent(input as never, compiled.circuit as never, {
        target: 'qpu.forte-1',
        finalFrames: compiled.finalFrames,
      }),
    ).toBe(true);
    expect(
      equivalent(input as never, compiled.circuit as never, {
        target: 'qpu.forte-1',
        finalFrames: [compiled.finalFrames[1] as number[], compiled.finalFrames[0] as number[]],
      }),
    ).toBe(false);
  });
});

describe('a compiled program equals its source whatever the source measures', () => {
  const plainLets = readFileSync('fixtures/accept/alias-concatenation/plain-lets.qasm', 'utf8');

  it.each(['qis', 'native'] as const)(
    'a program without measurements, %s gate set (compile adds a measurement of every qubit)',
    (gateset) => {
      const compiled = compile(plainLets, { gateset });
      expect(compiled.qasm).toMatch(/measure/);
      expect(equivalent(plainLets, compiled.qasm as string, { finalFrames: compiled.finalFrames })).toBe(true);
      expect(equivalent(plainLets, compiled.circuit as CircuitJson, { finalFrames: compiled.finalFrames })).toBe(true);
    },
  );

  it('a program that measures some qubits into other bits, against its JSON (which measures all) and its text', () => {
    const program = 'qubit[3] q; bit[2] c; h q[0]; cx q[0], q[2]; c[1] = measure q[2]; c[0] = measure q[0];';
    for (const target of TARGETS) {
      const compiled = compile(program, { target });
      expect(compiled.ok).toBe(true);
      expect(equivalent(program, compiled.qasm as string, { target, finalFrames: compiled.finalFrames })).toBe(true);
      expect(equivalent(program, compiled.circuit as CircuitJson, { target, finalFrames: compiled.finalFrames })).toBe(
        true,
      );
    }
  });

  it('JSON input: its compiled OpenQASM (which measures every qubit) equals it', () => {
    const json = {
      qubits: 2,
      circuit: [
        { gate: 'h', target: 0 },
        { gate: 'cnot', control: 0, target: 1 },
        { gate: 'rz', target: 1, rotation: 0.3 },
      ],
    };
    for (const gateset of ['qis', 'native'] as const) {
      const compiled = compile(json, { target: 'qpu.aria-1', gateset });
      expect(equivalent(json as never, compiled.qasm as string, { finalFrames: compiled.finalFrames })).toBe(true);
    }
  });

  it('measurements that disagree still differ when both programs measure', () => {
    const r = checkEquivalence(
      'qubit[2] q; bit[2] c; c[0] = measure q[0]; c[1] = measure q[1];',
      'qubit[2] q; bit[2] c; c[0] = measure q[1]; c[1] = measure q[0];',
    );
    expect(r).toMatchObject({ equivalent: false, method: 'measurements-differ' });
  });
});

describe('up to final Z means one Z rotation per qubit, never an arbitrary diagonal', () => {
  const h3 = [gate('h', [0]), gate('h', [1]), gate('h', [2])];

  it('accepts and reports a Z rotation per qubit', () => {
    const r = checkEquivalence(circuitOf(3, [...h3, gate('rz', [2], [], 0.3), gate('s', [0])]), circuitOf(3, h3), {
      upToFinalZ: true,
    });
    expect(r.equivalent).toBe(true);
    expect(r.finalZ?.[0]).toBeCloseTo(0.25, 12);
    expect(r.finalZ?.[1]).toBe(0);
    expect(r.finalZ?.[2]).toBeCloseTo(0.3 / (2 * Math.PI), 12);
  });

  it('fails a dropped CZ, a dropped ZZ rotation and a dropped controlled phase', () => {
    for (const dropped of [
      gate('z', [1], [0]),
      gate('zz', [0, 2], [], 0.7),
      gate('zz', [1, 2], [], Math.PI / 2),
      gate('rz', [2], [0, 1], 1.1),
    ]) {
      const r = checkEquivalence(circuitOf(3, [...h3, dropped]), circuitOf(3, h3), { upToFinalZ: true });
      expect(r.equivalent, JSON.stringify(dropped)).toBe(false);
      expect(r.maxDeviation).toBeGreaterThan(0.1);
    }
  });

  it('fails a compiled circuit whose final entangler was dropped, on both families', () => {
    const source = circuitOf(2, [gate('h', [0]), gate('h', [1]), gate('zz', [0, 1], [], 0.7)]);
    for (const target of ['qpu.aria-1', 'qpu.forte-1'] as const) {
      const compiled = compile(circuitToJson(source).json, { target });
      const ops = (compiled.circuit as unknown as { circuit: { gate: string }[] }).circuit;
      const last = ops.map((g) => g.gate).lastIndexOf(target === 'qpu.aria-1' ? 'ms' : 'zz');
      const dropped = { ...(compiled.circuit as object), circuit: ops.filter((_, i) => i !== last) };
      expect(equivalent(source, compiled.circuit as never, { target, upToFinalZ: true })).toBe(true);
      expect(equivalent(source, dropped as never, { target, upToFinalZ: true })).toBe(false);
    }
  });

  it('is a product on random input states too (past exactUpTo)', () => {
    const wide = [...h3, gate('rz', [1], [], -0.8)];
    expect(checkEquivalence(circuitOf(3, wide), circuitOf(3, h3), { upToFinalZ: true, exactUpTo: 0 })).toMatchObject({
      equivalent: true,
      method: 'random-states',
    });
    expect(
      checkEquivalence(circuitOf(3, [...h3, gate('z', [2], [1])]), circuitOf(3, h3), { upToFinalZ: true, exactUpTo: 0 })
        .equivalent,
    ).toBe(false);
  });

  it('works with native input on its own', () => {
    const pulses = circuitOf(1, [native('gpi2', [0], [0])]);
    const source = circuitOf(1, [gate('rx', [0], [], Math.PI / 2), gate('rz', [0], [], 0.4)]);
    expect(checkEquivalence(source, pulses).equivalent).toBe(false);
    expect(checkEquivalence(source, pulses, { upToFinalZ: true }).equivalent).toBe(true);
    // h is gpi2(1/4) after a Z: a Z at the start is not a final Z.
    expect(
      checkEquivalence(circuitOf(1, [gate('h', [0])]), circuitOf(1, [native('gpi2', [0], [0.25])]), {
        upToFinalZ: true,
      }).equivalent,
    ).toBe(false);
  });
});

describe('finalFrames is checked', () => {
  it.each([[[[0, 0], [0]]], [[['a']]], [[[NaN, 0]]], ['0.5']])('%j is a diagnostic, not a throw', (frames) => {
    const r = checkEquivalence(BELL, BELL, { finalFrames: frames as never });
    expect(r).toMatchObject({ equivalent: false, method: 'invalid-input' });
    expect(r.diagnostics[0]).toMatchObject({ code: 'InvalidInput', rule: 'equivalence-options' });
  });
});

describe('random circuits compile to programs equal to their source through the public API', () => {
  /** The JSON format takes no controls on swap, xx, yy, zz. */
  const jsonCircuits = circuits.filter((c) =>
    c.ops.every((op) => op.kind !== 'gate' || op.targets.length === 1 || op.controls.length === 0),
  );

  it.each(['qpu.aria-1', 'qpu.forte-1'] as const)('on %s, text and JSON, exact frames and fitted ones', (target) => {
    fc.assert(
      fc.property(jsonCircuits, fc.boolean(), (source: IrCircuit, optimize) => {
        const input = circuitToJson(source).json;
        const compiled = compile(input, { target, optimize });
        expect(compiled.ok).toBe(true);
        expect(equivalent(input, compiled.qasm as string, { target, finalFrames: compiled.finalFrames })).toBe(true);
        expect(equivalent(source, compiled.circuit as never, { target, upToFinalZ: true })).toBe(true);
      }),
      { numRuns: 40, seed: 16 },
    );
  });
});

afterAll(() => {
  console.log(`equivalence API: ${comparisons} comparisons`);
});

describe("the README's equivalence example, as written", () => {
  it('proves the Forte compile of Bell with its frames, and fits the same frames', () => {
    const compiled = compile(BELL, { target: 'qpu.forte-1' });
    expect(compiled.finalFrames).toEqual([[0.25, 0.75]]);
    const exact = checkEquivalence(BELL, compiled.qasm as string, { finalFrames: compiled.finalFrames });
    expect(exact).toMatchObject({ equivalent: true, method: 'unitary', diagnostics: [] });
    expect(exact.maxDeviation).toBeLessThan(1e-15);
    expect(
      checkEquivalence(BELL, compiled.circuit as never, { target: 'qpu.forte-1', upToFinalZ: true }).finalZ,
    ).toEqual([0.25, -0.25]);
  });
});
