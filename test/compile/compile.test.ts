import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { verifyCompiled } from '../../src/cli/verify.js';
import { compile } from '../../src/api/compile.js';
import { validateCircuitJson, type CircuitJson } from '../../src/ir/circuit-json.js';
import type { IrCircuit } from '../../src/ir/types.js';
import { loadCircuits } from '../../src/api/load.js';
import { lowerToNative, type NativeFamily } from '../../src/native/index.js';
import { validate } from '../../src/api/validate.js';
import { withFrames } from '../oracle/circuits.js';
import { expectEquivalent, oracleChecks } from '../oracle/count.js';
import { expectSameAsSource } from '../native/helpers.js';
import { TARGETS_BY_NAME, type Target } from '../../src/tables/index.js';

const BELL =
  'OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit[2] q;\nbit[2] c;\nh q[0];\ncx q[0], q[1];\nc[0] = measure q[0];\nc[1] = measure q[1];\n';

const gateNames = (json: CircuitJson | null): string[] =>
  'circuit' in (json ?? {}) ? (json as unknown as { circuit: { gate: string }[] }).circuit.map((g) => g.gate) : [];

/** Loads `compiled` back (JSON or text) and proves it equals `source` ⊗ I on a borrowed wire once the lowering's final frames are appended. */
function expectSameAs(compiled: unknown, source: IrCircuit, family: NativeFamily, label: string): void {
  const target = family === 'ms' ? 'qpu.aria-1' : 'qpu.forte-1';
  const back = loadCircuits(compiled, { target });
  expect(back.ok, JSON.stringify(back.failure)).toBe(true);
  const frames = lowerToNative(source, family, {
    maxQubits: TARGETS_BY_NAME.get(target)?.qubits as number,
  }).finalFrames;
  expectSameAsSource(back.circuits[0] as IrCircuit, frames, source, label);
}

describe('compile', () => {
  it('compiles Bell for Aria: 1 MS + 2 pulses, stats, measurement map, round-tripping OpenQASM', () => {
    const r = compile(BELL, { target: 'qpu.aria-1' });
    expect(r.ok).toBe(true);
    expect(r.failure).toBeNull();
    expect(r.circuit?.gateset).toBe('native');
    expect(gateNames(r.circuit).sort()).toEqual(['gpi2', 'gpi2', 'ms']);
    expect(r.stats).toEqual({ qubits: 2, circuits: 1, gate_counts: { '1q': 2, '2q': 1 } });
    expect(r.measurements).toEqual([
      { qubit: 0, bit: 0, register: 'c', index: 0 },
      { qubit: 1, bit: 1, register: 'c', index: 1 },
    ]);
    expect(validate(r.qasm as string, { target: 'qpu.aria-1' }).ok).toBe(true);
    expect(validateCircuitJson(r.circuit, { target: 'qpu.aria-1' }).ok).toBe(true);
    const source = loadCircuits(BELL).circuits[0] as IrCircuit;
    expectSameAs(r.qasm, source, 'ms', 'Bell qasm');
    expectSameAs(r.circuit, source, 'ms', 'Bell json');
  });

  it('picks the family from the target: zz on Forte, ms on the simulator unless asked for zz', () => {
    expect(gateNames(compile(BELL, { target: 'qpu.forte-1' }).circuit)).toContain('zz');
    const forte = compile(BELL, { target: 'qpu.forte-1' });
    expect(forte.stats?.gate_counts).toEqual({ '1q': 3, '2q': 1 });
    expect(validateCircuitJson(forte.circuit, { target: 'qpu.forte-1' }).ok).toBe(true);
    expect(gateNames(compile(BELL).circuit)).toContain('ms');
    expect(gateNames(compile(BELL, { family: 'zz' }).circuit)).toContain('zz');
    expect(gateNames(compile(BELL, { target: 'qpu.aria-1', family: 'zz' }).circuit)).toContain('ms');
  });

  it('keeps the QIS gate set when asked, with canonical names', () => {
    const r = compile(BELL, { gateset: 'qis' });
    expect(r.ok).toBe(true);
    expect(r.circuit).toEqual({
      format: 'svc.circuit.v0',
      gateset: 'qis',
      qubits: 2,
      circuit: [
        { gate: 'h', target: 0 },
        { gate: 'cnot', controls: [0], target: 1 },
      ],
    });
    expect(r.stats?.gate_counts).toEqual({ '1q': 1, '2q': 1 });
    expect(validate(r.qasm as string).ok).toBe(true);
  });

  it('fuses less with optimize: false, and stays equivalent', () => {
    const program = 'qubit[2] q; h q[0]; t q[0]; rx(0.3) q[0]; cx q[0], q[1]; s q[1]; h q[1];';
    const fused = compile(program);
    const unfused = compile(program, { optimize: false });
    expect(unfused.stats?.gate_counts['1q']).toBeGreaterThan(fused.stats?.gate_counts['1q'] as number);
    const source = loadCircuits(program).circuits[0] as IrCircuit;
    const back = loadCircuits(unfused.circuit);
    const frames = lowerToNative(source, 'ms', { optimize: false }).finalFrames;
    expectEquivalent(withFrames(back.circuits[0] as IrCircuit, frames), source, 'optimize false');
  });

  it('compiles QIS JSON input, measuring every qubit in the OpenQASM text as the format implies', () => {
    const input = JSON.parse(readFileSync('fixtures/json/qis-all-gates-accepted.json', 'utf8')) as CircuitJson;
    for (const [target, family] of [
      ['qpu.aria-1', 'ms'],
      ['qpu.forte-1', 'zz'],
    ] as const) {
      const r = compile(input, { target });
      expect(r.ok, JSON.stringify(r.failure)).toBe(true);
      expect(r.measurements).toEqual([]);
      const source = loadCircuits(input).circuits[0] as IrCircuit;
      expectSameAs(r.circuit, source, family, `json ${family}`);
      expect(validate(r.qasm as string, { target }).ok).toBe(true);
      expect((r.qasm as string).match(/= measure/g)).toHaveLength(source.qubits);
      expectSameAs(r.qasm, source, family, `json qasm ${family}`);
      // the QIS text spells what the subset cannot (controlled h, rx, ...) through definitions
      const qis = compile(input, { target, gateset: 'qis' });
      expect(validate(qis.qasm as string, { target }).ok).toBe(true);
      const back = loadCircuits(qis.qasm, { target });
      expectEquivalent(back.circuits[0] as IrCircuit, source, `json qis qasm ${family}`);
    }
  });

  it('re-lowers native JSON input and accepts JSON text', () => {
    const text = readFileSync('fixtures/json/native-ms-accepted-on-aria.json', 'utf8');
    const r = compile(text, { target: 'qpu.aria-1' });
    expect(r.ok, JSON.stringify(r.failure)).toBe(true);
    const source = loadCircuits(text, { target: 'qpu.aria-1' }).circuits[0] as IrCircuit;
    expectSameAs(r.circuit, source, 'ms', 'native json');
    expect(r.stats?.gate_counts['2q']).toBeGreaterThan(0);
  });

  it('compiles every entry of a multicircuit input', () => {
    const input: CircuitJson = {
      qubits: 2,
      circuits: [
        {
          name: 'bell',
          circuit: [
            { gate: 'h', target: 0 },
            { gate: 'cnot', control: 0, target: 1 },
          ],
        },
        { name: 'flip', circuit: [{ gate: 'x', target: 1 }] },
      ],
    };
    const r = compile(input, { target: 'qpu.forte-1' });
    expect(r.ok, JSON.stringify(r.failure)).toBe(true);
    expect(r.stats).toEqual({ qubits: 2, circuits: 2, gate_counts: { '1q': 4, '2q': 1 } });
    expect(r.qasm).toBeNull();
    const circuits = (r.circuit as unknown as { circuits: { name: string; circuit: { gate: string }[] }[] }).circuits;
    expect(circuits.map((c) => c.name)).toEqual(['bell', 'flip']);
    expect(circuits[1]?.circuit).toEqual([{ gate: 'gpi', target: 1, phase: 0 }]);
  });

  it('keeps a native entry marked as native when a multicircuit stays in the QIS gate set', () => {
    const input: CircuitJson = {
      qubits: 2,
      circuits: [
        { name: 'qis', circuit: [{ gate: 'h', target: 0 }] },
        { name: 'pulses', gateset: 'native', circuit: [{ gate: 'gpi2', target: 0, phase: 0.25 }] },
      ],
    };
    const r = compile(input, { gateset: 'qis' });
    expect(r.ok, JSON.stringify(r.failure)).toBe(true);
    const entries = (r.circuit as unknown as { circuits: { name: string; gateset?: string }[] }).circuits;
    expect(entries.map((e) => e.gateset)).toEqual([undefined, 'native']);
    expect(validateCircuitJson(r.circuit).ok).toBe(true);
  });

  it('renames its gate definitions when a register already has the name', () => {
    const program =
      'qubit[2] gpi2; bit[2] ms; h gpi2[0]; cx gpi2[0], gpi2[1]; ms[0] = measure gpi2[0]; ms[1] = measure gpi2[1];';
    const r = compile(program, { target: 'qpu.aria-1' });
    expect(r.ok).toBe(true);
    expect(validate(r.qasm as string, { target: 'qpu.aria-1' }).diagnostics).toEqual([]);
    expectSameAs(r.qasm, loadCircuits(program).circuits[0] as IrCircuit, 'ms', 'renamed definitions');
  });

  it('reports what the JSON format cannot hold, and still writes the OpenQASM text', () => {
    const r = compile('qubit[1] q; bit[2] c; h q[0]; c[0] = measure q[0]; h q[0]; c[1] = measure q[0];');
    expect(r.ok).toBe(false);
    expect(r.failure?.code).toBe('UnsupportedFeature');
    expect(r.circuit).toBeNull();
    expect(validate(r.qasm as string).ok).toBe(true);
  });

  it('returns input problems as diagnostics', () => {
    const syntax = compile('qubit[2] q; cnto q[0], q[1];');
    expect(syntax).toMatchObject({
      ok: false,
      circuit: null,
      stats: null,
      qasm: null,
      failure: { code: 'PreflightError' },
    });
    expect(compile(BELL, { target: 'qpu.nowhere' }).ok).toBe(false);
    expect(
      compile(
        { qubits: 2, circuit: [{ gate: 'ms', targets: [0, 1], phases: [0, 0] }] },
        {
          target: 'qpu.forte-1',
        },
      ).failure?.code,
    ).toBe('InvalidInput');
  });

  it('borrows a wire beyond the program for ctrl(n) @ x on every qubit, consistently in every output', () => {
    const program =
      'qubit[3] q; qubit[2] r; bit[2] c; h q; x r[1]; ctrl(4) @ x q[0], q[1], q[2], r[0], r[1]; c[0] = measure q[0]; c[1] = measure r[1];';
    const source = loadCircuits(program).circuits[0] as IrCircuit;
    for (const [target, family] of [
      ['qpu.aria-1', 'ms'],
      ['qpu.forte-1', 'zz'],
    ] as const) {
      const r = compile(program, { target });
      expect(r.ok, JSON.stringify(r.failure)).toBe(true);
      // stats.qubits and the JSON's qubits count the compiled width: the program's 5 and the borrowed wire.
      expect(r.stats?.qubits).toBe(6);
      expect((r.circuit as unknown as { qubits: number }).qubits).toBe(6);
      expect(r.measurements).toEqual([
        { qubit: 0, bit: 0, register: 'c', index: 0 },
        { qubit: 4, bit: 1, register: 'c', index: 1 },
      ]);
      expect(r.qasm).toMatch(/^qubit\[1\] borrowed;$/m);
      expect(validate(r.qasm as string, { target }).diagnostics).toEqual([]);
      expect(validateCircuitJson(r.circuit, { target }).ok).toBe(true);
      expectSameAs(r.qasm, source, family, `borrowed wire qasm ${family}`);
      expectSameAs(r.circuit, source, family, `borrowed wire json ${family}`);
      // Fewer entangling gates than on a target the program fills, where no wire is left to borrow.
      const full = compile(program, {
        target: { ...(TARGETS_BY_NAME.get(target) as Target), name: 'full', qubits: 5 },
      });
      expect(full.ok, JSON.stringify(full.failure)).toBe(true);
      expect(full.stats?.qubits).toBe(5);
      expect(r.stats?.gate_counts['2q']).toBeLessThan(full.stats?.gate_counts['2q'] as number);
      // compile --verify re-runs the lowering as compile does, borrowed wire included.
      expect(verifyCompiled(program, r, TARGETS_BY_NAME.get(target) as Target, 'native').equivalent).toBe(true);
    }
  });

  it('keeps a 2π rotation under five controls (issue 15: -I is a Z on the controls once controlled)', () => {
    for (const gate of ['yphase(2*pi)', 'xphase(2*pi)', 'rz(2*pi)', 'yphase(6*pi)']) {
      const program = `qubit[6] q; bit[1] c; h q[0]; x q[1]; x q[2]; x q[3]; x q[4]; ctrl(5) @ ${gate} q[0], q[1], q[2], q[3], q[4], q[5]; h q[0]; c[0] = measure q[0];`;
      const source = loadCircuits(program).circuits[0] as IrCircuit;
      for (const [target, family] of [
        ['simulator', 'ms'],
        ['qpu.aria-1', 'ms'],
        ['qpu.forte-1', 'zz'],
      ] as const) {
        const r = compile(program, { target });
        expect(r.ok, JSON.stringify(r.failure)).toBe(true);
        expectSameAs(r.qasm, source, family, `${gate} on ${target}`);
        expect(
          verifyCompiled(program, r, TARGETS_BY_NAME.get(target) as Target, 'native').equivalent,
          `${gate} on ${target}`,
        ).toBe(true);
      }
    }
  });

  it('never throws, whatever it is given', () => {
    const odd: unknown[] = [
      null,
      undefined,
      42,
      {},
      [],
      '',
      '{',
      '{"qubits": -1}',
      { qubits: 1, circuit: 'x' },
      Symbol.iterator,
    ];
    for (const input of odd) expect(() => compile(input as string)).not.toThrow();
    fc.assert(
      fc.property(
        fc.oneof(fc.string(), fc.json(), fc.constantFrom(BELL)),
        fc.constantFrom(undefined, 'qpu.aria-1', 'qpu.forte-1'),
        (input, target) => {
          const r = compile(input, target ? { target } : {});
          expect(typeof r.ok).toBe('boolean');
        },
      ),
      { numRuns: 200 },
    );
  });
});

afterAll(() => {
  console.log(`compile: ${oracleChecks()} oracle checks`);
});
