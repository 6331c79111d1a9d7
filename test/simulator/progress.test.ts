/**
 * simulate's onProgress: gates done of the run's total, never decreasing,
 * ending at the total, at most about 1,000 calls, on every kind of run
 * (sparse, dense fused passes, mid-circuit branches, noise trajectories,
 * debiasing variants, several circuits).
 */
import { describe, expect, it } from 'vitest';
import { simulate, type SimulationProgress } from '../../src/index.js';

function layered(qubits: number, layers: number): { source: string; gates: number } {
  const lines = ['OPENQASM 3.0;', `qubit[${qubits}] q;`, `bit[${qubits}] c;`];
  let gates = 0;
  for (let layer = 0; layer < layers; layer++) {
    for (let i = 0; i < qubits; i++, gates++) lines.push(`rx(${(0.1 + 0.01 * layer + 0.001 * i).toFixed(4)}) q[${i}];`);
    for (let i = layer % 2; i + 1 < qubits; i += 2, gates++) lines.push(`cx q[${i}], q[${i + 1}];`);
  }
  for (let i = 0; i < qubits; i++) lines.push(`c[${i}] = measure q[${i}];`);
  return { source: lines.join('\n'), gates };
}

function record(): { calls: SimulationProgress[]; onProgress: (p: SimulationProgress) => void } {
  const calls: SimulationProgress[] = [];
  return { calls, onProgress: (p) => calls.push({ ...p }) };
}

function expectMonotonicToTotal(calls: readonly SimulationProgress[], total: number): void {
  expect(calls.length).toBeGreaterThan(0);
  for (const call of calls) expect(call.gatesTotal).toBe(total);
  for (let i = 1; i < calls.length; i++)
    expect((calls[i] as SimulationProgress).gatesDone).toBeGreaterThan((calls[i - 1] as SimulationProgress).gatesDone);
  expect(calls.every((c) => Number.isInteger(c.gatesDone) && c.gatesDone >= 0 && c.gatesDone <= total)).toBe(true);
  expect(calls.at(-1)?.gatesDone).toBe(total);
  expect(calls.length).toBeLessThanOrEqual(1001);
}

describe('simulate onProgress', () => {
  it('counts the gates of a dense run (fused passes) up to its total, with reports along the way', () => {
    const { source, gates } = layered(16, 40);
    const { calls, onProgress } = record();
    const result = simulate(source, { shots: 10, seed: 1, onProgress, parallel: false });
    expect(result.ok).toBe(true);
    expectMonotonicToTotal(calls, gates);
    // Reported as the passes run, not only at the end.
    expect(calls.filter((c) => c.gatesDone < gates).length).toBeGreaterThan(5);
  });

  it('counts a sparse run gate by gate, at most about 1,000 reports for 30,000 gates', () => {
    const lines = ['OPENQASM 3.0;', 'qubit[20] q;'];
    for (let i = 0; i < 30_000; i++) lines.push(`x q[${i % 20}];`);
    const { calls, onProgress } = record();
    expect(simulate(lines.join('\n'), { onProgress }).ok).toBe(true);
    expectMonotonicToTotal(calls, 30_000);
    expect(calls.length).toBeGreaterThan(500);
  });

  it('counts each mid-circuit branch, each noise trajectory and each debiasing variant as its share', () => {
    const branching =
      'OPENQASM 3.0;\nqubit[3] q;\nbit[3] c;\nh q[0];\nh q[1];\nc[0] = measure q[0];\nc[1] = measure q[1];\ncx q[0], q[2];\nh q[2];\nc[2] = measure q[2];\n';
    for (const options of [
      {},
      { shots: 300, noise: { model: 'aria-1', seed: 3 } },
      { shots: 600, noise: { model: 'aria-1', seed: 3 }, debiasing: true },
    ]) {
      const { calls, onProgress } = record();
      const result = simulate(branching, { ...options, onProgress });
      expect(result.ok, JSON.stringify(result.diagnostics)).toBe(true);
      expectMonotonicToTotal(calls, 4);
    }
  });

  it('counts every circuit of a multicircuit input together', () => {
    const { calls, onProgress } = record();
    const result = simulate(
      {
        format: 'svc.circuit.v0',
        qubits: 2,
        circuits: [
          { name: 'a', circuit: [{ gate: 'h', target: 0 }] },
          {
            name: 'b',
            circuit: [
              { gate: 'h', target: 0 },
              { gate: 'cnot', control: 0, target: 1 },
            ],
          },
        ],
      } as never,
      { onProgress },
    );
    expect(result.ok, JSON.stringify(result.diagnostics)).toBe(true);
    expectMonotonicToTotal(calls, 3);
  });

  it('never throws for a callback that throws (not called again), and names an onProgress that is no function', () => {
    let called = 0;
    const result = simulate(layered(4, 3).source, {
      onProgress: () => {
        called++;
        throw new Error('from the callback');
      },
    });
    expect(result.ok).toBe(true);
    expect(called).toBe(1);
    const bad = simulate('qubit q;', { onProgress: 'yes' as never });
    expect(bad.ok).toBe(false);
    expect(bad.diagnostics[0]?.message).toContain('Option onProgress of simulate must be a function, not "yes"');
  });
});
