/**
 * Qubit operands.
 *
 * Invariant: every qubit operand names a declared qubit register (or a `let`
 * alias of one) with an integer-literal index inside it, or a whole register
 * for broadcast over registers of equal size; no physical qubit (`$0`); no
 * qubit twice in one gate. Inside a gate body, operands are the gate's own
 * qubit arguments, unindexed. (Ranges and sets: range-index.)
 *
 * Spec: service-api.md "Declarations"; decisions.md section 2 "Registers" and
 * "Gate broadcast".
 */
import type { GateCall, GateOperand } from '../../ast/nodes.js';
import { broadcastSizeMismatch, qubitUsedTwice } from '../../diagnostics/index.js';
import { aliasOperand } from '../../inline/index.js';
import type { OperandResolution } from '../../inline/index.js';
import { callName } from '../call-text.js';
import type { PreflightRule, RuleContext, StatementScope } from '../rule.js';

type Resolved = OperandResolution & { kind: 'single' | 'register' | 'argument' };

export const qubitOperandRule: PreflightRule = {
  id: 'qubit-operand',
  code: 'PreflightError',
  description: 'Qubit operands are declared registers with integer-literal indices in range, distinct within a gate.',
  create(context) {
    const check = (operand: GateOperand, scope: StatementScope): OperandResolution => {
      const resolution = context.resolve(operand, 'qubit', scope);
      if (resolution.kind === 'problem') {
        context.report({
          reason: resolution.reason,
          at: resolution.node,
          ...(resolution.hint ? { hint: resolution.hint } : {}),
        });
      }
      return resolution;
    };
    return {
      PlainGateCall: (call) => distinctQubits(call.qubits),
      GateCall(call, scope) {
        const resolved = call.qubits.map((q) => check(q, scope));
        checkDistinct(context, call, resolved);
      },
      MeasureStatement(statement, scope) {
        check(statement.measure.operand, scope);
      },
      Assignment(statement, scope) {
        if (statement.value.kind === 'MeasureExpression') check(statement.value.operand, scope);
      },
      ClassicalDeclaration(statement, scope) {
        if (statement.init?.kind === 'MeasureExpression') check(statement.init.operand, scope);
      },
      Reset(statement, scope) {
        check(statement.operand, scope);
      },
      Barrier(statement, scope) {
        for (const operand of statement.operands) check(operand, scope);
      },
      AliasDeclaration(statement, scope) {
        const operand = aliasOperand(statement.value);
        if (operand !== null) check(operand, scope);
      },
    };
  },
};

/** Operands a plain call may have to be checked pairwise; a longer call is judged on its node (linear, with maps). */
const MAX_PLAIN_OPERANDS = 16;

/** True when every operand is one declared qubit and no two are the same (a plain call's -1 is a problem to explain). */
function distinctQubits(qubits: readonly number[]): boolean {
  if (qubits.length > MAX_PLAIN_OPERANDS) return false;
  for (let i = 0; i < qubits.length; i++) {
    const qubit = qubits[i] as number;
    if (qubit < 0) return false;
    for (let j = 0; j < i; j++) if (qubits[j] === qubit) return false;
  }
  return true;
}

/**
 * Reports each operand that shares a qubit with an earlier one (the first
 * such), and a broadcast over registers of different sizes. Linear: earlier
 * operands are found through maps by qubit, register and argument position,
 * so a call of a million operands costs a million lookups, not a trillion.
 */
function checkDistinct(context: RuleContext, call: GateCall, resolutions: readonly OperandResolution[]): void {
  let broadcast: (Resolved & { kind: 'register' }) | null = null;
  const singleAt = new Map<number, number>();
  const wholeRegisterAt = new Map<object, number>();
  const anyInRegisterAt = new Map<object, number>();
  const argumentAt = new Map<number, number>();
  for (let j = 0; j < resolutions.length; j++) {
    const current = resolutions[j] as OperandResolution;
    if (current.kind !== 'single' && current.kind !== 'register' && current.kind !== 'argument') continue;
    const operand = call.qubits[j] as GateOperand;
    if (current.kind === 'register') {
      if (broadcast !== null && broadcast.register.size !== current.register.size) {
        context.report({
          reason: broadcastSizeMismatch(
            callName(context.source, call),
            broadcast.register.name,
            broadcast.register.size,
            current.register.name,
            current.register.size,
          ),
          at: operand,
        });
        return;
      }
      broadcast ??= current;
    }
    const earlierIndex = firstOverlap(current, singleAt, wholeRegisterAt, anyInRegisterAt, argumentAt);
    if (earlierIndex !== undefined) {
      const earlier = resolutions[earlierIndex] as Resolved;
      context.report({
        reason: qubitUsedTwice(
          sharedQubit(earlier, call.qubits[earlierIndex] as GateOperand, current, operand),
          callName(context.source, call),
        ),
        at: operand,
      });
    }
    if (current.kind === 'single') {
      if (!singleAt.has(current.global)) singleAt.set(current.global, j);
      if (!anyInRegisterAt.has(current.register)) anyInRegisterAt.set(current.register, j);
    } else if (current.kind === 'register') {
      if (!wholeRegisterAt.has(current.register)) wholeRegisterAt.set(current.register, j);
      if (!anyInRegisterAt.has(current.register)) anyInRegisterAt.set(current.register, j);
    } else if (!argumentAt.has(current.position)) argumentAt.set(current.position, j);
  }
}

/** The first earlier operand that shares a qubit with `current` (the index the pairwise scan would find first). */
function firstOverlap(
  current: Resolved,
  singleAt: ReadonlyMap<number, number>,
  wholeRegisterAt: ReadonlyMap<object, number>,
  anyInRegisterAt: ReadonlyMap<object, number>,
  argumentAt: ReadonlyMap<number, number>,
): number | undefined {
  if (current.kind === 'argument') return argumentAt.get(current.position);
  if (current.kind === 'register') return anyInRegisterAt.get(current.register);
  const same = singleAt.get(current.global);
  const whole = wholeRegisterAt.get(current.register);
  if (same === undefined) return whole;
  return whole === undefined ? same : Math.min(same, whole);
}

/** The qubit two overlapping operands share, as written: the single one when there is one. */
function sharedQubit(earlier: Resolved, earlierOperand: GateOperand, current: Resolved, operand: GateOperand): string {
  return current.kind !== 'single' && earlier.kind === 'single'
    ? describe(earlier, earlierOperand)
    : describe(current, operand);
}

function describe(resolution: Resolved, operand: GateOperand): string {
  if (resolution.kind === 'single') return `${resolution.register.name}[${resolution.index}]`;
  if (resolution.kind === 'register') return resolution.register.name;
  return operand.kind === 'IndexedIdentifier' ? operand.name.name : operand.name;
}
