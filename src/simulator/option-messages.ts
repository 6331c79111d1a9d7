/** Texts of the simulator's own option and input problems (each names the option or the input it is about). */

export function maxProbabilityEntriesOutOfRange(value: unknown, ceiling: number): string {
  return `maxProbabilityEntries must be an integer from 0 to ${ceiling.toLocaleString('en-US')}, got ${describe(value)}`;
}

export function unknownArtifact(value: unknown, known: readonly string[]): string {
  return `artifacts must be a list of artifact names (${known.join(', ')}), got ${describe(value)}`;
}

export function sampledArtifactWithoutShots(): string {
  return 'artifacts asks for histogram or shots, which are sampled: give shots too';
}

export function duplicateCircuitName(name: string): string {
  return `Two circuits are named ${JSON.stringify(name)}: each circuit of a multicircuit needs its own name, results are keyed by it`;
}

/** A value as a user would write it; never throws (symbols, bigints, hostile objects). */
function describe(value: unknown): string {
  try {
    if (typeof value === 'string') return JSON.stringify(value);
    if (typeof value === 'bigint') return `${value}n`;
    if (typeof value === 'object' && value !== null) return Array.isArray(value) ? 'an array' : 'an object';
    return String(value);
  } catch {
    return typeof value;
  }
}
