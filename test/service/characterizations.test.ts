import { describe, expect, it } from 'vitest';
import { calibrationDrift, characterizationQubits, noiseModels, targets } from '../../src/index.js';
import { characterizationOn, dayValues } from '../../src/service/jobs/characterizations.js';
import { TIMINGS } from '../../src/service/jobs/catalog.js';
import { median } from '../../src/simulator/noise/device.js';

const DAY = 86_400_000;
const today = Date.UTC(2026, 10, 25);
const qpus = targets.filter((t) => !t.simulator);

type Body = {
  qubits: number;
  fidelity: Record<'spam' | '1q' | '2q', { median: number; mean: number; stderr: number }>;
  timing: Record<string, number>;
};

describe('characterizations that drift', () => {
  it('are the same for the same backend and day, whatever else was asked before', () => {
    for (const target of qpus) {
      const a = characterizationOn(target, new Date(today - 3 * DAY), 'id-1');
      characterizationOn(target, new Date(today - 9 * DAY), 'id-2');
      expect(characterizationOn(target, new Date(today - 3 * DAY), 'id-1')).toEqual(a);
    }
  });

  it('move from day to day inside the published ranges, with the noise figures as their medians', () => {
    const drift = calibrationDrift;
    for (const model of noiseModels) {
      const days = Array.from({ length: 400 }, (_, i) => dayValues(model, new Date(today - i * DAY)));
      const month = days.slice(0, 30);
      for (const [key, figure] of [
        ['readout', model.readoutError],
        ['oneQubit', model.oneQubitError],
        ['twoQubit', model.twoQubitError],
      ] as const) {
        const values = month.map((d) => d[key]);
        expect(new Set(values).size).toBeGreaterThan(25);
        for (const v of values) {
          expect(v).toBeGreaterThanOrEqual(figure * drift.errorRange[0] - 1e-15);
          expect(v).toBeLessThanOrEqual(figure * drift.errorRange[1] + 1e-15);
        }
        // Over a long history the median is the model's figure (bad days push it up a little).
        const longMedian = median(days.map((d) => d[key]));
        expect(longMedian / figure).toBeGreaterThan(0.9);
        expect(longMedian / figure).toBeLessThan(1.15);
      }
      const base = TIMINGS[model.target]!;
      for (const d of month) {
        expect(d.timing.t1).toBeGreaterThanOrEqual(10);
        expect(d.timing.t1).toBeLessThanOrEqual(100);
        expect(d.timing.t2).toBeGreaterThanOrEqual(0.5);
        expect(d.timing.t2).toBeLessThanOrEqual(1.5);
        expect(Math.abs(d.timing['2q'] / base['2q'] - 1)).toBeLessThan(0.2);
      }
      expect(new Set(month.map((d) => d.timing.t1)).size).toBeGreaterThan(10);
      // Bad days happen, but rarely.
      const bad = days.filter((d) => d.badDay).length;
      expect(bad).toBeGreaterThan(0);
      expect(bad).toBeLessThan(days.length * 0.12);
    }
  });

  it("keep the stored shape, and the record's medians are the medians of the device its id seeds", () => {
    for (const target of qpus) {
      const body = characterizationOn(target, new Date(today), 'f3a1c2de-0000-4000-8000-000000000001') as Body;
      expect(Object.keys(body).sort()).toEqual(['connectivity', 'fidelity', 'qubits', 'timing']);
      expect(Object.keys(body.timing).sort()).toEqual(['1q', '2q', 'readout', 'reset', 't1', 't2']);
      const qubits = characterizationQubits({
        id: 'f3a1c2de-0000-4000-8000-000000000001',
        backend: target.name,
        ...body,
      });
      if (!Array.isArray(qubits)) throw new Error(qubits.reason);
      expect(median(qubits.map((q) => q.readoutError))).toBeCloseTo(1 - body.fidelity.spam.median, 10);
      expect(median(qubits.map((q) => q.oneQubitError))).toBeCloseTo(1 - body.fidelity['1q'].median, 10);
      expect(body.fidelity['2q'].stderr).toBeGreaterThan(0);
      expect(body.fidelity.spam.mean).toBeLessThan(body.fidelity.spam.median + 1e-3);
    }
  });
});
