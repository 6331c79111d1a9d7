import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/api/simulate.js';
import { circuit, gate, measure } from './helpers.js';

const P2 = 'svc.result.probabilities.json.v2';
const V03 = 'svc.result.probabilities.json.v1';
type Probs = { probabilities: { registers: Record<string, Record<string, number>> } };
const registers = (r: ReturnType<typeof simulate>) => (r.results[P2] as Probs).probabilities.registers;

describe('simulate', () => {
  it('runs OpenQASM 3 text: Bell pair with a spectator in |1>', () => {
    const r = simulate(
      'OPENQASM 3.0;\nqubit[3] q;\nbit[2] c;\nh q[0];\ncx q[0], q[1];\nx q[2];\nc[0] = measure q[0];\nc[1] = measure q[1];\n',
    );
    expect(r.ok).toBe(true);
    expect(registers(r)).toEqual({ output_all: { '001': 0.5, '111': 0.5 }, c: { '00': 0.5, '11': 0.5 } });
    expect(r.results[V03]).toEqual({ '4': 0.5, '7': 0.5 });
    expect(r.results['svc.result.histogram.json.v2']).toBeUndefined();
  });

  it('runs svc.circuit.v0 JSON, single and multicircuit (payloads keyed by circuit name)', () => {
    const single = simulate({
      qubits: 2,
      circuit: [
        { gate: 'h', target: 0 },
        { gate: 'cnot', controls: [0], target: 1 },
      ],
    });
    expect(single.ok).toBe(true);
    expect(registers(single).output_all).toEqual({ '00': 0.5, '11': 0.5 });
    const multi = simulate({
      qubits: 1,
      circuits: [
        { name: 'flip', circuit: [{ gate: 'x', target: 0 }] },
        { name: 'plus', circuit: [{ gate: 'h', target: 0 }] },
      ],
    });
    expect(multi.ok).toBe(true);
    expect(multi.results[V03]).toEqual({ flip: { '1': 1 }, plus: { '0': 0.5, '1': 0.5 } });
  });

  it('runs IR directly and samples shots reproducibly', () => {
    const c = circuit(
      2,
      [gate('h', [0]), gate('x', [1], [0]), measure(0, 0), measure(1, 1)],
      [{ name: 'c', size: 2, offset: 0 }],
    );
    const a = simulate(c, { shots: 50, seed: 3 });
    const b = simulate(c, { shots: 50, seed: 3 });
    expect(a.ok).toBe(true);
    expect(a.results['svc.result.shots.json.v2']).toEqual(b.results['svc.result.shots.json.v2']);
    const hist = (
      a.results['svc.result.histogram.json.v2'] as { histogram: { registers: Record<string, Record<string, number>> } }
    ).histogram.registers;
    expect(Object.values(hist.c!).reduce((s, n) => s + n, 0)).toBe(50);
  });

  it('builds only what was asked: with shots the histogram and shots, the exact tables when named or without shots', () => {
    const source = 'qubit[2] q; bit[2] c; h q[0]; cx q[0], q[1]; c[0] = measure q[0]; c[1] = measure q[1];';
    const formats = (options: Parameters<typeof simulate>[1]) => {
      const r = simulate(source, options);
      expect(r.diagnostics).toEqual([]);
      return Object.keys(r.results).sort();
    };
    expect(formats({ shots: 20, seed: 1 })).toEqual(['svc.result.histogram.json.v2', 'svc.result.shots.json.v2']);
    expect(formats({})).toEqual(['svc.result.probabilities.json.v1', 'svc.result.probabilities.json.v2']);
    expect(formats({ shots: 20, seed: 1, artifacts: ['probabilities', 'histogram'] })).toEqual([
      'svc.result.histogram.json.v2',
      'svc.result.probabilities.json.v2',
    ]);
    // A noisy run draws every artifact from its shots, so all four come with it.
    expect(formats({ shots: 20, noise: { model: 'harmony', seed: 1 } })).toHaveLength(4);
  });

  it('GHZ on 26 qubits stays sparse and costs milliseconds', () => {
    const n = 26;
    const c = circuit(n, [gate('h', [0]), ...Array.from({ length: n - 1 }, (_, i) => gate('x', [i + 1], [i]))]);
    const t0 = performance.now();
    const r = simulate(c, { memoryBudgetBytes: 64 * 1024 * 1024 + 1 });
    expect(performance.now() - t0).toBeLessThan(200);
    expect(registers(r).output_all).toEqual({ ['0'.repeat(n)]: 0.5, ['1'.repeat(n)]: 0.5 });
    expect(r.results[V03]).toEqual({ '0': 0.5, [String(2 ** n - 1)]: 0.5 });
  });

  it('with a noise model, the modelled QPU bounds the qubits and shots are noisy', () => {
    const twelve = 'qubit[12] q;\nh q[0];\n';
    expect(simulate(twelve).ok).toBe(true);
    const r = simulate(twelve, { noise: { model: 'harmony' } });
    expect(r.failure?.code).toBe('NotEnoughQubits');
    expect(r.failure?.message).toBe('Program needs 12 qubits; simulator (noise model harmony) has 11');
    const noisy = simulate('qubit[2] q;\nh q[0];\ncx q[0], q[1];\n', {
      noise: { model: 'harmony', seed: 1 },
      shots: 4000,
    });
    expect(noisy.ok).toBe(true);
    const all = registers(noisy).output_all!;
    expect((all['01'] ?? 0) + (all['10'] ?? 0)).toBeGreaterThan(0);
    expect(Object.values(all).reduce((s, p) => s + p, 0)).toBeCloseTo(1, 12);
  });

  it('refuses past the memory budget with a diagnostic, before allocating', () => {
    const ops = Array.from({ length: 24 }, (_, q) => gate('h', [q]));
    const r = simulate(circuit(24, ops), { memoryBudgetBytes: 100 * 1024 * 1024 });
    expect(r.ok).toBe(false);
    expect(r.failure?.code).toBe('SimulationLimit');
    expect(r.diagnostics[0]?.rule).toBe('simulator-memory-budget');
    expect(r.failure?.message).toBe(
      'Simulating 24 qubits needs 320 MiB (16 bytes per amplitude for every state held, plus working space); the memory budget is 100 MiB: raise memoryBudgetBytes or simulate fewer qubits',
    );
  });

  it('bounds measurement branches with a diagnostic', () => {
    const ops = [0, 1, 2, 3].flatMap((q) => [gate('h', [q]), measure(q, q), gate('h', [q])]);
    const c = circuit(4, ops, [{ name: 'c', size: 4, offset: 0 }]);
    expect(simulate(c).ok).toBe(true);
    const r = simulate(c, { maxBranches: 8 });
    expect(r.diagnostics[0]?.rule).toBe('simulator-branch-limit');
    expect(r.failure?.message).toMatch(/16 distinct branches; the limit is 8/);
  });

  it('reports bad options and bad input as diagnostics', () => {
    expect(simulate('qubit[1] q;', { shots: 0 }).failure?.code).toBe('InvalidInput');
    expect(simulate('qubit[1] q;', { noise: { model: 'aria-9' } }).failure?.message).toMatch(
      /^Unknown noise model: aria-9/,
    );
    expect(simulate('qubit[1] q;', { target: 'qpu.nowhere' }).ok).toBe(false);
    expect(simulate('qubit[1] q; foo q[0];').failure?.message).toBe(
      'Circuit failed preflight validation: Unknown gate: foo',
    );
    expect(simulate(circuit(1, [gate('x', [3])])).failure?.code).toBe('InvalidInput');
    expect(simulate(circuit(1, [measure(0, 2)], [{ name: 'c', size: 1, offset: 0 }])).failure?.message).toBe(
      'Circuit measures into classical bit 2 but declares 1 classical bits',
    );
  });

  it('never throws, whatever it is given', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string(), fc.anything()), fc.anything(), (input, options) => {
        const r = simulate(input as never, typeof options === 'object' && options !== null ? options : {});
        expect(typeof r.ok).toBe('boolean');
      }),
      { numRuns: 200, seed: 5 },
    );
  });
});
