/**
 * What the simulator says when it stops at a limit: every stop names the
 * limit (the rule id and the option), says how far past it the input went,
 * and hints what to change. An error it did not expect becomes a named
 * diagnostic too; JavaScript's own wording ("Map maximum size exceeded",
 * "Array buffer allocation failed") never reaches a user.
 */
import { LIMITS } from '../../tables/index.js';
import { MEMORY_BUDGET_HINT, SimulationLimitError } from './memory.js';

export interface LimitReport {
  readonly rule: string;
  readonly reason: string;
  readonly hint: string;
}

const group = (n: number) => n.toLocaleString('en-US');

export const BRANCH_LIMIT_HINT =
  'raise maxBranches, or move measurements and resets to the end of the circuit where they do not split the simulation';

/** The rule id of an exact distribution left out. */
export const PROBABILITIES_OMITTED_RULE = 'simulator-probabilities-omitted';

export function probabilitiesOmitted(formats: readonly string[], limit: number, circuit: string | null): LimitReport {
  const where = circuit === null ? '' : ` of circuit ${circuit}`;
  return {
    rule: PROBABILITIES_OMITTED_RULE,
    reason: `The exact distribution${where} (${formats.join(', ')}) was left out: it has more than ${group(limit)} entries (option maxProbabilityEntries)`,
    hint: `sample shots and read the histogram (its size is bounded by the shots; --format histogram on the command line), measure fewer qubits, or raise maxProbabilityEntries (--max-probability-entries; at most ${group(LIMITS.maxProbabilityEntriesCeiling)}, about 60 bytes of JSON an entry)`,
  };
}

/** Throws when `shots` samples of the circuit would hold more than LIMITS.maxShotBits bits. */
export function checkShotBits(shots: number, qubits: number, clbits: number): void {
  const bits = shots * (qubits + clbits);
  if (bits <= LIMITS.maxShotBits) return;
  throw new SimulationLimitError(
    'simulator-shot-limit',
    `Sampling ${group(shots)} shots of ${group(qubits)} qubits and ${group(clbits)} classical bits holds ${group(bits)} bits; the limit is ${group(LIMITS.maxShotBits)} (shots × (qubits + classical bits))`,
    'take fewer shots, or declare fewer classical bits (one per measurement you read)',
  );
}

/** A thrown error as a report: limits keep their own words, anything else is named without JavaScript's. */
export function reportOf(error: unknown, qubits: number | null): LimitReport {
  if (error instanceof SimulationLimitError) return { rule: error.rule, reason: error.reason, hint: error.hint };
  const size = qubits === null ? '' : ` for ${qubits} qubits`;
  if (error instanceof RangeError) {
    return {
      rule: 'simulator-allocation-failed',
      reason: `The simulator could not get the memory it needed${size}: the machine or the JavaScript engine refused an allocation`,
      hint: MEMORY_BUDGET_HINT,
    };
  }
  return {
    rule: 'simulator-internal-error',
    reason: `Internal simulator error${size}: the simulator stopped on a fault of its own`,
    hint: 'this is a bug: please report it with the program and the options that caused it',
  };
}
