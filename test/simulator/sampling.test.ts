import { describe, expect, it } from 'vitest';
import { executeCircuit } from '../../src/simulator/engine/execute.js';
import { exactDistribution, sampleShots } from '../../src/simulator/results/outcomes.js';
import { SeededRandom } from '../../src/simulator/engine/random.js';
import { circuit, gate, measure, engineOptions } from './helpers.js';

/** Upper 0.999 quantile of chi-square with k degrees of freedom (Wilson-Hilferty). */
function chiSquareBound(k: number): number {
  const z = 3.09;
  return k * (1 - 2 / (9 * k) + z * Math.sqrt(2 / (9 * k))) ** 3;
}

describe('seeded sampling', () => {
  const options = engineOptions();
  // Five qubits in uneven superpositions, entangled: 32 outcomes of varied probability.
  const c = circuit(5, [
    ...[0, 1, 2, 3, 4].map((q) => gate('ry', [q], [], 0.4 + 0.5 * q)),
    gate('x', [1], [0]),
    gate('rz', [2], [1], 0.9),
    gate('h', [3]),
    gate('x', [4], [3]),
  ]);

  it.each([1, 2, 3])('histogram fits the exact probabilities (chi-square, seed %i)', (seed) => {
    const execution = executeCircuit(c, options);
    const exact = exactDistribution(execution)!;
    const shots = 20_000;
    const table = sampleShots(execution, shots, new SeededRandom(seed));
    const counts = new Map<number, number>();
    for (let s = 0; s < shots; s++) {
      let index = 0;
      for (let q = 0; q < 5; q++) index += table.qubitBits[s * 5 + q]! << q;
      counts.set(index, (counts.get(index) ?? 0) + 1);
    }
    let chi = 0;
    let cells = 0;
    for (const [index, p] of exact.outputAll) {
      if (p < 1e-12) continue;
      const expected = p * shots;
      chi += ((counts.get(index) ?? 0) - expected) ** 2 / expected;
      cells++;
    }
    for (const index of counts.keys()) expect(exact.outputAll.get(index) ?? 0).toBeGreaterThan(1e-12);
    expect(chi).toBeLessThan(chiSquareBound(cells - 1));
    // And not suspiciously perfect either (would mean the draws are not random).
    expect(chi).toBeGreaterThan(0);
  });

  it('classical bits of a mid-circuit measurement are sampled jointly with the final state', () => {
    const mid = circuit(
      2,
      [gate('h', [0]), measure(0, 0), gate('x', [1], [0]), gate('h', [0])],
      [{ name: 'c', size: 1, offset: 0 }],
    );
    const execution = executeCircuit(mid, options);
    const table = sampleShots(execution, 2000, new SeededRandom(5));
    for (let s = 0; s < 2000; s++) expect(table.qubitBits[s * 2 + 1]).toBe(table.clbitValues[s]);
  });

  it('the generator is deterministic per seed and uniform enough', () => {
    const a = new SeededRandom(99);
    const b = new SeededRandom(99);
    const xs = Array.from({ length: 10_000 }, () => a.next());
    expect(xs).toEqual(Array.from({ length: 10_000 }, () => b.next()));
    const mean = xs.reduce((s, x) => s + x, 0) / xs.length;
    expect(Math.abs(mean - 0.5)).toBeLessThan(0.01);
    expect(Math.min(...xs)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...xs)).toBeLessThan(1);
  });
});
