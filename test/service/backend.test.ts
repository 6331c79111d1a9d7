/** The one module that answers backend questions (src/service/jobs/backend.ts), against the library's tables. */
import { describe, expect, it } from 'vitest';
import { noiseModels, targets } from '../../src/index.js';
import {
  DEFAULT_SHOTS,
  IDEAL,
  isQpu,
  qpuTargets,
  runOn,
  shotsToRun,
  shotsToStore,
  simulatorNoiseModels,
} from '../../src/service/jobs/backend.js';

describe('backend questions', () => {
  it('tells a QPU from the simulator by the target table, by name or target', () => {
    expect(isQpu('simulator')).toBe(false);
    expect(isQpu('qpu.aria-1')).toBe(true);
    expect(isQpu('qpu.no-such-backend')).toBe(false);
    for (const target of targets) expect(isQpu(target)).toBe(isQpu(target.name));
    expect(qpuTargets().map((t) => t.name)).toEqual(targets.filter((t) => !t.simulator).map((t) => t.name));
  });

  it('runs an emulated QPU with its own noise model, sampled, checked and compiled as itself', () => {
    for (const target of qpuTargets()) {
      const run = runOn(target.name, null);
      expect(run.qpu).toBe(true);
      expect(run.sampled).toBe(true);
      expect(run.noiseModel).toBe(noiseModels.find((m) => m.target === target.name)?.name);
      expect(run.checkTarget).toBe(target.name);
      expect(run.family).toBe(target.twoQubitNative);
    }
  });

  it('runs the simulator ideal unless a noise model is named; a noise model brings its QPU rules and family', () => {
    for (const noise of [null, { model: IDEAL, seed: null }]) {
      expect(runOn('simulator', noise)).toEqual({
        qpu: false,
        noiseModel: null,
        sampled: false,
        checkTarget: 'simulator',
        family: 'ms',
      });
    }
    expect(runOn('simulator', { model: 'forte-1', seed: 7 })).toEqual({
      qpu: false,
      noiseModel: 'forte-1',
      sampled: true,
      checkTarget: 'qpu.forte-1',
      family: 'zz',
    });
    expect(runOn('simulator', { model: 'aria-2', seed: null }).family).toBe('ms');
    expect(simulatorNoiseModels()).toEqual([IDEAL, ...noiseModels.map((m) => m.name)]);
  });

  it('defaults the shots of a sampled run only, and runs an ideal job without shots', () => {
    const qpu = runOn('qpu.aria-1', null);
    const ideal = runOn('simulator', null);
    expect(shotsToStore(qpu, null)).toBe(DEFAULT_SHOTS);
    expect(shotsToStore(qpu, 250)).toBe(250);
    expect(shotsToStore(ideal, null)).toBe(null);
    expect(shotsToStore(ideal, 250)).toBe(250);
    expect(shotsToRun(qpu, null)).toBe(DEFAULT_SHOTS);
    expect(shotsToRun(ideal, 250)).toBe(null);
  });
});
