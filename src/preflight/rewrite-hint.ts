/**
 * Hints that rewrite a refused call in accepted gates, as code that drops in
 * where the call stood (its operands as written, its angles computed), or as
 * a formula when the angles are not constants (inside a gate definition).
 */
import type { Expression, GateCall } from '../ast/nodes.js';
import { rewriteCodeHint, rewriteFormulaHint } from '../diagnostics/index.js';
import { textOf } from '../inline/index.js';
import { MAX_CONTROLS } from '../tables/index.js';
import { angleText, arithmeticValue } from './angle-text.js';
import type { RuleContext, StatementScope } from './rule.js';
import { GATE_REWRITES_BY_NAME } from './rewrites.js';
import type { RewriteStep } from './rewrites.js';

/** Statements of accepted gates for `steps` on the call's operands, or null when a step would itself be refused. */
export function stepsCode(steps: readonly RewriteStep[], operands: readonly string[]): string | null {
  const statements: string[] = [];
  for (const s of steps) {
    // Every parameterised step is a rotation or phase: by angle 0 it is the identity, left out.
    if (s.angles.length > 0 && s.angles.every((a) => a === 0)) continue;
    const controls = /^ctrl\((\d+)\)/.exec(s.gate);
    if (controls !== null && Number(controls[1]) > MAX_CONTROLS) return null;
    const angles = s.angles.length === 0 ? '' : `(${s.angles.map(angleText).join(', ')})`;
    statements.push(`${s.gate}${angles} ${s.operands.map((i) => operands[i]).join(', ')};`);
  }
  return statements.length === 0 ? null : statements.join(' ');
}

/** The call's angles as numbers (sums computed too), or null when one is not a constant. */
export function callAngles(call: GateCall, context: RuleContext, scope: StatementScope): number[] | null {
  const angles: number[] = [];
  for (const argument of call.args ?? []) {
    const value = angleOf(argument, context, scope);
    if (value === null) return null;
    angles.push(value);
  }
  return angles;
}

function angleOf(argument: Expression, context: RuleContext, scope: StatementScope): number | null {
  const evaluated = context.evaluate(argument, scope);
  if (evaluated.ok) return evaluated.value;
  return arithmeticValue(argument);
}

/**
 * A rewrite hint: code when the angles are constants and the operand count
 * fits, else the formula. `steps` returns null when no rewrite fits the call.
 */
export function rewriteHint(
  call: GateCall,
  context: RuleContext,
  scope: StatementScope,
  formula: { readonly signature: string; readonly formula: string },
  steps: (angles: readonly number[]) => readonly RewriteStep[] | null,
): string {
  const angles = callAngles(call, context, scope);
  const planned = angles === null ? null : steps(angles);
  if (planned !== null) {
    const code = stepsCode(planned, call.qubits.map((q) => textOf(context.source, q)));
    if (code !== null) return rewriteCodeHint(code);
  }
  return rewriteFormulaHint(formula.signature, formula.formula);
}

/** The rewrite hint for a call of a refused gate that has one (cphase, u3, rzz, ...), as code when it fits the call. */
export function gateRewriteHint(call: GateCall, context: RuleContext, scope: StatementScope): string | undefined {
  const rewrite = call.modifiers.length === 0 ? GATE_REWRITES_BY_NAME.get(call.name.name) : undefined;
  if (rewrite === undefined) return undefined;
  const width = call.qubits.length;
  const fits = rewrite.qubits === null ? width >= 2 : width === rewrite.qubits;
  return rewriteHint(call, context, scope, rewrite, (angles) => (fits && angles.length === rewrite.params ? rewrite.steps(angles, width) : null));
}
