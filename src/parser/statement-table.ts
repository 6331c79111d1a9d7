/**
 * The statement table: what the fast path read of each plain gate call, in
 * typed arrays, so that `validate` judges and inlines a million `h q[3];`
 * without building (or rebuilding) a node for any of them (issue 27).
 *
 * A row is a gate call with no modifier, arguments that are constants the
 * parser could fold (decimal literals, `pi`, prefix `-`, `*`, `/` and
 * parentheses; no division by zero, every step finite) and operands that
 * are each a name with one decimal index (`q[3]`). The row holds the gate's
 * name, the argument values, the operands' names and indices, the index of
 * its statement in the program and the statement's offsets. A row has no
 * node: `program.statements` of a program with a table is built (rows as
 * deferred nodes) the first time it is read, and preflight never reads it,
 * walking rows and {@link StatementTable.others} instead. Any other statement
 * has no row; its node is kept in `others`.
 *
 * Values are folded in the order the AST evaluator (inline/const-eval.ts)
 * folds the node the general parser builds, `* /` left to right with
 * prefixes binding tighter, so a row's values equal the evaluator's.
 */
import type { OperandWithPrefixes } from '../ast/build.js';
import { DeferredGateCall, type StatementRebuilder } from '../ast/deferred.js';
import type * as N from '../ast/nodes.js';

/** The largest index a row keeps; a larger one is the node's to judge. */
const MAX_ROW_INDEX = 0x7fff_ffff;

/** `array`, or a copy at least twice as long when it holds fewer than `needed` (growable typed-array rows). */
export function grownInt(array: Int32Array, needed: number): Int32Array {
  if (needed <= array.length) return array;
  const next = new Int32Array(Math.max(needed, array.length * 2));
  next.set(array);
  return next;
}
export function grownFloat(array: Float64Array, needed: number): Float64Array {
  if (needed <= array.length) return array;
  const next = new Float64Array(Math.max(needed, array.length * 2));
  next.set(array);
  return next;
}

/**
 * Rows to make room for at first in a text of `textLength` characters: one a
 * statement of 8 characters (`h q[0];` and a line end), at most 4M. Growing
 * copies every array; room never written costs no memory (the pages of a
 * large typed array are mapped on first write), so guessing high is cheap.
 */
export function initialRows(textLength: number): number {
  return Math.min(Math.max(1024, Math.ceil(textLength / 8)), 1 << 22);
}

/** Plain gate calls of one program, by row (see the file header). */
export class StatementTable {
  /** Rows recorded. */
  length = 0;
  /** The statement's index in `program.statements`, by row (increasing). */
  private statementIndex: Int32Array;
  /** The gate name's id in {@link names}, by row. */
  private gateName: Int32Array;
  /** Where each row's arguments start in {@link argValues}; the row after it says where they end. */
  private argStart: Int32Array;
  private operandStart: Int32Array;
  private argValues: Float64Array;
  private operandName: Int32Array;
  private operandIndex: Int32Array;
  /** The statement's start and end offsets, by row. */
  private startOffset: Int32Array;
  private endOffset: Int32Array;
  /** The statements without a row, in order (set by {@link attach}). */
  others: readonly N.Statement[] = [];
  private rebuilder: StatementRebuilder | null = null;
  /** Nodes built for single rows before the whole list was (rules that judge a row's node). */
  private readonly rowNodes = new Map<number, N.GateCall>();
  private all: N.Statement[] | null = null;
  /** Names (gates and registers) by id. */
  readonly names: string[] = [];
  private readonly nameIds = new Map<string, number>();

  /** @param rows Rows to make room for at first (see {@link initialRows}). */
  constructor(rows = 1024) {
    this.statementIndex = new Int32Array(rows + 1);
    this.gateName = new Int32Array(rows + 1);
    this.argStart = new Int32Array(rows + 1);
    this.operandStart = new Int32Array(rows + 1);
    this.startOffset = new Int32Array(rows + 1);
    this.endOffset = new Int32Array(rows + 1);
    this.argValues = new Float64Array(rows);
    this.operandName = new Int32Array(2 * rows);
    this.operandIndex = new Int32Array(2 * rows);
  }

  /** The statement index of `row`. */
  statementOf(row: number): number {
    return this.statementIndex[row] as number;
  }
  /** The id in {@link names} of the gate name of `row`. */
  gateIdOf(row: number): number {
    return this.gateName[row] as number;
  }
  /** The id in {@link names} of the register name of operand `i` of `row`. */
  operandNameIdOf(row: number, i: number): number {
    return this.operandName[(this.operandStart[row] as number) + i] as number;
  }
  /** The gate name of `row`. */
  gateOf(row: number): string {
    return this.names[this.gateName[row] as number] as string;
  }
  argCount(row: number): number {
    return (this.argStart[row + 1] as number) - (this.argStart[row] as number);
  }
  /** Argument `i` of `row`, in radians. */
  arg(row: number, i: number): number {
    return this.argValues[(this.argStart[row] as number) + i] as number;
  }
  operandCount(row: number): number {
    return (this.operandStart[row + 1] as number) - (this.operandStart[row] as number);
  }
  /** The register name of operand `i` of `row`. */
  operandNameOf(row: number, i: number): string {
    return this.names[this.operandName[(this.operandStart[row] as number) + i] as number] as string;
  }
  /** The index written in operand `i` of `row`. */
  operandIndexOf(row: number, i: number): number {
    return this.operandIndex[(this.operandStart[row] as number) + i] as number;
  }

  /** The number of statements, with and without rows. */
  get statementCount(): number {
    return this.length + this.others.length;
  }

  /** Done parsing: the statements without a row, and the reader that builds a row's node from the text. */
  attach(others: readonly N.Statement[], rebuilder: StatementRebuilder): void {
    this.others = others;
    this.rebuilder = rebuilder;
  }

  /** The node of `row`'s statement (a deferred gate call; the same one each time, and in {@link statements}). */
  nodeOf(row: number): N.GateCall {
    if (this.all !== null) return this.all[this.statementOf(row)] as N.GateCall;
    let node = this.rowNodes.get(row);
    if (node === undefined) {
      node = new DeferredGateCall(
        this.rebuilder as StatementRebuilder,
        this.startOffset[row] as number,
        this.endOffset[row] as number,
      );
      this.rowNodes.set(row, node);
    }
    return node;
  }

  /** True once {@link statements} was built (tests check that preflight never builds it). */
  get statementsBuilt(): boolean {
    return this.all !== null;
  }

  /** Every statement in order, rows as deferred nodes: `program.statements`, built on first read. */
  statements(): readonly N.Statement[] {
    if (this.all !== null) return this.all;
    const all: N.Statement[] = [];
    const others = this.others;
    let other = 0;
    for (let row = 0; row < this.length; row++) {
      const at = this.statementOf(row);
      while (all.length < at) all.push(others[other++] as N.Statement);
      all.push(this.nodeOf(row));
    }
    while (other < others.length) all.push(others[other++] as N.Statement);
    this.all = all;
    this.rowNodes.clear();
    return all;
  }

  /** The id of `name`, added on first sight. */
  nameId(name: string): number {
    let id = this.nameIds.get(name);
    if (id === undefined) {
      id = this.names.length;
      this.names.push(name);
      this.nameIds.set(name, id);
    }
    return id;
  }

  /** Appends a row for statement `statement` at `[start, end)` from what {@link TableRecorder} holds. */
  commit(statement: number, start: number, end: number, recorder: TableRecorder): void {
    const { gate, args, operands } = recorder;
    this.commitRow(statement, start, end, gate, args, args.length, operands, operands.length >> 1);
  }

  /**
   * Appends a row for statement `statement` at `[start, end)`: gate name id
   * `gate`, the first `argCount` values of `args`, and `operandCount`
   * operands as (name id, index) pairs in `operands`.
   */
  commitRow(
    statement: number,
    start: number,
    end: number,
    gate: number,
    args: ArrayLike<number>,
    argCount: number,
    operands: ArrayLike<number>,
    operandCount: number,
  ): void {
    const row = this.length;
    if (row + 2 > this.argStart.length) this.growRows();
    const argFrom = this.argStart[row] as number;
    const operandFrom = this.operandStart[row] as number;
    if (argFrom + argCount > this.argValues.length) this.argValues = grownFloat(this.argValues, argFrom + argCount);
    if (operandFrom + operandCount > this.operandName.length) {
      this.operandName = grownInt(this.operandName, operandFrom + operandCount);
      this.operandIndex = grownInt(this.operandIndex, operandFrom + operandCount);
    }
    this.statementIndex[row] = statement;
    this.startOffset[row] = start;
    this.endOffset[row] = end;
    this.gateName[row] = gate;
    for (let i = 0; i < argCount; i++) this.argValues[argFrom + i] = args[i] as number;
    for (let i = 0; i < operandCount; i++) {
      this.operandName[operandFrom + i] = operands[2 * i] as number;
      this.operandIndex[operandFrom + i] = operands[2 * i + 1] as number;
    }
    this.argStart[row + 1] = argFrom + argCount;
    this.operandStart[row + 1] = operandFrom + operandCount;
    this.length = row + 1;
  }

  private growRows(): void {
    const rows = this.argStart.length * 2;
    this.statementIndex = grownInt(this.statementIndex, rows);
    this.startOffset = grownInt(this.startOffset, rows);
    this.endOffset = grownInt(this.endOffset, rows);
    this.gateName = grownInt(this.gateName, rows);
    this.argStart = grownInt(this.argStart, rows);
    this.operandStart = grownInt(this.operandStart, rows);
  }

  /** Keeps the first `rows` rows (a chunk read again by the general parser). */
  truncate(rows: number): void {
    this.length = Math.min(this.length, rows);
  }
}

/** An operand or argument the table does not keep: the row is dropped. */
const NOT_PLAIN = Number.NaN;

/**
 * Node constructors for the fast path's reader that build no node: they
 * fold what a row needs (names, argument values, operands) and leave it in
 * {@link args}, {@link operands} and {@link gate} for the statement just read.
 * Identifiers come back as their text, literals and folded arguments as
 * numbers (NaN: not a constant the table keeps), operands as
 * `nameId * 2^31 + index` (NaN: not one decimal index).
 */
export class TableRecorder {
  /** After a gate call that makes a row: its gate name id; -1 otherwise. */
  gate = -1;
  readonly args: number[] = [];
  /** Pairs: name id, index. */
  readonly operands: number[] = [];

  constructor(private readonly table: StatementTable) {}

  /** Forgets the last statement (called before each read). */
  reset(): void {
    this.gate = -1;
  }

  identifier(name: string): string {
    return name;
  }
  integer(raw: string): number {
    return Number(raw);
  }
  float(raw: string): number {
    return Number(raw);
  }
  /** `* /` left to right over operands with their prefix `-`s; any other operator is not plain. */
  expression(operands: readonly OperandWithPrefixes[], ops: readonly N.BinaryOperator[]): number {
    let value = operandValue(operands[0] as OperandWithPrefixes);
    for (let i = 0; i < ops.length; i++) {
      const right = operandValue(operands[i + 1] as OperandWithPrefixes);
      const op = ops[i];
      if (op === '*') value = value * right;
      else if (op === '/' && right !== 0) value = value / right;
      else return NOT_PLAIN;
      if (!Number.isFinite(value)) return NOT_PLAIN;
    }
    return value;
  }
  indexList(items: readonly unknown[]): number {
    return items.length === 1 ? (items[0] as number) : NOT_PLAIN;
  }
  indexedIdentifier(name: string, indices: readonly number[]): number {
    if (indices.length !== 1) return NOT_PLAIN;
    const index = indices[0] as number;
    if (!(index >= 0 && index <= MAX_ROW_INDEX)) return NOT_PLAIN;
    return this.table.nameId(name) * 2 ** 31 + index;
  }
  /**
   * Keeps the call as the row to commit when it is plain: no modifiers, every
   * argument a folded value, every operand one indexed name.
   */
  gateCall(
    modifiers: readonly unknown[],
    name: string,
    args: readonly unknown[] | null,
    designator: unknown,
    qubits: readonly number[],
  ): boolean {
    this.gate = -1;
    if (modifiers.length !== 0 || designator !== null) return false;
    const values = this.args;
    values.length = 0;
    if (args !== null) {
      for (let i = 0; i < args.length; i++) {
        const value = argumentValue(args[i]);
        if (Number.isNaN(value)) return false;
        values.push(value);
      }
    }
    const operands = this.operands;
    operands.length = 0;
    for (let i = 0; i < qubits.length; i++) {
      const encoded = qubits[i] as number;
      if (Number.isNaN(encoded)) return false;
      const index = encoded % 2 ** 31;
      operands.push((encoded - index) / 2 ** 31, index);
    }
    this.gate = this.table.nameId(name);
    return true;
  }
}

/** What an argument folded to: a number, or an identifier (only `pi` has a value here). */
function argumentValue(value: unknown): number {
  if (typeof value === 'number') return Number.isFinite(value) ? value : NOT_PLAIN;
  return value === 'pi' ? Math.PI : NOT_PLAIN;
}

function operandValue(operand: OperandWithPrefixes): number {
  const value = argumentValue(operand.operand);
  // Each prefix is a `-` (the fast path reads no other); negation is exact.
  return operand.prefixes.length % 2 === 0 ? value : -value;
}
