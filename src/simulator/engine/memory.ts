/**
 * The memory guard: a dense state of n qubits takes 16 x 2^n bytes (split
 * re/im Float64Arrays). Before allocating one, the engine asks here; past the
 * budget the simulation stops with a diagnostic instead of crashing the process.
 */
import { simulatorMemoryBudget } from '../../diagnostics/index.js';
import { platform } from '../../platform/index.js';

/** Default budget: half the machine's memory, leaving the rest to Node and the artifacts. */
export function defaultMemoryBudget(): number {
  machineBudget ??= Math.floor(platform.totalMemoryBytes() / 2);
  return machineBudget;
}

let machineBudget: number | undefined;

/** Working space on top of the states: gather buffers, tables, sampling arrays. */
export const WORKING_SPACE_BYTES = 64 * 1024 * 1024;

export function denseStateBytes(qubits: number): number {
  return 16 * 2 ** qubits;
}

export const MEMORY_BUDGET_HINT =
  'a dense state of n qubits takes 16·2^n bytes (4 GiB at 28 qubits); raise memoryBudgetBytes if the machine has the memory, or simulate fewer qubits';

/** Thrown inside the engine and turned into a diagnostic at the public boundary. */
export class SimulationLimitError extends Error {
  constructor(
    /** The limit's id: `simulator-memory-budget`, `simulator-branch-limit`, ... */
    readonly rule: string,
    readonly reason: string,
    /** What to change to get past it. */
    readonly hint: string,
  ) {
    super(reason);
  }
}

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB', 'PiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

/** Tracks bytes held by dense states against the budget. */
export class MemoryGuard {
  private used = 0;

  constructor(readonly budgetBytes: number) {}

  /** Reserves room for `states` more dense states of `qubits` qubits or throws {@link SimulationLimitError}. */
  reserve(qubits: number, states = 1): void {
    const needed = denseStateBytes(qubits) * states;
    if (this.used + needed + WORKING_SPACE_BYTES > this.budgetBytes) {
      throw new SimulationLimitError(
        'simulator-memory-budget',
        simulatorMemoryBudget(
          qubits,
          formatBytes(this.used + needed + WORKING_SPACE_BYTES),
          formatBytes(this.budgetBytes),
        ),
        MEMORY_BUDGET_HINT,
      );
    }
    this.used += needed;
  }

  release(qubits: number, states = 1): void {
    this.used = Math.max(0, this.used - denseStateBytes(qubits) * states);
  }
}
