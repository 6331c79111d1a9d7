import { describe, expect, it } from 'vitest';
import { SourceText } from '../../src/diagnostics/index.js';
import type { InlinedGate, InlinedOp, InlinedProgram } from '../../src/inline/types.js';
import { lowerToIr } from '../../src/ir/lower.js';
import { ACCEPTED_GATES, ACCEPTED_GATES_BY_NAME } from '../../src/tables/index.js';

const source = new SourceText('qubit[3] q;\nbit[2] c;\n');
const span = source.span(0, 5);

function call(name: string, qubits: number[], params: number[] = [], modifierControls = 0): InlinedGate {
  const gate = ACCEPTED_GATES_BY_NAME.get(name);
  if (!gate) throw new Error(name);
  return { kind: 'gate', gate, modifierControls, params, qubits, span, related: [] };
}

function program(ops: InlinedOp[]): InlinedProgram {
  return {
    qubitRegisters: [{ name: 'q', size: 3, offset: 0, span }],
    bitRegisters: [{ name: 'c', size: 2, offset: 0, span }],
    qubitCount: 3,
    bitCount: 2,
    ops,
  };
}

const gatesOf = (p: InlinedProgram) =>
  lowerToIr(p).ops.map((op) => (op.kind === 'gate' ? [op.name, op.controls, op.targets, op.rotation] : [op.kind]));

describe('lowerToIr', () => {
  it('turns cx into x with one control, and keeps modifier controls in front', () => {
    expect(
      gatesOf(
        program([call('cx', [0, 1]), call('cnot', [2, 0]), call('x', [0, 1, 2], [], 2), call('rz', [2, 1], [0.5], 1)]),
      ),
    ).toEqual([
      ['x', [0], [1], null],
      ['x', [2], [0], null],
      ['x', [0, 1], [2], null],
      ['rz', [2], [1], 0.5],
    ]);
  });

  it('maps p to rz, xphase to rx, yphase to ry, aliases to canonical names, and drops id and gphase', () => {
    const ops = [
      call('p', [0], [0.3]),
      call('xphase', [1], [-1.25]),
      call('yphase', [2], [2]),
      call('sdg', [0]),
      call('sx', [1]),
      call('vdg', [2]),
      call('id', [0]),
      call('gphase', [], [1]),
      call('cz', [0, 2]),
      call('swap', [1, 2]),
    ];
    expect(gatesOf(program(ops))).toEqual([
      ['rz', [], [0], 0.3],
      ['rx', [], [1], -1.25],
      ['ry', [], [2], 2],
      ['si', [], [0], null],
      ['v', [], [1], null],
      ['vi', [], [2], null],
      ['z', [0], [2], null],
      ['swap', [], [1, 2], null],
    ]);
  });

  it('lowers every accepted gate of the catalogue by its lowersTo entry', () => {
    for (const gate of ACCEPTED_GATES) {
      const qubits = Array.from({ length: gate.qubits }, (_, i) => i);
      const ops = lowerToIr(program([call(gate.name, qubits, Array<number>(gate.params).fill(0.25))])).ops;
      if (gate.lowersTo === null) {
        expect(ops).toEqual([]);
        continue;
      }
      const [op] = ops;
      expect(op?.kind === 'gate' && [op.name, [...op.controls, ...op.targets], op.controls.length]).toEqual([
        gate.lowersTo.gate,
        qubits,
        gate.lowersTo.controls,
      ]);
    }
  });

  it('keeps measurements, resets, barriers, registers and call-site spans', () => {
    const measure: InlinedOp = { kind: 'measure', qubit: 2, bit: 1, bitName: 'c[1]', span };
    const ir = lowerToIr(
      program([{ kind: 'reset', qubit: 0, span }, call('h', [0]), { kind: 'barrier', span }, measure]),
    );
    expect(ir.qubits).toBe(3);
    expect(ir.clbits).toBe(2);
    expect(ir.qubitRegisters).toEqual([{ name: 'q', size: 3, offset: 0 }]);
    expect(ir.bitRegisters).toEqual([{ name: 'c', size: 2, offset: 0 }]);
    expect(ir.ops.map((op) => op.kind)).toEqual(['reset', 'gate', 'barrier', 'measure']);
    expect(ir.ops[3]).toMatchObject({ kind: 'measure', qubit: 2, bit: 1 });
    expect(ir.ops[1]?.span?.start.line).toBe(1);
  });
});
