/**
 * Plain gate calls read from the parser's statement table
 * (parser/statement-table.ts) without a node: one reusable view per run,
 * and the rules' `PlainGateCall` handlers that say whether a call needs its
 * node after all (issue 27: `validate` without a second parse).
 */
import { callSize, plainRegister, qubitOf } from '../inline/index.js';
import type { GateLookup, Inliner, RegisterEntry } from '../inline/index.js';
import type { StatementTable } from '../parser/index.js';
import type { PlainGateCall, RuleVisitor } from './rule.js';

const NO_ARGS: readonly number[] = Object.freeze([]);

/** The row being judged, as a {@link PlainGateCall}; {@link read} moves it to another row. */
export class PlainCallView implements PlainGateCall {
  name = '';
  gate: GateLookup = { kind: 'unknown' };
  args: readonly number[] = NO_ARGS;
  /** Reused for every row of as many operands: the inliner copies or shares what it keeps. */
  qubits: number[] = [];
  /**
   * Lists reused by length (setting an array's length is a runtime call,
   * a million times over): `lists[n]` has n elements.
   */
  private readonly argLists: number[][] = [];
  private readonly qubitLists: number[][] = [];
  size = 0;

  constructor(
    private readonly table: StatementTable,
    private readonly inliner: Inliner,
  ) {}

  /**
   * Gate lookups and plain qubit registers by name id in the table, as the
   * inliner's tables stood when first asked: valid until {@link forget}.
   */
  private readonly gates: (GateLookup | undefined)[] = [];
  private readonly registers: (RegisterEntry | null | undefined)[] = [];

  /** The inliner's tables may have changed (a statement other than a row was entered): look names up again. */
  forget(): void {
    if (this.gates.length > 0) this.gates.length = 0;
    if (this.registers.length > 0) this.registers.length = 0;
  }

  /** Reads `row` against the inliner's tables as they stand now (as long as {@link forget} is called when they change). */
  read(row: number): void {
    const table = this.table;
    const gateId = table.gateIdOf(row);
    this.name = table.names[gateId] as string;
    let gate = this.gates[gateId];
    if (gate === undefined) this.gates[gateId] = gate = this.inliner.gates.lookup(this.name);
    this.gate = gate;
    this.size = callSize(gate);
    const argCount = table.argCount(row);
    if (argCount === 0) this.args = NO_ARGS;
    else {
      // Reused for every row, like the qubits: the inliner copies what it keeps.
      const args = (this.argLists[argCount] ??= new Array<number>(argCount).fill(0));
      for (let i = 0; i < argCount; i++) args[i] = table.arg(row, i);
      this.args = args;
    }
    const count = table.operandCount(row);
    const qubits = (this.qubitLists[count] ??= new Array<number>(count).fill(0));
    this.qubits = qubits;
    const registers = this.registers;
    for (let i = 0; i < count; i++) {
      const nameId = table.operandNameIdOf(row, i);
      let register = registers[nameId];
      if (register === undefined)
        registers[nameId] = register = plainRegister(this.inliner.symbols, table.names[nameId] as string);
      qubits[i] = qubitOf(register, table.operandIndexOf(row, i));
    }
  }
}

type PlainHandler = (call: PlainGateCall) => boolean;

/**
 * The rules' plain-call handlers, in rule order; null when a rule judges
 * gate calls but has no such handler (then every call's node is built).
 */
export function plainCallHandlers(visitors: readonly RuleVisitor[]): readonly PlainHandler[] | null {
  const handlers: PlainHandler[] = [];
  for (const visitor of visitors) {
    if (visitor.PlainGateCall !== undefined) handlers.push(visitor.PlainGateCall);
    else if (visitor.GateCall !== undefined) return null;
  }
  return handlers;
}

/** True when no rule has anything to say about `call`. */
export function acceptedByEveryRule(handlers: readonly PlainHandler[], call: PlainGateCall): boolean {
  for (let i = 0; i < handlers.length; i++) if (!(handlers[i] as PlainHandler)(call)) return false;
  return true;
}
