/**
 * Result artifacts in the service's formats (service-api.md "Result
 * artifacts"; decisions.md section 5). The only place where bit order
 * changes: v2 bitstrings put q[0] / c[0] leftmost; v0.3 decimal keys are
 * little-endian (qubit 0 is the least significant bit), which is the index
 * form the simulator uses.
 */
import type { IrCircuit } from '../../ir/types.js';
import type { RegisterValue, ShotTable } from './outcomes.js';

/** Result format ids. `v03` is the v0.3 results form (decimal keys). */
export const RESULT_FORMATS = Object.freeze({
  probabilities: 'svc.result.probabilities.json.v2',
  histogram: 'svc.result.histogram.json.v2',
  shots: 'svc.result.shots.json.v2',
  v03: 'svc.result.probabilities.json.v1',
} as const);

export const OUTPUT_ALL = 'output_all';

export type Distribution = Record<string, number>;

export interface ProbabilitiesArtifact {
  readonly probabilities: { readonly registers: Record<string, Distribution> };
}

export interface HistogramArtifact {
  readonly histogram: { readonly registers: Record<string, Record<string, number>> };
}

export interface ShotsArtifact {
  readonly shots: readonly { readonly registers: Record<string, number[]> }[];
}

/** v0.3: final state as a decimal integer string (qubit 0 least significant) -> probability. */
export type V03Artifact = Record<string, number>;

/** Each byte value as 8 characters, bit 0 leftmost. */
const BYTE_BITS: readonly string[] = Array.from({ length: 256 }, (_, v) => {
  let s = '';
  for (let k = 0; k < 8; k++) s += (v >> k) & 1 ? '1' : '0';
  return s;
});

/**
 * Index (digit k = qubit k) -> bitstring with qubit 0 leftmost. A byte at a
 * time: a dense 20-qubit result has a million keys to write.
 */
export function indexToBitstring(index: number, width: number): string {
  let s = '';
  let rest = index;
  for (let k = 0; k < width; k += 8) {
    s += BYTE_BITS[rest % 256] as string;
    rest = Math.floor(rest / 256);
  }
  return s.length === width ? s : s.slice(0, width);
}

/** A register value (bit i is digit i, or character i) -> bitstring with c[0] leftmost. */
export function registerValueToBitstring(value: RegisterValue, width: number): string {
  return typeof value === 'string' ? value : indexToBitstring(value, width);
}

/** Bitstring with bit 0 leftmost -> v0.3 decimal key (bit 0 least significant). */
export function bitstringToDecimal(bits: string): string {
  let value = 0n;
  for (let k = bits.length - 1; k >= 0; k--) value = value * 2n + (bits[k] === '1' ? 1n : 0n);
  return value.toString();
}

function sortedDistribution(entries: Iterable<[string, number]>): Distribution {
  return Object.fromEntries([...entries].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** A record keyed by names from the input (registers, circuits): no prototype, so `__proto__` is a name like any other. */
export function namedRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** Per shot, the bit arrays of output_all and of each classical register (element i = bit i). */
function shotRows(circuit: IrCircuit, table: ShotTable): { registers: Record<string, number[]> }[] {
  const rows: { registers: Record<string, number[]> }[] = [];
  for (let s = 0; s < table.shots; s++) {
    const registers = namedRecord<number[]>();
    registers[OUTPUT_ALL] = Array.from(table.qubitBits.subarray(s * table.qubits, (s + 1) * table.qubits));
    for (const reg of circuit.bitRegisters) {
      const from = s * table.clbits + reg.offset;
      registers[reg.name] = Array.from(table.clbitValues.subarray(from, from + reg.size));
    }
    rows.push({ registers });
  }
  return rows;
}

export function shotsArtifact(circuit: IrCircuit, table: ShotTable): ShotsArtifact {
  return { shots: shotRows(circuit, table) };
}

/** Keys an object lists first, in numeric order (ECMA-262 OrdinaryOwnPropertyKeys). */
const ARRAY_INDEX = /^(0|[1-9][0-9]*)$/;

/** Each byte value as the JSON of its 8 bits, bit 0 first and a comma after each (`"1,0,...,0,"`). */
const BYTE_BITS_CSV: readonly string[] = BYTE_BITS.map((bits) => bits.split('').join(',') + ',');

/** `data[from .. from + size)` (each 0 or 1) as a JSON array: eight bits per table lookup. */
function bitsJson(data: Uint8Array, from: number, size: number): string {
  let text = '[';
  let k = 0;
  for (; k + 8 <= size; k += 8) {
    let byte = 0;
    for (let b = 0; b < 8; b++) byte |= (data[from + k + b] as number) << b;
    text += BYTE_BITS_CSV[byte] as string;
  }
  for (; k < size; k++) text += (data[from + k] as number) ? '1,' : '0,';
  return size === 0 ? '[]' : text.slice(0, -1) + ']';
}

/** {@link bitsJson} remembering each row's text by its value (shots repeat a few rows; rows past 30 bits are not kept). */
function cachedRows(): (data: Uint8Array, from: number, size: number) => string {
  const texts = new Map<number, string>();
  return (data, from, size) => {
    if (size > 30) return bitsJson(data, from, size);
    // Up to 30 bits the row's value is a small integer (a shift per bit, a Map keyed by a Smi).
    let value = 0;
    for (let k = 0; k < size; k++) value |= (data[from + k] as number) << k;
    let text = texts.get(value);
    if (text === undefined) texts.set(value, (text = bitsJson(data, from, size)));
    return text;
  };
}

/** Whether a circuit's register names keep their place in an object (no array index, no second output_all). */
function namesKeepOrder(circuit: IrCircuit): boolean {
  return !circuit.bitRegisters.some((reg) => reg.name === OUTPUT_ALL || ARRAY_INDEX.test(reg.name));
}

/**
 * Each shot's row of {@link shotsArtifact} as compact JSON text, in shot
 * order; null when the register names would reorder the object (then only
 * `JSON.stringify` of the artifact is exact). A debiased run writes these
 * once for all its shots: the job's shots artifact and each variant's (a
 * slice of the rows) are joined from the same pieces.
 */
export function shotRowsJson(circuit: IrCircuit, table: ShotTable): string[] | null {
  if (!namesKeepOrder(circuit)) return null;
  const rowText = cachedRows();
  const registers = circuit.bitRegisters.map((reg) => ({
    reg,
    key: `,${JSON.stringify(reg.name)}:`,
    text: cachedRows(),
  }));
  const pieces: string[] = new Array<string>(table.shots);
  for (let s = 0; s < table.shots; s++) {
    let row = `{"registers":{"${OUTPUT_ALL}":` + rowText(table.qubitBits, s * table.qubits, table.qubits);
    for (const { reg, key, text } of registers)
      row += key + text(table.clbitValues, s * table.clbits + reg.offset, reg.size);
    pieces[s] = row + '}}';
  }
  return pieces;
}

const SHOTS_OPEN = '{"shots":[';
const SHOTS_CLOSE = ']}';

/** The shots artifact's text from the rows of {@link shotRowsJson} (a variant's rows are a stretch of it). */
export const shotsJsonOfRows = (rows: readonly string[]): string => `${SHOTS_OPEN}${rows.join(',')}${SHOTS_CLOSE}`;

/** Characters `[from, to)` of a text. */
export interface TextStretch {
  readonly from: number;
  readonly to: number;
}

/**
 * The shots artifact of some of a run's shots, as text, from the text of the
 * run's shots artifact (`whole`) and where those shots' rows lie in it
 * (`stretch`): the rows are sliced out of the whole, which V8 keeps as a view
 * of it, so a debiased run's variants' shots texts are neither joined a
 * second time nor copied to another thread.
 */
export const shotsTextOfStretch = (whole: string, stretch: TextStretch): string =>
  SHOTS_OPEN + whole.slice(stretch.from, stretch.to) + SHOTS_CLOSE;

/**
 * The shots artifact's text of all `rows` ({@link shotRowsJson}), and where
 * the rows `from .. to - 1` (at least one) lie in it, for
 * {@link shotsTextOfStretch}.
 */
export function shotsJsonWithStretches(rows: readonly string[]): {
  readonly whole: string;
  readonly stretch: (from: number, to: number) => TextStretch;
} {
  const whole = shotsJsonOfRows(rows);
  // Where each row starts in `whole` (rows are joined by one comma).
  const starts = new Float64Array(rows.length + 1);
  starts[0] = SHOTS_OPEN.length;
  for (let s = 0; s < rows.length; s++) starts[s + 1] = (starts[s] as number) + (rows[s] as string).length + 1;
  return { whole, stretch: (from, to) => ({ from: starts[from] as number, to: (starts[to] as number) - 1 }) };
}

/**
 * {@link shotsArtifact} as compact JSON text (exactly `JSON.stringify` of it),
 * written straight from the shot table: the service stores every shots
 * artifact as text (a debiased job one per variant as well), and building a
 * thousand row objects only to serialize them was most of that artifact's cost.
 */
export function shotsJson(circuit: IrCircuit, table: ShotTable): string {
  const rows = shotRowsJson(circuit, table);
  return rows ? shotsJsonOfRows(rows) : JSON.stringify(shotsArtifact(circuit, table));
}

/** Counts per register; keys are bitstrings with bit 0 leftmost. */
export function histogramArtifact(circuit: IrCircuit, table: ShotTable): HistogramArtifact {
  return histogramOfCounts(registerCounts(circuit, table));
}

/** A register's row as counted: its value (bit k is digit k) up to 52 bits, else its bitstring. */
export type RowKey = number | string;

/** The counts of one register's rows (output_all first, then the classical registers in order). */
export interface RegisterCount {
  readonly name: string;
  readonly size: number;
  readonly counts: Map<RowKey, number>;
}

/**
 * Counts per register, by integer row value: each distinct value is written
 * as text once ({@link histogramOfCounts}), and a debiased job sums and votes
 * over its variants' counts without writing each variant's histogram.
 */
export function registerCounts(circuit: IrCircuit, table: ShotTable): RegisterCount[] {
  return [
    {
      name: OUTPUT_ALL,
      size: table.qubits,
      counts: rowCounts(table.qubitBits, table.qubits, 0, table.qubits, table.shots),
    },
    ...circuit.bitRegisters.map((reg) => ({
      name: reg.name,
      size: reg.size,
      counts: rowCounts(table.clbitValues, table.clbits, reg.offset, reg.size, table.shots),
    })),
  ];
}

/** A counted row as its bitstring (bit 0 leftmost). */
export const rowText = (key: RowKey, size: number): string =>
  typeof key === 'string' ? key : indexToBitstring(key, size);

/** The histogram artifact of counted registers (keys sorted). */
export function histogramOfCounts(registers: readonly RegisterCount[]): HistogramArtifact {
  const histogram = namedRecord<Record<string, number>>();
  for (const { name, size, counts } of registers)
    histogram[name] = sortedDistribution(
      Array.from(counts, ([key, count]): [string, number] => [rowText(key, size), count]),
    );
  return { histogram: { registers: histogram } };
}

/**
 * {@link histogramOfCounts} as compact JSON text (exactly `JSON.stringify` of
 * it, or of {@link probabilitiesFromHistogram} of it when `shots` is given),
 * written from the counts without building the objects: a debiased job
 * stores both artifacts for each of its variants. Null when a register name
 * would reorder the object (an array index); the caller then builds it.
 */
export function countsJson(registers: readonly RegisterCount[], shots?: number): string | null {
  if (registers.some(({ name }, i) => ARRAY_INDEX.test(name) || (i > 0 && name === OUTPUT_ALL))) return null;
  const valueText = shots === undefined ? String : probabilityTexts(shots);
  let text = shots === undefined ? '{"histogram":{"registers":{' : '{"probabilities":{"registers":{';
  for (let r = 0; r < registers.length; r++) {
    const { name, size, counts } = registers[r] as RegisterCount;
    text += (r ? ',' : '') + JSON.stringify(name) + ':{';
    // An object lists array-index keys first, in numeric order, then the others as inserted (sorted). A
    // register's keys all have its width: up to 10 digits those starting with 1 (or the lone "0") are
    // indices, whose numeric order is their string order; 11 digits and more exceed the largest index.
    const entries = sortedRows(counts, size);
    const indexWidth = size <= 10;
    let first = true;
    for (let pass = 0; pass < (indexWidth ? 2 : 1); pass++)
      for (let e = 0; e < entries.length; e++) {
        const [bits, count] = entries[e] as readonly [string, number];
        if (indexWidth && (bits.charCodeAt(0) === 49 || size === 1) !== (pass === 0)) continue;
        text += (first ? '"' : ',"') + bits + '":' + valueText(count);
        first = false;
      }
    text += '}';
  }
  return text + '}}}';
}

/**
 * `count / shots` as text (what JSON.stringify writes), per shots and count:
 * a debiased job writes every variant's probabilities, and formatting a
 * fraction is the costly part of a number's text.
 */
const fractionTexts = new Map<number, string[]>();

function probabilityTexts(shots: number): (count: number) => string {
  let texts = fractionTexts.get(shots);
  if (!texts) {
    // A few shot counts recur (the job's, its variants'); a stray one is not kept.
    if (fractionTexts.size >= 64) fractionTexts.clear();
    fractionTexts.set(shots, (texts = []));
  }
  const known = texts;
  return (count) => (known[count] ??= String(count / shots));
}

/**
 * A register's counted rows as (bitstring, count), sorted by bitstring: made
 * once per counts, which are final once counted (a debiased job writes both
 * its probabilities and its histogram text from each variant's counts).
 */
const sortedRowsOf = new WeakMap<ReadonlyMap<RowKey, number>, readonly (readonly [string, number])[]>();

function sortedRows(counts: ReadonlyMap<RowKey, number>, size: number): readonly (readonly [string, number])[] {
  let rows = sortedRowsOf.get(counts);
  if (!rows) {
    const entries: [string, number][] = [];
    for (const [key, count] of counts) entries.push([rowText(key, size), count]);
    rows = entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    sortedRowsOf.set(counts, rows);
  }
  return rows;
}

/** Widest row counted by its integer value (exact in a double); wider rows are counted by their text. */
const MAX_INTEGER_ROW = 52;

/** Counts of the rows `data[s * width + offset .. + size)` over the shots. */
function rowCounts(data: Uint8Array, width: number, offset: number, size: number, shots: number): Map<RowKey, number> {
  const counts = new Map<RowKey, number>();
  if (size > MAX_INTEGER_ROW) {
    for (let s = 0; s < shots; s++) {
      const key = data.subarray(s * width + offset, s * width + offset + size).join('');
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    return counts;
  }
  // A loop, not Float64Array.from with a callback: counted per register of every variant of a debiased job.
  const weights = new Float64Array(size);
  for (let k = 0; k < size; k++) weights[k] = 2 ** k;
  for (let s = 0; s < shots; s++) {
    const from = s * width + offset;
    let value = 0;
    for (let k = 0; k < size; k++) value += (data[from + k] as number) * (weights[k] as number);
    counts.set(value, (counts.get(value) ?? 0) + 1);
  }
  return counts;
}

/** Empirical probabilities from shots (the noisy simulator's probabilities artifact). */
export function probabilitiesFromHistogram(histogram: HistogramArtifact, shots: number): ProbabilitiesArtifact {
  const registers = namedRecord<Distribution>();
  for (const [name, counts] of Object.entries(histogram.histogram.registers)) {
    registers[name] = Object.fromEntries(Object.entries(counts).map(([k, c]) => [k, c / shots]));
  }
  return { probabilities: { registers } };
}

/** v0.3 form from a v2 output_all distribution (noisy runs). */
export function v03FromProbabilities(artifact: ProbabilitiesArtifact): V03Artifact {
  const all = artifact.probabilities.registers[OUTPUT_ALL] ?? {};
  return Object.fromEntries(Object.entries(all).map(([bits, p]) => [bitstringToDecimal(bits), p]));
}
