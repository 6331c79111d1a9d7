/**
 * Debiasing (symmetrization): one job split into variants that are the same
 * circuit on a noiseless machine (another assignment of program qubits to
 * physical qubits, and for QIS gates the mirrored decomposition whose
 * over-rotations point the other way), the shots divided among them, each run
 * on its own qubits' noise; then aggregated by averaging (the shot-weighted
 * mean of the variants' distributions) or by plurality voting ("sharpening":
 * each variant's most frequent outcome, weighted by its shots). Follows
 * Maksymov et al., "Enhancing quantum computer performance via
 * symmetrization", arXiv:2301.07233, sections II-III.
 */
import type { IrCircuit } from '../../ir/types.js';
import { DEBIASING } from '../../tables/index.js';
import {
  histogramOfCounts,
  registerCounts,
  rowText,
  shotRowsJson,
  shotsJson,
  shotsJsonWithStretches,
  shotsTextOfStretch,
  type HistogramArtifact,
  type RegisterCount,
  type RowKey,
  type TextStretch,
} from '../results/artifacts.js';
import type { ExecuteOptions } from '../engine/execute.js';
import type { DeviceNoise } from './device.js';
import { emptyShotTable, sampleNoisyShots } from './trajectories.js';
import type { ShotTable } from '../results/outcomes.js';
import { SeededRandom } from '../engine/random.js';
import { scaledSink } from '../engine/progress.js';

/** One variant as it ran. */
export interface Variant {
  /** Physical qubit of each program qubit. */
  readonly qubitMap: readonly number[];
  readonly shots: number;
  /** Sign of the one- and two-qubit over-rotations under this variant's decomposition. */
  readonly signs: readonly [number, number];
  /** Its rows of the run's table. */
  readonly table: ShotTable;
  /** Its shots artifact as compact JSON text. */
  readonly shotsJson: () => string;
  /** Where its rows lie in the text of the run's shots artifact (see shotsTextOfStretch), or null if they do not. */
  readonly shotsStretch: () => TextStretch | null;
  /** Its shots counted per register (the aggregations are made from these). */
  readonly counts: readonly RegisterCount[];
  /** Its histogram artifact (built on first read: only the service stores it). */
  readonly histogram: HistogramArtifact;
}

export interface DebiasedRun {
  readonly variants: readonly Variant[];
  /** Every variant's shots, in variant order. */
  readonly table: ShotTable;
  /** The shots artifact of them all as compact JSON text (its rows are written once for the variants' as well). */
  readonly shotsJson: () => string;
  readonly average: HistogramArtifact;
  readonly voting: HistogramArtifact;
}

/** The number of variants a job of `shots` shots is split into by default. */
export function defaultVariantCount(shots: number): number {
  const { shotsPerVariant, minVariants, maxVariants } = DEBIASING;
  return Math.max(minVariants, Math.min(maxVariants, Math.floor(shots / shotsPerVariant)));
}

/** Distinct injective maps of `qubits` program qubits onto the device's physical qubits (as many as exist, up to `count`). */
export function qubitMaps(qubits: number, physical: number, count: number, random: SeededRandom): number[][] {
  const maps: number[][] = [];
  const seen = new Set<string>();
  for (let attempt = 0; maps.length < count && attempt < count * 20; attempt++) {
    const pool = Array.from({ length: physical }, (_, i) => i);
    for (let i = 0; i < qubits; i++) {
      const j = i + random.nextInt(physical - i);
      [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
    }
    const map = pool.slice(0, qubits);
    const key = map.join(',');
    if (seen.has(key)) continue;
    seen.add(key);
    maps.push(map);
  }
  return maps;
}

/** Decomposition signs, cycled so that every over-rotation is met with both signs equally often. */
const SIGNS: readonly (readonly [number, number])[] = [
  [1, 1],
  [-1, -1],
  [1, -1],
  [-1, 1],
];

/** Runs `circuit` debiased on `device`: `variants` variants, shots split as evenly as they go. */
export function runDebiased(
  circuit: IrCircuit,
  device: DeviceNoise,
  shots: number,
  variantCount: number,
  seed: number,
  options: ExecuteOptions,
): DebiasedRun {
  const random = new SeededRandom(seed);
  const maps = qubitMaps(circuit.qubits, device.qubits, Math.min(variantCount, shots), random);
  // Native gates are run as written; only QIS gates leave the decomposition to the compiler.
  const decomposable = circuit.ops.some((op) => op.kind === 'gate');
  // Each variant runs the whole circuit: progress counts its share.
  const variantOptions = { ...options, progress: scaledSink(options.progress, 1 / maps.length) };
  // Every variant samples into its rows of one table (views of it), which is the job's.
  const table = emptyShotTable(circuit, shots);
  // The job's shots text, written once from each row's text; each variant's is a stretch of it (null: register
  // names that reorder a row, then each is written on its own).
  let texts: ReturnType<typeof shotsJsonWithStretches> | null | undefined;
  const shotTexts = () => {
    if (texts === undefined) {
      const rows = shotRowsJson(circuit, table);
      texts = rows ? shotsJsonWithStretches(rows) : null;
    }
    return texts;
  };
  let first = 0;
  const variants = maps.map((qubitMap, k): Variant => {
    const share = Math.floor(shots / maps.length) + (k < shots % maps.length ? 1 : 0);
    const signs = decomposable ? (SIGNS[k % SIGNS.length] as readonly [number, number]) : ([1, 1] as const);
    const [from, to] = [first, (first += share)];
    const own: ShotTable = {
      shots: share,
      qubits: table.qubits,
      clbits: table.clbits,
      qubitBits: table.qubitBits.subarray(from * table.qubits, to * table.qubits),
      clbitValues: table.clbitValues.subarray(from * table.clbits, to * table.clbits),
    };
    sampleNoisyShots(
      circuit,
      { device, qubitMap, signs },
      share,
      new SeededRandom(random.nextUint32()),
      variantOptions,
      own,
    );
    const counts = registerCounts(circuit, own);
    let histogram: HistogramArtifact | undefined;
    return {
      qubitMap,
      shots: share,
      signs,
      table: own,
      shotsJson: () => {
        const whole = shotTexts();
        return whole ? shotsTextOfStretch(whole.whole, whole.stretch(from, to)) : shotsJson(circuit, own);
      },
      shotsStretch: () => shotTexts()?.stretch(from, to) ?? null,
      counts,
      get histogram() {
        return (histogram ??= histogramOfCounts(counts));
      },
    };
  });
  return {
    variants,
    table,
    shotsJson: () => shotTexts()?.whole ?? shotsJson(circuit, table),
    average: histogramOfCounts(summedCounts(variants)),
    voting: votingHistogram(variants),
  };
}

/** Averaging: the shot-weighted mean of the variants' distributions is their summed counts over all shots. */
function summedCounts(variants: readonly Variant[]): RegisterCount[] {
  const sums = new Map<string, RegisterCount>();
  for (const variant of variants)
    for (const { name, size, counts } of variant.counts) {
      let sum = sums.get(name);
      if (!sum) sums.set(name, (sum = { name, size, counts: new Map() }));
      for (const [key, count] of counts) sum.counts.set(key, (sum.counts.get(key) ?? 0) + count);
    }
  return [...sums.values()];
}

/** The most frequent row of one register in one variant; ties go to the smaller bitstring. */
export function plurality(counts: ReadonlyMap<RowKey, number>, size: number): string | null {
  let best: string | null = null;
  let bestCount = -1;
  for (const [key, count] of counts) {
    if (count < bestCount) continue;
    const bits = rowText(key, size);
    if (count > bestCount || (best !== null && bits < best)) {
      best = bits;
      bestCount = count;
    }
  }
  return best;
}

/** Voting (sharpening): per register, each variant's most frequent outcome counted with the variant's shots. */
function votingHistogram(variants: readonly Variant[]): HistogramArtifact {
  const votes = new Map<string, RegisterCount>();
  for (const variant of variants)
    for (const { name, size, counts } of variant.counts) {
      let tally = votes.get(name);
      if (!tally) votes.set(name, (tally = { name, size, counts: new Map() }));
      const winner = plurality(counts, size);
      if (winner !== null) tally.counts.set(winner, (tally.counts.get(winner) ?? 0) + variant.shots);
    }
  return histogramOfCounts([...votes.values()]);
}
