/**
 * `simulate` on worker threads: chosen only for wide circuits with an idle
 * core, refused with --no-threads, and giving exactly the one-thread result.
 */
import { describe, expect, it } from 'vitest';
import { wantWorkers, widestCircuit } from '../../src/cli/simulate-threads.js';
import { loadCircuits } from '../../src/api/load.js';
import { PARALLEL_MIN_QUBITS } from '../../src/simulator/engine/parallel.js';
import { runCli } from './run-cli.js';

/**
 * A wide circuit whose state is dense while it runs (rotations on every qubit,
 * entangling layers) and which then undoes itself, so the artifact stays small.
 */
function wideProgram(n: number): string {
  const forward: string[] = [];
  const backward: string[] = [];
  for (let layer = 0; layer < 3; layer++) {
    for (let i = 0; i < n; i++) {
      const angle = (0.1 + 0.07 * i + layer).toFixed(3);
      forward.push(`ry(${angle}) q[${i}];`);
      backward.unshift(`ry(-${angle}) q[${i}];`);
    }
    for (let i = layer % 2; i + 1 < n; i += 2) {
      forward.push(`cx q[${i}], q[${i + 1}];`);
      backward.unshift(`cx q[${i}], q[${i + 1}];`);
    }
  }
  const measures = Array.from({ length: n }, (_, i) => `c[${i}] = measure q[${i}];`);
  return (
    ['OPENQASM 3.0;', `qubit[${n}] q;`, `bit[${n}] c;`, ...forward, 'x q[3];', ...backward, ...measures].join('\n') +
    '\n'
  );
}

describe('choosing worker threads for simulate', () => {
  it('wants them for a wide circuit and a second idle core only', () => {
    expect(wantWorkers(true, PARALLEL_MIN_QUBITS, 0, 2)).toBe(true);
    expect(wantWorkers(true, PARALLEL_MIN_QUBITS - 1, 0, 2)).toBe(false);
    expect(wantWorkers(true, 24, 1.2, 2)).toBe(false);
    expect(wantWorkers(true, 24, 0.9, 2)).toBe(true);
    expect(wantWorkers(true, 24, 0, 1)).toBe(false);
    expect(wantWorkers(false, 24, 0, 8)).toBe(false);
  });

  it('reads the width from the loaded circuits', () => {
    const loaded = loadCircuits(wideProgram(20));
    expect(loaded.ok).toBe(true);
    expect(widestCircuit(loaded.circuits)).toBe(20);
  });

  it('gives the same artifacts with and without threads', async () => {
    const stdin = wideProgram(20);
    const args = ['simulate', '-', '--format', 'probabilities'];
    const [threaded, single] = await Promise.all([
      runCli(args, { stdin }),
      runCli([...args, '--no-threads'], { stdin }),
    ]);
    expect(threaded.code).toBe(0);
    expect(single.code).toBe(0);
    const probabilities = JSON.parse(threaded.stdout) as {
      probabilities: { registers: { c: Record<string, number> } };
    };
    // The x in the middle, conjugated by the circuit: not a basis state, so the run must be right to agree.
    const total = Object.values(probabilities.probabilities.registers.c).reduce((a, b) => a + b, 0);
    expect(total).toBeCloseTo(1, 9);
    expect(Object.keys(probabilities.probabilities.registers.c).length).toBeGreaterThan(1);
    expect(threaded.stdout).toBe(single.stdout);
  }, 60_000);
});
