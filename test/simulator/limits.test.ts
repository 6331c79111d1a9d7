/**
 * Issue 15, section 2 rows owned by the simulator and compile limits: huge
 * classical registers are refused before anything is allocated, a runaway
 * randomStates is refused, and native lowering stops at the native gate
 * limit. Each case has a time limit, so a regression fails instead of hanging.
 */
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/api/compile.js';
import { checkEquivalence } from '../../src/api/equivalence.js';
import { loadCircuits } from '../../src/api/load.js';
import { lowerWithinLimit } from '../../src/api/native-gate-limit.js';
import { lowerToNative } from '../../src/native/index.js';
import { simulate } from '../../src/api/simulate.js';
import { LIMITS } from '../../src/tables/index.js';
import { validate } from '../../src/api/validate.js';
import { circuit } from './helpers.js';

describe('classical registers have a size limit', () => {
  it.each([
    'bit[2147483648] c;',
    'creg d[0x7fffffff];',
    'bit[100000000] c;',
    `bit[${LIMITS.maxClassicalBits}] a; bit[1] b;`,
  ])(
    '%s is refused by validate, compile and simulate, at once',
    (source) => {
      for (const result of [validate(source), compile(source), simulate(source)]) {
        expect(result.ok).toBe(false);
        expect(result.diagnostics[0]).toMatchObject({ rule: 'classical-bit-limit', code: 'PreflightError' });
        expect(result.diagnostics[0]?.hint).toBeDefined();
      }
    },
    5_000,
  );

  it('accepts exactly the limit', () => {
    expect(validate(`bit[${LIMITS.maxClassicalBits - 1}] a; creg b[1];`).ok).toBe(true);
  });

  it('IR given straight to simulate is held to it too', () => {
    const r = simulate({ ...circuit(1, []), clbits: 2 ** 31 });
    expect(r.diagnostics[0]).toMatchObject({ rule: 'classical-bit-limit' });
  }, 5_000);
});

describe('sampled runs hold a bounded number of bits', () => {
  it('refuses a million shots of 65,536 classical bits before sampling, naming the limit', () => {
    const source = `qubit[1] q; bit[${LIMITS.maxClassicalBits}] c; h q[0]; c[0] = measure q[0];`;
    for (const noise of [undefined, { model: 'aria-1' }]) {
      const r = simulate(source, { shots: 1_000_000, seed: 1, ...(noise ? { noise } : {}) });
      expect(r.diagnostics[0]).toMatchObject({ code: 'SimulationLimit', rule: 'simulator-shot-limit' });
      expect(r.diagnostics[0]?.hint).toContain('fewer shots');
    }
  }, 5_000);

  it('samples a million shots of 29 qubits and a 29-bit register within it', () => {
    expect(1_000_000 * (29 + 29)).toBeLessThanOrEqual(LIMITS.maxShotBits);
    expect(
      simulate(`qubit[2] q; bit[200] c; h q[0]; c[0] = measure q[0];`, {
        shots: 1000,
        seed: 1,
        artifacts: ['histogram'],
      }).ok,
    ).toBe(true);
  }, 5_000);
});

describe('checkEquivalence bounds randomStates', () => {
  const a = 'qubit[13] q; h q[0];';
  const b = 'qubit[13] q; h q[0];';

  it.each([Infinity, NaN, 0, -1, 1.5, LIMITS.maxRandomStates + 1, 1e12, '4'])(
    'refuses randomStates %s with a diagnostic naming it',
    (value) => {
      const r = checkEquivalence(a, b, { randomStates: value as number });
      expect(r.method).toBe('invalid-input');
      expect(r.equivalent).toBe(false);
      expect(r.diagnostics[0]).toMatchObject({ rule: 'invalid-option', code: 'InvalidInput' });
      expect(r.diagnostics[0]?.message).toContain('randomStates');
    },
    5_000,
  );

  it('names a limit it stops at, with a hint', () => {
    const r = checkEquivalence(a, b, { memoryBudgetBytes: 1000 });
    expect(r.method).toBe('limit');
    expect(r.diagnostics[0]).toMatchObject({ code: 'SimulationLimit', rule: 'simulator-memory-budget' });
    expect(r.diagnostics[0]?.hint).toContain('memoryBudgetBytes');
  }, 5_000);

  it('compares with a reasonable count', () => {
    expect(checkEquivalence(a, b, { randomStates: 2 })).toMatchObject({ equivalent: true, method: 'random-states' });
  }, 10_000);
});

describe('native gate limit', () => {
  // The target moves from line to line: equal neighbours would cancel (native/passes/cancel.ts), as they should.
  const ctrl7 = (lines: number) =>
    `qubit[8] q;\n${Array.from(
      { length: lines },
      (_, i) => `ctrl(7) @ x ${Array.from({ length: 8 }, (_, k) => `q[${(i + k) % 8}]`).join(', ')};\n`,
    ).join('')}`;
  const lowerer = (maxQubits: number) => (c: Parameters<typeof lowerToNative>[0], maxOps: number) =>
    lowerToNative(c, 'ms', { maxQubits, maxOps });

  it('stops lowering past the limit with a TooManyGates diagnostic naming it, and keeps within it below', () => {
    const loaded = loadCircuits(ctrl7(20));
    if (!loaded.ok) throw new Error('fixture did not load');
    const within = lowerWithinLimit(loaded.circuits, lowerer(29), 100_000);
    expect(Array.isArray(within)).toBe(true);
    const emitted = (within as { circuit: { ops: readonly unknown[] } }[])[0]!.circuit.ops.length;
    expect(emitted).toBeGreaterThan(20 * 100);
    const refused = lowerWithinLimit(loaded.circuits, lowerer(29), emitted - 1);
    expect(refused).toMatchObject({ code: 'TooManyGates', rule: 'too-many-native-gates' });
    expect((refused as { message: string }).message).toContain(`${(emitted - 1).toLocaleString('en-US')} gates`);
    expect(lowerWithinLimit(loaded.circuits, lowerer(29), emitted)).toHaveLength(1);
  }, 10_000);

  it('counts every circuit of a multicircuit against one limit', () => {
    const one = loadCircuits(ctrl7(2));
    if (!one.ok) throw new Error('fixture did not load');
    const c = one.circuits[0]!;
    const single = (lowerWithinLimit([c], lowerer(29), 100_000) as { circuit: { ops: readonly unknown[] } }[])[0]!
      .circuit.ops.length;
    expect(lowerWithinLimit([c, c], lowerer(29), 2 * single)).toHaveLength(2);
    expect(lowerWithinLimit([c, c], lowerer(29), 2 * single - 1)).toMatchObject({ rule: 'too-many-native-gates' });
  }, 10_000);

  it('compile lowers within the limit (a bounded program compiles)', () => {
    const r = compile(ctrl7(10));
    expect(r.ok).toBe(true);
    expect(r.stats!.gate_counts['1q'] + r.stats!.gate_counts['2q']).toBeLessThanOrEqual(LIMITS.maxNativeGates);
  }, 10_000);
});
