import { describe, expect, it } from 'vitest';
import { checkEquivalence, compile, simulate, validate } from '../src/index.js';

/** The README's library example, asserted as written there. */
const bell = `OPENQASM 3.0;
qubit[2] q;
bit[2] c;
h q[0];
cx q[0], q[1];
c[0] = measure q[0];
c[1] = measure q[1];`;

describe('README library example', () => {
  it('accepts the Bell program on Aria', () => {
    expect(validate(bell, { target: 'qpu.aria-1' })).toEqual({ ok: true, diagnostics: [], failure: null });
  });

  it('rejects ccx with the failure and span shown', () => {
    const bad = validate('qubit[2] q;\nccx q[0], q[1];');
    expect(bad.failure).toEqual({ code: 'PreflightError', message: 'Circuit failed preflight validation: Gate ccx is not supported: use ctrl(2) @ x' });
    expect(bad.diagnostics[0]).toMatchObject({
      rule: 'rejected-gate',
      reason: 'Gate ccx is not supported: use ctrl(2) @ x',
      span: { start: { line: 2, column: 1, offset: 12 }, end: { line: 2, column: 4, offset: 15 } },
    });
  });

  it('compiles Bell for Forte to 1 ZZ and 3 pulses with the measurement map shown', () => {
    const result = compile(bell, { target: 'qpu.forte-1', gateset: 'native' });
    expect(result.stats).toEqual({ qubits: 2, circuits: 1, gate_counts: { '1q': 3, '2q': 1 } });
    expect(result.circuit).toEqual({
      format: 'svc.circuit.v0',
      gateset: 'native',
      qubits: 2,
      circuit: [
        { gate: 'gpi2', target: 0, phase: 0.75 },
        { gate: 'gpi2', target: 1, phase: 0.75 },
        { gate: 'zz', targets: [0, 1], angle: 0.25 },
        { gate: 'gpi2', target: 1, phase: 0.5 },
      ],
    });
    expect(result.measurements).toEqual([
      { qubit: 0, bit: 0, register: 'c', index: 0 },
      { qubit: 1, bit: 1, register: 'c', index: 1 },
    ]);
    expect(validate(result.qasm ?? '').ok).toBe(true);
  });

  it('simulates the probabilities and the seeded histogram shown', () => {
    const run = simulate(bell, { shots: 100, seed: 7 });
    expect(run.results['svc.result.probabilities.json.v2']).toEqual({
      probabilities: { registers: { output_all: { '11': 0.5, '00': 0.5 }, c: { '11': 0.5, '00': 0.5 } } },
    });
    expect(run.results['svc.result.histogram.json.v2']).toEqual({
      histogram: { registers: { output_all: { '11': 52, '00': 48 }, c: { '11': 52, '00': 48 } } },
    });
  });

  it('tells an rz sign flip apart', () => {
    const result = checkEquivalence('qubit[1] q; rz(0.5) q[0];', 'qubit[1] q; rz(-0.5) q[0];');
    expect(result.equivalent).toBe(false);
    expect(result.maxDeviation).toBeCloseTo(0.9589, 3);
  });
});
