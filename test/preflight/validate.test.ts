import { describe, expect, it } from 'vitest';
import { validate, validateProgram } from '../../src/api/validate.js';
import { validate as publicValidate, targets } from '../../src/index.js';

const codes = (source: string, options = {}) => validate(source, options).diagnostics.map((d) => [d.code, d.rule]);

describe('validate pipeline', () => {
  it('accepts a valid program on the default simulator target', () => {
    const result = publicValidate(
      'OPENQASM 3.0;\nqubit[2] q;\nbit[2] c;\nh q[0];\ncx q[0], q[1];\nc[0] = measure q[0];\nc[1] = measure q[1];\n',
    );
    expect(result).toEqual({ ok: true, diagnostics: [], failure: null });
    expect(Object.isFrozen(targets)).toBe(true);
  });

  it('stops at syntax errors: no subset diagnostics after them', () => {
    const result = validate('qubit[2] q;\ncnto q[0];\nh q[0]\n');
    expect(result.diagnostics.map((d) => d.rule)).toEqual(['syntax-error']);
    expect(result.failure?.code).toBe('PreflightError');
  });

  it('reports capability findings in the same run as subset errors, after them; failure stays the subset error', () => {
    expect(codes('qubit[30] q;\nsxdg q[0];')).toEqual([
      ['PreflightError', 'rejected-gate'],
      ['NotEnoughQubits', 'qubit-count'],
    ]);
    expect(validate('qubit[30] q;\nsxdg q[0];').failure?.code).toBe('PreflightError');
    expect(codes('qubit[30] q;\nh q[0];').map(([code]) => code)).toEqual(['NotEnoughQubits']);
    const midCircuit = validate('qubit[1] q;\nbit[1] c;\nc[0] = measure q[0];\nh q[0];\nu3(0, 0, 0) q[0];', {
      target: 'qpu.aria-1',
    });
    expect(midCircuit.diagnostics.map((d) => d.rule)).toEqual(['rejected-gate', 'mid-circuit-measurement']);
  });

  it('stops before capability findings once the subset rules spent the error budget', () => {
    const result = validate('qubit[40] q;\n' + 'foo q[0];\n'.repeat(5), { maxErrors: 3 });
    expect(result.diagnostics.map((d) => d.rule)).toEqual([
      'unknown-gate',
      'unknown-gate',
      'unknown-gate',
      'max-errors',
    ]);
  });

  it('exercises the qubit limits of each target at the boundary', () => {
    const program = (n: number) => `qubit[${n}] q;\nh q[0];`;
    const limits = new Map(targets.map((t) => [t.name, t.qubits]));
    expect([limits.get('simulator'), limits.get('qpu.aria-1'), limits.get('qpu.forte-1')]).toEqual([29, 25, 36]);
    for (const [target, limit] of limits) {
      expect(validate(program(limit), { target }).ok).toBe(true);
      const over = validate(program(limit + 1), { target });
      expect(over.failure).toEqual({
        code: 'NotEnoughQubits',
        message: `Program needs ${limit + 1} qubits; ${target} has ${limit}`,
      });
    }
  });

  it('accepts mid-circuit measurement on the simulator and refuses it on each QPU', () => {
    const program = 'qubit[1] q;\nbit[2] c;\nc[0] = measure q[0];\nx q[0];\nc[1] = measure q[0];';
    expect(validate(program).ok).toBe(true);
    for (const target of targets.filter((t) => !t.simulator)) {
      expect(validate(program, { target: target.name }).failure).toEqual({
        code: 'UnsupportedFeature',
        message: 'Mid-circuit measurement is not supported on this target',
      });
    }
  });

  it('reports a dynamic-circuit statement once without judging its header, and judges its body like top-level code', () => {
    const result = validate(
      'qubit[1] q;\nbit[1] c;\nfor int i in [0:3] { h q[0]; }\nif (c[0]) { cnto q[0]; float f; }',
    );
    expect(result.diagnostics.map((d) => [d.rule, d.span.start.line])).toEqual([
      ['unknown-gate', 4],
      ['classical-declaration', 4],
      ['dynamic-circuit', 3],
      ['dynamic-circuit', 4],
    ]);
    expect(result.failure?.message).toBe('Circuit failed preflight validation: Unknown gate: cnto');
  });

  it('judges else, while, switch and nested bodies, and leaves uses of a loop variable to the loop', () => {
    const source = [
      'qubit[2] q;',
      'bit[1] c;',
      'if (c[0]) { x q[0]; } else { u3(0, 0, 0) q[0]; }',
      'while (c[0]) { rz(pi/2 + pi/4) q[0]; }',
      'switch (c[0]) { case 0 { ccx q[0], q[1], q[0]; } default { h q[0]; } }',
      'for int i in [0:1] { h q[i]; rz(i * pi) q[0]; for int j in [0:1] { sxdg q[j]; } }',
    ].join('\n');
    const result = validate(source);
    const subset = result.diagnostics
      .filter((d) => d.code === 'PreflightError')
      .map((d) => [d.rule, d.span.start.line]);
    expect(subset).toEqual([
      ['rejected-gate', 3],
      ['constant-argument', 4],
      ['rejected-gate', 5],
      ['qubit-operand', 5],
      ['rejected-gate', 6],
    ]);
    expect(result.diagnostics.filter((d) => d.rule === 'dynamic-circuit').map((d) => d.span.start.line)).toEqual([
      3, 4, 5, 6,
    ]);
  });

  it('does not cascade from a refused output declaration: it still declares its bit register', () => {
    const result = validate(
      'qubit[8] q;\noutput bit[8] results;\n' +
        Array.from({ length: 8 }, (_, i) => `results[${i}] = measure q[${i}];`).join('\n'),
    );
    expect(result.diagnostics.map((d) => d.reason)).toEqual(['Unrecognized statement: output bit[8] results']);
  });

  it('reports several errors in source order and picks the first as failure', () => {
    const result = validate('qubit[2] q;\nfloat x = 1.0;\ncnto q[0], q[1];\nh q[5];\nccx q[0], q[1], q[0];');
    const lines = result.diagnostics.map((d) => d.span.start.line);
    expect(lines).toEqual([...lines].sort((a, b) => a - b));
    expect(result.diagnostics.map((d) => d.rule)).toEqual([
      'classical-declaration',
      'unknown-gate',
      'qubit-operand',
      'rejected-gate',
      'qubit-operand',
    ]);
    expect(result.failure?.message).toBe(
      'Circuit failed preflight validation: Declaration of float x is not supported: only qubit and bit registers (and int, whose value is discarded) can be declared',
    );
  });

  it('puts TooManyControls first when it comes first, whatever the code', () => {
    const result = validate(
      'qubit[9] q;\nctrl(8) @ x q[0], q[1], q[2], q[3], q[4], q[5], q[6], q[7], q[8];\nfoo q[0];',
    );
    expect(result.failure?.code).toBe('TooManyControls');
    expect(result.diagnostics.map((d) => d.code)).toEqual(['TooManyControls', 'PreflightError']);
  });

  it('stops at maxErrors with one closing diagnostic', () => {
    const source = 'qubit[1] q;\n' + 'foo q[0];\n'.repeat(10);
    const result = validate(source, { maxErrors: 3 });
    expect(result.diagnostics.map((d) => d.rule)).toEqual([
      'unknown-gate',
      'unknown-gate',
      'unknown-gate',
      'max-errors',
    ]);
    expect(validate('qubit[1] q;\n' + 'foo q[0];\n'.repeat(150)).diagnostics).toHaveLength(101);
  });

  it('enforces the 10 MB source limit by default, and lifts it on request', () => {
    const big = 'qubit[1] q;\n' + '// padding\n'.repeat(1_000_000);
    expect(big.length).toBeGreaterThan(10 * 1024 * 1024);
    const refused = validate(big);
    expect(refused.diagnostics.map((d) => d.rule)).toEqual(['source-size']);
    expect(refused.failure?.message).toBe(
      `Circuit failed preflight validation: Program source is ${big.length} characters, more than the 10485760 the service accepts: split it into smaller jobs`,
    );
    expect(validate('qubit[1] q;\nh q[0];', { maxSourceLength: 5 }).failure?.message).toContain(
      'more than the 5 the service accepts',
    );
    expect(validate(big, { maxSourceLength: Infinity }).ok).toBe(true);
  });

  it('reports an unknown target as InvalidInput first and still runs the subset rules', () => {
    const result = validate('qubit[1] q;\nfoo q[0];', { target: 'qpu.aria' });
    expect(result.diagnostics.map((d) => [d.code, d.rule])).toEqual([
      ['InvalidInput', 'unknown-target'],
      ['PreflightError', 'unknown-gate'],
    ]);
  });

  it('takes a user-defined target object', () => {
    const tiny = {
      name: 'lab.tiny',
      qubits: 2,
      twoQubitNative: 'ms',
      midCircuitMeasurement: false,
      status: 'available',
      simulator: false,
    } as const;
    expect(validate('qubit[2] q;\ncx q[0], q[1];', { target: tiny }).ok).toBe(true);
    expect(validate('qubit[3] q;', { target: tiny }).failure?.message).toBe('Program needs 3 qubits; lab.tiny has 2');
  });

  it('never throws, even on values that are not strings', () => {
    for (const value of [undefined, null, 42, {}, Symbol.iterator]) {
      const result = validate(value as string);
      expect(typeof result.ok).toBe('boolean');
    }
  });

  it('treats missing options as defaults, and names options that are not an object', () => {
    expect(validate('qubit[1] q;\nh q[0];', null as never)).toEqual({ ok: true, diagnostics: [], failure: null });
    for (const [options, shown] of [
      [42, '42'],
      ['x', '"x"'],
    ] as const) {
      expect(validate('qubit[1] q;\nh q[0];', options as never).diagnostics.map((d) => [d.rule, d.reason])).toEqual([
        ['invalid-option', `The options of validate must be an object, not ${shown}`],
      ]);
    }
  });

  it('gives later stages the AST, source, inlined program and target', () => {
    const result = validateProgram('qubit[2] q;\ncx q[0], q[1];', { target: 'qpu.forte-1' });
    expect(result.ok).toBe(true);
    expect(result.target.name).toBe('qpu.forte-1');
    expect(result.program?.statements).toHaveLength(2);
    expect(result.inlined?.ops).toHaveLength(1);
    expect(result.source.text).toContain('cx');
  });
});
