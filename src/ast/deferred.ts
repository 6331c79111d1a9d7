/**
 * A gate call kept as its offsets and rebuilt when read.
 *
 * A million-statement program of plain gate calls would otherwise hold about
 * ten objects per statement (the call, its name, each operand's identifier,
 * index list and literal, their spans): about 1 KB each, 1 GB in all. The
 * parser's fast path recognises such a statement and stores only this object
 * (three fields); its children are rebuilt by re-reading the statement's text
 * on access. The rebuilder keeps the last call it rebuilt, so the usual
 * pattern (read `name`, then `args`, then `qubits` of one statement) rebuilds
 * it once.
 *
 * It satisfies the {@link GateCall} contract member for member. Two
 * differences from a plain node, both documented on `Program`: children are
 * equal by content, not always by identity, across accesses to different
 * statements; and the members are accessors, so `Object.keys` and spreading
 * see none of them (`toJSON` gives the plain node; `stripSpans` uses it).
 */
import type { Span } from '../diagnostics/index.js';
import type * as N from './nodes.js';
import { NO_ANNOTATIONS } from './nodes.js';

/** What a deferred gate call needs from the parser: its span, and the node rebuilt from the text. */
export interface GateCallRebuilder {
  span(start: number, end: number): Span;
  /**
   * The plain gate call whose text starts at `start` (it was recognised
   * there before). The rebuilder keeps at least the last one it built.
   */
  rebuild(start: number): N.GateCall;
}

/** A gate call without designator or annotations, stored as its offsets. */
export class DeferredGateCall implements N.GateCall {
  readonly #rebuilder: GateCallRebuilder;
  readonly #start: number;
  readonly #end: number;

  constructor(rebuilder: GateCallRebuilder, start: number, end: number) {
    this.#rebuilder = rebuilder;
    this.#start = start;
    this.#end = end;
  }

  get kind(): 'GateCall' {
    return 'GateCall';
  }
  get span(): Span {
    return this.#rebuilder.span(this.#start, this.#end);
  }
  get modifiers(): readonly N.GateModifier[] {
    return this.rebuilt().modifiers;
  }
  get designator(): null {
    return null;
  }
  get annotations(): readonly N.Annotation[] {
    return NO_ANNOTATIONS;
  }
  get name(): N.Identifier {
    return this.rebuilt().name;
  }
  get args(): readonly N.Expression[] | null {
    return this.rebuilt().args;
  }
  get qubits(): readonly N.GateOperand[] {
    return this.rebuilt().qubits;
  }

  /** The plain node, as the general parser would have built it. */
  toJSON(): N.GateCall {
    return this.rebuilt();
  }

  /** What `console.log` and `util.inspect` show: the plain node. */
  [Symbol.for('nodejs.util.inspect.custom')](): N.GateCall {
    return this.rebuilt();
  }

  private rebuilt(): N.GateCall {
    return this.#rebuilder.rebuild(this.#start);
  }
}
