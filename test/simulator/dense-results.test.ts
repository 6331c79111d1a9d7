/**
 * Issue 15, sections 4 and 5: dense results stay bounded. Histogram and shots
 * come straight from the state; the exact distribution is gathered only when
 * asked, left out (with a named warning) past maxProbabilityEntries, and
 * streams as JSON text identical to JSON.stringify; every stop names its
 * limit with a hint; multicircuit results keep every circuit. The 22-28 qubit
 * sizes are in bench/dense.bench.ts.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isingQasm } from '../../bench/ising.js';
import { simulate, type SimulateResult } from '../../src/api/simulate.js';
import { writeArtifact } from '../../src/simulator/results/sources.js';
import { LIMITS } from '../../src/tables/index.js';
import { circuit, gate, measure } from './helpers.js';

const P2 = 'svc.result.probabilities.json.v2';
const V03 = 'svc.result.probabilities.json.v1';
const HISTOGRAM = 'svc.result.histogram.json.v2';
const SHOTS = 'svc.result.shots.json.v2';
const FORMATS = [P2, V03, HISTOGRAM, SHOTS];

type Histogram = { histogram: { registers: Record<string, Record<string, number>> } };
const counts = (r: SimulateResult, register = 'output_all') =>
  (r.results[HISTOGRAM] as Histogram).histogram.registers[register] ?? {};
const streamed = (r: SimulateResult, format: string, indent = 0) => {
  const chunks: string[] = [];
  const written = writeArtifact(r.results, format, (chunk) => chunks.push(chunk), { indent });
  return { written, chunks, text: chunks.join('') };
};

describe('dense histogram without the exact distribution', () => {
  it('samples 1,000 shots of a 16-qubit uniform state: histogram only, size bounded by the shots', () => {
    const r = simulate('qubit[16] q; h q;', { shots: 1000, seed: 4, artifacts: ['histogram'] });
    expect(r.ok).toBe(true);
    expect(Object.keys(r.results)).toEqual([HISTOGRAM]);
    const all = counts(r);
    expect(Object.values(all).reduce((a, b) => a + b, 0)).toBe(1000);
    expect(Object.keys(all).length).toBeLessThanOrEqual(1000);
    // 1,000 draws among 65,536 equally likely states: few repeat, and every key is 16 bits.
    expect(Object.keys(all).length).toBeGreaterThan(980);
    for (const key of Object.keys(all)) expect(key).toMatch(/^[01]{16}$/);
  }, 10_000);

  it('sampling a dense state agrees with its exact distribution (chi-square on 5 qubits forced dense)', () => {
    const source =
      'qubit[5] q; bit[5] c; ry(0.4) q[0]; ry(0.9) q[1]; ry(1.4) q[2]; h q[3]; cx q[0], q[4]; cx q[3], q[1]; c = measure q;'.replace(
        'c = measure q;',
        [0, 1, 2, 3, 4].map((q) => `c[${q}] = measure q[${q}];`).join(' '),
      );
    const exact =
      (simulate(source).results[P2] as { probabilities: { registers: Record<string, Record<string, number>> } })
        .probabilities.registers.c ?? {};
    const shots = 20_000;
    const sampled = counts(simulate(source, { shots, seed: 11, artifacts: ['histogram'] }), 'c');
    let chi = 0;
    for (const [key, p] of Object.entries(exact)) chi += ((sampled[key] ?? 0) - p * shots) ** 2 / (p * shots);
    for (const key of Object.keys(sampled)) expect(exact[key]).toBeGreaterThan(0);
    const k = Object.keys(exact).length - 1;
    expect(chi).toBeLessThan(k * (1 - 2 / (9 * k) + 3.09 * Math.sqrt(2 / (9 * k))) ** 3);
  }, 10_000);

  it('a QASMBench-style ising circuit (12 qubits here, 26 in the bench) completes with every shot counted', () => {
    const r = simulate(isingQasm(12), { shots: 500, seed: 2, artifacts: ['histogram', 'shots'] });
    expect(r.ok).toBe(true);
    expect(Object.values(counts(r, 'c')).reduce((a, b) => a + b, 0)).toBe(500);
    expect((r.results[SHOTS] as { shots: unknown[] }).shots).toHaveLength(500);
  }, 10_000);
});

describe('the exact distribution of one dense state, read straight from the amplitudes', () => {
  it('equals the one gathered through the general path (a map, then sorted), with registers', async () => {
    const { executeCircuit } = await import('../../src/simulator/engine/execute.js');
    const { executeOptions } = await import('../../src/simulator/run.js');
    const { exactDistribution } = await import('../../src/simulator/results/outcomes.js');
    const { probabilitiesArtifact, v03Artifact } = await import('../../src/simulator/results/probability-tables.js');
    const { loadCircuits } = await import('../../src/api/load.js');
    const measures = [0, 3, 9].map((q, i) => `c[${i}] = measure q[${q}];`).join(' ');
    const source = `qubit[10] q; bit[3] c; ${Array.from({ length: 10 }, (_, q) => `ry(${0.3 + q / 7}) q[${q}];`).join(' ')} cx q[0], q[9]; rz(0.4) q[3]; ${measures}`;
    const loaded = loadCircuits(source);
    if (!loaded.ok) throw new Error('fixture did not load');
    const c = loaded.circuits[0]!;
    const execution = executeCircuit(c, executeOptions({ memoryBudgetBytes: 1e9, maxBranches: 4 }));
    expect(execution.branches[0]?.state.kind).toBe('dense');
    const general = exactDistribution(execution)!;
    const r = simulate(source);
    expect(r.results[P2]).toEqual(probabilitiesArtifact(c, general));
    expect(r.results[V03]).toEqual(v03Artifact(general));
    expect(
      Object.keys(
        (r.results[P2] as { probabilities: { registers: { output_all: object } } }).probabilities.registers.output_all,
      ),
    ).toHaveLength(1024);
    const text = streamed(r, P2).text;
    expect(JSON.parse(text)).toEqual(JSON.parse(JSON.stringify(r.results[P2])));
    const keys = [...text.slice(0, text.indexOf('}')).matchAll(/"([01]{10})"/g)].map((m) => m[1] as string);
    expect(keys).toHaveLength(1024);
    expect(keys).toEqual([...keys].sort());
  }, 10_000);
});

describe('maxProbabilityEntries', () => {
  it('leaves out a distribution past the bound, with a named warning and a hint; the sampled artifacts stay', () => {
    const r = simulate('qubit[12] q; h q;', {
      shots: 10,
      seed: 1,
      maxProbabilityEntries: 4095,
      artifacts: ['probabilities', 'v0.3', 'histogram', 'shots'],
    });
    expect(r.ok).toBe(true);
    expect(r.results[P2]).toBeUndefined();
    expect(r.results[V03]).toBeUndefined();
    expect(Object.keys(r.results).sort()).toEqual([HISTOGRAM, SHOTS]);
    expect(r.diagnostics).toHaveLength(1);
    expect(r.diagnostics[0]).toMatchObject({
      code: 'SimulationLimit',
      rule: 'simulator-probabilities-omitted',
      severity: 'warning',
    });
    expect(r.diagnostics[0]?.message).toContain('4,095');
    expect(r.diagnostics[0]?.message).toContain('maxProbabilityEntries');
    expect(r.diagnostics[0]?.hint).toMatch(/histogram/);
  }, 10_000);

  it('keeps a distribution at the bound: 4,096 states of 12 qubits', () => {
    const r = simulate('qubit[12] q; h q;', { maxProbabilityEntries: 4096, artifacts: ['v0.3'] });
    expect(r.diagnostics).toEqual([]);
    expect(Object.keys(r.results[V03] as object)).toHaveLength(4096);
  }, 10_000);

  it('counts the registers too: output_all and c of 10 qubits are 2,048 entries', () => {
    const source = `qubit[10] q; bit[10] c; h q; ${Array.from({ length: 10 }, (_, q) => `c[${q}] = measure q[${q}];`).join(' ')}`;
    expect(simulate(source, { maxProbabilityEntries: 2048 }).diagnostics).toEqual([]);
    expect(simulate(source, { maxProbabilityEntries: 2047 }).diagnostics.map((d) => d.rule)).toEqual([
      'simulator-probabilities-omitted',
    ]);
  }, 10_000);

  it('defaults to a bound that keeps the JSON under 100 MB', () => {
    expect(LIMITS.maxProbabilityEntries * 65).toBeLessThan(100e6);
    const r = simulate('qubit[21] q; h q[0]; cx q[0], q[1];', { artifacts: ['probabilities'] });
    expect(r.diagnostics).toEqual([]);
  });

  it.each([-1, 1.5, Infinity, NaN, 2 ** 24 + 1, '10', null])(
    'refuses maxProbabilityEntries %s with a diagnostic naming it',
    (value) => {
      const r = simulate('qubit[1] q;', { maxProbabilityEntries: value as number });
      expect(r.ok).toBe(false);
      expect(r.diagnostics[0]?.rule).toBe('simulator-max-probability-entries');
      expect(r.diagnostics[0]?.message).toContain('maxProbabilityEntries');
    },
  );

  it.each([['nope'], 'histogram', [1], {}])('refuses artifacts %j with a diagnostic naming the option', (value) => {
    const r = simulate('qubit[1] q;', { shots: 1, artifacts: value as never });
    expect(r.ok).toBe(false);
    expect(r.diagnostics[0]?.rule).toBe('simulator-artifacts');
    expect(r.diagnostics[0]?.message).toContain('artifacts');
  });

  it('never throws and always answers, whatever artifacts and maxProbabilityEntries hold', () => {
    const hostile = fc.oneof(
      fc.anything(),
      fc.array(fc.constantFrom('probabilities', 'v0.3', 'histogram', 'shots', '__proto__', 'toString')),
      fc.double(),
      fc.bigInt(),
    );
    fc.assert(
      fc.property(
        hostile,
        hostile,
        fc.option(fc.integer({ min: 1, max: 50 }), { nil: undefined }),
        (artifacts, max, shots) => {
          const r = simulate('qubit[3] q; bit[1] c; h q; c[0] = measure q[0];', {
            artifacts: artifacts as never,
            maxProbabilityEntries: max as never,
            ...(shots ? { shots } : {}),
            seed: 1,
          });
          expect(typeof r.ok).toBe('boolean');
          if (!r.ok) expect(r.diagnostics.length).toBeGreaterThan(0);
          for (const format of FORMATS)
            if (r.results[format] !== undefined) expect(streamed(r, format).written).toBe(true);
        },
      ),
      { numRuns: 200 },
    );
  }, 20_000);

  it('refuses sampled artifacts without shots', () => {
    const r = simulate('qubit[1] q;', { artifacts: ['histogram'] });
    expect(r.diagnostics[0]).toMatchObject({ rule: 'simulator-artifacts' });
    expect(r.diagnostics[0]?.message).toContain('shots');
  });
});

describe('artifacts as JSON text', () => {
  const source = `qubit[13] q; bit[3] c; bit[2] __proto__; h q; cx q[0], q[12]; c[0] = measure q[0]; c[2] = measure q[5]; __proto__[1] = measure q[7];`;

  it('writes every artifact as JSON.stringify would, compact and indented, in bounded chunks', () => {
    const r = simulate(source, { shots: 64, seed: 9, artifacts: ['probabilities', 'v0.3', 'histogram', 'shots'] });
    expect(r.ok).toBe(true);
    for (const format of FORMATS) {
      const compact = streamed(r, format);
      expect(compact.written).toBe(true);
      expect(JSON.parse(compact.text)).toEqual(JSON.parse(JSON.stringify(r.results[format])));
      for (const chunk of compact.chunks) expect(chunk.length).toBeLessThan(80 * 1024);
      // Same text, but for the order of keys an object cannot keep (below).
      if (format !== P2) {
        expect(compact.text).toBe(JSON.stringify(r.results[format]));
        expect(streamed(r, format, 2).text).toBe(JSON.stringify(r.results[format], null, 2));
      }
    }
    expect(streamed(simulate(source), P2).chunks.length).toBeGreaterThan(2);
  }, 10_000);

  it('streams bitstrings in bitstring order, which an object reorders (keys like "100" are array indices)', () => {
    const text = streamed(simulate(source, { artifacts: ['probabilities'] }), P2).text;
    const c = text.slice(text.indexOf('"c":'), text.indexOf('}', text.indexOf('"c":')));
    expect([...c.matchAll(/"([01]{3})"/g)].map((m) => m[1])).toEqual(['000', '001', '100', '101']);
  }, 10_000);

  it('builds nothing to stream: the artifact property is still unread afterwards', () => {
    const r = simulate(source);
    streamed(r, P2);
    expect(typeof Object.getOwnPropertyDescriptor(r.results, P2)?.get).toBe('function');
    const registers = (r.results[P2] as { probabilities: { registers: Record<string, unknown> } }).probabilities
      .registers;
    expect(Object.keys(registers)).toEqual(['output_all', 'c', '__proto__']);
    expect(registers['__proto__']).toEqual({ '00': 0.5, '01': 0.5 });
    // eslint-disable-next-line @typescript-eslint/unbound-method -- reads whether there is a getter, never calls it
    expect(Object.getOwnPropertyDescriptor(r.results, P2)?.get).toBeUndefined();
  }, 10_000);

  it('answers false for an artifact the result does not hold', () => {
    expect(streamed(simulate('qubit[1] q;', { artifacts: ['v0.3'] }), HISTOGRAM).written).toBe(false);
  });
});

describe('limits name themselves, with a hint', () => {
  it('memory budget', () => {
    const r = simulate('qubit[20] q; h q;', { memoryBudgetBytes: 1e6 });
    expect(r.diagnostics[0]).toMatchObject({ code: 'SimulationLimit', rule: 'simulator-memory-budget' });
    expect(r.diagnostics[0]?.message).toContain('memoryBudgetBytes');
    expect(r.diagnostics[0]?.hint).toContain('memoryBudgetBytes');
  });

  it('branch limit', () => {
    const ops = [0, 1, 2].flatMap((q) => [gate('h', [q]), measure(q, q), gate('h', [q])]);
    const r = simulate(circuit(3, ops, [{ name: 'c', size: 3, offset: 0 }]), { maxBranches: 2 });
    expect(r.diagnostics[0]).toMatchObject({ code: 'SimulationLimit', rule: 'simulator-branch-limit' });
    expect(r.diagnostics[0]?.hint).toContain('maxBranches');
  });

  it("an unexpected fault is named, and JavaScript's wording stays out", () => {
    const broken = circuit(1, [
      { kind: 'gate', name: 'no-such-gate', targets: [0], controls: [], rotation: null } as never,
    ]);
    const r = simulate(broken);
    expect(r.ok).toBe(false);
    expect(r.diagnostics[0]).toMatchObject({ code: 'SimulationLimit', rule: 'simulator-internal-error' });
    expect(r.diagnostics[0]?.hint).toBeDefined();
    expect(r.diagnostics[0]?.message).not.toMatch(/TypeError|undefined|Cannot read|is not/);
  });
});

describe('multicircuit results keep every circuit', () => {
  it('a circuit named __proto__ is kept in every artifact, and the records have no prototype', () => {
    const r = simulate(
      {
        qubits: 1,
        circuits: [
          { name: '__proto__', circuit: [{ gate: 'x', target: 0 }] },
          { name: 'b', circuit: [{ gate: 'h', target: 0 }] },
        ],
      },
      { shots: 4, seed: 1, artifacts: ['probabilities', 'v0.3', 'histogram', 'shots'] },
    );
    expect(r.ok).toBe(true);
    for (const format of FORMATS) {
      const payload = r.results[format] as Record<string, unknown>;
      expect(Object.keys(payload)).toEqual(['__proto__', 'b']);
      expect(Object.getPrototypeOf(payload)).toBeNull();
      expect(JSON.parse(streamed(r, format).text)).toEqual(JSON.parse(JSON.stringify(payload)));
    }
    expect((r.results[V03] as Record<string, unknown>)['__proto__']).toEqual({ '1': 1 });
  });

  it('two circuits named alike are refused, as JSON and as IR', () => {
    const json = simulate({
      qubits: 1,
      circuits: [
        { name: 'a', circuit: [] },
        { name: 'a', circuit: [] },
      ],
    });
    expect(json.diagnostics[0]).toMatchObject({ rule: 'circuit-json-duplicate-name', path: 'circuits[1].name' });
    const ir = simulate([
      { ...circuit(1, []), name: 'a' },
      { ...circuit(1, [gate('x', [0])]), name: 'a' },
    ]);
    expect(ir.ok).toBe(false);
    expect(ir.diagnostics[0]).toMatchObject({ rule: 'duplicate-circuit-name' });
  });
});
