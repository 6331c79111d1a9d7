/**
 * Statements kept as their offsets and rebuilt when read.
 *
 * A million-statement program of plain gate calls would otherwise hold about
 * ten objects per statement (the call, its name, each operand's identifier,
 * index list and literal, their spans): about 1 KB each, 1 GB in all. The
 * parser's fast path recognises such a statement (a gate call, a measurement,
 * a reset, a barrier) and stores only a deferred node (three fields); its
 * children are rebuilt by re-reading the statement's text on access. The
 * rebuilder keeps the last statement it rebuilt, so the usual pattern (read
 * `name`, then `args`, then `qubits` of one call) rebuilds it once.
 *
 * Each class satisfies its node's contract member for member. Two
 * differences from a plain node, both documented on `Program`: children are
 * equal by content, not always by identity, across accesses to different
 * statements; and the members are accessors, so `Object.keys` and spreading
 * see none of them (`toJSON` gives the plain node; `stripSpans` uses it).
 */
import type { Span } from '../diagnostics/index.js';
import type * as N from './nodes.js';
import { NO_ANNOTATIONS } from './nodes.js';

/** The statement kinds the parser may defer. */
export type DeferrableStatement = N.GateCall | N.MeasureStatement | N.Assignment | N.Barrier | N.Reset;

/** What a deferred statement needs from the parser: its span, and the node rebuilt from the text. */
export interface StatementRebuilder {
  span(start: number, end: number): Span;
  /**
   * The plain statement whose text starts at `start` (it was recognised
   * there before). The rebuilder keeps at least the last one it built.
   */
  rebuild(start: number): DeferrableStatement;
}

/** The offsets, span, annotations and plain form shared by every deferred statement. */
export abstract class DeferredStatement<T extends DeferrableStatement> {
  readonly #rebuilder: StatementRebuilder;
  readonly #start: number;
  readonly #end: number;

  constructor(rebuilder: StatementRebuilder, start: number, end: number) {
    this.#rebuilder = rebuilder;
    this.#start = start;
    this.#end = end;
  }

  get span(): Span {
    return this.#rebuilder.span(this.#start, this.#end);
  }
  /** The fast path reads no annotated statement. */
  get annotations(): readonly N.Annotation[] {
    return NO_ANNOTATIONS;
  }

  /** The plain node, as the general parser would have built it. */
  toJSON(): T {
    return this.rebuilt();
  }

  /** What `console.log` and `util.inspect` show: the plain node. */
  [Symbol.for('nodejs.util.inspect.custom')](): T {
    return this.rebuilt();
  }

  protected rebuilt(): T {
    return this.#rebuilder.rebuild(this.#start) as T;
  }
}

/** A gate call without designator or annotations. */
export class DeferredGateCall extends DeferredStatement<N.GateCall> implements N.GateCall {
  get kind(): 'GateCall' {
    return 'GateCall';
  }
  get designator(): null {
    return null;
  }
  get modifiers(): readonly N.GateModifier[] {
    return this.rebuilt().modifiers;
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
}

/** `measure q[0];` or `measure q[0] -> c[0];`. */
export class DeferredMeasureStatement extends DeferredStatement<N.MeasureStatement> implements N.MeasureStatement {
  get kind(): 'MeasureStatement' {
    return 'MeasureStatement';
  }
  get measure(): N.MeasureExpression {
    return this.rebuilt().measure;
  }
  get target(): N.IndexedIdentifier | null {
    return this.rebuilt().target;
  }
}

/** `c[0] = measure q[0];`. */
export class DeferredAssignment extends DeferredStatement<N.Assignment> implements N.Assignment {
  get kind(): 'Assignment' {
    return 'Assignment';
  }
  get target(): N.IndexedIdentifier {
    return this.rebuilt().target;
  }
  get op(): N.AssignmentOperator {
    return this.rebuilt().op;
  }
  get value(): N.Assignment['value'] {
    return this.rebuilt().value;
  }
}

/** `barrier q[0], q[1];`. */
export class DeferredBarrier extends DeferredStatement<N.Barrier> implements N.Barrier {
  get kind(): 'Barrier' {
    return 'Barrier';
  }
  get operands(): readonly N.GateOperand[] {
    return this.rebuilt().operands;
  }
}

/** `reset q[0];`. */
export class DeferredReset extends DeferredStatement<N.Reset> implements N.Reset {
  get kind(): 'Reset' {
    return 'Reset';
  }
  get operand(): N.GateOperand {
    return this.rebuilt().operand;
  }
}

type DeferredClass = new (rebuilder: StatementRebuilder, start: number, end: number) => DeferrableStatement;

/** The deferred class for each statement kind the fast path reads. */
export const DEFERRED_CLASSES: Readonly<Record<DeferrableStatement['kind'], DeferredClass>> = Object.freeze({
  GateCall: DeferredGateCall,
  MeasureStatement: DeferredMeasureStatement,
  Assignment: DeferredAssignment,
  Barrier: DeferredBarrier,
  Reset: DeferredReset,
});

/** True for a node stored as offsets (its members are accessors). */
export function isDeferred(value: unknown): value is DeferredStatement<DeferrableStatement> {
  return value instanceof DeferredStatement;
}
