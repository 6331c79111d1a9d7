import { describe, expect, it } from 'vitest';
import { simulate } from '../../src/index.js';
import { deviceFromCharacterization } from '../../src/simulator/noise/characterization.js';
import { runDebiased } from '../../src/simulator/noise/debias.js';
import { deviceOfDay, median, qubitErrors, type DeviceNoise } from '../../src/simulator/noise/device.js';
import { seedOfText as seedOf } from '../../src/simulator/engine/random.js';
import { sampleNoisyShots } from '../../src/simulator/noise/trajectories.js';
import { SeededRandom } from '../../src/simulator/engine/random.js';
import { DEVICE_SPREAD } from '../../src/tables/index.js';
import { circuit, gate, measure, native, engineOptions } from './helpers.js';

const options = engineOptions();

const ARIA_DAY = { readout: 0.0039, oneQubit: 0.0005, twoQubit: 0.0133 };

/** A characterization record as GET /v0.4/backends/<b>/characterizations/<id> answers it. */
const v04Record = (id: string, twoQubitFidelity = 0.9867) => ({
  id,
  date: '2026-11-20T00:00:00.000Z',
  backend: 'qpu.aria-1',
  qubits: 25,
  connectivity: [[0, 1]],
  fidelity: {
    spam: { median: 0.9961, stderr: null },
    '1q': { median: 0.9995, stderr: null },
    '2q': { median: twoQubitFidelity, stderr: null },
  },
  timing: { readout: 3e-4, reset: 2e-5, '1q': 1.35e-4, '2q': 6e-4, t1: 100, t2: 1 },
});

/** The same day in v0.3's shape: Unix seconds, mean/stderr/median. */
const v03Record = (id: string) => ({
  ...v04Record(id),
  date: 1_763_596_800,
  fidelity: {
    spam: { mean: 0.9961, stderr: 0.0004, median: 0.9961 },
    '1q': { mean: 0.9995, stderr: 0.0001, median: 0.9995 },
    '2q': { mean: 0.9867, stderr: 0.001, median: 0.9867 },
  },
});

/** Bernstein-Vazirani on 8 qubits (plus the ancilla) with this secret; c[i] reads bit i. */
function bernsteinVazirani(secret: string): string {
  const lines = ['OPENQASM 3.0;', 'qubit[9] q;', 'bit[8] c;', 'x q[8];', 'h q[8];'];
  for (let i = 0; i < 8; i++) lines.push(`h q[${i}];`);
  for (let i = 0; i < 8; i++) if (secret[i] === '1') lines.push(`cx q[${i}], q[8];`);
  for (let i = 0; i < 8; i++) lines.push(`h q[${i}];`, `c[${i}] = measure q[${i}];`);
  return lines.join('\n');
}

const ghz5 = [
  'OPENQASM 3.0;',
  'qubit[5] q;',
  'bit[5] c;',
  'h q[0];',
  ...[1, 2, 3, 4].map((i) => `cx q[${i - 1}], q[${i}];`),
  ...[0, 1, 2, 3, 4].map((i) => `c[${i}] = measure q[${i}];`),
].join('\n');

describe('one day of a device', () => {
  it('has per-qubit and per-pair errors whose medians are the record figures, and asymmetric readout', () => {
    for (const qubits of [25, 36]) {
      const device = deviceOfDay('qpu.aria-1', qubits, ARIA_DAY, 'ms', seedOf('record'));
      const errors = qubitErrors(device);
      expect(median(errors.readout)).toBeCloseTo(ARIA_DAY.readout, 12);
      expect(median(errors.oneQubit)).toBeCloseTo(ARIA_DAY.oneQubit, 12);
      expect(median(errors.twoQubit)).toBeCloseTo(ARIA_DAY.twoQubit, 12);
      // The qubits differ: a spread, not one number.
      expect(Math.max(...errors.readout) / Math.min(...errors.readout)).toBeGreaterThan(1.5);
      for (let q = 0; q < qubits; q++) {
        expect(device.brightReadDark[q]! / device.darkReadBright[q]!).toBeCloseTo(DEVICE_SPREAD.readoutAsymmetry, 9);
        expect(device.oneQubitRotation[q]).not.toBe(0);
      }
    }
  });

  it('is the same device for the same record id and another for another id', () => {
    const a = deviceOfDay('d', 25, ARIA_DAY, 'ms', seedOf('one'));
    const b = deviceOfDay('d', 25, ARIA_DAY, 'ms', seedOf('one'));
    const c = deviceOfDay('d', 25, ARIA_DAY, 'ms', seedOf('two'));
    expect(a.twoQubitPauli).toEqual(b.twoQubitPauli);
    expect(a.oneQubitRotation).toEqual(b.oneQubitRotation);
    expect(a.twoQubitPauli).not.toEqual(c.twoQubitPauli);
  });

  it('reads each qubit with its own, asymmetric error: measured medians match the record within sampling error', () => {
    const device = deviceFromCharacterization(v04Record('readout-day')) as DeviceNoise;
    const shots = 20_000;
    const all = [...Array(25).keys()];
    const register = [{ name: 'c', size: 25, offset: 0 }];
    const dark = circuit(25, [...all.map((q) => measure(q, q))], register);
    const bright = circuit(25, [...all.map((q) => gate('x', [q])), ...all.map((q) => measure(q, q))], register);
    const rates = (c: typeof dark, value: number, seed: number) => {
      const table = sampleNoisyShots(c, { device }, shots, new SeededRandom(seed), options);
      return all.map((q) => {
        let wrong = 0;
        for (let s = 0; s < shots; s++) if (table.clbitValues[s * 25 + q] !== value) wrong++;
        return wrong / shots;
      });
    };
    const darkRates = rates(dark, 0, 1);
    const brightRates = rates(bright, 1, 2);
    const sigma = (p: number) => Math.sqrt((p * (1 - p)) / shots);
    const expectedDark = median(device.darkReadBright);
    expect(Math.abs(median(darkRates) - expectedDark)).toBeLessThan(4 * sigma(expectedDark) + 1e-4);
    // A bright ion read dark is likelier, qubit by qubit on average and in the median.
    expect(median(brightRates)).toBeGreaterThan(2 * median(darkRates));
    // Medians of the measured per-qubit readout errors: the record's spam error, within sampling error.
    const perQubit = all.map((q) => (darkRates[q]! + brightRates[q]!) / 2);
    expect(Math.abs(median(perQubit) - 0.0039)).toBeLessThan(0.0015);
  });

  it("pinning a worse day's characterization gives measurably more errors", () => {
    const bell = circuit(
      2,
      [gate('h', [0]), gate('x', [1], [0]), measure(0, 0), measure(1, 1)],
      [{ name: 'c', size: 2, offset: 0 }],
    );
    const parityErrors = (twoQubitFidelity: number) => {
      const device = deviceFromCharacterization(v04Record('day', twoQubitFidelity)) as DeviceNoise;
      const shots = 40_000;
      const table = sampleNoisyShots(bell, { device }, shots, new SeededRandom(9), options);
      let errors = 0;
      for (let s = 0; s < shots; s++) if (table.clbitValues[2 * s] !== table.clbitValues[2 * s + 1]) errors++;
      return errors / shots;
    };
    const good = parityErrors(0.995);
    const bad = parityErrors(0.96);
    // Both days share the qubits' spread (same id), so the ratio follows the 2q error: 8x apart.
    expect(bad - good).toBeGreaterThan(6 * Math.sqrt((bad * (1 - bad)) / 40_000));
  });
});

describe('simulate with a characterization', () => {
  it('accepts a record in either version shape and runs on that day', () => {
    for (const record of [v04Record('shape'), v03Record('shape')]) {
      const run = simulate(ghz5, { shots: 2000, noise: { characterization: record, seed: 4 } });
      expect(run.ok).toBe(true);
      const counts = (
        run.results['svc.result.histogram.json.v2'] as { histogram: { registers: { c: Record<string, number> } } }
      ).histogram.registers.c;
      expect(counts['00000']! + counts['11111']!).toBeGreaterThan(1700);
      expect(Object.keys(counts).length).toBeGreaterThan(2);
    }
    const a = simulate(ghz5, { shots: 2000, noise: { characterization: v04Record('shape'), seed: 4 } });
    const b = simulate(ghz5, { shots: 2000, noise: { characterization: v03Record('shape'), seed: 4 } });
    expect(a.results['svc.result.histogram.json.v2']).toEqual(b.results['svc.result.histogram.json.v2']);
  });

  it('names the malformed field of a characterization', () => {
    const cases: [unknown, string][] = [
      [{ ...v04Record('x'), qubits: undefined }, 'noise.characterization.qubits'],
      [{ ...v04Record('x'), qubits: 0 }, 'noise.characterization.qubits'],
      [
        { ...v04Record('x'), fidelity: { spam: { median: 0.99 }, '1q': { median: 0.999 } } },
        'noise.characterization.fidelity.2q',
      ],
      [
        { ...v04Record('x'), fidelity: { ...v04Record('x').fidelity, '1q': { median: 'high' } } },
        'noise.characterization.fidelity.1q.median',
      ],
      [
        { ...v04Record('x'), fidelity: { ...v04Record('x').fidelity, spam: { stderr: 0.1 } } },
        'noise.characterization.fidelity.spam.median',
      ],
      [{ ...v04Record('x'), fidelity: 'good' }, 'noise.characterization.fidelity'],
    ];
    for (const [characterization, field] of cases) {
      const run = simulate(ghz5, { shots: 10, noise: { characterization: characterization as object } });
      expect(run.ok).toBe(false);
      expect(run.diagnostics[0]?.message).toContain(field);
    }
    const mismatch = simulate(ghz5, { shots: 10, noise: { model: 'forte-1', characterization: v04Record('x') } });
    expect(mismatch.diagnostics[0]?.message).toContain('does not model qpu.aria-1');
  });
});

describe('debiasing', () => {
  const secret = '10110101';

  it('BV-8 at 1,000 shots: voting finds the secret, the average stays visibly noisy', () => {
    const run = simulate(bernsteinVazirani(secret), {
      shots: 1000,
      noise: { characterization: v04Record('bv-day'), seed: 21 },
      debiasing: true,
    });
    expect(run.ok).toBe(true);
    const voting = run.debiasing!.aggregations.voting.histogram.registers.c!;
    expect((voting[secret] ?? 0) / 1000).toBeGreaterThanOrEqual(0.99);
    const average = (
      run.results['svc.result.probabilities.json.v2'] as { probabilities: { registers: { c: Record<string, number> } } }
    ).probabilities.registers.c;
    expect(average[secret]).toBeLessThan(0.99);
    expect(Object.keys(average).length).toBeGreaterThan(3);
    const variants = run.debiasing!.variants;
    expect(variants.length).toBe(10);
    expect(new Set(variants.map((v) => v.qubitMap.join(','))).size).toBe(variants.length);
    for (const v of variants) expect(new Set(v.qubitMap).size).toBe(9);
    expect(variants.reduce((sum, v) => sum + v.shots, 0)).toBe(1000);
    // The average is the shot-weighted mean of the variants.
    const mean = variants.reduce(
      (sum, v) =>
        sum +
        ((
          v.results['svc.result.probabilities.json.v2'] as {
            probabilities: { registers: { c: Record<string, number> } };
          }
        ).probabilities.registers.c[secret] ?? 0) *
          v.shots,
      0,
    );
    expect(mean / 1000).toBeCloseTo(average[secret]!, 12);
  });

  it('GHZ-5 sharpened holds only 00000 and 11111', () => {
    const run = simulate(ghz5, {
      shots: 1000,
      noise: { characterization: v04Record('ghz-day'), seed: 5 },
      debiasing: true,
    });
    const voting = run.debiasing!.aggregations.voting.histogram.registers.c!;
    expect(Object.keys(voting).every((k) => k === '00000' || k === '11111')).toBe(true);
    expect(Object.values(voting).reduce((a, b) => a + b, 0)).toBe(1000);
  });

  it('mirrors decompositions of QIS gates only: native gates run as written, on other qubits', () => {
    const device = deviceFromCharacterization(v04Record('native')) as DeviceNoise;
    const nativeBell = circuit(
      2,
      [native('gpi2', [0], [0.25]), native('ms', [0, 1], [0, 0], 0.25), measure(0, 0), measure(1, 1)],
      [{ name: 'c', size: 2, offset: 0 }],
    );
    const qisBell = circuit(2, [gate('h', [0]), gate('x', [1], [0]), measure(0, 0), measure(1, 1)], []);
    const nativeRun = runDebiased(nativeBell, device, 600, 6, 1, options);
    expect(nativeRun.variants.every((v) => v.signs[0] === 1 && v.signs[1] === 1)).toBe(true);
    const qisRun = runDebiased(qisBell, device, 600, 6, 1, options);
    expect(new Set(qisRun.variants.map((v) => v.signs.join())).size).toBe(4);
  });

  it('needs noise, and a variant count the shots can fill', () => {
    expect(simulate(ghz5, { shots: 1000, debiasing: true }).diagnostics[0]?.message).toContain('needs a noisy run');
    const tooMany = simulate(ghz5, { shots: 10, noise: { model: 'aria-1' }, debiasing: { variants: 11 } });
    expect(tooMany.diagnostics[0]?.message).toContain('debiasing.variants');
  });
});
