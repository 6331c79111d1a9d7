/** OpenQASM text through validate, lowerToIr and circuitToJson: what compile's `qis` output starts from. */
import { describe, expect, it } from 'vitest';
import { circuitToJson, validateCircuitJson } from '../../src/ir/circuit-json.js';
import { loadCircuits } from '../../src/api/load.js';

function toJson(source: string, target = 'simulator') {
  const loaded = loadCircuits(source, { target });
  expect(loaded.diagnostics).toEqual([]);
  const [circuit] = loaded.circuits;
  if (!circuit) throw new Error('no circuit');
  return circuitToJson(circuit);
}

describe('OpenQASM to svc.circuit.v0', () => {
  it('expands definitions and broadcast, normalises names and keeps radians', () => {
    const out = toJson(`OPENQASM 3.0;
include "stdgates.inc";
gate entangle(theta) a, b { h a; cx a, b; rz(theta / 2) b; }
qubit[2] q;
qreg r[1];
bit[2] c;
creg d[1];
entangle(pi) q[0], q[1];
ctrl @ rz(-pi/4) q[1], r[0];
ctrl(2) @ x q[0], q[1], r[0];
p(0.5) r[0];
xphase(1.5) q[0];
yphase(-0.25) q[1];
id q[0];
gphase(pi);
sdg q[1];
sx q[0];
vdg r[0];
cz q[0], r[0];
cy q[1], r[0];
swap q[0], q[1];
x q;
barrier q[0];
c[1] = measure q[0];
c[0] = measure q[1];
d[0] = measure r[0];
`);
    expect(out.diagnostics).toEqual([]);
    expect(out.json).toEqual({
      format: 'svc.circuit.v0',
      gateset: 'qis',
      qubits: 3,
      circuit: [
        { gate: 'h', target: 0 },
        { gate: 'cnot', controls: [0], target: 1 },
        { gate: 'rz', target: 1, rotation: Math.PI / 2 },
        { gate: 'rz', controls: [1], target: 2, rotation: -Math.PI / 4 },
        { gate: 'cnot', controls: [0, 1], target: 2 },
        { gate: 'rz', target: 2, rotation: 0.5 },
        { gate: 'rx', target: 0, rotation: 1.5 },
        { gate: 'ry', target: 1, rotation: -0.25 },
        { gate: 'si', target: 1 },
        { gate: 'v', target: 0 },
        { gate: 'vi', target: 2 },
        { gate: 'z', controls: [0], target: 2 },
        { gate: 'y', controls: [1], target: 2 },
        { gate: 'swap', targets: [0, 1] },
        { gate: 'x', target: 0 },
        { gate: 'x', target: 1 },
      ],
    });
    expect(out.measurements).toEqual([
      { qubit: 0, bit: 1, register: 'c', index: 1 },
      { qubit: 1, bit: 0, register: 'c', index: 0 },
      { qubit: 2, bit: 2, register: 'd', index: 0 },
    ]);
    expect(validateCircuitJson(out.json, { target: 'qpu.aria-1' }).ok).toBe(true);
  });

  it('accepts mid-circuit measurement on the simulator but cannot write it as JSON', () => {
    const out = toJson('qubit[1] q;\nbit[2] c;\nh q[0];\nc[0] = measure q[0];\nh q[0];\nc[1] = measure q[0];\n');
    expect(out.diagnostics.map((d) => [d.code, d.message, d.span.start.line, d.related?.[0]?.span.start.line])).toEqual(
      [
        [
          'UnsupportedFeature',
          'The svc.circuit.v0 JSON format cannot express mid-circuit measurement or reset: qubit 0 is measured and then used by a gate; submit it as OpenQASM 3 instead',
          4,
          5,
        ],
      ],
    );
  });
});
