import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runCircuit, type RunOptions } from '../../src/simulator/run.js';
import {
  countsJson,
  histogramOfCounts,
  probabilitiesFromHistogram,
  registerCounts,
  RESULT_FORMATS,
  shotRowsJson,
  shotsArtifact,
  shotsJson,
  shotsJsonWithStretches,
  shotsTextOfStretch,
} from '../../src/simulator/results/artifacts.js';
import type { ShotTable } from '../../src/simulator/results/outcomes.js';
import { artifactText } from '../../src/simulator/results/sources.js';
import { SeededRandom } from '../../src/simulator/engine/random.js';
import { circuit, gate, measure, reset } from './helpers.js';
import type { IrCircuit } from '../../src/ir/types.js';

const options: RunOptions = { seed: 7, memoryBudgetBytes: 1e9, maxBranches: 64 };

type Probs = { probabilities: { registers: Record<string, Record<string, number>> } };
const probabilities = (c: IrCircuit) =>
  (runCircuit(c, options)[RESULT_FORMATS.probabilities] as Probs).probabilities.registers;
const v03 = (c: IrCircuit) => runCircuit(c, options)[RESULT_FORMATS.v03] as Record<string, number>;

function expectDistribution(actual: Record<string, number> | undefined, expected: Record<string, number>): void {
  expect(Object.keys(actual ?? {}).sort()).toEqual(Object.keys(expected).sort());
  for (const [k, p] of Object.entries(expected)) expect(actual?.[k]).toBeCloseTo(p, 12);
}

const c2 = { name: 'c', size: 2, offset: 0 };

describe('probabilities artifact', () => {
  it('Bell pair: 00 and 11 at one half, in output_all and in c', () => {
    const bell = circuit(2, [gate('h', [0]), gate('x', [1], [0]), measure(0, 0), measure(1, 1)], [c2]);
    const regs = probabilities(bell);
    expectDistribution(regs.output_all, { '00': 0.5, '11': 0.5 });
    expectDistribution(regs.c, { '00': 0.5, '11': 0.5 });
    expectDistribution(v03(bell), { '0': 0.5, '3': 0.5 });
  });

  it('GHZ on 5 qubits', () => {
    const ops = [gate('h', [0]), ...[1, 2, 3, 4].map((q) => gate('x', [q], [q - 1]))];
    expectDistribution(probabilities(circuit(5, ops)).output_all, { '00000': 0.5, '11111': 0.5 });
    expectDistribution(v03(circuit(5, ops)), { '0': 0.5, '31': 0.5 });
  });

  it('bit order: x q[0] on 3 qubits is 100 in v2 and "1" in v0.3', () => {
    const c = circuit(3, [gate('x', [0])]);
    expectDistribution(probabilities(c).output_all, { '100': 1 });
    expectDistribution(v03(c), { '1': 1 });
  });

  it('bit order on an asymmetric superposition: ry on q[2] only', () => {
    const theta = 2 * Math.acos(Math.sqrt(0.8)); // P(q2 = 1) = 0.2
    const c = circuit(3, [gate('ry', [2], [], theta)]);
    expectDistribution(probabilities(c).output_all, { '000': 0.8, '001': 0.2 });
    expectDistribution(v03(c), { '0': 0.8, '4': 0.2 });
  });

  it('a register per qubit: each holds its own bit; unwritten bits read 0', () => {
    const regs = [
      { name: 'a', size: 1, offset: 0 },
      { name: 'b', size: 1, offset: 1 },
      { name: 'wide', size: 3, offset: 2 },
    ];
    const theta = 2 * Math.acos(Math.sqrt(0.75)); // P(1) = 0.25
    const c = circuit(
      3,
      [gate('x', [0]), gate('ry', [1], [], theta), gate('h', [2]), measure(0, 0), measure(1, 1), measure(2, 3)],
      regs,
    );
    const r = probabilities(c);
    expectDistribution(r.a, { '1': 1 });
    expectDistribution(r.b, { '0': 0.75, '1': 0.25 });
    // wide[0] unwritten (0), wide[1] = q[2], wide[2] unwritten.
    expectDistribution(r.wide, { '000': 0.5, '010': 0.5 });
    expectDistribution(r.output_all, { '100': 0.375, '101': 0.375, '110': 0.125, '111': 0.125 });
  });

  it('mid-circuit measurement with reset: exact mixture, record kept', () => {
    // q0 = |+>, measured into c[0] then reset and flipped by x; q1 copies the first outcome.
    const c = circuit(
      2,
      [gate('h', [0]), gate('x', [1], [0]), measure(0, 0), reset(0), gate('x', [0]), measure(1, 1)],
      [c2],
    );
    const r = probabilities(c);
    expectDistribution(r.c, { '00': 0.5, '11': 0.5 });
    expectDistribution(r.output_all, { '10': 0.5, '11': 0.5 });
  });

  it('reset merges branches: h, reset leaves the pure |0> with probability 1', () => {
    const c = circuit(1, [gate('h', [0]), reset(0)]);
    expectDistribution(probabilities(c).output_all, { '0': 1 });
  });

  it('mid-circuit measurement changes later interference: h, measure, h gives 50/50', () => {
    const c = circuit(1, [gate('h', [0]), measure(0, 0), gate('h', [0])], [{ name: 'c', size: 1, offset: 0 }]);
    const r = probabilities(c);
    expectDistribution(r.output_all, { '0': 0.5, '1': 0.5 });
    expectDistribution(r.c, { '0': 0.5, '1': 0.5 });
    // Without the measurement, h h is the identity.
    expectDistribution(probabilities(circuit(1, [gate('h', [0]), gate('h', [0])])).output_all, { '0': 1 });
  });

  it('leaves out states under 1e-12', () => {
    const c = circuit(1, [gate('rx', [0], [], 1e-7)]);
    expectDistribution(probabilities(c).output_all, { '0': 1 - Math.sin(0.5e-7) ** 2 });
  });
});

describe('shots and histogram artifacts', () => {
  it('Bell shots: every shot has equal bits; element i is bit i; counts add up', () => {
    const bell = circuit(3, [gate('h', [0]), gate('x', [1], [0]), gate('x', [2]), measure(0, 0), measure(1, 1)], [c2]);
    const out = runCircuit(bell, { ...options, shots: 200 });
    const shots = (out[RESULT_FORMATS.shots] as { shots: { registers: Record<string, number[]> }[] }).shots;
    expect(shots).toHaveLength(200);
    for (const s of shots) {
      expect(s.registers.output_all).toHaveLength(3);
      expect(s.registers.output_all![2]).toBe(1);
      expect(s.registers.output_all![0]).toBe(s.registers.output_all![1]);
      expect(s.registers.c).toEqual(s.registers.output_all!.slice(0, 2));
    }
    const hist = (out[RESULT_FORMATS.histogram] as { histogram: { registers: Record<string, Record<string, number>> } })
      .histogram.registers;
    expect(Object.keys(hist.output_all!).sort()).toEqual(['001', '111']);
    expect((hist.output_all!['001'] ?? 0) + (hist.output_all!['111'] ?? 0)).toBe(200);
    expect(hist.c!['00']).toBe(hist.output_all!['001']);
  });

  it('same seed, same shots; another seed, other shots', () => {
    const c = circuit(4, [gate('h', [0]), gate('h', [1]), gate('h', [2]), gate('h', [3])]);
    const a = runCircuit(c, { ...options, shots: 100, seed: 42 })[RESULT_FORMATS.shots];
    const b = runCircuit(c, { ...options, shots: 100, seed: 42 })[RESULT_FORMATS.shots];
    const other = runCircuit(c, { ...options, shots: 100, seed: 43 })[RESULT_FORMATS.shots];
    expect(a).toEqual(b);
    expect(a).not.toEqual(other);
  });
});

describe('the 1e-12 cutoff on dense states', () => {
  it('leaves out tiny states but keeps a register value that many tiny states add up to', async () => {
    const { simulate } = await import('../../src/api/simulate.js');
    // P(q[0] = 1) = 1e-9, spread over 2^15 states of about 3e-14 each.
    const theta = 2 * Math.asin(Math.sqrt(1e-9));
    const lines = ['OPENQASM 3.0;', 'qubit[16] q;', 'bit[1] c;', `ry(${theta}) q[0];`];
    for (let i = 1; i < 16; i++) lines.push(`h q[${i}];`);
    lines.push('c[0] = measure q[0];');
    const result = simulate(lines.join('\n'));
    expect(result.ok).toBe(true);
    const registers = (
      result.results[RESULT_FORMATS.probabilities] as {
        probabilities: { registers: Record<string, Record<string, number>> };
      }
    ).probabilities.registers;
    const all = registers.output_all as Record<string, number>;
    expect(Object.keys(all)).toHaveLength(2 ** 15);
    expect(Object.keys(all).every((bits) => bits[0] === '0')).toBe(true);
    expect(registers.c?.['1']).toBeCloseTo(1e-9, 18);
    expect(registers.c?.['0']).toBeCloseTo(1 - 1e-9, 12);
  }, 30_000);
});

describe('bitstring order of the probabilities artifact', () => {
  it('matches sorting the bitstrings as text, for widths up to 40 and registers of text values', async () => {
    const { indexToBitstring } = await import('../../src/simulator/results/artifacts.js');
    const { probabilitiesArtifact } = await import('../../src/simulator/results/probability-tables.js');
    const { SeededRandom } = await import('../../src/simulator/engine/random.js');
    const random = new SeededRandom(5);
    for (const width of [1, 3, 8, 9, 17, 31, 33, 40]) {
      const outputAll = new Map<number, number>();
      for (let k = 0; k < 300; k++) outputAll.set(Math.floor(random.next() * 2 ** width), random.next() * 1e-3);
      outputAll.set(0, 1e-13); // under the cutoff: left out
      const text = new Map<string, number>([
        ['0110', 0.25],
        ['1000', 0.5],
        ['0001', 1e-14],
      ]);
      const dist = {
        qubits: width,
        outputAll,
        registers: new Map<string, Map<number | string, number>>([['t', text]]),
      };
      const c: IrCircuit = { ...circuit(width, []), bitRegisters: [{ name: 't', size: 4, offset: 0 }] };
      const artifact = probabilitiesArtifact(c, dist).probabilities.registers;
      const expected = [...outputAll]
        .filter(([, p]) => p >= 1e-12)
        .map(([i, p]) => [indexToBitstring(i, width), Number(p.toPrecision(14))] as const)
        .sort(([a], [b]) => (a < b ? -1 : 1));
      expect(Object.entries(artifact.output_all ?? {})).toEqual(Object.entries(Object.fromEntries(expected)));
      expect(artifact.t).toEqual({ '0110': 0.25, '1000': 0.5 });
    }
  });
});

describe('the shots artifact as JSON text', () => {
  /** Random shot tables over random registers: widths across byte boundaries, names that need escaping or reorder keys. */
  const tables = fc
    .record({
      qubits: fc.integer({ min: 1, max: 20 }),
      shots: fc.integer({ min: 0, max: 12 }),
      sizes: fc.array(fc.integer({ min: 0, max: 19 }), { maxLength: 4 }),
      names: fc.array(
        fc.oneof(fc.string({ maxLength: 6 }), fc.constantFrom('output_all', '0', '17', '__proto__', 'a"b\\c')),
        { minLength: 4, maxLength: 4 },
      ),
      seed: fc.integer(),
    })
    .map(({ qubits, shots, sizes, names, seed }) => {
      let offset = 0;
      const seen = new Set<string>();
      const registers = sizes.flatMap((size, i) => {
        const name = names[i] as string;
        if (seen.has(name)) return [];
        seen.add(name);
        const reg = { name, size, offset };
        offset += size;
        return [reg];
      });
      const random = new SeededRandom(seed);
      const bits = (n: number) => Uint8Array.from({ length: n }, () => random.nextInt(2));
      const table: ShotTable = {
        shots,
        qubits,
        clbits: offset,
        qubitBits: bits(shots * qubits),
        clbitValues: bits(shots * offset),
      };
      return { c: circuit(qubits, [], registers), table };
    });

  it('is exactly JSON.stringify of the artifact object', () => {
    fc.assert(
      fc.property(tables, ({ c, table }) => {
        expect(shotsJson(c, table)).toBe(JSON.stringify(shotsArtifact(c, table)));
      }),
      { numRuns: 300 },
    );
  });

  it("a slice of the rows, joined or cut out of the whole text, is exactly JSON.stringify of those shots' artifact (a debiasing variant's)", () => {
    fc.assert(
      fc.property(tables, fc.nat(), fc.nat(), ({ c, table }, a, b) => {
        const [from, to] = [a % (table.shots + 1), b % (table.shots + 1)].sort((x, y) => x - y) as [number, number];
        const slice: ShotTable = {
          ...table,
          shots: to - from,
          qubitBits: table.qubitBits.subarray(from * table.qubits, to * table.qubits),
          clbitValues: table.clbitValues.subarray(from * table.clbits, to * table.clbits),
        };
        const rows = shotRowsJson(c, table);
        const names = c.bitRegisters.map((reg) => reg.name);
        // Null exactly when a register name would reorder the object or replace output_all.
        expect(rows === null).toBe(names.some((name) => name === 'output_all' || /^(0|[1-9][0-9]*)$/.test(name)));
        if (!rows) return;
        const expected = JSON.stringify(shotsArtifact(c, slice));
        // Written as a stretch of the whole run's text (how a debiased run writes its variants').
        const texts = shotsJsonWithStretches(rows);
        expect(texts.whole).toBe(JSON.stringify(shotsArtifact(c, table)));
        expect(shotsTextOfStretch(texts.whole, texts.stretch(from, to))).toBe(expected);
      }),
      { numRuns: 300 },
    );
  });

  it('the histogram and probabilities written from counts are exactly JSON.stringify of their objects', () => {
    fc.assert(
      fc.property(tables, ({ c, table }) => {
        const counts = registerCounts(c, table);
        const histogram = histogramOfCounts(counts);
        const shots = Math.max(1, table.shots);
        const [asHistogram, asProbabilities] = [countsJson(counts), countsJson(counts, shots)];
        if (asHistogram === null || asProbabilities === null) {
          expect(c.bitRegisters.some((reg) => /^(0|[1-9][0-9]*)$/.test(reg.name) || reg.name === 'output_all')).toBe(
            true,
          );
          return;
        }
        expect(asHistogram).toBe(JSON.stringify(histogram));
        expect(asProbabilities).toBe(JSON.stringify(probabilitiesFromHistogram(histogram, shots)));
      }),
      { numRuns: 300 },
    );
  });

  it('is what artifactText gives for a run, and what its object serializes to', () => {
    const bell = circuit(2, [gate('h', [0]), gate('x', [1], [0]), measure(0, 0), measure(1, 1)], [c2]);
    const results = runCircuit(bell, { ...options, shots: 50 });
    const text = artifactText(results, RESULT_FORMATS.shots);
    expect(text).toBe(JSON.stringify(results[RESULT_FORMATS.shots]));
    expect((JSON.parse(text as string) as { shots: unknown[] }).shots).toHaveLength(50);
    expect(artifactText(results, RESULT_FORMATS.histogram)).toBe(JSON.stringify(results[RESULT_FORMATS.histogram]));
    expect(artifactText(results, 'no.such.format')).toBeUndefined();
  });
});
