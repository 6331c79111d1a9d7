/**
 * The exact distributions as sorted tables (typed arrays, 16 bytes an entry),
 * from which the probabilities artifacts are either built as objects or
 * written as JSON text. A table never holds entries under the cutoff.
 */
import type { IrCircuit } from '../../ir/types.js';
import {
  indexToBitstring,
  namedRecord,
  OUTPUT_ALL,
  type ProbabilitiesArtifact,
  type V03Artifact,
} from './artifacts.js';
import type { JsonWriter } from './json-writer.js';
import { PROBABILITY_CUTOFF, type ExactDistribution, type RegisterValue } from './outcomes.js';
import type { ArtifactSource } from './sources.js';

export interface ProbabilityTable {
  readonly name: string;
  readonly size: number;
  /** Entry `i`'s key: a bitstring (v2) or a decimal index (v0.3); keys need no JSON escaping. */
  key(i: number): string;
  /** Probabilities in key order, rounded to 14 significant digits. */
  readonly probabilities: Float64Array;
}

/** Probabilities keep 14 significant digits: h's 1/√2 squared reads 0.5, not 0.5000000000000001. */
const rounded = (p: number) => Number(p.toPrecision(14));

/** Each byte value with its 8 bits reversed. */
const REVERSED_BYTE: readonly number[] = Array.from({ length: 256 }, (_, v) => {
  let r = 0;
  for (let k = 0; k < 8; k++) if ((v >> k) & 1) r |= 1 << (7 - k);
  return r;
});

/** `value`'s lowest `width` bits in reverse order: bitstrings with bit 0 leftmost sort as these numbers do. */
function reversedBits(value: number, width: number): number {
  let reversed = 0;
  let rest = value;
  const bytes = Math.ceil(width / 8);
  for (let k = 0; k < bytes; k++) {
    reversed = reversed * 256 + (REVERSED_BYTE[rest % 256] as number);
    rest = Math.floor(rest / 256);
  }
  return reversed / 2 ** (bytes * 8 - width);
}

/** Entries at or above the cutoff, in a typed-array pair. */
function kept(values: ReadonlyMap<number, number>): { values: Float64Array; probabilities: Float64Array } {
  let size = 0;
  for (const p of values.values()) if (p >= PROBABILITY_CUTOFF) size++;
  const out = { values: new Float64Array(size), probabilities: new Float64Array(size) };
  let i = 0;
  for (const [v, p] of values) {
    if (p < PROBABILITY_CUTOFF) continue;
    out.values[i] = v;
    out.probabilities[i++] = p;
  }
  return out;
}

/** Reorders `values` and `probabilities` by `sortKeys`, ascending. */
function sortedBy(
  sortKeys: Float64Array,
  values: Float64Array,
  probabilities: Float64Array,
): { values: Float64Array; probabilities: Float64Array } {
  const order = new Uint32Array(sortKeys.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  order.sort((a, b) => (sortKeys[a] as number) - (sortKeys[b] as number));
  const out = { values: new Float64Array(order.length), probabilities: new Float64Array(order.length) };
  order.forEach((from, to) => {
    out.values[to] = values[from] as number;
    out.probabilities[to] = rounded(probabilities[from] as number);
  });
  return out;
}

/**
 * A register's (or output_all's) v2 table: keys are bitstrings with bit 0
 * leftmost, in bitstring order. Integer values sort as numbers (comparing
 * four million bitstrings as text took most of a minute).
 */
export function bitstringTable(
  name: string,
  values: ReadonlyMap<RegisterValue, number>,
  width: number,
): ProbabilityTable {
  const numeric = [...values.keys()].every((v) => typeof v === 'number');
  if (!numeric) {
    const entries = [...values]
      .filter(([, p]) => p >= PROBABILITY_CUTOFF)
      .map(([v, p]) => [String(v), rounded(p)] as const);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return {
      name,
      size: entries.length,
      key: (i) => (entries[i] as readonly [string, number])[0],
      probabilities: Float64Array.from(entries, ([, p]) => p),
    };
  }
  const raw = kept(values as ReadonlyMap<number, number>);
  const sortKeys = raw.values.map((v) => reversedBits(v, width));
  const table = sortedBy(sortKeys, raw.values, raw.probabilities);
  return {
    name,
    size: table.values.length,
    key: (i) => indexToBitstring(table.values[i] as number, width),
    probabilities: table.probabilities,
  };
}

/** output_all in the v0.3 form: decimal indices (qubit 0 least significant), ascending. */
export function decimalTable(outputAll: ReadonlyMap<number, number>): ProbabilityTable {
  const raw = kept(outputAll);
  const table = sortedBy(raw.values, raw.values, raw.probabilities);
  return {
    name: OUTPUT_ALL,
    size: table.values.length,
    key: (i) => String(table.values[i]),
    probabilities: table.probabilities,
  };
}

/** output_all, then each classical register, as v2 tables (output_all given when built from the state directly). */
export function registerTables(
  circuit: IrCircuit,
  dist: ExactDistribution,
  outputAll?: ProbabilityTable,
): ProbabilityTable[] {
  return [
    outputAll ?? bitstringTable(OUTPUT_ALL, dist.outputAll, circuit.qubits),
    ...circuit.bitRegisters.map((reg) => bitstringTable(reg.name, dist.registers.get(reg.name) ?? new Map(), reg.size)),
  ];
}

/**
 * output_all of a run that ended in one dense state, read straight from its
 * amplitudes (`weight` is the branch's probability): one counting pass, then
 * the entries in bitstring order (the indices bit-reversed) or in index
 * order, with no map and no sort. Null when it holds more than `maxEntries`.
 */
export function denseOutputAll(
  re: Float64Array,
  im: Float64Array,
  weight: number,
  maxEntries: number,
): { readonly size: number; bitstrings(): ProbabilityTable; decimals(): ProbabilityTable } | null {
  const width = Math.log2(re.length);
  const probability = (i: number) => ((re[i] as number) ** 2 + (im[i] as number) ** 2) * weight;
  let size = 0;
  for (let i = 0; i < re.length; i++) if (probability(i) >= PROBABILITY_CUTOFF && ++size > maxEntries) return null;
  const collect = (indexAt: (k: number) => number, key: (value: number) => string): ProbabilityTable => {
    const values = new Float64Array(size);
    const probabilities = new Float64Array(size);
    let n = 0;
    for (let k = 0; k < re.length; k++) {
      const i = indexAt(k);
      const p = probability(i);
      if (p < PROBABILITY_CUTOFF) continue;
      values[n] = i;
      probabilities[n++] = rounded(p);
    }
    return { name: OUTPUT_ALL, size, key: (e) => key(values[e] as number), probabilities };
  };
  return {
    size,
    bitstrings: () =>
      collect(
        (k) => reversedBits(k, width),
        (i) => indexToBitstring(i, width),
      ),
    decimals: () => collect((k) => k, String),
  };
}

/** A table as an object, keys in table order. */
export function tableObject(table: ProbabilityTable): Record<string, number> {
  const out: Record<string, number> = {};
  for (let i = 0; i < table.size; i++) out[table.key(i)] = table.probabilities[i] as number;
  return out;
}

/** A table as a JSON object, member by member. */
export function writeTable(writer: JsonWriter, table: ProbabilityTable): void {
  writer.open('{');
  for (let i = 0; i < table.size; i++) {
    writer.key(table.key(i), true);
    writer.number(table.probabilities[i] as number);
  }
  writer.close('}');
}

/** The v2 probabilities artifact as an object; registers keyed without a prototype (a register may be named `__proto__`). */
export function probabilitiesObject(tables: readonly ProbabilityTable[]): ProbabilitiesArtifact {
  const registers = namedRecord<Record<string, number>>();
  for (const table of tables) registers[table.name] = tableObject(table);
  return { probabilities: { registers } };
}

function writeProbabilities(writer: JsonWriter, tables: readonly ProbabilityTable[]): void {
  writer.open('{');
  writer.key('probabilities');
  writer.open('{');
  writer.key('registers');
  writer.open('{');
  for (const table of tables) {
    writer.key(table.name);
    writeTable(writer, table);
  }
  writer.close('}');
  writer.close('}');
  writer.close('}');
}

export function probabilitiesSource(tables: readonly ProbabilityTable[]): ArtifactSource {
  return { build: () => probabilitiesObject(tables), write: (writer) => writeProbabilities(writer, tables) };
}

export function v03Source(table: ProbabilityTable): ArtifactSource {
  return { build: () => tableObject(table), write: (writer) => writeTable(writer, table) };
}

/** The v2 artifact straight from a distribution (tests, small results). */
export function probabilitiesArtifact(circuit: IrCircuit, dist: ExactDistribution): ProbabilitiesArtifact {
  return probabilitiesObject(registerTables(circuit, dist));
}

export function v03Artifact(dist: ExactDistribution): V03Artifact {
  return tableObject(decimalTable(dist.outputAll));
}
