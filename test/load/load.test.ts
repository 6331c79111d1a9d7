import { describe, expect, it } from 'vitest';
import { loadCircuits } from '../../src/api/load.js';

const BELL =
  'OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit[2] q;\nbit[2] c;\nh q[0];\ncx q[0], q[1];\nc[0] = measure q[0];\nc[1] = measure q[1];\n';

describe('loadCircuits', () => {
  it('validates OpenQASM text and lowers it to one IR circuit', () => {
    const r = loadCircuits(BELL, { target: 'qpu.aria-1' });
    expect(r.ok).toBe(true);
    expect(r.failure).toBeNull();
    expect(r.target.name).toBe('qpu.aria-1');
    expect(r.circuits).toHaveLength(1);
    const [circuit] = r.circuits;
    expect(circuit?.qubits).toBe(2);
    expect(circuit?.clbits).toBe(2);
    expect(
      circuit?.ops.map((op) =>
        op.kind === 'gate' ? `${op.name} ${op.controls.join(',')}>${op.targets.join(',')}` : op.kind,
      ),
    ).toEqual(['h >0', 'x 0>1', 'measure', 'measure']);
  });

  it('returns the diagnostics and no circuit when the program is refused', () => {
    const r = loadCircuits(BELL.replace('qubit[2] q;', 'qubit[40] q;'), { target: 'qpu.forte-1' });
    expect(r.ok).toBe(false);
    expect(r.circuits).toEqual([]);
    expect(r.failure).toEqual({ code: 'NotEnoughQubits', message: 'Program needs 40 qubits; qpu.forte-1 has 36' });
  });

  it('loads a multicircuit JSON object into one IR circuit per entry', () => {
    const r = loadCircuits(
      {
        format: 'svc.circuit.v0',
        qubits: 2,
        circuits: [
          { name: 'a', circuit: [{ gate: 'h', target: 0 }] },
          { name: 'b', gateset: 'native', circuit: [{ gate: 'ms', targets: [0, 1], phases: [0, 0] }] },
        ],
      },
      { target: 'qpu.aria-2' },
    );
    expect(r.ok).toBe(true);
    expect(r.circuits.map((c) => [c.name, c.ops[0]?.kind])).toEqual([
      ['a', 'gate'],
      ['b', 'native'],
    ]);
  });

  it('reads JSON text as circuit JSON and refuses what validateCircuitJson refuses', () => {
    const r = loadCircuits('{"qubits": 1, "circuit": [{"gate": "gpi", "target": 0, "phase": 0}]}');
    expect(r.ok).toBe(false);
    expect(r.diagnostics.map((d) => d.path)).toEqual(['circuit']);
    expect(loadCircuits(' {"qubits": 1, "circuit": [{"gate": "x", "target": 0}]}').circuits[0]?.ops).toEqual([
      { kind: 'gate', name: 'x', targets: [0], controls: [], rotation: null },
    ]);
  });

  it('reports an unknown target without throwing, for text and JSON alike', () => {
    for (const input of [BELL, { qubits: 1, circuit: [] }]) {
      const r = loadCircuits(input, { target: 'qpu.nowhere' });
      expect(r.ok).toBe(false);
      expect(r.failure?.message).toMatch(/^Unknown target: qpu.nowhere/);
      expect(r.circuits).toEqual([]);
    }
  });
});
