/**
 * Native lowering driver: QIS gates become steps (decompose.ts), steps
 * become pulses and entangling gates. Single-qubit steps collect in per-qubit
 * runs (fuse.ts) that are synthesised only when an entangling gate, a
 * measurement, a reset, a barrier or the end needs the qubit; Z rotations
 * end up in frames (frames.ts) and cost nothing. With `optimize`, what
 * commutes with the next entangling gate goes past it into the next run: a
 * rotation about an MS phase axis (leaving at most one pulse before the MS),
 * or a whole bit flip through a ZZ (negating its angle), and runs of gates on
 * one pair of qubits are resynthesised when that needs fewer entangling
 * gates (blocks.ts). With `maxQubits`, the circuit may grow by one wire that
 * multi-controlled gates borrow.
 */
import type { Span } from '../diagnostics/index.js';
import type { IrCircuit, IrGate, IrNativeGate, IrOp } from '../ir/types.js';
import { normalizeTurns } from './angles.js';
import { decomposeContext, decomposeGate, decomposeNative } from './decompose.js';
import { DecomposeCache } from './decompose-cache.js';
import type { NativeFamily } from './family.js';
import { FrameTracker } from './frames.js';
import { NativeGateLimitError } from './gate-limit.js';
import { PendingRuns, splitBeforeMs, synthesize, withFrame } from './fuse.js';
import { abs, IDENTITY, type Mat2 } from './complex2.js';
import { BlockDecisions, TwoQubitBlocks } from './blocks.js';
import { FUSION_SNAP } from './tolerances.js';
import { interactionEntanglers, lowerInteraction, type CoreGate } from './interaction.js';
import { entanglingCount } from './single-controlled.js';
import type { Step } from './steps.js';
import { GateReplay, type EmitterEvent, type ReplayEmitter } from './replay.js';
import { runPassesBothWays, type PassSwitches } from './passes/index.js';
import { orientations, orientedSteps, type Orientation } from './passes/toffoli-orientation.js';

export interface NativeLoweringOptions {
  /** Fuse single-qubit runs across gates and resynthesise two-qubit blocks (default true). When false, each QIS gate is synthesised on its own. */
  readonly optimize?: boolean;
  /**
   * The two-qubit block pass alone (default: `optimize`): a run of gates on
   * the same two qubits becomes one entangling gate per nonzero coefficient
   * of its canonical (KAK) decomposition, when that is fewer than the gates
   * as written need. Never more entangling gates than without it.
   */
  readonly twoQubitBlocks?: boolean;
  /**
   * Qubits the target has (default: the circuit's own, so never widen). When
   * a multi-controlled gate spans every qubit of the circuit and a wire
   * beyond them makes it cheaper (a linear construction instead of the
   * quadratic one), the lowered circuit gets one more qubit, at the highest
   * index. That wire is borrowed: every construction returns it to its state
   * exactly, so it starts and ends in |0>, and the lowered unitary is the
   * source's tensored with the identity on it. Only a program that fills the
   * whole target keeps the quadratic construction for such gates.
   */
  readonly maxQubits?: number;
  /**
   * Circuit passes run before lowering when `optimize` is on (passes/index.ts):
   * each is on unless named here with false.
   */
  readonly passes?: PassSwitches;
  /** Most operations the lowered circuit may hold; past it lowering throws NativeGateLimitError (gate-limit.ts). */
  readonly maxOps?: number;
}

export interface NativeLowering {
  /**
   * The same circuit with every gate replaced by gpi, gpi2 and ms or zz; its
   * `qubits` may exceed the source's by one borrowed wire (see `maxQubits`),
   * which no register covers.
   */
  readonly circuit: IrCircuit;
  /**
   * Frames (turns) left on each qubit at the end: the lowered circuit followed by
   * Rz(2π frame) on each qubit equals the source up to global phase. Dropped on
   * hardware, since they commute with Z-basis measurement.
   */
  readonly finalFrames: readonly number[];
}

/** Where a walk over the circuit sends what it lowers: the native emitter, or a counter of entanglers. */
interface LoweringSink {
  step(step: Step, span: Span | undefined): void;
  flush(qubit: number, span: Span | undefined): void;
  flushAll(qubits: number, span?: Span): void;
  push(op: IrOp, span: Span | undefined): void;
  clearFrame(qubit: number): void;
}

/** Counts the entangling gates a walk would emit (one per core gate of each interaction step, as NativeEmitter emits them), building nothing. */
class EntanglerCounter implements LoweringSink {
  count = 0;

  constructor(private readonly family: NativeFamily) {}

  step(step: Step): void {
    if (step.kind === 'pp') this.count += interactionEntanglers(step, this.family);
  }

  flush(): void {}
  flushAll(): void {}
  push(): void {}
  clearFrame(): void {}
}

/** One-qubit target lists, shared as the pairs are. */
const SINGLES: (readonly [number])[] = [];
const single = (q: number): readonly [number] => (SINGLES[q] ??= [q]);

/** Native gate pairs' target lists, shared: the IR is read only, and a million gates name the same few pairs. */
const PAIRS = new Map<number, readonly [number, number]>();
function pair(a: number, b: number): readonly [number, number] {
  const key = a * 65536 + b;
  let targets = PAIRS.get(key);
  if (targets === undefined) PAIRS.set(key, (targets = [a, b]));
  return targets;
}

/**
 * Emits native gates, or (`store` false) only counts them: the counting walk
 * does every step of the emitting one, so its count is exact, and it throws
 * NativeGateLimitError at the gate that passes `maxOps` before any is built.
 */
class NativeEmitter implements LoweringSink, ReplayEmitter {
  readonly ops: IrOp[] = [];
  /** Native operations emitted (or counted) so far. */
  count = 0;
  recording: EmitterEvent[] | null = null;
  /** The `ms`/`zz` gates emitted (or counted) so far. */
  entanglers = 0;
  private readonly runs: PendingRuns;
  private readonly frames: FrameTracker;

  constructor(
    qubits: number,
    private readonly family: NativeFamily,
    private readonly optimize: boolean,
    private readonly maxOps = Infinity,
    private readonly store = true,
  ) {
    this.runs = new PendingRuns(qubits);
    this.frames = new FrameTracker(qubits);
  }

  step(step: Step, span: Span | undefined): void {
    if (step.kind === 'u') {
      this.runs.apply(step.qubit, step.matrix);
      return;
    }
    for (const item of lowerInteraction(step, this.family)) {
      if (item.kind === 'u') this.runs.apply(item.qubit, item.matrix);
      else this.entangle(item, span);
    }
  }

  private entangle(core: CoreGate, span: Span | undefined): void {
    const [a, b] = core.targets;
    const moved = !this.optimize
      ? []
      : core.name === 'ms'
        ? [this.splitRun(a, core.phases[0] as number), this.splitRun(b, core.phases[1] as number)]
        : [this.flipRun(a), this.flipRun(b)];
    // Each run moved past a ZZ was a bit flip, which negates its angle (S3f).
    const flips = core.name === 'zz' ? moved.filter((m) => m !== IDENTITY).length : 0;
    this.flush(a, span);
    this.flush(b, span);
    this.replayCore(core.name, a, b, core.phases, flips % 2 === 1 ? -core.angleTurns : core.angleTurns, span);
    moved.forEach((m, i) => this.runs.apply(core.targets[i] as number, m));
  }

  /** An entangling gate whose runs are flushed, its MS phases given in the logical frame. */
  replayCore(
    name: NativeFamily,
    a: number,
    b: number,
    phases: readonly number[],
    angle: number,
    span: Span | undefined,
  ): void {
    this.recording?.push({ kind: 'core', name, a, b, phases, angle, span });
    this.entanglers++;
    const physical =
      name === 'ms' ? [this.frames.physical(a, phases[0] as number), this.frames.physical(b, phases[1] as number)] : [];
    this.native(name, pair(a, b), physical, angle, span);
  }

  /** Keeps in the run of `qubit` only what cannot commute past an MS of phase `phaseTurns`; returns the rest. */
  private splitRun(qubit: number, phaseTurns: number): Mat2 {
    const { before, moved } = splitBeforeMs(this.runs.peek(qubit), phaseTurns);
    this.runs.replace(qubit, before);
    return moved;
  }

  /**
   * A run that flips the bit (anti-diagonal: X times a diagonal) moves past a
   * ZZ whole, negating its angle, and costs nothing before it; returns it, or
   * IDENTITY when the run stays.
   */
  private flipRun(qubit: number): Mat2 {
    const run = this.runs.peek(qubit);
    if (!isBitFlip(run)) return IDENTITY;
    this.runs.replace(qubit, IDENTITY);
    return run;
  }

  /** Emits the pending run of `qubit` as at most two pulses. */
  flush(qubit: number, span: Span | undefined): void {
    const run = this.runs.peek(qubit);
    this.runs.replace(qubit, IDENTITY);
    this.replayFlush(qubit, run, span);
  }

  /** Synthesises `run` (logical frame) after the frame of `qubit`, and leaves the new frame. */
  replayFlush(qubit: number, run: Mat2, span: Span | undefined): void {
    this.recording?.push({ kind: 'flush', qubit, run, span });
    const { pulses, frameTurns } = synthesize(withFrame(run, this.frames.get(qubit)));
    for (const p of pulses) this.native(p.name, single(qubit), [normalizeTurns(p.phaseTurns)], null, span);
    this.frames.set(qubit, frameTurns);
  }

  runOf(qubit: number): Mat2 {
    return this.runs.peek(qubit);
  }

  setRun(qubit: number, run: Mat2): void {
    this.runs.replace(qubit, run);
  }

  flushAll(qubits: number, span?: Span): void {
    for (let q = 0; q < qubits; q++) this.flush(q, span);
  }

  clearFrame(qubit: number): void {
    this.frames.clear(qubit);
  }

  finalFrames(): readonly number[] {
    return this.frames.snapshot();
  }

  /** A native gate, built once with its span (a million of them: no copy, no spread, which takes 2.4 times the room). */
  private native(
    name: IrNativeGate['name'],
    targets: readonly number[],
    phases: readonly number[],
    angle: number | null,
    span: Span | undefined,
  ): void {
    this.admit(span);
    if (this.store)
      this.ops.push(
        span
          ? { kind: 'native', name, targets, phases, angle, span }
          : { kind: 'native', name, targets, phases, angle },
      );
  }

  push(op: IrOp, span: Span | undefined): void {
    this.admit(span ?? op.span);
    if (this.store) this.ops.push(span ? { ...op, span } : op);
  }

  /** Counts one more operation, refusing the one past `maxOps`. */
  private admit(span: Span | undefined): void {
    if (this.count >= this.maxOps) throw new NativeGateLimitError(this.maxOps, span, this.ops.length);
    this.count++;
  }
}

const isBitFlip = (m: Mat2): boolean => abs(m, 0, 0) < FUSION_SNAP && abs(m, 1, 1) < FUSION_SNAP;

/** Each shared step list's wires, once: the walks ask for them at every op, and the lists repeat (decompose-cache.ts). */
const TOUCHED = new WeakMap<readonly Step[], ReadonlySet<number>>();

function touched(steps: readonly Step[]): ReadonlySet<number> {
  let qubits = TOUCHED.get(steps);
  if (qubits) return qubits;
  const found = new Set<number>();
  for (const s of steps) {
    if (s.kind === 'u') found.add(s.qubit);
    else found.add(s.a).add(s.b);
  }
  TOUCHED.set(steps, (qubits = found));
  return qubits;
}

/**
 * The width to lower on: the circuit's, or one more when the target has room
 * and some gate spanning the whole circuit costs fewer entangling gates with
 * a wire to borrow. Costs depend only on the gate's shape, so each shape is
 * decomposed once per width.
 */
function loweredWidth(circuit: IrCircuit, family: NativeFamily, maxQubits: number | undefined): number {
  const width = circuit.qubits;
  if (maxQubits === undefined || maxQubits <= width) return width;
  const narrow = decomposeContext(family, width);
  const wide = decomposeContext(family, width + 1);
  const seen = new Set<string>();
  for (const op of circuit.ops) {
    if (op.kind !== 'gate' || op.controls.length < 2 || op.controls.length + op.targets.length < width) continue;
    const shape = `${op.name}/${op.controls.length}/${op.rotation}`;
    if (seen.has(shape)) continue;
    seen.add(shape);
    if (entanglingCount(decomposeGate(op, wide)) < entanglingCount(decomposeGate(op, narrow))) return width + 1;
  }
  return width;
}

/**
 * Lowers a circuit of QIS gates (native gates pass through) to the native
 * gates of `family`: `ms` (Harmony, Aria, the default simulator) or `zz` (Forte).
 */
export function lowerToNative(
  source: IrCircuit,
  family: NativeFamily,
  options: NativeLoweringOptions = {},
): NativeLowering {
  if (!(options.optimize ?? true)) return emit(prepare(source, family, options), family, options);
  const { plain, folded, unplaced, networked } = runPassesBothWays(source, options.passes);
  if (folded === null && networked === null) return emit(prepare(plain, family, options), family, options);
  const unfolded = prepare(plain, family, options, new Map());
  // Folding pays on most Toffoli circuits, not on all: keep the fewer entanglers (passes/phase-fold.ts).
  // Both are counted first and only the better is emitted; the emitting walk replays its counting walk's block
  // choices and decompositions, and the folded circuit reuses the plain one's for the ops the fold left alone.
  const withFold = prepare(folded ?? (networked as IrCircuit), family, options, unfolded.byOp, unfolded);
  // The fold without the terms term-placement moved, when it moved some: its price model cannot see lowering.
  const alternatives = [unfolded];
  if (unplaced !== null) alternatives.push(prepare(unplaced, family, options, unfolded.byOp, unfolded));
  // Parity-network triangles (passes/parity-network.ts), also only where lowering counts them fewer.
  if (folded !== null && networked !== null)
    alternatives.push(prepare(networked, family, options, unfolded.byOp, unfolded));
  const fewest = (candidates: readonly Prepared[]): { prepared: Prepared; entanglers: number } => {
    let best = { prepared: candidates[0] as Prepared, entanglers: Infinity };
    for (const prepared of candidates) {
      const entanglers = count(prepared, family);
      if (entanglers < best.entanglers) best = { prepared, entanglers };
    }
    return best;
  };
  // The folded circuit usually wins, so it is emitted at once (its entanglers counted from what it emits) and only
  // the others are walked by the counter; one of those is emitted, replaying its count, only when it wins.
  let emitted: { lowering: NativeLowering; entanglers: number } | null = null;
  try {
    emitted = emitCounted(withFold, family, options);
  } catch (error) {
    if (!(error instanceof NativeGateLimitError)) throw error;
  }
  if (emitted === null) {
    // Past maxOps: decide by the counts alone, as if nothing had been emitted.
    withFold.decisions.rewind();
    const other = fewest(alternatives);
    return emit(count(withFold, family) < other.entanglers ? withFold : other.prepared, family, options);
  }
  const other = fewest(alternatives);
  return emitted.entanglers < other.entanglers ? emitted.lowering : emit(other.prepared, family, options);
}

/** A circuit ready to walk: its lowered width, decompositions, Toffoli orientations, and the block pass's choices once made. */
interface Prepared {
  readonly circuit: IrCircuit;
  readonly width: number;
  readonly decomposed: DecomposeCache;
  readonly oriented: ReadonlyMap<number, Orientation>;
  /** Two-qubit blocks on (`twoQubitBlocks`, default `optimize`), and gates on three or more wires fed to them step by step. */
  readonly blocks: boolean;
  readonly stepwise: boolean;
  readonly decisions: BlockDecisions;
  /** Each op's steps once decomposed (the emitting walk reuses the counting walk's), by op index; null as byOp. */
  readonly stepsAt: (readonly Step[] | undefined)[] | null;
  /**
   * Steps of unoriented gates by the op itself, shared by the plain and
   * folded circuits (most ops are the same objects in both); null when one
   * circuit is walked once, so memory stays bounded by DecomposeCache's table.
   */
  readonly byOp: Map<IrOp, readonly Step[]> | null;
}

/** `circuit`: the source after the passes, or the source itself without `optimize`. */
function prepare(
  circuit: IrCircuit,
  family: NativeFamily,
  options: NativeLoweringOptions,
  byOp: Map<IrOp, readonly Step[]> | null = null,
  sibling?: Prepared,
): Prepared {
  const optimize = options.optimize ?? true;
  const width = loweredWidth(circuit, family, options.maxQubits);
  // The sibling's decompositions hold only at its width (a borrowed wire changes them).
  const shared = sibling === undefined || sibling.width === width ? sibling : undefined;
  const decomposed = shared?.decomposed ?? new DecomposeCache(decomposeContext(family, width));
  const blocks = options.twoQubitBlocks ?? optimize;
  // Toffoli orientation, and gates on three or more wires fed to the block pass step by step (passes/toffoli-orientation.ts).
  const stepwise = optimize && options.passes?.['toffoli-orientation'] !== false;
  const oriented = stepwise ? orientations(circuit) : new Map<number, Orientation>();
  return {
    circuit,
    width,
    decomposed,
    oriented,
    blocks,
    stepwise,
    decisions: new BlockDecisions(),
    stepsAt: byOp === null ? null : [],
    byOp: sibling === undefined || shared !== undefined ? byOp : new Map(),
  };
}

/** The entangling gates `prepared` lowers to. */
function count(prepared: Prepared, family: NativeFamily): number {
  const counter = new EntanglerCounter(family);
  walk(prepared, family, true, counter);
  return counter.count;
}

function emit(prepared: Prepared, family: NativeFamily, options: NativeLoweringOptions): NativeLowering {
  return emitCounted(prepared, family, options).lowering;
}

/**
 * Emits `prepared` (replaying its block choices when a count made them), with
 * the entangling gates emitted, within `options.maxOps`. When the circuit
 * could pass it, a walk that only counts goes first (the same walk, so the
 * same count) and refuses at the gate that passes it, before any native gate
 * is built; then the emitting walk replays what the counting one recorded
 * (replay.ts).
 */
function emitCounted(
  prepared: Prepared,
  family: NativeFamily,
  options: NativeLoweringOptions,
): { lowering: NativeLowering; entanglers: number } {
  const optimize = options.optimize ?? true;
  const maxOps = options.maxOps ?? Infinity;
  const replay = new GateReplay();
  if (opsAtMost(prepared, optimize) > maxOps) {
    const counter = new NativeEmitter(prepared.width, family, optimize, maxOps, false);
    prepared.decisions.rewind();
    walk(prepared, family, optimize, counter, { cache: replay, emitter: counter });
  }
  const emitter = new NativeEmitter(prepared.width, family, optimize, maxOps);
  prepared.decisions.rewind();
  walk(prepared, family, optimize, emitter, { cache: replay, emitter });
  const circuit = prepared.circuit;
  return {
    lowering: { circuit: { ...circuit, qubits: prepared.width, ops: emitter.ops }, finalFrames: emitter.finalFrames() },
    entanglers: emitter.entanglers,
  };
}

/**
 * Native operations `prepared` lowers to at most, without walking it: an
 * interaction step becomes at most one entangling gate (the block pass only
 * ever replaces a block by fewer), each flushing the runs of its two wires
 * first; a flush is at most two pulses; unoptimised, every gate flushes its
 * wires; a measurement or reset flushes one, a barrier and the end all.
 */
function opsAtMost(prepared: Prepared, optimize: boolean): number {
  const { circuit, width } = prepared;
  let ops = 2 * width;
  const all = circuit.ops;
  for (let index = 0; index < all.length; index++) {
    const op = all[index] as IrOp;
    if (op.kind === 'gate' || op.kind === 'native') {
      const steps = prepared.stepsAt
        ? (prepared.stepsAt[index] ??= stepsOf(prepared, op, index))
        : stepsOf(prepared, op, index);
      for (const s of steps) if (s.kind === 'pp') ops += 5;
      if (!optimize) ops += 2 * touched(steps).size;
    } else ops += op.kind === 'barrier' ? 1 + 2 * width : 3;
  }
  return ops;
}

function stepsOf(prepared: Prepared, op: IrGate | IrNativeGate, index: number): readonly Step[] {
  if (op.kind === 'native') return decomposeNative(op);
  const orientation = prepared.oriented.get(index);
  if (orientation) return orientedSteps(op, orientation, prepared.decomposed.ctx);
  if (prepared.byOp === null) return prepared.decomposed.steps(op);
  let steps = prepared.byOp.get(op);
  if (steps === undefined) prepared.byOp.set(op, (steps = prepared.decomposed.steps(op)));
  return steps;
}

/** The wires of one step, as shared lists (the block pass reads them; a walk meets tens of thousands of steps). */
const stepWires = (s: Step): readonly number[] => (s.kind === 'u' ? single(s.qubit) : pair(s.a, s.b));

/** Feeds one gate's steps on `wires` to the block pass, or straight to `sink` without it. */
function lowerGate(
  steps: readonly Step[],
  wires: ReadonlySet<number>,
  span: Span | undefined,
  blocks: TwoQubitBlocks | null,
  stepwise: boolean,
  optimize: boolean,
  sink: LoweringSink,
): void {
  // A gate on three or more wires goes in step by step, so its two-qubit parts join blocks with their neighbours.
  if (blocks && stepwise && wires.size > 2) for (const s of steps) blocks.gate(stepWires(s), [s], span);
  else if (blocks) blocks.gate([...wires], steps, span);
  else for (const s of steps) sink.step(s, span);
  if (!optimize) for (const q of wires) sink.flush(q, span);
}

/**
 * Feeds `prepared`'s gates, through the block pass when it is on, to `sink`;
 * with `replay`, gates on three or more wires go through its records.
 */
function walk(
  prepared: Prepared,
  family: NativeFamily,
  optimize: boolean,
  sink: LoweringSink,
  replay?: { readonly cache: GateReplay; readonly emitter: NativeEmitter },
): void {
  const { circuit, width, stepwise } = prepared;
  const blocks = prepared.blocks
    ? new TwoQubitBlocks(family, (s, span) => sink.step(s, span), prepared.decisions)
    : null;
  const all = circuit.ops;
  for (let index = 0; index < all.length; index++) {
    const op = all[index] as IrOp;
    switch (op.kind) {
      case 'gate':
      case 'native': {
        const steps = prepared.stepsAt
          ? (prepared.stepsAt[index] ??= stepsOf(prepared, op, index))
          : stepsOf(prepared, op, index);
        const wires = touched(steps);
        if (replay && wires.size > 2)
          replay.cache.lower(steps, op.span, { emitter: replay.emitter, blocks, decisions: prepared.decisions }, () =>
            lowerGate(steps, wires, op.span, blocks, stepwise, optimize, sink),
          );
        else lowerGate(steps, wires, op.span, blocks, stepwise, optimize, sink);
        break;
      }
      case 'measure':
        blocks?.close(op.qubit);
        sink.flush(op.qubit, op.span);
        sink.push(op, undefined);
        break;
      case 'reset':
        blocks?.close(op.qubit);
        sink.flush(op.qubit, op.span);
        sink.push(op, undefined);
        sink.clearFrame(op.qubit);
        break;
      case 'barrier':
        blocks?.closeAll();
        sink.flushAll(width, op.span);
        sink.push(op, undefined);
        break;
      default: {
        const never: never = op;
        return never;
      }
    }
  }
  blocks?.closeAll();
  sink.flushAll(width);
}
