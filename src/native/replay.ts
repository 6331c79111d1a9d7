/**
 * Replaying the lowering of a repeated gate on three or more wires (issue 24,
 * L5): 7,299 lines of `ctrl(7) @ x` lower to a million native gates, but
 * after the first few lines each one does exactly what the line before did on
 * other wires. What a gate's lowering emits depends on its steps, the
 * single-qubit runs pending on the wires it meets, the two-qubit blocks open
 * there (blocks.ts), and the Z frames of those wires (frames.ts). The frames
 * enter only at the end, where a run is synthesised and where an MS phase is
 * made physical, so the lowering is recorded frame-free: each run flushed (as
 * its matrix) and each entangling gate (with its logical phases), on wires
 * numbered by first appearance. A later gate whose steps, pending runs and
 * open blocks read the same under that numbering (the key) replays the
 * record: the same synthesis of the same runs with its own frames, so the
 * output is the same numbers a walk would have produced, without the block
 * pass, the interaction lowering or the commutation search.
 */
import type { Span } from '../diagnostics/index.js';
import { IDENTITY, type Mat2 } from './complex2.js';
import type { Block, BlockDecisions, Item, TwoQubitBlocks } from './blocks.js';
import type { NativeFamily } from './family.js';
import { pp, u, type Step } from './steps.js';

/** What the native emitter did while a gate was lowered, in the logical frame; `S` says where it was in the source. */
type EventOf<S> =
  | { readonly kind: 'flush'; readonly qubit: number; readonly run: Mat2; readonly span: S }
  | {
      readonly kind: 'core';
      readonly name: NativeFamily;
      readonly a: number;
      readonly b: number;
      /** ms: the logical phases; zz: []. */
      readonly phases: readonly number[];
      readonly angle: number;
      readonly span: S;
    };

/** An event as the emitter reports it while recording: real wires, the span itself. */
export type EmitterEvent = EventOf<Span | undefined>;

/** What replay needs of the native emitter (lower.ts). */
export interface ReplayEmitter {
  recording: EmitterEvent[] | null;
  runOf(qubit: number): Mat2;
  setRun(qubit: number, run: Mat2): void;
  /** Synthesises `run` on `qubit` with the qubit's frame, as a flush does. */
  replayFlush(qubit: number, run: Mat2, span: Span | undefined): void;
  /** Emits an entangling gate with logical phases made physical, as a walk does. */
  replayCore(
    name: NativeFamily,
    a: number,
    b: number,
    phases: readonly number[],
    angle: number,
    span: Span | undefined,
  ): void;
}

/** One walk's state a replay reads and leaves. */
export interface ReplayState {
  readonly emitter: ReplayEmitter;
  readonly blocks: TwoQubitBlocks | null;
  readonly decisions: BlockDecisions;
}

/** An event on wires numbered by first appearance, its span an index (0: the gate's own). */
type Recorded = EventOf<number>;

/** An item of a block left open: one that was open before the gate (by position), or a step of the gate. */
type ItemRef = { readonly entry: number } | { readonly step: number };

interface Template {
  readonly events: readonly Recorded[];
  /** Runs left pending, per numbered wire. */
  readonly runs: readonly Mat2[];
  readonly blocks: readonly { readonly a: number; readonly b: number; readonly items: readonly ItemRef[] }[];
  /** The block pass's choices while the gate was walked (numbered wires). */
  readonly choices: readonly (Step[] | null)[];
}

/** Records remembered at once; past it the table starts over (memory bounded by the table, not the program). */
const MAX_TEMPLATES = 1024;

/**
 * The numbers of a matrix or step as key text, remembered per object: a
 * replayed gate leaves the record's own run matrices pending, and the steps
 * of open blocks are the decomposition cache's, so the next key reads the
 * same objects again and spells none of their numbers.
 */
const spelled = new WeakMap<object, string>();

function matrixKey(m: Mat2): string {
  if (m === IDENTITY) return 'I';
  let text = spelled.get(m);
  if (text === undefined) spelled.set(m, (text = m.join(',')));
  return text;
}

function stepKey(s: Step, number: (q: number) => number): string {
  let text = spelled.get(s);
  if (text === undefined)
    spelled.set(
      s,
      (text = s.kind === 'u' ? matrixKey(s.matrix) : `${s.axisA.join(',')};${s.axisB.join(',')};${s.angleRad}`),
    );
  return s.kind === 'u' ? `u${number(s.qubit)}:${text}` : `p${number(s.a)},${number(s.b)}:${text}`;
}

function relabel(steps: readonly Step[], wire: (q: number) => number): Step[] {
  return steps.map((s) =>
    s.kind === 'u' ? u(wire(s.qubit), s.matrix) : pp(wire(s.a), wire(s.b), s.axisA, s.axisB, s.angleRad),
  );
}

class OutsideFootprint extends Error {}

/** The records of one lowering (shared by its counting and emitting walks: records are free of frames and state). */
export class GateReplay {
  private readonly templates = new Map<string, Template>();
  /** Each distinct step list (by content, wires numbered) gets an id; the key names it by id. */
  private readonly stepIds = new Map<string, number>();
  private readonly stepInfo = new WeakMap<
    readonly Step[],
    { readonly id: number; readonly wires: readonly number[] }
  >();
  private lastId = 0;
  /** Gates replayed rather than walked (tests and benchmarks read it). */
  hits = 0;

  private infoOf(steps: readonly Step[]): { readonly id: number; readonly wires: readonly number[] } {
    let info = this.stepInfo.get(steps);
    if (info) return info;
    const wires: number[] = [];
    const index = new Map<number, number>();
    const number = (q: number): number => {
      let i = index.get(q);
      if (i === undefined) index.set(q, (i = wires.push(q) - 1));
      return i;
    };
    const text = steps.map((s) => stepKey(s, number)).join('|');
    let id = this.stepIds.get(text);
    if (id === undefined) {
      if (this.stepIds.size >= MAX_TEMPLATES) this.stepIds.clear();
      // Ids are never reused, so a template keyed by a forgotten list's id can never be read for another list.
      this.stepIds.set(text, (id = ++this.lastId));
    }
    info = { id, wires };
    this.stepInfo.set(steps, info);
    return info;
  }

  /** Lowers one gate's `steps` through `state`: replayed when recorded, else walked by `walk` and recorded. */
  lower(steps: readonly Step[], span: Span | undefined, state: ReplayState, walk: () => void): void {
    const { id, wires } = this.infoOf(steps);
    const footprint = [...wires];
    const number = new Map<number, number>(footprint.map((q, i) => [q, i]));
    const entryBlocks: Block[] = [];
    for (const w of wires) {
      const block = state.blocks?.openOn(w);
      if (!block || entryBlocks.includes(block)) continue;
      entryBlocks.push(block);
      for (const q of [block.a, block.b]) if (!number.has(q)) number.set(q, footprint.push(q) - 1);
    }
    const numbered = (q: number): number => {
      const i = number.get(q);
      if (i === undefined) throw new OutsideFootprint();
      return i;
    };
    const spans: (Span | undefined)[] = [span];
    const spanIndex = (s: Span | undefined): number => {
      const i = spans.indexOf(s);
      return i >= 0 ? i : spans.push(s) - 1;
    };
    const entryItems: Item[] = entryBlocks.flatMap((b) => b.items);
    const key = [
      id,
      footprint.map((q) => matrixKey(state.emitter.runOf(q))).join('/'),
      entryBlocks
        .map(
          (b) =>
            `${numbered(b.a)},${numbered(b.b)}:${b.items.map((it) => `${spanIndex(it.span)}=${it.steps.map((s) => stepKey(s, numbered)).join(';')}`).join('&')}`,
        )
        .join('#'),
    ].join('|');
    const template = this.templates.get(key);
    if (template) {
      this.hits++;
      this.replay(template, steps, footprint, spans, entryItems, state);
      return;
    }
    const recorded = this.record(steps, footprint, numbered, spans, entryItems, state, walk);
    if (recorded === null) return;
    if (this.templates.size >= MAX_TEMPLATES) this.templates.clear();
    this.templates.set(key, recorded);
  }

  private replay(
    t: Template,
    steps: readonly Step[],
    footprint: readonly number[],
    spans: readonly (Span | undefined)[],
    entryItems: readonly Item[],
    state: ReplayState,
  ): void {
    const wire = (i: number) => footprint[i] as number;
    const { emitter } = state;
    for (const e of t.events) {
      if (e.kind === 'flush') emitter.replayFlush(wire(e.qubit), e.run, spans[e.span]);
      else emitter.replayCore(e.name, wire(e.a), wire(e.b), e.phases, e.angle, spans[e.span]);
    }
    t.runs.forEach((run, i) => emitter.setRun(wire(i), run));
    state.blocks?.reopen(
      footprint,
      t.blocks.map((b): Block => ({
        a: wire(b.a),
        b: wire(b.b),
        items: b.items.map((ref) =>
          'entry' in ref ? (entryItems[ref.entry] as Item) : { steps: [steps[ref.step] as Step], span: spans[0] },
        ),
      })),
    );
    state.decisions.skip(t.choices.length, () => t.choices.map((c) => c && relabel(c, wire)));
  }

  /** Walks the gate recording what the emitter does; null when something left the footprint (then nothing is kept). */
  private record(
    steps: readonly Step[],
    footprint: readonly number[],
    numbered: (q: number) => number,
    spans: (Span | undefined)[],
    entryItems: readonly Item[],
    state: ReplayState,
    walk: () => void,
  ): Template | null {
    const { emitter, decisions, blocks } = state;
    const events: EmitterEvent[] = [];
    const choices: (Step[] | null)[] = [];
    emitter.recording = events;
    decisions.taken = choices;
    try {
      walk();
    } finally {
      emitter.recording = null;
      decisions.taken = null;
    }
    const spanIndex = (s: Span | undefined): number => {
      const i = spans.indexOf(s);
      if (i < 0) throw new OutsideFootprint();
      return i;
    };
    const stepIndex = new Map<Step, number>(steps.map((s, i) => [s, i]));
    try {
      const exitBlocks = new Set<Block>();
      for (const q of footprint) {
        const b = blocks?.openOn(q);
        if (b) exitBlocks.add(b);
      }
      return {
        events: events.map((e): Recorded =>
          e.kind === 'flush'
            ? { kind: 'flush', qubit: numbered(e.qubit), run: e.run, span: spanIndex(e.span) }
            : { ...e, a: numbered(e.a), b: numbered(e.b), span: spanIndex(e.span) },
        ),
        runs: footprint.map((q) => emitter.runOf(q)),
        blocks: [...exitBlocks].map((b) => ({
          a: numbered(b.a),
          b: numbered(b.b),
          items: b.items.map((item): ItemRef => {
            const entry = entryItems.indexOf(item);
            if (entry >= 0) return { entry };
            const step =
              item.steps.length === 1 && item.span === spans[0] ? stepIndex.get(item.steps[0] as Step) : undefined;
            if (step === undefined) throw new OutsideFootprint();
            return { step };
          }),
        })),
        choices: choices.map((c) => c && relabel(c, numbered)),
      };
    } catch (error) {
      if (error instanceof OutsideFootprint) return null;
      throw error;
    }
  }
}
