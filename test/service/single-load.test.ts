/**
 * A service job reads its program once: one parse and one inlining per job
 * (the worker loads the program and hands it to compile and simulate),
 * whatever the backend, noise model or dry run. Counted by wrapping the
 * parser's and the inliner's entries.
 */
import { beforeEach, describe, expect, it, vi } from 'vitest';

const calls = vi.hoisted(() => ({ parse: 0, preflight: 0 }));

vi.mock('../../src/parser/index.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/parser/index.js')>();
  return {
    ...actual,
    parse: (...args: Parameters<typeof actual.parse>) => {
      calls.parse++;
      return actual.parse(...args);
    },
  };
});
vi.mock('../../src/preflight/index.js', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../src/preflight/index.js')>();
  return {
    ...actual,
    preflight: (...args: Parameters<typeof actual.preflight>) => {
      calls.preflight++;
      return actual.preflight(...args);
    },
  };
});

const { execute } = await import('../../src/service/worker/execute.js');
const { simulate } = await import('../../src/index.js');

const BELL =
  'OPENQASM 3.0;\nqubit[2] q;\nbit[2] c;\nh q[0];\ncx q[0], q[1];\nc[0] = measure q[0];\nc[1] = measure q[1];\n';

const JOBS = [
  { what: 'ideal simulator', backend: 'simulator', shots: null, noise: null, dryRun: false },
  { what: 'noisy simulator', backend: 'simulator', shots: 100, noise: { model: 'forte-1', seed: 1 }, dryRun: false },
  { what: 'emulated QPU', backend: 'qpu.aria-1', shots: 100, noise: { model: 'aria-1', seed: 2 }, dryRun: false },
  { what: 'dry run', backend: 'qpu.forte-1', shots: null, noise: null, dryRun: true },
] as const;

describe('a service job', () => {
  beforeEach(() => {
    calls.parse = 0;
    calls.preflight = 0;
  });

  it('counts what it counts: simulate() from text parses and inlines once per call', () => {
    expect(simulate(BELL).ok).toBe(true);
    expect(calls).toEqual({ parse: 1, preflight: 1 });
  });

  for (const { what, ...job } of JOBS) {
    it(`parses and inlines its program exactly once (${what})`, () => {
      const result = execute({ kind: 'qasm3', program: BELL, ...job });
      expect(result.ok).toBe(true);
      expect(result.ok && result.stats.gate_counts).toEqual({ '1q': 1, '2q': 1 });
      expect(calls).toEqual({ parse: 1, preflight: 1 });
    });
  }

  it('parses a refused program once and stops there', () => {
    const result = execute({ kind: 'qasm3', program: 'qubit[40] q;\nh q[0];\n', ...JOBS[2] });
    expect(result.ok).toBe(false);
    expect(calls).toEqual({ parse: 1, preflight: 1 });
  });
});
