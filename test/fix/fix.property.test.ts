/**
 * Random programs in the full language (refused gates, modifiers, for
 * loops, def subroutines, consts, sums of constants, whole-register
 * measurement) over 1 to 6 qubits, each generated with its meaning as
 * textbook matrices (expected.ts): `fix` never throws, its output is
 * accepted and proven, and the oracle finds it equal to that meaning.
 */
import fc from 'fast-check';
import { ctranspose, multiply, type Matrix } from 'mathjs';
import { describe, expect, it } from 'vitest';
import { fix } from '../../src/index.js';
import { H, PX, PZ, S, SWAP, T, VI, qisXX, qisZZ, rx, ry, rz } from '../oracle/gates.js';
import { equalUpToGlobalPhase } from '../oracle/unitary.js';
import { fixedUnitary, phase, programMatrix, u3, type Placed } from './expected.js';

/** A gate as written, its matrix on its targets, and how many leading operands are its own controls. */
interface GateForm {
  readonly name: string;
  readonly params: number;
  readonly controls: number;
  readonly targets: number;
  matrix(args: readonly number[]): Matrix;
}

const GATES: readonly GateForm[] = [
  { name: 'h', params: 0, controls: 0, targets: 1, matrix: () => H },
  { name: 't', params: 0, controls: 0, targets: 1, matrix: () => T },
  { name: 'sxdg', params: 0, controls: 0, targets: 1, matrix: () => VI },
  { name: 'u3', params: 3, controls: 0, targets: 1, matrix: ([a = 0, b = 0, c = 0]) => u3(a, b, c) },
  { name: 'u1', params: 1, controls: 0, targets: 1, matrix: ([a = 0]) => phase(a) },
  { name: 'ry', params: 1, controls: 0, targets: 1, matrix: ([a = 0]) => ry(a) },
  { name: 'cx', params: 0, controls: 1, targets: 1, matrix: () => PX },
  { name: 'cp', params: 1, controls: 1, targets: 1, matrix: ([a = 0]) => phase(a) },
  { name: 'crx', params: 1, controls: 1, targets: 1, matrix: ([a = 0]) => rx(a) },
  { name: 'crz', params: 1, controls: 1, targets: 1, matrix: ([a = 0]) => rz(a) },
  { name: 'ch', params: 0, controls: 1, targets: 1, matrix: () => H },
  { name: 'cs', params: 0, controls: 1, targets: 1, matrix: () => S },
  { name: 'rzz', params: 1, controls: 0, targets: 2, matrix: ([a = 0]) => qisZZ(a) },
  { name: 'rxx', params: 1, controls: 0, targets: 2, matrix: ([a = 0]) => qisXX(a) },
  { name: 'swap', params: 0, controls: 0, targets: 2, matrix: () => SWAP },
  { name: 'ccx', params: 0, controls: 2, targets: 1, matrix: () => PX },
  { name: 'ccz', params: 0, controls: 2, targets: 1, matrix: () => PZ },
  { name: 'cswap', params: 0, controls: 1, targets: 2, matrix: () => SWAP },
];

type Modifier = 'inv' | 'pow(2)' | 'pow(-1)' | 'ctrl' | 'negctrl';

/** One generated statement: its text and its meaning. */
interface Piece {
  readonly text: string;
  readonly gates: Placed[];
}

/** An angle and how it is written: a literal, a fraction of pi, or a sum the subset refuses. */
const angleArb = fc.oneof(
  fc.double({ min: -3, max: 3, noNaN: true }).map((v) => ({ value: v, text: String(v) })),
  fc.integer({ min: 1, max: 8 }).map((k) => ({ value: Math.PI / k, text: `pi/${k}` })),
  fc
    .tuple(fc.integer({ min: 1, max: 8 }), fc.integer({ min: -5, max: 5 }))
    .map(([k, m]) => ({ value: Math.PI / k + m / 10, text: `pi/${k} + ${m / 10}` })),
);

function gateArb(n: number): fc.Arbitrary<Piece> {
  const fitting = GATES.filter((g) => g.controls + g.targets <= n);
  return fc
    .record({
      gate: fc.constantFrom(...fitting),
      angles: fc.array(angleArb, { minLength: 4, maxLength: 4 }),
      modifiers: fc.array(fc.constantFrom<Modifier>('inv', 'pow(2)', 'pow(-1)', 'ctrl', 'negctrl'), { maxLength: 2 }),
      order: fc.shuffledSubarray(
        Array.from({ length: n }, (_, i) => i),
        { minLength: n, maxLength: n },
      ),
    })
    .map(({ gate, angles, modifiers, order }) => {
      const width = gate.controls + gate.targets;
      const added = modifiers.filter((m) => m === 'ctrl' || m === 'negctrl').length;
      const kept = width + added <= n ? modifiers : modifiers.filter((m) => m !== 'ctrl' && m !== 'negctrl');
      const extra = kept.filter((m) => m === 'ctrl' || m === 'negctrl');
      const qubits = order.slice(0, extra.length + width);
      const args = angles.slice(0, gate.params);
      let m = gate.matrix(args.map((a) => a.value));
      for (let i = kept.length - 1; i >= 0; i--) {
        if (kept[i] === 'inv') m = ctranspose(m) as Matrix;
        else if (kept[i] === 'pow(2)') m = multiply<Matrix>(m, m);
        else if (kept[i] === 'pow(-1)') m = ctranspose(m) as Matrix;
      }
      const modifierControls = qubits.slice(0, extra.length);
      const own = qubits.slice(extra.length, extra.length + gate.controls);
      const placed: Placed = {
        gate: m,
        targets: qubits.slice(extra.length + gate.controls),
        controls: [...modifierControls, ...own],
        values: [...extra.map((e) => (e === 'ctrl' ? 1 : 0)), ...own.map(() => 1)],
      };
      const argText = gate.params === 0 ? '' : `(${args.map((a) => a.text).join(', ')})`;
      const prefix = kept.map((k) => `${k} @ `).join('');
      return {
        text: `${prefix}${gate.name}${argText} ${qubits.map((q) => `q[${q}]`).join(', ')};`,
        gates: [placed],
      };
    });
}

function loopArb(n: number): fc.Arbitrary<Piece> {
  return fc
    .record({ last: fc.integer({ min: 0, max: n - 1 }), step: fc.double({ min: -2, max: 2, noNaN: true }) })
    .map(({ last, step }) => ({
      text: `for int i in [0:${last}] { rz(i * ${step}) q[i]; h q[${last} - i]; }`,
      gates: Array.from({ length: last + 1 }, (_, i) => [
        { gate: rz(i * step), targets: [i] },
        { gate: H, targets: [last - i] },
      ]).flat(),
    }));
}

const DEF = 'def layer(qubit a, qubit b, float t) { cx a, b; crz(t) a, b; }';
function defCallArb(n: number): fc.Arbitrary<Piece> {
  return fc
    .record({ a: fc.nat(n - 1), b: fc.nat(n - 1), t: fc.double({ min: -3, max: 3, noNaN: true }) })
    .filter(({ a, b }) => a !== b)
    .map(({ a, b, t }) => ({
      text: `layer(q[${a}], q[${b}], ${t});`,
      gates: [
        { gate: PX, targets: [b], controls: [a] },
        { gate: rz(t), targets: [b], controls: [a] },
      ],
    }));
}

const programArb = fc.integer({ min: 1, max: 6 }).chain((n) =>
  fc
    .array(n >= 2 ? fc.oneof(gateArb(n), loopArb(n), defCallArb(n)) : fc.oneof(gateArb(n), loopArb(n)), {
      minLength: 1,
      maxLength: 6,
    })
    .map((pieces) => ({
      n,
      text: [
        'OPENQASM 3.0;',
        `const int size = ${n};`,
        'qubit[size] q;',
        'bit[size] c;',
        DEF,
        ...pieces.map((p) => p.text),
        'c = measure q;',
      ].join('\n'),
      gates: pieces.flatMap((p) => p.gates),
    })),
);

describe('fix on random full-language programs', () => {
  it('never throws, is accepted, proven, and equal to the meaning the program was generated with', () => {
    fc.assert(
      fc.property(programArb, ({ n, text, gates }) => {
        const { result, unitary } = fixedUnitary(text);
        expect(result.equivalent).toBe(true);
        expect(equalUpToGlobalPhase(unitary, programMatrix(gates, n))).toBeLessThan(1e-8);
      }),
      { numRuns: 30, seed: 25 },
    );
  }, 120_000);
});

describe('fix on hostile input', () => {
  const trap = () =>
    new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
        ownKeys() {
          throw new Error('trap');
        },
      },
    );
  it('never throws, and answers with diagnostics that name no internal error', () => {
    const input = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.constantFrom(
        'inv @ '.repeat(60) + 'h q;',
        'for int i in [0:1000000000] { h q[0]; }',
        'qubit q; def f(qubit a) { f(a); } f(q);',
      ),
      fc.anything(),
    );
    const options = fc.oneof(
      fc.anything(),
      fc.constant(null),
      fc.record({ target: fc.oneof(fc.string(), fc.anything()), inputs: fc.anything() }),
      fc.constant('trap'),
    );
    fc.assert(
      fc.property(input, options, (text, o) => {
        const result = fix(text as string, (o === 'trap' ? trap() : o) as never);
        expect(Array.isArray(result.diagnostics)).toBe(true);
        expect(typeof result.source === 'string' || result.source === text).toBe(true);
        for (const d of result.diagnostics) expect(d.rule).not.toMatch(/internal-error/);
      }),
      { numRuns: 200, seed: 25 },
    );
  });
});
