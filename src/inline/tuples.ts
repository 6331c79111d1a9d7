/**
 * Shared, frozen operand and parameter tuples. A million `h q[3];` or
 * `rz(pi/4) q[i];` statements name a few hundred distinct tuples, so each
 * expanded gate points at a shared array instead of owning one (a two-qubit
 * array costs 64 bytes, the gate itself under 100).
 */

/** Indices below this share their one- and two-qubit tuples. */
const SHARED_INDEX_LIMIT = 1 << 12;
/** Most distinct pairs and parameter values kept. */
const MAX_SHARED = 1 << 16;

export class TupleCache {
  private readonly singles: (readonly number[] | undefined)[] = [];
  private readonly pairs = new Map<number, readonly number[]>();
  private readonly values = new Map<number, readonly number[]>();

  /** The qubits of one gate application, shared when small; `qubits` may be reused by the caller afterwards. */
  qubits(qubits: readonly number[]): readonly number[] {
    if (qubits.length === 1) {
      const a = qubits[0] as number;
      if (a >= SHARED_INDEX_LIMIT) return [a];
      return (this.singles[a] ??= Object.freeze([a]));
    }
    if (qubits.length === 2) {
      const a = qubits[0] as number;
      const b = qubits[1] as number;
      if (a >= SHARED_INDEX_LIMIT || b >= SHARED_INDEX_LIMIT) return [a, b];
      const key = a * SHARED_INDEX_LIMIT + b;
      const shared = this.pairs.get(key);
      if (shared !== undefined) return shared;
      const pair = Object.freeze([a, b]);
      if (this.pairs.size < MAX_SHARED) this.pairs.set(key, pair);
      return pair;
    }
    return qubits.slice();
  }

  /** The parameters of one gate application, shared for a single value. */
  params(values: readonly number[]): readonly number[] {
    if (values.length !== 1) return values;
    const value = values[0] as number;
    // Map keys treat -0 as 0; keep the sign of a rotation by -0 exact
    if (Object.is(value, -0)) return values;
    const shared = this.values.get(value);
    if (shared !== undefined) return shared;
    const single = Object.freeze([value]);
    if (this.values.size < MAX_SHARED) this.values.set(value, single);
    return single;
  }
}
