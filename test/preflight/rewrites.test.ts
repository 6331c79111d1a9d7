/**
 * Every rewrite a hint offers is the refused gate's operation, up to global
 * phase: the hint's code for a call with random angles is run through
 * validate and the IR to a unitary (the oracle's), and compared with the
 * source gate's matrix written here from its standard definition
 * (stdgates.inc, qelib1.inc, Qiskit), independently of src/preflight.
 * Big-endian: the first operand is the most significant index bit.
 */
import { complex, kron, matrix, multiply, subtract, type Complex, type Matrix } from 'mathjs';
import { describe, expect, it } from 'vitest';
import { REWRITE_CODE_PREFIX } from '../../src/diagnostics/index.js';
import { lowerToIr } from '../../src/ir/index.js';
import { CONTROLLED_FORMS, GATE_REWRITES } from '../../src/preflight/rewrites.js';
import { validate, validateProgram } from '../../src/api/validate.js';
import { H, I2, PX, PY, PZ, S, SDG, SWAP, T, TDG, V, VI, qisXX, qisYY, qisZZ, rx, ry, rz } from '../oracle/gates.js';
import { equalUpToGlobalPhase, unitaryOf } from '../oracle/unitary.js';

const c = (re: number, im = 0) => complex(re, im);
const phase = (l: number): Matrix =>
  matrix([
    [c(1), c(0)],
    [c(0), complex({ r: 1, phi: l })],
  ]);
const u3 = (t: number, p: number, l: number): Matrix =>
  matrix([
    [c(Math.cos(t / 2)), multiply(complex({ r: 1, phi: l }), -Math.sin(t / 2)) as Complex],
    [
      multiply(complex({ r: 1, phi: p }), Math.sin(t / 2)) as Complex,
      multiply(complex({ r: 1, phi: p + l }), Math.cos(t / 2)) as Complex,
    ],
  ]);

/** |0><0| ⊗ I + |1><1| ⊗ U, applied `controls` times. */
function controlledOf(u: Matrix, controls = 1): Matrix {
  let m = u;
  for (let i = 0; i < controls; i++) {
    const n = m.size()[0] as number;
    const rows: Complex[][] = [];
    for (let r = 0; r < 2 * n; r++) {
      const row: Complex[] = [];
      for (let col = 0; col < 2 * n; col++) {
        if (r < n && col < n) row.push(c(r === col ? 1 : 0));
        else if (r >= n && col >= n) row.push(complex(m.get([r - n, col - n]) as never));
        else row.push(c(0));
      }
      rows.push(row);
    }
    m = matrix(rows);
  }
  return m;
}

const ISWAP = matrix([
  [c(1), c(0), c(0), c(0)],
  [c(0), c(0), c(0, 1), c(0)],
  [c(0), c(0, 1), c(0), c(0)],
  [c(0), c(0), c(0), c(1)],
]);
/** Qiskit's ECR = (IX - XY)/√2 in its little-endian notation, that is (X⊗I - Y⊗X)/√2 with the first operand first. */
const ECR = multiply<Matrix>(Math.SQRT1_2, subtract(kron(PX, I2), kron(PY, PX)));

/** The refused gate's matrix for its angles and width. */
const SOURCE_MATRICES: Record<string, (a: readonly number[], qubits: number) => Matrix> = {
  phase: ([l = 0]) => phase(l),
  u1: ([l = 0]) => phase(l),
  u2: ([p = 0, l = 0]) => u3(Math.PI / 2, p, l),
  u3: ([t = 0, p = 0, l = 0]) => u3(t, p, l),
  u: ([t = 0, p = 0, l = 0]) => u3(t, p, l),
  U: ([t = 0, p = 0, l = 0]) => u3(t, p, l),
  sxdg: () => VI,
  cphase: ([l = 0]) => controlledOf(phase(l)),
  cp: ([l = 0]) => controlledOf(phase(l)),
  cu1: ([l = 0]) => controlledOf(phase(l)),
  crz: ([t = 0]) => controlledOf(rz(t)),
  crx: ([t = 0]) => controlledOf(rx(t)),
  cry: ([t = 0]) => controlledOf(ry(t)),
  cu3: ([t = 0, p = 0, l = 0]) => controlledOf(u3(t, p, l)),
  cu: ([t = 0, p = 0, l = 0, g = 0]) => controlledOf(multiply<Matrix>(complex({ r: 1, phi: g }), u3(t, p, l))),
  ch: () => controlledOf(H),
  cs: () => controlledOf(S),
  csx: () => controlledOf(V),
  ccx: () => controlledOf(PX, 2),
  ccz: () => controlledOf(PZ, 2),
  cswap: () => controlledOf(SWAP),
  mcx: (_, qubits) => controlledOf(PX, qubits - 1),
  rzz: ([t = 0]) => qisZZ(t),
  rxx: ([t = 0]) => qisXX(t),
  ryy: ([t = 0]) => qisYY(t),
  iswap: () => ISWAP,
  ecr: () => ECR,
};

/** Accepted gates that ctrl @ does not take, by name (aliases included), as matrices. */
const ACCEPTED_MATRICES: Record<string, (a: readonly number[]) => Matrix> = {
  ry: ([t = 0]) => ry(t),
  rx: ([t = 0]) => rx(t),
  p: ([l = 0]) => phase(l),
  s: () => S,
  sdg: () => SDG,
  si: () => SDG,
  t: () => T,
  tdg: () => TDG,
  ti: () => TDG,
  sx: () => V,
  v: () => V,
  vdg: () => VI,
  vi: () => VI,
  h: () => H,
  y: () => PY,
  cx: () => controlledOf(PX),
  cnot: () => controlledOf(PX),
  cz: () => controlledOf(PZ),
  cy: () => controlledOf(PY),
  swap: () => SWAP,
};

/** A seeded stream of angles in (-2π, 2π), so that failures reproduce. */
function angles(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return (state / 2 ** 32 - 0.5) * 4 * Math.PI;
  };
}

function operands(count: number): string {
  return Array.from({ length: count }, (_, i) => `q[${i}]`).join(', ');
}

/** The code of the hint validate gives for `call` in a register of `qubits`; fails the test when there is none. */
function hintCode(call: string, qubits: number): string {
  const result = validate(`qubit[${qubits}] q;\n${call}`);
  const hints = result.diagnostics
    .map((d) => d.hint)
    .filter((h): h is string => h?.startsWith(REWRITE_CODE_PREFIX) === true);
  expect(hints, call).toHaveLength(1);
  return (hints[0] as string).slice(REWRITE_CODE_PREFIX.length);
}

/** The unitary of accepted code, through validate, inlining and the IR (the oracle's dense unitary). */
function unitaryOfCode(code: string, qubits: number): Matrix {
  const validated = validateProgram(`qubit[${qubits}] q;\n${code}`);
  expect(validated.diagnostics, code).toEqual([]);
  return unitaryOf(lowerToIr(validated.inlined as NonNullable<typeof validated.inlined>));
}

const TOLERANCE = 1e-9;

describe('gate rewrites are the refused gate up to global phase', () => {
  it('has a source matrix for every rewrite, and covers the gates the issue lists', () => {
    expect(new Set(GATE_REWRITES.map((r) => r.name))).toEqual(new Set(Object.keys(SOURCE_MATRICES)));
    for (const name of [
      'cphase',
      'cu1',
      'cu3',
      'cu',
      'phase',
      'u',
      'u1',
      'u2',
      'u3',
      'rzz',
      'rxx',
      'ryy',
      'iswap',
      'ecr',
      'cs',
      'csx',
      'ccz',
      'mcx',
    ]) {
      expect(
        GATE_REWRITES.some((r) => r.name === name),
        name,
      ).toBe(true);
    }
  });

  for (const rewrite of GATE_REWRITES) {
    it(rewrite.name, () => {
      const next = angles(rewrite.name.length * 7919 + rewrite.params);
      for (const qubits of rewrite.qubits === null ? [2, 3, 4, 8] : [rewrite.qubits]) {
        for (let trial = 0; trial < 3; trial++) {
          const values = Array.from({ length: rewrite.params }, next);
          const args = values.length === 0 ? '' : `(${values.join(', ')})`;
          const code = hintCode(`${rewrite.name}${args} ${operands(qubits)};`, qubits);
          const expected = (SOURCE_MATRICES[rewrite.name] as (a: readonly number[], q: number) => Matrix)(
            values,
            qubits,
          );
          expect(
            equalUpToGlobalPhase(unitaryOfCode(code, qubits), expected),
            `${rewrite.name}${args}: ${code}`,
          ).toBeLessThan(TOLERANCE);
        }
      }
    });
  }

  it('inside a gate definition, writes the rewrite over its parameters, and it is still the gate', () => {
    let written = 0;
    for (const rewrite of GATE_REWRITES.filter((r) => r.params > 0)) {
      const qubits = rewrite.qubits ?? 3;
      const params = ['a', 'b', 'c', 'd'].slice(0, rewrite.params);
      const wires = ['x', 'y', 'z'].slice(0, qubits);
      const call = `${rewrite.name}(${params.join(', ')}) ${wires.join(', ')};`;
      const source = `qubit[${qubits}] q;\ngate wrapped(${params.join(', ')}) ${wires.join(', ')} { ${call} }`;
      const hints = validate(source).diagnostics.map((d) => d.hint ?? '');
      expect(hints, call).toHaveLength(1);
      const hint = hints[0] as string;
      if (!hint.startsWith(REWRITE_CODE_PREFIX)) {
        expect(hint, call).toMatch(/^in accepted gates, up to global phase, /);
        continue;
      }
      written++;
      const next = angles(rewrite.name.length * 13);
      const values = params.map(next);
      const code = hint.slice(REWRITE_CODE_PREFIX.length);
      const program = `gate wrapped(${params.join(', ')}) ${wires.join(', ')} { ${code} }\nwrapped(${values.join(', ')}) ${operands(qubits)};`;
      const expected = (SOURCE_MATRICES[rewrite.name] as (a: readonly number[], q: number) => Matrix)(values, qubits);
      expect(equalUpToGlobalPhase(unitaryOfCode(program, qubits), expected), program).toBeLessThan(TOLERANCE);
    }
    expect(written).toBe(GATE_REWRITES.filter((r) => r.params > 0).length);
  });

  it('tells a wrong rewrite apart (the comparison can fail)', () => {
    expect(
      equalUpToGlobalPhase(unitaryOfCode('ctrl @ rz(0.5) q[0], q[1];', 2), controlledOf(phase(0.5))),
    ).toBeGreaterThan(0.1);
  });
});

describe('controlled forms of gates ctrl @ does not take', () => {
  for (const [name, form] of CONTROLLED_FORMS) {
    const width = (ACCEPTED_MATRICES[name] as (a: readonly number[]) => Matrix)([0.3]).size()[0] === 2 ? 1 : 2;
    for (const controls of [1, 2, 3]) {
      it(`ctrl(${controls}) @ ${name}`, () => {
        const next = angles(name.length * 31 + controls);
        const values = Array.from({ length: form.params }, next);
        const args = values.length === 0 ? '' : `(${values.join(', ')})`;
        const qubits = controls + width;
        const modifier = controls === 1 ? 'ctrl @' : `ctrl(${controls}) @`;
        const code = hintCode(`${modifier} ${name}${args} ${operands(qubits)};`, qubits);
        const expected = controlledOf((ACCEPTED_MATRICES[name] as (a: readonly number[]) => Matrix)(values), controls);
        expect(equalUpToGlobalPhase(unitaryOfCode(code, qubits), expected), code).toBeLessThan(TOLERANCE);
      });
    }
  }

  it('points ctrl @ ry, rx and p to yphase, xphase and rz plus rz(λ/2) on the control', () => {
    expect(hintCode('ctrl @ ry(0.5) q[0], q[1];', 2)).toBe('ctrl @ yphase(0.5) q[0], q[1];');
    expect(hintCode('ctrl @ rx(0.5) q[0], q[1];', 2)).toBe('ctrl @ xphase(0.5) q[0], q[1];');
    expect(hintCode('ctrl @ p(pi/2) q[0], q[1];', 2)).toBe('ctrl @ rz(pi/2) q[0], q[1]; rz(pi/4) q[0];');
  });

  for (const name of ['ry', 'rx', 'p', 'h', 'x', 'z', 'rz', 'yphase']) {
    it(`negctrl @ ${name} flips the control around an accepted controlled gate`, () => {
      const params = ['ry', 'rx', 'p', 'rz', 'yphase'].includes(name) ? [0.7] : [];
      const args = params.length === 0 ? '' : `(${params.join(', ')})`;
      const code = hintCode(`negctrl @ ${name}${args} q[0], q[1];`, 2);
      const base: Record<string, Matrix> = {
        ry: ry(0.7),
        rx: rx(0.7),
        p: phase(0.7),
        h: H,
        x: PX,
        z: PZ,
        rz: rz(0.7),
        yphase: ry(0.7),
      };
      const flip = kron(PX, I2);
      const expected = multiply<Matrix>(multiply(flip, controlledOf(base[name] as Matrix)), flip);
      expect(equalUpToGlobalPhase(unitaryOfCode(code, 2), expected), code).toBeLessThan(TOLERANCE);
    });
  }
});
