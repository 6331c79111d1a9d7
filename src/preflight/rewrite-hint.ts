/**
 * Hints that rewrite a refused call in accepted gates, as code that drops in
 * where the call stood (its operands as written, its angles computed or, in
 * a gate definition, written over its parameters), or as a formula when
 * neither can be written (`(φ+λ)/2` of two parameters).
 */
import type { Expression, GateCall } from '../ast/nodes.js';
import { rewriteCodeHint, rewriteFormulaHint } from '../diagnostics/index.js';
import { textOf } from '../inline/index.js';
import { MAX_CONTROLS } from '../tables/index.js';
import { angleText, arithmeticValue } from './angle-text.js';
import type { RuleContext, StatementScope } from './rule.js';
import { GATE_REWRITES_BY_NAME } from './rewrites.js';
import type { RewriteStep } from './rewrites.js';

/**
 * Statements of accepted gates for `steps` on the call's operands, or null
 * when a step would itself be refused. `angleTexts` writes angles as text
 * (a definition's parameters); by default each number is written out.
 */
export function stepsCode(
  steps: readonly RewriteStep[],
  operands: readonly string[],
  angleTexts?: readonly (readonly string[])[],
): string | null {
  const statements: string[] = [];
  steps.forEach((s, k) => {
    // Every parameterised step is a rotation or phase: by a constant angle 0 it is the identity, left out.
    const texts = angleTexts?.[k] ?? s.angles.map(angleText);
    if (texts.length > 0 && texts.every((t) => t === '0')) return;
    const angles = texts.length === 0 ? '' : `(${texts.join(', ')})`;
    statements.push(`${s.gate}${angles} ${s.operands.map((i) => operands[i]).join(', ')};`);
  });
  if (steps.some((s) => Number(/^ctrl\((\d+)\)/.exec(s.gate)?.[1] ?? 0) > MAX_CONTROLS)) return null;
  return statements.length === 0 ? null : statements.join(' ');
}

/** Two sets of probe angles, unlike any angle a rewrite computes from constants. */
const PROBES: readonly (readonly number[])[] = [
  [0.6180339887, 0.932193254, 1.2463525193, 1.5605117846],
  [1.4142135623, 1.6860417451, 1.9578699279, 2.2296981107],
];

function close(a: number, b: number): boolean {
  return Math.abs(a - b) < 1e-12;
}

/**
 * The angles of `steps` as text over the call's own argument texts (`a`,
 * `a/2`, or a constant), found by running the rewrite on two probe sets;
 * null when an angle mixes arguments (`(φ+λ)/2`), which the subset cannot write.
 */
function symbolicAngles(
  plan: (angles: readonly number[]) => readonly RewriteStep[] | null,
  argumentTexts: readonly string[],
): string[][] | null {
  const [first, second] = PROBES.map((probe) => plan(probe.slice(0, argumentTexts.length)));
  if (!first || !second || first.length !== second.length) return null;
  const texts: string[][] = [];
  for (let k = 0; k < first.length; k++) {
    const row: string[] = [];
    for (let j = 0; j < (first[k] as RewriteStep).angles.length; j++) {
      const x = (first[k] as RewriteStep).angles[j] as number;
      const y = (second[k] as RewriteStep).angles[j] as number;
      const text = close(x, y) ? angleText(x) : argumentText(x, y, argumentTexts);
      if (text === null) return null;
      row.push(text);
    }
    texts.push(row);
  }
  return texts;
}

function argumentText(x: number, y: number, argumentTexts: readonly string[]): string | null {
  for (let i = 0; i < argumentTexts.length; i++) {
    const [a, b] = [PROBES[0]?.[i] as number, PROBES[1]?.[i] as number];
    const text = argumentTexts[i] as string;
    if (close(x, a) && close(y, b)) return text;
    // No + or - between terms in an accepted argument, so `text/2` halves all of it.
    if (close(x, a / 2) && close(y, b / 2)) return `${text}/2`;
  }
  return null;
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
  const operands = call.qubits.map((q) => textOf(context.source, q));
  const angles = callAngles(call, context, scope);
  const planned = angles === null ? null : steps(angles);
  if (planned !== null) {
    const code = stepsCode(planned, operands);
    if (code !== null) return rewriteCodeHint(code);
  }
  // Inside a gate definition the angles are its parameters: write the rewrite over their names when it can be.
  const args = call.args ?? [];
  if (angles === null && args.every((a) => context.evaluate(a, scope).ok)) {
    const texts = args.map((a) => textOf(context.source, a));
    const symbolic = texts.some((t) => t.endsWith('…')) ? null : symbolicAngles(steps, texts);
    const plan = steps(PROBES[0]?.slice(0, args.length) ?? []);
    const code = symbolic === null || plan === null ? null : stepsCode(plan, operands, symbolic);
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
  return rewriteHint(call, context, scope, rewrite, (angles) =>
    fits && angles.length === rewrite.params ? rewrite.steps(angles, width) : null,
  );
}
