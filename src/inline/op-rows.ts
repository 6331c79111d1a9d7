/**
 * The inliner's operation log: gates applied by plain top-level calls (the
 * parser's statement-table rows, issue 27) are kept as rows of typed arrays,
 * every other operation as its object, and `ops` is built from both the
 * first time someone reads it. `validate` on the default target never does
 * (the capability checks that walk operations only run for targets without
 * mid-circuit measurement), so a million `h q[3];` cost about 12 bytes each
 * here instead of a 70-byte gate object and its array slot.
 */
import type { AcceptedGate } from '../tables/index.js';
import { TopLevelGate, type CallSite } from './call-chain.js';
import type { TupleCache } from './tuples.js';
import { grownFloat, grownInt } from '../parser/index.js';
import type { InlinedOp } from './types.js';

const NO_PARAMS: readonly number[] = Object.freeze([]);

/** Operations in program order: gate rows and objects (see the file header). */
export class OperationLog {
  /** Gate rows so far. */
  private rows = 0;
  /** By row: the gate's id in {@link gates}, where its parameters and qubits start (the next row's say where they end), its site key. */
  private gateId: Int32Array;
  private paramStart: Int32Array;
  private qubitStart: Int32Array;
  private siteKey: Int32Array;
  private params: Float64Array;
  private qubits: Int32Array;
  private readonly gates: AcceptedGate[] = [];
  private readonly gateIds = new Map<AcceptedGate, number>();
  /** The gate of the last row and its id: runs of one gate skip the map. */
  private lastGate: AcceptedGate | null = null;
  private lastGateId = 0;
  /** Operations kept as objects, and how many gate rows come before each. */
  private readonly objects: InlinedOp[] = [];
  private readonly rowsBefore: number[] = [];
  private built: InlinedOp[] | null = null;

  /**
   * @param siteOf The call site of a row's site key (built only when `ops` is read).
   * @param tuples Shares the operand and parameter lists of the gates built from rows.
   * @param rows Rows to make room for at first (parser's `initialRows`).
   */
  constructor(
    private readonly siteOf: (key: number) => CallSite,
    private readonly tuples: TupleCache,
    rows = 1024,
  ) {
    this.gateId = new Int32Array(rows + 1);
    this.siteKey = new Int32Array(rows + 1);
    this.paramStart = new Int32Array(rows + 1);
    this.qubitStart = new Int32Array(rows + 1);
    this.params = new Float64Array(rows);
    this.qubits = new Int32Array(2 * rows);
  }

  /** Number of operations. */
  get length(): number {
    return this.rows + this.objects.length;
  }

  /** Appends an operation kept as its object. */
  push(op: InlinedOp): void {
    this.built = null;
    this.objects.push(op);
    this.rowsBefore.push(this.rows);
  }

  /** Appends `gate` without modifiers on global `qubits` with `params` (radians), called at the site `siteKey`. */
  pushGate(gate: AcceptedGate, params: readonly number[], qubits: readonly number[], siteKey: number): void {
    this.built = null;
    const row = this.rows;
    if (row + 2 > this.paramStart.length) {
      const size = this.paramStart.length * 2;
      this.gateId = grownInt(this.gateId, size);
      this.siteKey = grownInt(this.siteKey, size);
      this.paramStart = grownInt(this.paramStart, size);
      this.qubitStart = grownInt(this.qubitStart, size);
    }
    let id = gate === this.lastGate ? this.lastGateId : this.gateIds.get(gate);
    if (id === undefined) {
      id = this.gates.length;
      this.gates.push(gate);
      this.gateIds.set(gate, id);
    }
    this.lastGate = gate;
    this.lastGateId = id;
    const paramFrom = this.paramStart[row] as number;
    const qubitFrom = this.qubitStart[row] as number;
    this.params = grownFloat(this.params, paramFrom + params.length);
    this.qubits = grownInt(this.qubits, qubitFrom + qubits.length);
    for (let i = 0; i < params.length; i++) this.params[paramFrom + i] = params[i] as number;
    for (let i = 0; i < qubits.length; i++) this.qubits[qubitFrom + i] = qubits[i] as number;
    this.gateId[row] = id;
    this.siteKey[row] = siteKey;
    this.paramStart[row + 1] = paramFrom + params.length;
    this.qubitStart[row + 1] = qubitFrom + qubits.length;
    this.rows = row + 1;
  }

  /** Every operation as its object, in program order (built on first use, then kept). */
  toArray(): readonly InlinedOp[] {
    if (this.built !== null) return this.built;
    const ops: InlinedOp[] = [];
    let row = 0;
    for (let k = 0; k <= this.objects.length; k++) {
      const until = k < this.objects.length ? (this.rowsBefore[k] as number) : this.rows;
      for (; row < until; row++) ops.push(this.gateOf(row));
      if (k < this.objects.length) ops.push(this.objects[k] as InlinedOp);
    }
    this.built = ops;
    return ops;
  }

  private gateOf(row: number): InlinedOp {
    const paramFrom = this.paramStart[row] as number;
    const paramCount = (this.paramStart[row + 1] as number) - paramFrom;
    const qubitFrom = this.qubitStart[row] as number;
    const qubitCount = (this.qubitStart[row + 1] as number) - qubitFrom;
    const params =
      paramCount === 0
        ? NO_PARAMS
        : this.tuples.params(Array.from(this.params.subarray(paramFrom, paramFrom + paramCount)));
    const qubits = this.tuples.qubits(Array.from(this.qubits.subarray(qubitFrom, qubitFrom + qubitCount)));
    return new TopLevelGate(
      this.gates[this.gateId[row] as number] as AcceptedGate,
      0,
      params,
      qubits,
      this.siteOf(this.siteKey[row] as number),
    );
  }
}
