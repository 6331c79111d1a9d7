/**
 * Virtual Z (native-gates.md 2.2): a per-qubit frame f (turns) such that the
 * emitted circuit followed by Rz(2πf) on each qubit equals the logical
 * circuit. A pulse of logical phase φ is emitted as φ - f. Frames left at
 * the end are dropped: they commute with Z-basis measurement.
 */
import { normalizeTurns } from './angles.js';

export class FrameTracker {
  private readonly turns: number[];

  constructor(qubits: number) {
    this.turns = new Array<number>(qubits).fill(0);
  }

  get(qubit: number): number {
    return this.turns[qubit] ?? 0;
  }

  set(qubit: number, turns: number): void {
    this.turns[qubit] = normalizeTurns(turns);
  }

  /** The physical phase of a pulse whose phase in the logical frame is `logicalTurns`. */
  physical(qubit: number, logicalTurns: number): number {
    return normalizeTurns(logicalTurns - this.get(qubit));
  }

  /** After a reset the frame only adds a phase to |0>, so it starts over. */
  clear(qubit: number): void {
    this.turns[qubit] = 0;
  }

  snapshot(): readonly number[] {
    return [...this.turns];
  }
}
