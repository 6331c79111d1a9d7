/**
 * Which jobs run on the main thread instead of a worker thread: a job so
 * small that its run (a Bell pair's load, compile and simulate(), about 1 ms)
 * costs less than the two thread messages it would take, each of which waits
 * for the scheduler on a loaded machine (docs/service.md, "Job overhead: the
 * hop to the thread"). Decided from the request's text alone, before any
 * parse, and only where the run's size is bounded by that text: no loops,
 * subroutines, gate definitions or modifiers (each can multiply the work far
 * beyond the text's length), few qubits, a short program, few shots, no
 * debiasing. Anything else, and anything in doubt, goes to a thread.
 */
import type { ExecuteRequest } from './execute.js';

/** Program text at most this long (a Bell job is about 150 characters). */
export const TINY_PROGRAM_CHARS = 300;
/** At most this many qubits declared. */
export const TINY_QUBITS = 4;
/** At most this many shots. */
export const TINY_SHOTS = 1000;
/** At most this many gates in a JSON circuit. */
export const TINY_GATES = 20;

/** Words after which the work is not bounded by the text's length. */
const UNBOUNDED = /\b(for|while|def|gate|defcal|extern|box|opaque|pow|ctrl|negctrl|inv)\b|@/;
/**
 * Declarations of qubits: `qubit[size]`, `qubit q`, `qreg q[size]`; a size
 * that is not a plain number (`qubit[N]` of a constant) is not counted here
 * but refuses the job below. Physical qubits (`$n`) are matched too: `$27`
 * alone makes a 28-qubit state.
 */
const QUBITS = /\bqubit\s*\[([^\]]*)\]|\bqubit\b|\bqreg\s+\w+\s*\[([^\]]*)\]|\$(\d+)/g;

export function isTiny(request: ExecuteRequest): boolean {
  if (request.debiasing) return false;
  if ((request.shots ?? 0) > TINY_SHOTS) return false;
  if (request.noise?.characterization) return false;
  if (typeof request.program === 'string') {
    const text = request.program;
    if (request.kind !== 'qasm3' || text.length > TINY_PROGRAM_CHARS || UNBOUNDED.test(text)) return false;
    let qubits = 0;
    for (const match of text.matchAll(QUBITS)) {
      if (match[3] !== undefined) {
        if (Number(match[3]) >= TINY_QUBITS) return false;
        continue;
      }
      const size = (match[1] ?? match[2] ?? '1').trim();
      if (!/^\d+$/.test(size)) return false;
      qubits += Number(size);
    }
    return qubits <= TINY_QUBITS;
  }
  const circuit = request.program as { qubits?: unknown; circuit?: unknown };
  return (
    typeof circuit.qubits === 'number' &&
    circuit.qubits <= TINY_QUBITS &&
    Array.isArray(circuit.circuit) &&
    circuit.circuit.length <= TINY_GATES
  );
}
