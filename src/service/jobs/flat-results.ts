/**
 * The flat (v1, decimal-keyed) forms of the stored v2 result artifacts: the
 * v0.3 results, the v0.4 histogram, and a debiasing variant's results as
 * IonQ's SDK reads them (`GET /v0.4/jobs/{id}/variants/{variant_id}/results/...`,
 * its `GetVariantResultsResponse`: an object of numbers). Decimal keys are
 * little-endian: qubit 0 is the least significant bit (service-api.md,
 * "Result artifacts").
 */
import { littleEndianKey, shotKey } from '../worker/execute.js';

type Registers<V> = { registers: Record<string, V> };

/** output_all of a v2 histogram as decimal state -> count, or -> frequency (count / shots). */
export function decimalHistogram(body: string, frequencies: boolean): string {
  const counts = (JSON.parse(body) as { histogram: Registers<Record<string, number>> }).histogram.registers.output_all;
  return decimalMap(counts ?? {}, frequencies);
}

/** output_all of a v2 probabilities artifact as decimal state -> probability. */
export function decimalProbabilities(body: string): string {
  const map = (JSON.parse(body) as { probabilities: Registers<Record<string, number>> }).probabilities.registers
    .output_all;
  return decimalMap(map ?? {}, false);
}

/** Each shot's output_all of a v2 shots artifact as its decimal state. */
export function decimalShots(body: string): string[] {
  const shots = (JSON.parse(body) as { shots: Registers<number[]>[] }).shots;
  return shots.map((s) => shotKey(s.registers.output_all ?? []));
}

/**
 * A variant's shots as an object of numbers, as the SDK's variant-results
 * model requires: shot index -> decimal state (at most 36 qubits, so every
 * state is an exact double).
 */
export function shotsByIndex(body: string): string {
  return JSON.stringify(Object.fromEntries(decimalShots(body).map((state, i) => [String(i), Number(state)])));
}

function decimalMap(bitstrings: Record<string, number>, frequencies: boolean): string {
  const total = Object.values(bitstrings).reduce((a, b) => a + b, 0) || 1;
  const entries = Object.entries(bitstrings).map(
    ([bits, n]) => [littleEndianKey(bits), frequencies ? n / total : n] as const,
  );
  return JSON.stringify(Object.fromEntries(entries.sort((a, b) => Number(a[0]) - Number(b[0]))));
}
