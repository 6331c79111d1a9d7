import { describe, expect, it } from 'vitest';
import type { InlinedGate } from '../../src/inline/index.js';
import { inlineProgram } from './helpers.js';

const gates = (ops: readonly { kind: string }[]) => ops.filter((o): o is InlinedGate => o.kind === 'gate');

describe('inlining', () => {
  it('numbers qubits and bits globally in declaration order', () => {
    const { diagnostics, inlined } = inlineProgram(
      'qubit[2] a; bit[3] c; qreg b[4]; creg d[1]; x b[1]; d[0] = measure a[1];',
    );
    expect(diagnostics).toEqual([]);
    expect(inlined.qubitRegisters.map((r) => [r.name, r.offset, r.size])).toEqual([
      ['a', 0, 2],
      ['b', 2, 4],
    ]);
    expect(inlined.bitRegisters.map((r) => [r.name, r.offset, r.size])).toEqual([
      ['c', 0, 3],
      ['d', 3, 1],
    ]);
    expect(inlined.qubitCount).toBe(6);
    expect(inlined.bitCount).toBe(4);
    expect(gates(inlined.ops).map((g) => g.qubits)).toEqual([[3]]);
    expect(inlined.ops[1]).toMatchObject({ kind: 'measure', qubit: 1, bit: 3, bitName: 'd[0]' });
  });

  it('keeps huge registers as numbers, allocating nothing per qubit', () => {
    const { diagnostics, inlined } = inlineProgram('qubit[4000000000] q; x q[3999999999];');
    expect(diagnostics).toEqual([]);
    expect(inlined.qubitCount).toBe(4_000_000_000);
    expect(gates(inlined.ops)[0]?.qubits).toEqual([3_999_999_999]);
  });

  it('broadcasts gates over whole registers of equal size', () => {
    const { inlined } = inlineProgram('qubit[3] a; qubit[3] b; qubit[1] c; cx a, b; cz c[0], b; h a;');
    expect(gates(inlined.ops).map((g) => [g.gate.name, g.qubits])).toEqual([
      ['cx', [0, 3]],
      ['cx', [1, 4]],
      ['cx', [2, 5]],
      ['cz', [6, 3]],
      ['cz', [6, 4]],
      ['cz', [6, 5]],
      ['h', [0]],
      ['h', [1]],
      ['h', [2]],
    ]);
  });

  it('resolves let aliases of registers and single qubits', () => {
    const { diagnostics, inlined } = inlineProgram('qubit[2] q; qubit[3] r; let a = r; let b = a[2]; cx b, q[0]; h a;');
    expect(diagnostics).toEqual([]);
    expect(gates(inlined.ops).map((g) => g.qubits)).toEqual([[4, 0], [2], [3], [4]]);
  });

  it('expands definitions with evaluated parameters, controls, and the call chain in related', () => {
    const text = [
      'qubit[3] q;',
      'gate inner(t) a, b { ctrl @ rz(t / 2) a, b; }',
      'gate outer(t) a, b, c { inner(t * 2) c, a; barrier a; gphase(t); x b; }',
      'outer(pi) q[0], q[1], q[2];',
    ].join('\n');
    const { diagnostics, inlined } = inlineProgram(text);
    expect(diagnostics).toEqual([]);
    const [controlled, barrier, x] = inlined.ops;
    expect(controlled).toMatchObject({ kind: 'gate', modifierControls: 1, params: [Math.PI], qubits: [2, 0] });
    expect((controlled as InlinedGate).gate.name).toBe('rz');
    expect((controlled as InlinedGate).span.start.line).toBe(4);
    expect((controlled as InlinedGate).related.map((r) => [r.message, r.span.start.line])).toEqual([
      ['inner called in the definition of outer', 3],
      ['rz called in the definition of inner', 2],
    ]);
    expect(barrier).toMatchObject({ kind: 'barrier' });
    expect(x).toMatchObject({ kind: 'gate', qubits: [1] });
    expect(inlined.ops).toHaveLength(3);
  });

  it('reports division by zero found only after substitution at the call site, with the definition in related', () => {
    const { diagnostics } = inlineProgram('qubit[1] q;\ngate g(a) t { rz(pi / a) t; }\ng(0) q[0];');
    expect(diagnostics).toHaveLength(1);
    const [d] = diagnostics;
    expect(d?.rule).toBe('constant-argument');
    expect(d?.reason).toBe('Division by zero in gate argument pi / a');
    expect(d?.span.start).toEqual({ line: 3, column: 1, offset: 42 });
    expect(d?.related?.map((r) => [r.message, r.span.start.line, r.span.start.column])).toEqual([
      ['rz called in the definition of g', 2, 15],
      ['in the definition of g', 2, 18],
    ]);
  });

  it('fails 60 nested definitions that each call the previous twice with TooManyGates, at once and without building them', () => {
    const lines = ['qubit[1] q;', 'gate g0 a { h a; }'];
    for (let i = 1; i <= 60; i++) lines.push(`gate g${i} a { g${i - 1} a; g${i - 1} a; }`);
    lines.push('g60 q[0];');
    const started = performance.now();
    const { diagnostics, inlined } = inlineProgram(lines.join('\n'));
    expect(performance.now() - started).toBeLessThan(2_000);
    expect(diagnostics.map((d) => [d.code, d.rule])).toEqual([['TooManyGates', 'too-many-gates']]);
    expect(inlined.ops).toHaveLength(0);
  });

  it('honours the maxGates option, counting broadcasts', () => {
    expect(inlineProgram('qubit[10] q; h q;', { maxGates: 10 }).diagnostics).toEqual([]);
    const over = inlineProgram('qubit[10] q; h q; x q[0];', { maxGates: 10 }).diagnostics;
    expect(over.map((d) => d.code)).toEqual(['TooManyGates']);
    expect(over[0]?.span.start.column).toBe(19);
  });

  it('keeps declaring after a bad declaration so one mistake does not cascade', () => {
    const { diagnostics } = inlineProgram('qubit q; h q; x q[0];');
    expect(diagnostics.map((d) => d.rule)).toEqual(['register-declaration']);
  });
});

describe('inlined program data', () => {
  it('serialises expanded gates with their related chain', () => {
    const { inlined } = inlineProgram('qubit[1] q;\ngate g a { h a; }\ng q[0];');
    const [op] = JSON.parse(JSON.stringify(inlined.ops)) as {
      kind: string;
      qubits: number[];
      related: { message: string }[];
    }[];
    expect(op?.kind).toBe('gate');
    expect(op?.qubits).toEqual([0]);
    expect(op?.related.map((r) => r.message)).toEqual(['h called in the definition of g']);
  });

  it('reports a mistake inside a definition once, at its line, however often the gate is called', () => {
    const { diagnostics } = inlineProgram('qubit[2] q;\ngate g a { hadamard a; }\ng q[0];\ng q[1];\ng q;');
    expect(diagnostics.map((d) => [d.rule, d.span.start.line])).toEqual([['unknown-gate', 2]]);
  });
});

describe('definition nesting', () => {
  const chain = (levels: number) => {
    const lines = ['qubit[1] q;', 'gate g0 a { h a; }'];
    for (let i = 1; i < levels; i++) lines.push(`gate g${i} a { g${i - 1} a; }`);
    lines.push(`g${levels - 1} q[0];`);
    return lines.join('\n');
  };

  it('expands 1,000 levels of definitions', () => {
    const { diagnostics, inlined } = inlineProgram(chain(1000));
    expect(diagnostics).toEqual([]);
    expect(inlined.ops).toHaveLength(1);
    expect((inlined.ops[0] as InlinedGate).related).toHaveLength(1000);
  });

  it('refuses the 1,001st level once, instead of overflowing the stack while expanding', () => {
    const { diagnostics } = inlineProgram(chain(1001));
    expect(diagnostics.map((d) => [d.rule, d.reason])).toEqual([
      [
        'gate-definition',
        'Gate g1000 nests gate definitions 1001 deep; at most 1000 levels are supported: flatten some of the definitions',
      ],
    ]);
  });

  it('stays a diagnostic, never an internal error, far past the limit', () => {
    const { diagnostics } = inlineProgram(chain(20_000));
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics.every((d) => d.rule === 'gate-definition')).toBe(true);
  });
});

describe('shared tuples', () => {
  it('shares frozen qubit and parameter arrays between equal applications, keeping each one right', () => {
    const { inlined } = inlineProgram(
      'qubit[3] q;\ngate swapped a, b { cx b, a; rz(-0.0) a; }\nrz(pi/4) q[0];\nrz(pi/4) q[0];\nswapped q[1], q[2];\ncx q[2], q[1];',
    );
    const ops = gates(inlined.ops);
    expect(ops.map((g) => [g.gate.name, g.qubits, g.params])).toEqual([
      ['rz', [0], [Math.PI / 4]],
      ['rz', [0], [Math.PI / 4]],
      ['cx', [2, 1], []],
      ['rz', [1], [-0]],
      ['cx', [2, 1], []],
    ]);
    expect(ops[0]?.qubits).toBe(ops[1]?.qubits);
    expect(ops[0]?.params).toBe(ops[1]?.params);
    expect(ops[2]?.qubits).toBe(ops[4]?.qubits);
    expect(Object.isFrozen(ops[0]?.qubits)).toBe(true);
    expect(Object.is(ops[3]?.params[0], -0)).toBe(true);
  });
});
