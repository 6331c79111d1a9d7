/**
 * Result keys to bars. The service's maps are keyed by little-endian decimal
 * state (`"3"`: q[0] = 1, q[1] = 1); bars are labelled with bitstrings in the
 * spec's convention, q[0] leftmost, and ordered as the artifacts order them
 * (by bitstring) or, on request, by value.
 */
export interface Bar {
  readonly state: string;
  readonly value: number;
}

export function bitstringOf(decimal: string, qubits: number): string {
  let rest = BigInt(decimal);
  let text = '';
  for (let q = 0; q < qubits; q++) {
    text += rest % 2n === 1n ? '1' : '0';
    rest /= 2n;
  }
  return text;
}

/** Qubits needed to name every key (at least 1), when the job does not say. */
export function widthOf(keys: readonly string[]): number {
  return Math.max(1, ...keys.map((k) => BigInt(k).toString(2).length));
}

export function barsOf(map: Readonly<Record<string, number>>, qubits: number | undefined, byValue: boolean): Bar[] {
  const keys = Object.keys(map);
  const width = Math.max(qubits ?? 0, widthOf(keys));
  const bars = keys.map((key) => ({ state: bitstringOf(key, width), value: map[key] as number }));
  return bars.sort(
    byValue ? (a, b) => b.value - a.value || compare(a.state, b.state) : (a, b) => compare(a.state, b.state),
  );
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
