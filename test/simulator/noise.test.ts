import { describe, expect, it } from 'vitest';
import { deviceOfDay, uniformDevice } from '../../src/simulator/noise/device.js';
import { coherentError, errorQubits, sampleNoisyShots } from '../../src/simulator/noise/trajectories.js';
import { SeededRandom } from '../../src/simulator/engine/random.js';
import { NOISE_MODELS_BY_NAME, type NoiseModel } from '../../src/tables/index.js';
import { circuit, gate, measure, native, engineOptions } from './helpers.js';

const options = engineOptions();
const bell = circuit(
  2,
  [gate('h', [0]), gate('x', [1], [0]), measure(0, 0), measure(1, 1)],
  [{ name: 'c', size: 2, offset: 0 }],
);

/**
 * The Bell pair's parity error (01 or 10): 8 of the 15 two-qubit Paulis after
 * cx flip the parity (one side X or Y); errors after h (on |+>) never do; each
 * readout flips with r, so the parity flips with b = 2r(1 - r).
 */
function predictedParityError(m: NoiseModel): number {
  const a = (8 / 15) * m.twoQubitError;
  const b = 2 * m.readoutError * (1 - m.readoutError);
  return a * (1 - b) + b * (1 - a);
}

function measuredParityError(m: NoiseModel, shots: number, seed: number): number {
  const table = sampleNoisyShots(bell, { device: uniformDevice(m) }, shots, new SeededRandom(seed), options);
  let errors = 0;
  for (let s = 0; s < shots; s++) if (table.clbitValues[2 * s] !== table.clbitValues[2 * s + 1]) errors++;
  return errors / shots;
}

describe('noise models', () => {
  const shots = 200_000;
  const models = ['forte-1', 'aria-1', 'aria-2', 'harmony'].map((n) => NOISE_MODELS_BY_NAME.get(n)!);

  it('a Bell pair errs at the rate each model predicts, rising from forte-1 to harmony', () => {
    const measured = models.map((m, i) => {
      const rate = measuredParityError(m, shots, 100 + i);
      const predicted = predictedParityError(m);
      const sigma = Math.sqrt((predicted * (1 - predicted)) / shots);
      expect(Math.abs(rate - predicted)).toBeLessThan(4.5 * sigma);
      return rate;
    });
    for (let i = 1; i < measured.length; i++) expect(measured[i]).toBeGreaterThan(measured[i - 1]!);
  });

  it('an ideal model gives no errors; the same seed gives the same shots', () => {
    const ideal: NoiseModel = {
      name: 'ideal',
      target: 'simulator',
      qubits: 29,
      oneQubitError: 0,
      twoQubitError: 0,
      readoutError: 0,
    };
    expect(measuredParityError(ideal, 5000, 1)).toBe(0);
    const m = NOISE_MODELS_BY_NAME.get('harmony')!;
    const a = sampleNoisyShots(bell, { device: uniformDevice(m) }, 3000, new SeededRandom(8), options);
    const b = sampleNoisyShots(bell, { device: uniformDevice(m) }, 3000, new SeededRandom(8), options);
    expect(a.clbitValues).toEqual(b.clbitValues);
    expect(a.qubitBits).toEqual(b.qubitBits);
  });

  it('readout error alone flips bits at its rate, and output_all agrees with the final-measurement bits', () => {
    const r = 0.05;
    const m: NoiseModel = {
      name: 'readout',
      target: 'simulator',
      qubits: 29,
      oneQubitError: 0,
      twoQubitError: 0,
      readoutError: r,
    };
    const zero = circuit(1, [measure(0, 0)], [{ name: 'c', size: 1, offset: 0 }]);
    const table = sampleNoisyShots(zero, { device: uniformDevice(m) }, 100_000, new SeededRandom(4), options);
    const ones = table.clbitValues.reduce((s, v) => s + v, 0) / 100_000;
    expect(Math.abs(ones - r)).toBeLessThan(4.5 * Math.sqrt((r * (1 - r)) / 100_000));
    expect(table.qubitBits).toEqual(table.clbitValues);
  });

  it('errors strike real pulses: virtual Z rotations carry none; native and controlled gates do', () => {
    expect(errorQubits(gate('rz', [0], [], 0.2))).toEqual([]);
    expect(errorQubits(gate('s', [3]))).toEqual([]);
    expect(errorQubits(gate('h', [1]))).toEqual([1]);
    expect(errorQubits(gate('z', [1], [0]))).toEqual([0, 1]);
    expect(errorQubits(native('ms', [2, 0], [0, 0], 0.25))).toEqual([2, 0]);
    expect(errorQubits(gate('x', [3], [0, 1, 2]))).toEqual([2, 3]);
  });
});

describe('over-rotations placed on program qubits', () => {
  const device = deviceOfDay('qpu.aria-1', 25, { readout: 0.005, oneQubit: 0.0005, twoQubit: 0.01 }, 'ms', 7);
  const onMap = (map: number[]) => (q: number) => map[q] as number;

  it('are one list per device, physical qubits, sign and program qubits, so that their passes are made once', () => {
    const run = { device, qubitMap: [3, 9], signs: [1, 1] as const };
    const one = coherentError([0], run, onMap(run.qubitMap));
    const pair = coherentError([0, 1], run, onMap(run.qubitMap));
    expect(one).not.toBeNull();
    expect(coherentError([0], run, onMap(run.qubitMap))).toBe(one);
    expect(coherentError([0, 1], { ...run }, onMap(run.qubitMap))).toBe(pair);
    expect(one?.[0]?.targets).toEqual([0]);
    expect(pair?.[0]?.targets).toEqual([0, 1]);
    // Another physical qubit or the other sign: another over-rotation.
    expect(coherentError([0], run, onMap([4, 9]))).not.toBe(one);
    expect(coherentError([0], { ...run, signs: [-1, -1] as const }, onMap(run.qubitMap))).not.toBe(one);
    // The same physical qubit under another program qubit: the same gate on other targets.
    const moved = coherentError([1], run, onMap([9, 3]));
    expect(moved?.[0]?.matrix).toBe(one?.[0]?.matrix);
    expect(moved?.[0]?.targets).toEqual([1]);
  });
});
