/** Which jobs run on the main thread (src/service/worker/tiny.ts): only those whose run the text bounds. */
import { describe, expect, it } from 'vitest';
import { isTiny } from '../../src/service/worker/tiny.js';
import type { ExecuteRequest } from '../../src/service/worker/execute.js';
import { BELL_JSON, BELL_QASM } from './harness.js';

const qasm = (program: string, more: Partial<ExecuteRequest> = {}): ExecuteRequest => ({
  kind: 'qasm3',
  program,
  backend: 'simulator',
  shots: 100,
  noise: null,
  dryRun: false,
  ...more,
});

describe('isTiny', () => {
  it('takes a Bell job, as QASM and as JSON, ideal or with a noise model', () => {
    expect(isTiny(qasm(BELL_QASM))).toBe(true);
    expect(isTiny(qasm(BELL_QASM, { shots: null }))).toBe(true);
    expect(isTiny(qasm(BELL_QASM, { noise: { model: 'aria-1', seed: 1 } }))).toBe(true);
    expect(isTiny({ ...qasm(''), kind: 'circuit', program: BELL_JSON as ExecuteRequest['program'] })).toBe(true);
  });

  it('leaves to a thread what the text does not bound: loops, definitions, modifiers', () => {
    for (const line of [
      'for int i in [0:1000000] { h q[0]; }',
      'while (true) { h q[0]; }',
      'gate g a { h a; } g q[0];',
      'def f(qubit a) { h a; } f(q[0]);',
      'pow(1000000) @ x q[0];',
      'ctrl @ x q[0], q[1];',
    ])
      expect(isTiny(qasm(BELL_QASM + line))).toBe(false);
  });

  it('leaves to a thread many qubits, a long program, many shots, debiasing, a characterization', () => {
    expect(isTiny(qasm(BELL_QASM.replace('qubit[2] q;', 'qubit[5] q;')))).toBe(false);
    expect(isTiny(qasm(BELL_QASM + 'qubit[2] r;qubit s;'))).toBe(false);
    expect(isTiny(qasm('OPENQASM 2.0; include "qelib1.inc"; qreg q[5]; h q[0];'))).toBe(false);
    expect(isTiny(qasm(BELL_QASM + 'h q[0];\n'.repeat(100)))).toBe(false);
    // Sizes the text does not spell: a constant's register, a physical qubit's index.
    expect(isTiny(qasm('OPENQASM 3.0;\nconst int N = 28;\nqubit[N] q;\nh q;\nbit[28] c;\nc = measure q;'))).toBe(false);
    expect(isTiny(qasm('OPENQASM 3.0;\nqubit[ 2 ] q;\nh $27;\nbit c;\nc = measure $27;'))).toBe(false);
    expect(isTiny(qasm('OPENQASM 3.0;\nh $1;\ncx $1, $3;\nbit[2] c;\nc[0] = measure $1;'))).toBe(true);
    expect(isTiny(qasm(BELL_QASM, { shots: 10_000 }))).toBe(false);
    expect(isTiny(qasm(BELL_QASM, { debiasing: true }))).toBe(false);
    expect(isTiny(qasm(BELL_QASM, { noise: { model: 'aria-1', seed: 1, characterization: { id: 'c' } } }))).toBe(false);
    const wide = { ...BELL_JSON, qubits: 20 };
    expect(isTiny({ ...qasm(''), kind: 'circuit', program: wide as ExecuteRequest['program'] })).toBe(false);
  });
});
