/**
 * `load`: a program read once answers every operation as its text does.
 * Each operation's result from a loaded program is compared with the same
 * operation on the text (seeded where sampling is involved).
 */
import { describe, expect, it } from 'vitest';
import { checkEquivalence, compile, drawCircuit, load, simulate, validate, type CircuitJson } from '../../src/index.js';

const BELL =
  'OPENQASM 3.0;\nqubit[2] q;\nbit[2] c;\nh q[0];\ncx q[0], q[1];\nc[0] = measure q[0];\nc[1] = measure q[1];\n';
/** A GHZ chain on `n` qubits, written out gate by gate. */
const chain = (n: number) =>
  `qubit[${n}] q;\nbit[1] c;\nh q[0];\n${Array.from({ length: n - 1 }, (_, i) => `cx q[${i}], q[${i + 1}];\n`).join('')}c[0] = measure q[${n - 1}];\n`;
const WIDE = chain(27);
const TWELVE = chain(12);
const GATE_DEF = 'qubit[3] q;\ngate maj a, b, c { cx c, b; cx c, a; ccx a, b, c; }\nmaj q[0], q[1], q[2];\n';
const REFUSED = 'qubit[2] q;\ncnto q[0], q[1];\nfoo q[1];\n';
const SYNTAX = 'qubit[2] q;\nh q[0]\ncx q[0], q[1];\n';
const MULTI: CircuitJson = {
  format: 'svc.circuit.v0',
  qubits: 2,
  circuits: [
    { name: 'a', circuit: [{ gate: 'h', target: 0 }] },
    { name: 'b', circuit: [{ gate: 'cnot', control: 0, target: 1 }] },
  ],
};

const PROGRAMS = { BELL, WIDE, TWELVE, GATE_DEF, REFUSED, SYNTAX };
const TARGETS = ['simulator', 'qpu.harmony', 'qpu.aria-1', 'qpu.forte-1'];

describe('load', () => {
  for (const [name, text] of Object.entries(PROGRAMS)) {
    for (const target of TARGETS) {
      it(`${name} on ${target}: validate, compile, drawCircuit and simulate agree with the text`, () => {
        const program = load(text, { target });
        expect(validate(program)).toEqual(validate(text, { target }));
        expect(program.ok).toBe(validate(text, { target }).ok);
        for (const gateset of ['qis', 'native'] as const)
          expect(compile(program, { gateset })).toEqual(compile(text, { target, gateset }));
        expect(drawCircuit(program)).toEqual(drawCircuit(text, { target }));
        const fromProgram = simulate(program, { shots: 50, seed: 7 });
        const fromText = simulate(text, { target, shots: 50, seed: 7 });
        expect({ ...fromProgram, results: { ...fromProgram.results } }).toEqual({
          ...fromText,
          results: { ...fromText.results },
        });
      });
    }
  }

  it('answers for another target by running only the capability checks again, as the text would', () => {
    const program = load(TWELVE);
    expect(program.ok).toBe(true);
    const harmony = validate(program, { target: 'qpu.harmony' });
    expect(harmony.ok).toBe(false);
    expect(harmony).toEqual(validate(TWELVE, { target: 'qpu.harmony' }));
    expect(compile(program, { target: 'qpu.harmony' })).toEqual(compile(TWELVE, { target: 'qpu.harmony' }));
    expect(compile(program, { target: 'qpu.forte-1' })).toEqual(compile(TWELVE, { target: 'qpu.forte-1' }));
    // The other way round: refused for Harmony's 11 qubits, accepted on the simulator.
    const small = load(TWELVE, { target: 'qpu.harmony' });
    expect(small.ok).toBe(false);
    expect(validate(small, { target: 'simulator' })).toEqual(validate(TWELVE));
  });

  it('judges a noise model by the modelled QPU, as simulate does from text', () => {
    const program = load(WIDE);
    expect(program.ok).toBe(true);
    const noisy = simulate(program, { noise: { model: 'aria-1', seed: 3 } });
    expect(noisy.ok).toBe(false);
    expect(noisy).toEqual(simulate(WIDE, { noise: { model: 'aria-1', seed: 3 } }));
    const fits = simulate(load(BELL), { noise: { model: 'forte-1', seed: 3 } });
    const fitsText = simulate(BELL, { noise: { model: 'forte-1', seed: 3 } });
    expect({ ...fits, results: { ...fits.results } }).toEqual({ ...fitsText, results: { ...fitsText.results } });
  });

  it('loads svc.circuit.v0 JSON, objects and text, single and multicircuit', () => {
    for (const input of [MULTI, JSON.stringify(MULTI), { qubits: 1, circuit: [{ gate: 'x', target: 0 }] }]) {
      const program = load(input, { target: 'qpu.aria-1' });
      expect(program.format).toBe('circuit-json');
      expect(compile(program)).toEqual(compile(input, { target: 'qpu.aria-1' }));
      const run = simulate(program, { seed: 5 });
      const text = simulate(input, { target: 'qpu.aria-1', seed: 5 });
      expect({ ...run, results: { ...run.results } }).toEqual({ ...text, results: { ...text.results } });
    }
    expect(validate(load(MULTI, { target: 'qpu.harmony' }), { target: 'qpu.aria-1' }).ok).toBe(true);
  });

  it('reads text as OpenQASM with format qasm3, as validate does, even when it is a JSON object', () => {
    const json = JSON.stringify(MULTI);
    const program = load(json, { format: 'qasm3' });
    expect(program.format).toBe('qasm3');
    expect(validate(program)).toEqual(validate(json));
    expect(load(json).format).toBe('circuit-json');
  });

  it('compares loaded programs with checkEquivalence as it compares their text', () => {
    const compiled = compile(BELL, { target: 'qpu.aria-1' });
    const source = load(BELL, { target: 'qpu.aria-1' });
    const result = checkEquivalence(source, compiled.qasm as string, { finalFrames: compiled.finalFrames });
    expect(result).toEqual(checkEquivalence(BELL, compiled.qasm as string, { finalFrames: compiled.finalFrames }));
    expect(result.equivalent).toBe(true);
    expect(checkEquivalence(load(REFUSED), BELL).method).toBe('invalid-input');
  });

  it('reports bad options as diagnostics, and the limits load applied as fixed', () => {
    const bad = load(BELL, { target: 'qpu.nowhere' });
    expect(bad.ok).toBe(false);
    expect(bad.failure?.message).toMatch(/^Unknown target: qpu.nowhere/);
    const wrong = load(BELL, { format: 'yaml' } as never);
    expect(wrong.ok).toBe(false);
    expect(wrong.diagnostics[0]?.message).toMatch(/format/);
    const fixed = validate(load(BELL), { maxErrors: 3 });
    expect(fixed.ok).toBe(false);
    expect(fixed.failure?.message).toMatch(/maxErrors is applied while the program is read: pass it to load\(\)/);
    expect(compile(load(BELL), { target: 'qpu.nowhere' }).failure?.message).toMatch(/^Unknown target: qpu.nowhere/);
  });

  it('hands each caller its own diagnostics array', () => {
    const program = load(REFUSED);
    const first = validate(program);
    first.diagnostics.length = 0;
    expect(validate(program).diagnostics.length).toBe(program.diagnostics.length);
    expect(program.diagnostics.length).toBeGreaterThan(0);
    expect(Object.isFrozen(program)).toBe(true);
  });
});
