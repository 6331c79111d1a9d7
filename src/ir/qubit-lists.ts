/**
 * Shared, frozen qubit lists for IR operations: a million-gate circuit should
 * not hold a million `[q]` arrays. IR lists are readonly, so sharing is safe.
 */

export const NO_QUBITS: readonly number[] = Object.freeze([]);

const ONE_QUBIT_LISTS: (readonly number[])[] = [];
const SHARED_LIST_LIMIT = 4096;

/** `[qubit]`, shared and frozen for the qubit indices programs actually use. */
export function oneQubit(qubit: number): readonly number[] {
  if (!(qubit >= 0 && qubit < SHARED_LIST_LIMIT)) return [qubit];
  return (ONE_QUBIT_LISTS[qubit] ??= Object.freeze([qubit]));
}
