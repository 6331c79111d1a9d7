import { describe, expect, it, afterAll } from 'vitest';
import { complex, matrix, multiply, kron, type Matrix } from 'mathjs';
import { circuitOf, gate, native } from './circuits.js';
import { expectDifferentMatrix, expectSameMatrix, oracleChecks } from './count.js';
import { gpi, gpi2, H, ms, PX, rx, rz, S, SWAP, V, zz, I2, qisXX } from './gates.js';
import { equalUpToGlobalPhase, unitaryOf } from './unitary.js';

describe('oracle', () => {
  it('builds the unitary of a QIS circuit, qubit 0 most significant', () => {
    const u = unitaryOf(circuitOf(2, [gate('x', [0])]));
    expectSameMatrix(u, kron(PX, I2));
    expectDifferentMatrix(u, kron(I2, PX), 'wrong endianness must fail');
  });

  it('applies controls on the named qubits', () => {
    const cnot01 = matrix(
      [
        [1, 0, 0, 0],
        [0, 1, 0, 0],
        [0, 0, 0, 1],
        [0, 0, 1, 0],
      ].map((r) => r.map((v) => complex(v, 0))),
    );
    expectSameMatrix(unitaryOf(circuitOf(2, [gate('x', [1], [0])])), cnot01);
    expectDifferentMatrix(unitaryOf(circuitOf(2, [gate('x', [0], [1])])), cnot01);
  });

  it('multiplies in circuit order', () => {
    const u = unitaryOf(circuitOf(1, [gate('h', [0]), gate('s', [0])]));
    expectSameMatrix(u, multiply<Matrix>(S, H));
    expectDifferentMatrix(u, multiply<Matrix>(H, S), 'math order must fail');
  });

  it('ignores global phase but nothing else', () => {
    const phased = multiply<Matrix>(PX, complex(0, 1));
    expectSameMatrix(phased, PX);
    expect(equalUpToGlobalPhase(rz(0.3), rz(0.3000001))).toBeGreaterThan(1e-8);
    expect(equalUpToGlobalPhase(kron(PX, PX), PX)).toBe(Infinity);
  });

  it('discriminates the classic mistakes (negative controls)', () => {
    // wrong sign of a rotation
    expectDifferentMatrix(unitaryOf(circuitOf(1, [gate('rx', [0], [], 0.9)])), rx(-0.9));
    // wrong unit: radians where turns are meant
    expectDifferentMatrix(unitaryOf(circuitOf(1, [native('gpi2', [0], [0.25])])), gpi2(0.25 / (2 * Math.PI)));
    // wrong endianness of ms: φ0 must act on targets[0]
    expectDifferentMatrix(unitaryOf(circuitOf(2, [native('ms', [0, 1], [0, 0.25], 0.25)])), ms(0.25, 0, 0.25));
    // missing 1/2 in rx's exponent
    expectDifferentMatrix(unitaryOf(circuitOf(1, [gate('rx', [0], [], 0.9)])), rx(1.8));
    // a dropped virtual Z
    expectDifferentMatrix(unitaryOf(circuitOf(1, [gate('h', [0])])), gpi2(0.25));
    // zz(θ) is exp(-iπθ ZZ), not exp(-iθ ZZ / 2)
    expectDifferentMatrix(unitaryOf(circuitOf(2, [native('zz', [0, 1], [], 0.1)])), qisXX(0.1));
  });

  it('agrees with the gate library for every native gate', () => {
    expectSameMatrix(unitaryOf(circuitOf(1, [native('gpi', [0], [0.3])])), gpi(0.3));
    expectSameMatrix(unitaryOf(circuitOf(1, [native('gpi2', [0], [0.3])])), gpi2(0.3));
    expectSameMatrix(unitaryOf(circuitOf(2, [native('ms', [0, 1], [0.1, 0.7], 0.2)])), ms(0.1, 0.7, 0.2));
    expectSameMatrix(unitaryOf(circuitOf(2, [native('zz', [0, 1], [], -0.2)])), zz(-0.2));
    expectSameMatrix(unitaryOf(circuitOf(2, [gate('swap', [0, 1])])), SWAP);
    expectSameMatrix(unitaryOf(circuitOf(1, [gate('v', [0])])), multiply<Matrix>(V, 1));
  });

  afterAll(() => {
    console.log(`oracle suite: ${oracleChecks()} oracle checks`);
  });
});
