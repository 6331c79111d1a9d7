/**
 * Each rewrite family of `fix` against unitaries computed here from the
 * textbook matrices (expected.ts), independently of src/: the fixed program
 * must be accepted, proven by fix itself, and equal to the expected unitary
 * (up to global phase) on the oracle.
 */
import { complex, kron, matrix, multiply, subtract, type Matrix } from 'mathjs';
import { describe, expect, it } from 'vitest';
import { fix, simulate, validate } from '../../src/index.js';
import { H, I2, PX, PY, PZ, S, SDG, SWAP, T, TDG, V, VI, qisXX, qisYY, qisZZ, rx, ry, rz } from '../oracle/gates.js';
import { expectFixedEquals, phase, u3 } from './expected.js';

const [a, b, g, d] = [0.37, 1.21, -0.68, 2.05];
const i = complex(0, 1);
const ISWAP = matrix([
  [complex(1, 0), complex(0, 0), complex(0, 0), complex(0, 0)],
  [complex(0, 0), complex(0, 0), i, complex(0, 0)],
  [complex(0, 0), i, complex(0, 0), complex(0, 0)],
  [complex(0, 0), complex(0, 0), complex(0, 0), complex(1, 0)],
]);
const ECR = multiply<Matrix>(Math.SQRT1_2, subtract(kron(PX, I2), kron(PY, PX)));
const cu = (t: number, p: number, l: number, gamma: number) =>
  multiply<Matrix>(complex({ r: 1, phi: gamma }), u3(t, p, l));

describe('fix: refused and standard-library gates', () => {
  const cases: [string, string, Parameters<typeof expectFixedEquals>[1]][] = [
    ['u3', `u3(${a}, ${b}, ${g}) q[0];`, [{ gate: u3(a, b, g), targets: [0] }]],
    ['U', `U(${a}, ${b}, ${g}) q[1];`, [{ gate: u3(a, b, g), targets: [1] }]],
    ['u', `u(${a}, ${b}, ${g}) q[2];`, [{ gate: u3(a, b, g), targets: [2] }]],
    ['u2', `u2(${a}, ${b}) q[0];`, [{ gate: u3(Math.PI / 2, a, b), targets: [0] }]],
    ['u1', `u1(${a}) q[0];`, [{ gate: phase(a), targets: [0] }]],
    ['sxdg', `sxdg q[1];`, [{ gate: VI, targets: [1] }]],
    ['cp', `cp(${a}) q[0], q[2];`, [{ gate: phase(a), targets: [2], controls: [0] }]],
    ['cu1', `cu1(${b}) q[2], q[0];`, [{ gate: phase(b), targets: [0], controls: [2] }]],
    ['cu3', `cu3(${a}, ${b}, ${g}) q[1], q[0];`, [{ gate: u3(a, b, g), targets: [0], controls: [1] }]],
    ['cu', `cu(${a}, ${b}, ${g}, ${d}) q[0], q[1];`, [{ gate: cu(a, b, g, d), targets: [1], controls: [0] }]],
    ['crx', `crx(${a}) q[0], q[1];`, [{ gate: rx(a), targets: [1], controls: [0] }]],
    ['cry', `cry(${b}) q[2], q[1];`, [{ gate: ry(b), targets: [1], controls: [2] }]],
    ['crz', `crz(${g}) q[1], q[2];`, [{ gate: rz(g), targets: [2], controls: [1] }]],
    ['ch', `ch q[0], q[1];`, [{ gate: H, targets: [1], controls: [0] }]],
    ['ccx', `ccx q[0], q[1], q[2];`, [{ gate: PX, targets: [2], controls: [0, 1] }]],
    ['ccz', `ccz q[2], q[0], q[1];`, [{ gate: PZ, targets: [1], controls: [2, 0] }]],
    ['cswap', `cswap q[0], q[1], q[2];`, [{ gate: SWAP, targets: [1, 2], controls: [0] }]],
    ['rxx', `rxx(${a}) q[0], q[2];`, [{ gate: qisXX(a), targets: [0, 2] }]],
    ['ryy', `ryy(${b}) q[1], q[2];`, [{ gate: qisYY(b), targets: [1, 2] }]],
    ['rzz', `rzz(${g}) q[2], q[0];`, [{ gate: qisZZ(g), targets: [2, 0] }]],
    ['iswap', `iswap q[0], q[1];`, [{ gate: ISWAP, targets: [0, 1] }]],
    ['ecr', `ecr q[1], q[0];`, [{ gate: ECR, targets: [1, 0] }]],
    ['cs', `cs q[0], q[1];`, [{ gate: S, targets: [1], controls: [0] }]],
    ['csx', `csx q[1], q[2];`, [{ gate: V, targets: [2], controls: [1] }]],
  ];
  for (const [name, call, gates] of cases)
    it(`rewrites ${name} exactly`, () => {
      const result = expectFixedEquals(`OPENQASM 3.0;\nqubit[3] q;\n${call}`, gates, 3);
      // One entry, under the rule validate reported (rejected-gate for the spec's list, unknown-gate for the rest).
      const rule = validate(`qubit[3] q;\n${call}`).diagnostics[0]?.rule;
      expect(result.applied).toEqual([expect.objectContaining({ rule, line: 3, column: 1 })]);
    });

  it('leaves an accepted program as it is', () => {
    const source = 'qubit[2] q;\nh q[0];\ncx q[0], q[1];';
    expect(fix(source)).toMatchObject({ ok: true, source, applied: [], equivalent: true });
  });
});

describe('fix: modifiers', () => {
  const cases: [string, string, Parameters<typeof expectFixedEquals>[1]][] = [
    ['inv @ u3', `inv @ u3(${a}, ${b}, ${g}) q[0];`, [{ gate: u3(-a, -g, -b), targets: [0] }]],
    ['inv @ s', 'inv @ s q[1];', [{ gate: SDG, targets: [1] }]],
    ['pow(2) @ t', 'pow(2) @ t q[0];', [{ gate: S, targets: [0] }]],
    ['pow(-1) @ t', 'pow(-1) @ t q[0];', [{ gate: TDG, targets: [0] }]],
    ['pow(0.5) @ x', 'pow(0.5) @ x q[2];', [{ gate: V, targets: [2] }]],
    ['pow(1/3) @ rz', `pow(1/3) @ rz(${b}) q[0];`, [{ gate: rz(b / 3), targets: [0] }]],
    ['pow(0.5) @ s', 'pow(0.5) @ s q[0];', [{ gate: T, targets: [0] }]],
    ['negctrl @ x', 'negctrl @ x q[0], q[1];', [{ gate: PX, targets: [1], controls: [0], values: [0] }]],
    ['ctrl @ h', 'ctrl @ h q[2], q[0];', [{ gate: H, targets: [0], controls: [2] }]],
    ['ctrl(2) @ ry', `ctrl(2) @ ry(${a}) q[0], q[1], q[2];`, [{ gate: ry(a), targets: [2], controls: [0, 1] }]],
    ['ctrl @ u3', `ctrl @ u3(${a}, ${b}, ${g}) q[0], q[1];`, [{ gate: u3(a, b, g), targets: [1], controls: [0] }]],
    [
      'ctrl @ inv @ u3',
      `ctrl @ inv @ u3(${a}, ${b}, ${g}) q[1], q[2];`,
      [{ gate: u3(-a, -g, -b), targets: [2], controls: [1] }],
    ],
    [
      'negctrl @ ctrl @ rz',
      `negctrl @ ctrl @ rz(${g}) q[0], q[1], q[2];`,
      [{ gate: rz(g), targets: [2], controls: [0, 1], values: [0, 1] }],
    ],
    ['ctrl @ swap', 'ctrl @ swap q[0], q[1], q[2];', [{ gate: SWAP, targets: [1, 2], controls: [0] }]],
    ['ctrl @ gphase', `ctrl @ gphase(${a}) q[1];`, [{ gate: phase(a), targets: [1] }]],
    ['ctrl @ s', 'ctrl @ s q[0], q[1];', [{ gate: S, targets: [1], controls: [0] }]],
  ];
  for (const [name, call, gates] of cases)
    it(`rewrites ${name} exactly`, () => {
      const result = expectFixedEquals(`qubit[3] q;\n${call}`, gates, 3);
      expect(result.applied.map((x) => x.rule)).toContain('gate-modifier');
    });

  it('pushes modifiers into a user gate: inv reverses its body, pow repeats it, ctrl controls each call', () => {
    const gate = `gate hs a { h a; s a; }\n`;
    expectFixedEquals(
      `qubit[2] q;\n${gate}inv @ hs q[0];`,
      [
        { gate: SDG, targets: [0] },
        { gate: H, targets: [0] },
      ],
      2,
    );
    expectFixedEquals(
      `qubit[2] q;\n${gate}pow(2) @ hs q[1];`,
      [1, 2, 3, 4].map((i) => ({ gate: i % 2 ? H : S, targets: [1] })),
      2,
    );
    expectFixedEquals(
      `qubit[2] q;\n${gate}ctrl @ hs q[1], q[0];`,
      [
        { gate: H, targets: [0], controls: [1] },
        { gate: S, targets: [0], controls: [1] },
      ],
      2,
    );
  });

  it('keeps pow(k) it cannot prove (a fractional power of a two-qubit gate) with its diagnostic', () => {
    const result = fix('qubit[2] q;\npow(0.5) @ cx q[0], q[1];');
    expect(result.ok).toBe(false);
    expect(result.source).toBe('qubit[2] q;\npow(0.5) @ cx q[0], q[1];');
    expect(result.diagnostics.map((x) => x.rule)).toContain('gate-modifier');
  });
});

describe('fix: classical structure', () => {
  it('unrolls a for loop with its variable in angles and indices', () => {
    const r = expectFixedEquals(
      'qubit[3] q;\nfor int i in [0:2] { rz(i * pi / 4) q[i]; }',
      [0, 1, 2].map((i) => ({ gate: rz((i * Math.PI) / 4), targets: [i] })),
      3,
    );
    expect(r.applied).toContainEqual(expect.objectContaining({ rule: 'dynamic-circuit', line: 2 }));
  });

  it('unrolls nested loops, negative steps and sets', () => {
    expectFixedEquals(
      'qubit[4] q;\nfor int i in [2:-1:1] { for int j in {0, 3} { crz(0.1 * i + j) q[i], q[j]; } }',
      [2, 1].flatMap((i) => [0, 3].map((j) => ({ gate: rz(0.1 * i + j), targets: [j], controls: [i] }))),
      4,
    );
  });

  it('inlines a def with qubit and angle parameters', () => {
    expectFixedEquals(
      'qubit[2] q;\ndef entangle(qubit a, qubit b, float t) { h a; cx a, b; rz(t) b; }\nentangle(q[1], q[0], 0.5);',
      [
        { gate: H, targets: [1] },
        { gate: PX, targets: [0], controls: [1] },
        { gate: rz(0.5), targets: [0] },
      ],
      2,
    );
  });

  it('binds inputs, folds consts and sums of constants', () => {
    const r = expectFixedEquals(
      'const int n = 2;\ninput angle theta;\nqubit[n] q;\nrx(theta / 2) q[0];\nrz(pi/2 + pi/4) q[1];',
      [
        { gate: rx(0.4), targets: [0] },
        { gate: rz((3 * Math.PI) / 4), targets: [1] },
      ],
      2,
      { inputs: { theta: 0.8 } },
    );
    expect(r.source).toContain('rz(3*pi/4) q[1];');
  });

  it('keeps a missing input as a diagnostic naming --input', () => {
    const r = fix('input float theta;\nqubit[1] q;\nrx(theta) q[0];');
    expect(r.ok).toBe(false);
    expect(r.source).toContain('input float theta;');
  });

  it('keeps a branch on a measured bit as written, with its diagnostic', () => {
    const source = 'qubit[2] q;\nbit[1] c;\nc[0] = measure q[0];\nif (c[0]) { x q[1]; }\nu1(0.5) q[1];';
    const r = fix(source);
    expect(r.source).toContain('if (c[0]) { x q[1]; }');
    expect(r.source).toContain('p(0.5) q[1];');
    expect(r.diagnostics.map((x) => x.rule)).toEqual(['dynamic-circuit']);
    expect(r.equivalent).toBe('unchecked');
  });
});

describe('fix: operands and measurement', () => {
  it('measures a whole register bit by bit, keeping the measurement map', () => {
    const r = fix('qubit[3] q;\nbit[3] c;\nh q;\nc = measure q;');
    expect(r.ok).toBe(true);
    expect(r.source).toContain('c[0] = measure q[0];\nc[1] = measure q[1];\nc[2] = measure q[2];');
    expect(r.equivalent).toBe(true);
  });

  it('gives a measurement without destination its own bit register', () => {
    const r = fix('qubit[2] q;\nh q[0];\nmeasure q[0];\nmeasure q[1];');
    expect(r.ok).toBe(true);
    expect(r.source).toBe('qubit[2] q;\nh q[0];\nbit[2] meas;\nmeas[0] = measure q[0];\nmeas[1] = measure q[1];');
  });

  it('makes scalar qubits and bits size-1 registers, renaming every use', () => {
    const r = fix('qubit a;\nqubit[1] b;\nbit c;\nh a;\ncx a, b[0];\nc = measure a;');
    expect(r.ok).toBe(true);
    expect(r.source).toBe('qubit[1] a;\nqubit[1] b;\nbit[1] c;\nh a[0];\ncx a[0], b[0];\nc[0] = measure a[0];');
    expect(r.equivalent).toBe(true);
  });

  it('writes ranges, sets and ++ as explicit qubits', () => {
    expectFixedEquals(
      'qubit[4] q;\nh q[1:2];\nx q[{0, 3}];\nlet a = q[0:1] ++ q[3];\ncx a[2], a[0];',
      [
        { gate: H, targets: [1] },
        { gate: H, targets: [2] },
        { gate: PX, targets: [0] },
        { gate: PX, targets: [3] },
        { gate: PX, targets: [0], controls: [3] },
      ],
      4,
    );
  });

  it('leaves a register named but not declared alone when the program declares others (a mistake, not a snippet)', () => {
    // QASMBench's vqe_uccsd files declare reg[4] and measure q[0] -> c[0]: declaring q would measure fresh qubits.
    const source = 'OPENQASM 2.0;\ninclude "qelib1.inc";\nqreg reg[2];\ncreg c[2];\nh reg[0];\nmeasure q[0] -> c[0];';
    const r = fix(source);
    expect(r.ok).toBe(false);
    expect(r.source).toContain('measure q[0] -> c[0];');
    expect(r.diagnostics.map((d) => d.rule)).toContain('qubit-operand');
  });

  it('keeps a delay whose qubits a gate argument reads the duration of as unfixable', () => {
    const r = fix('qubit[1] q;\nduration d = 10ns;\ndelay[d] q[0];\nrx(d) q[0];');
    expect(r.ok).toBe(false);
    expect(r.source).toContain('rx(d) q[0];');
  });

  it('gives each earlier measurement into a reused bit a new bit, the last one keeping it', () => {
    const r = fix('qubit[2] q;\nbit[1] c;\nh q[0];\nc[0] = measure q[0];\nx q[1];\nc[0] = measure q[1];');
    expect(r.ok).toBe(true);
    expect(r.source).toBe(
      'qubit[2] q;\nbit[1] c;\nh q[0];\nbit[1] meas;\nmeas[0] = measure q[0];\nx q[1];\nc[0] = measure q[1];',
    );
    expect(r.applied.map((x) => [x.rule, x.line])).toEqual([['unique-measurement-bit', 4]]);
    expect(r.equivalent).toBe(true);
    // c holds q[1]'s value in both: the ideal distribution of c is that of x q[1] (always 1).
    const c = simulate(r.source).results['svc.result.probabilities.json.v2'] as {
      probabilities: { registers: Record<string, Record<string, number>> };
    };
    expect(c.probabilities.registers.c).toEqual({ '1': 1 });
  });

  it('leaves a reused bit whose register another statement reads, with its diagnostic', () => {
    const source = 'qubit[2] q;\nbit[1] c;\nfor int i in [0:1] { c[0] = measure q[i]; }';
    const r = fix(source);
    expect(r.ok).toBe(false);
    expect(r.diagnostics.map((x) => x.rule)).toContain('unique-measurement-bit');
    expect(r.applied.some((x) => x.rule === 'unique-measurement-bit')).toBe(false);
  });

  it('resets a whole register qubit by qubit', () => {
    const r = fix('qubit[2] q;\nreset q;\nh q[0];');
    expect(r.ok).toBe(true);
    expect(r.source).toBe('qubit[2] q;\nreset q[0];\nreset q[1];\nh q[0];');
  });
});
