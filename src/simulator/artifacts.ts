/**
 * Result artifacts in the service's formats (service-api.md "Result
 * artifacts"; decisions.md section 5). The only place where bit order
 * changes: v2 bitstrings put q[0] / c[0] leftmost; v0.3 decimal keys are
 * little-endian (qubit 0 is the least significant bit), which is the index
 * form the simulator uses.
 */
import type { IrCircuit } from '../ir/types.js';
import type { ExactDistribution, RegisterValue, ShotTable } from './outcomes.js';

/** Result format ids. `v03` is the v0.3 results form (decimal keys). */
export const RESULT_FORMATS = Object.freeze({
  probabilities: 'svc.result.probabilities.json.v2',
  histogram: 'svc.result.histogram.json.v2',
  shots: 'svc.result.shots.json.v2',
  v03: 'svc.result.probabilities.json.v1',
} as const);

/** States less likely than this are left out of probability artifacts. */
export const PROBABILITY_CUTOFF = 1e-12;

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

function sortedDistribution(entries: Iterable<[string, number]>, keep: (p: number) => boolean): Distribution {
  return Object.fromEntries([...entries].filter(([, p]) => keep(p)).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

const aboveCutoff = (p: number) => p >= PROBABILITY_CUTOFF;

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

/**
 * Values above the cutoff as bitstrings (bit 0 leftmost), in bitstring order.
 * Integer values are sorted as numbers (a dense 22-qubit result has four
 * million keys, and comparing them as strings took most of a minute).
 */
function valueDistribution(values: Iterable<[RegisterValue, number]>, width: number): Distribution {
  const kept: [RegisterValue, number][] = [];
  let numeric = true;
  for (const [value, p] of values) {
    if (!aboveCutoff(p)) continue;
    kept.push([value, p]);
    if (typeof value !== 'number') numeric = false;
  }
  if (!numeric) return sortedDistribution(kept.map(([v, p]) => [registerValueToBitstring(v, width), rounded(p)]), () => true);
  const keys = new Float64Array(kept.length);
  for (let i = 0; i < kept.length; i++) keys[i] = reversedBits((kept[i] as [number, number])[0], width);
  const order = new Uint32Array(kept.length);
  for (let i = 0; i < order.length; i++) order[i] = i;
  order.sort((a, b) => (keys[a] as number) - (keys[b] as number));
  const out: Distribution = {};
  for (const i of order) {
    const [value, p] = kept[i] as [number, number];
    out[indexToBitstring(value, width)] = rounded(p);
  }
  return out;
}

export function probabilitiesArtifact(circuit: IrCircuit, dist: ExactDistribution): ProbabilitiesArtifact {
  const registers: Record<string, Distribution> = { [OUTPUT_ALL]: valueDistribution(dist.outputAll, circuit.qubits) };
  for (const reg of circuit.bitRegisters) registers[reg.name] = valueDistribution(dist.registers.get(reg.name) ?? [], reg.size);
  return { probabilities: { registers } };
}

export function v03Artifact(circuit: IrCircuit, dist: ExactDistribution): V03Artifact {
  const entries = [...dist.outputAll].filter(([, p]) => aboveCutoff(p)).sort(([a], [b]) => a - b);
  // The simulator's index already has qubit k as binary digit k: the v0.3 key is that index in decimal.
  void circuit;
  return Object.fromEntries(entries.map(([i, p]) => [String(i), rounded(p)]));
}

/** Per shot, the bit arrays of output_all and of each classical register (element i = bit i). */
function shotRows(circuit: IrCircuit, table: ShotTable): { registers: Record<string, number[]> }[] {
  const rows: { registers: Record<string, number[]> }[] = [];
  for (let s = 0; s < table.shots; s++) {
    const registers: Record<string, number[]> = {
      [OUTPUT_ALL]: Array.from(table.qubitBits.subarray(s * table.qubits, (s + 1) * table.qubits)),
    };
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

/** Counts per register; keys are bitstrings with bit 0 leftmost. */
export function histogramArtifact(circuit: IrCircuit, table: ShotTable): HistogramArtifact {
  const registers: Record<string, Record<string, number>> = {};
  const count = (name: string, bits: Uint8Array) => {
    const counts = (registers[name] ??= {});
    const key = bits.join('');
    counts[key] = (counts[key] ?? 0) + 1;
  };
  registers[OUTPUT_ALL] = {};
  for (const reg of circuit.bitRegisters) registers[reg.name] = {};
  for (let s = 0; s < table.shots; s++) {
    count(OUTPUT_ALL, table.qubitBits.subarray(s * table.qubits, (s + 1) * table.qubits));
    for (const reg of circuit.bitRegisters) {
      const from = s * table.clbits + reg.offset;
      count(reg.name, table.clbitValues.subarray(from, from + reg.size));
    }
  }
  for (const name of Object.keys(registers)) registers[name] = sortedDistribution(Object.entries(registers[name] ?? {}), () => true);
  return { histogram: { registers } };
}

/** Empirical probabilities from shots (the noisy simulator's probabilities artifact). */
export function probabilitiesFromHistogram(histogram: HistogramArtifact, shots: number): ProbabilitiesArtifact {
  const registers: Record<string, Distribution> = {};
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
