/**
 * The two-qubit block pass. Maximal runs of gates on the same two qubits
 * (single-qubit gates on either wire join the run; anything touching a third
 * wire, a measurement, a reset or a barrier closes it) are multiplied into
 * one 4x4 unitary and resynthesised from its canonical (KAK) decomposition:
 * one entangling gate per nonzero coefficient, the local factors left to
 * single-qubit fusion. The resynthesis replaces the block only when it needs
 * fewer entangling gates than the block as written lowers to, so no circuit
 * gets more. Blocks on disjoint wires commute, so holding one open while
 * others are emitted changes nothing.
 */
import type { Span } from '../diagnostics/index.js';
import type { Mat2 } from './complex2.js';
import { applyInteraction, applySingle, distanceUpToPhase, identity4, type Mat4 } from './complex4.js';
import type { PauliIndex } from './clifford-axes.js';
import type { NativeFamily } from './family.js';
import { interactionEntanglers } from './interaction.js';
import { diagonalKak, isDiagonal4 } from './kak-diagonal.js';
import { kakDecompose, magicForm, mayNeedAtMostOne, type KakDecomposition } from './kak.js';
import { AXIS_X, AXIS_Y, AXIS_Z, pp, u, type Axis, type Step } from './steps.js';
import { BLOCK_TOLERANCES } from './tolerances.js';

/** Where each family puts interaction terms first: the axes its entangler implements without conjugation. */
const PREFERRED_AXES: Readonly<Record<NativeFamily, readonly PauliIndex[]>> = { ms: [0, 1, 2], zz: [2, 0, 1] };
const AXES: readonly Axis[] = [AXIS_X, AXIS_Y, AXIS_Z];

export interface Item {
  readonly steps: readonly Step[];
  readonly span: Span | undefined;
}

export interface Block {
  readonly a: number;
  readonly b: number;
  readonly items: Item[];
}

export type StepSink = (step: Step, span: Span | undefined) => void;

/** Entangling gates `steps` lower to on `family` (an interaction at a multiple of a half turn costs none). */
export function loweredEntanglers(steps: readonly Step[], family: NativeFamily): number {
  let n = 0;
  for (const s of steps) if (s.kind === 'pp') n += interactionEntanglers(s, family);
  return n;
}

const pauli = ([x, y, z]: Axis): Mat2 => [z, 0, x, -y, x, y, -z, 0];

/** The 4x4 unitary of steps on wires a (most significant) and b (each step on the pair is on b when not on a). */
export function blockUnitary(steps: readonly Step[], a: number, _b: number): Mat4 {
  const m = identity4();
  for (const s of steps) {
    if (s.kind === 'u') applySingle(m, s.matrix, s.qubit === a);
    else if (s.a === a) applyInteraction(m, pauli(s.axisA), pauli(s.axisB), s.angleRad);
    else applyInteraction(m, pauli(s.axisB), pauli(s.axisA), s.angleRad);
  }
  return m;
}

/** The canonical resynthesis of `steps` on (a, b), or null when it is not cheaper than `written` entangling gates. */
export function resynthesised(
  steps: readonly Step[],
  a: number,
  b: number,
  family: NativeFamily,
  written: number,
): Step[] | null {
  const unitary = blockUnitary(steps, a, b);
  const kak = isDiagonal4(unitary)
    ? diagonalKak(unitary, PREFERRED_AXES[family])
    : generalKak(unitary, family, written);
  if (!kak || kak.entanglers >= written) return null;
  const out: Step[] = [u(a, kak.before[0]), u(b, kak.before[1])];
  kak.coefficients.forEach((x, axis) => {
    if (x !== 0) out.push(pp(a, b, AXES[axis] as Axis, AXES[axis] as Axis, -2 * x));
  });
  out.push(u(a, kak.after[0]), u(b, kak.after[1]));
  // Belt and braces: what replaces a block must be that block.
  if (distanceUpToPhase(blockUnitary(out, a, b), unitary) > BLOCK_TOLERANCES.rebuild) return null;
  if (loweredEntanglers(out, family) >= written) return null;
  return out;
}

/** The general route: two as written, only a block that needs one at most can win, and that is quick to rule out. */
function generalKak(unitary: Mat4, family: NativeFamily, written: number): KakDecomposition | null {
  const magic = magicForm(unitary);
  if (written === 2 && !mayNeedAtMostOne(unitary, magic)) return null;
  return kakDecompose(unitary, PREFERRED_AXES[family], magic);
}

/**
 * The pass's choice for each block, in the order blocks close. A walk over a
 * circuit that only counts entanglers records them, and the walk that then
 * emits the same circuit replays them instead of decomposing every block
 * again (lower.ts): the same circuit closes the same blocks in the same order.
 */
export class BlockDecisions {
  private readonly choices: (Step[] | null)[] = [];
  private cursor = 0;
  /** While a gate's lowering is recorded (replay.ts): the choices it takes, in order. */
  taken: (Step[] | null)[] | null = null;

  /** The next block's choice: recorded, or computed and recorded. */
  next(compute: () => Step[] | null): Step[] | null {
    const choice = this.cursor < this.choices.length ? (this.choices[this.cursor] as Step[] | null) : compute();
    if (this.cursor === this.choices.length) this.choices.push(choice);
    this.cursor++;
    this.taken?.push(choice);
    return choice;
  }

  /**
   * Moves past the choices of a gate whose lowering was replayed rather than
   * walked: `choices()` are what walking it would have chosen (asked only when
   * they were not recorded yet), so a later walk that does walk it reads them.
   */
  skip(count: number, choices: () => readonly (Step[] | null)[]): void {
    if (this.cursor + count > this.choices.length)
      this.choices.push(...choices().slice(this.choices.length - this.cursor));
    this.cursor += count;
  }

  /** Replays from the first block. */
  rewind(): void {
    this.cursor = 0;
  }
}

/** Collects blocks between a step producer and `sink`. */
export class TwoQubitBlocks {
  private readonly open = new Map<number, Block>();

  constructor(
    private readonly family: NativeFamily,
    private readonly sink: StepSink,
    private readonly decisions: BlockDecisions = new BlockDecisions(),
  ) {}

  /** The steps of one gate, touching exactly `wires`. */
  gate(wires: readonly number[], steps: readonly Step[], span: Span | undefined): void {
    const item = { steps, span };
    if (wires.length === 1) {
      const block = this.open.get(wires[0] as number);
      if (block) block.items.push(item);
      else this.emit(item);
      return;
    }
    if (wires.length === 2) {
      const [x, y] = wires as [number, number];
      const block = this.open.get(x);
      if (block && block === this.open.get(y)) {
        block.items.push(item);
        return;
      }
      this.close(x);
      this.close(y);
      const opened: Block = { a: x, b: y, items: [item] };
      this.open.set(x, opened).set(y, opened);
      return;
    }
    for (const w of wires) this.close(w);
    this.emit(item);
  }

  /** Ends the block on `qubit`, if any, emitting it. */
  close(qubit: number): void {
    const block = this.open.get(qubit);
    if (!block) return;
    this.open.delete(block.a);
    this.open.delete(block.b);
    let interactions = 0;
    for (const item of block.items) for (const s of item.steps) if (s.kind === 'pp') interactions++;
    // Fewer than two interactions: nothing to gain, skip the arithmetic (and the step list).
    const better =
      interactions < 2
        ? null
        : this.decisions.next(() => {
            const steps = block.items.flatMap((item) => item.steps);
            const written = loweredEntanglers(steps, this.family);
            return written >= 2 ? resynthesised(steps, block.a, block.b, this.family, written) : null;
          });
    if (better) this.emit({ steps: better, span: block.items[0]?.span });
    else for (const item of block.items) this.emit(item);
  }

  closeAll(): void {
    for (const qubit of [...this.open.keys()]) this.close(qubit);
  }

  /** The block open on `qubit`, if any (read only: replay.ts keys on it). */
  openOn(qubit: number): Block | undefined {
    return this.open.get(qubit);
  }

  /** Replaces the blocks open on `wires` with `blocks` (each on two of them): the state a replayed gate leaves. */
  reopen(wires: readonly number[], blocks: readonly Block[]): void {
    for (const w of wires) this.open.delete(w);
    for (const b of blocks) this.open.set(b.a, b).set(b.b, b);
  }

  private emit(item: Item): void {
    for (const s of item.steps) this.sink(s, item.span);
  }
}
