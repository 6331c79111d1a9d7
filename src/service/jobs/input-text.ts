/**
 * A large job's input written as JSON text in turns (issue 24, S7): one
 * `JSON.stringify` of a 150,000-gate input held the event loop 30-100 ms
 * when the store serialised the insert. Here the gate arrays are written
 * {@link GATES_PER_TURN} gates at a time, the event loop free between turns,
 * and the store places the text as it is (store/jobs.ts `useInputText`).
 * The text reads back as the same JSON: each gate array is its items'
 * `JSON.stringify` joined by commas, put where the array stood.
 */
import { randomUUID } from 'node:crypto';
import { yieldToEventLoop } from '../event-loop.js';
import { useInputText } from '../store/jobs.js';
import type { NewJob } from '../store/records.js';

/** Gates written between two turns of the event loop. */
export const GATES_PER_TURN = 5_000;

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** The gate arrays of a svc.circuit.v0 input: its `circuit`, and each entry's of `circuits`. */
function gateArrays(input: Json): unknown[][] {
  const arrays: unknown[][] = [];
  if (Array.isArray(input.circuit)) arrays.push(input.circuit as unknown[]);
  if (Array.isArray(input.circuits))
    for (const entry of input.circuits as unknown[])
      if (isObject(entry) && Array.isArray(entry.circuit)) arrays.push(entry.circuit as unknown[]);
  return arrays;
}

/**
 * Writes the inputs of `jobs` as text for the insert when they hold more than
 * {@link GATES_PER_TURN} gates together (a multicircuit job's children
 * repeat its gates), resolving when done; smaller ones the store serialises
 * as before, and there is nothing to wait for (undefined, not a promise).
 */
export function writeInputsInTurns(jobs: readonly NewJob[]): Promise<void> | undefined {
  const total = jobs.reduce((n, job) => n + gateArrays(job.input).reduce((m, a) => m + a.length, 0), 0);
  if (total <= GATES_PER_TURN) return undefined;
  return (async () => {
    const turn = { gates: 0 };
    for (const job of jobs) useInputText(job.input, await inputText(job.input, turn));
  })();
}

/** One input as JSON text, its gate arrays written at most {@link GATES_PER_TURN} gates a turn. */
async function inputText(input: Json, turn: { gates: number }): Promise<string> {
  const marker = `q3p-gates-${randomUUID()}-`;
  const arrays: unknown[][] = [];
  const hole = (gates: unknown) => `${marker}${arrays.push(gates as unknown[]) - 1}`;
  const skeleton = {
    ...input,
    ...(Array.isArray(input.circuit) ? { circuit: hole(input.circuit) } : {}),
    ...(Array.isArray(input.circuits)
      ? {
          circuits: (input.circuits as unknown[]).map((entry) =>
            isObject(entry) && Array.isArray(entry.circuit) ? { ...entry, circuit: hole(entry.circuit) } : entry,
          ),
        }
      : {}),
  };
  // The text is built by `+` only, a rope V8 joins once when the store reads it: a `join` of the runs and a
  // `replace` into the skeleton each copied the whole 10 MB in the last turn (60-90 ms each at load 9).
  const texts: string[] = [];
  for (const gates of arrays) {
    let text = '[';
    for (let from = 0; from < gates.length;) {
      const to = Math.min(gates.length, from + GATES_PER_TURN - turn.gates);
      text += (from === 0 ? '' : ',') + JSON.stringify(gates.slice(from, to)).slice(1, -1);
      turn.gates += to - from;
      from = to;
      if (turn.gates >= GATES_PER_TURN) {
        turn.gates = 0;
        await yieldToEventLoop();
      }
    }
    texts.push(text + ']');
  }
  // Split at the holes: the captured hole numbers fall at the odd places.
  const pieces = JSON.stringify(skeleton).split(new RegExp(`"${marker}(\\d+)"`));
  let text = pieces[0] ?? '';
  for (let i = 1; i < pieces.length; i += 2) text += (texts[Number(pieces[i])] ?? '') + (pieces[i + 1] ?? '');
  return text;
}
