/**
 * Gate modifiers.
 *
 * Invariant: a call carries at most one modifier; that modifier is `ctrl @`
 * or `ctrl(n) @` with n a positive integer literal, on x (not), z, rz,
 * xphase or yphase. `negctrl @`, `inv @` and `pow(k) @` are refused, each
 * with what to write instead. (More than 7 controls: too-many-controls.)
 *
 * Hints give accepted code for this call: `ctrl @ ry(θ)` -> `ctrl @ yphase(θ)`,
 * `ctrl @ p(λ)` -> `ctrl @ rz(λ)` plus `rz(λ/2)` on the control, and
 * `negctrl @ g` -> x on the control around the accepted controlled form.
 *
 * Spec: service-api.md "Gates" (Modifiers).
 */
import {
  controlCountNotLiteral,
  controlNotSupportedOn,
  modifierNotSupported,
  negatedControlHint,
  tooManyModifiers,
} from '../../diagnostics/index.js';
import type { GateCall, GateModifier } from '../../ast/nodes.js';
import { textOf } from '../../inline/index.js';
import type { AcceptedGate } from '../../tables/index.js';
import { modifierText } from '../call-text.js';
import { callAngles, rewriteHint, stepsCode } from '../rewrite-hint.js';
import { CONTROLLED_FORMS } from '../rewrites.js';
import type { RewriteStep } from '../rewrites.js';
import type { PreflightRule, RuleContext, StatementScope } from '../rule.js';

/** What to write instead of each refused modifier. */
const REFUSED: Readonly<Record<Exclude<GateModifier['modifier'], 'ctrl'>, string>> = {
  negctrl: 'apply x to the control qubit before and after the controlled gate, written with ctrl @',
  inv: 'write the inverse gate instead (sdg for s, tdg for t, vdg for sx, rz(-θ) for rz(θ))',
  pow: 'repeat the gate, or scale the rotation angle',
};

export const gateModifierRule: PreflightRule = {
  id: 'gate-modifier',
  code: 'PreflightError',
  description: 'At most one modifier per gate: ctrl @ or ctrl(n) @, only on x (not), z, rz, xphase and yphase.',
  create(context) {
    return {
      // A plain call has no modifier.
      PlainGateCall: () => true,
      GateCall(call, scope) {
        const modifiers = call.modifiers;
        if (modifiers.length === 0) return;
        const { source } = context;
        if (modifiers.length > 1) {
          const all = modifiers.map((m) => modifierText(source, m)).join(' ');
          const first = modifiers[0] as GateModifier;
          const last = modifiers[modifiers.length - 1] as GateModifier;
          context.report({
            reason: tooManyModifiers(all, call.name.name),
            at: { span: { start: first.span.start, end: last.span.end } },
          });
        }
        const found = context.lookupGate(call.name.name);
        const builtin = found.kind === 'builtin' ? found.gate : null;
        for (const modifier of modifiers) {
          if (modifier.modifier !== 'ctrl') {
            const hint =
              modifier.modifier === 'negctrl' && modifiers.length === 1 && builtin !== null
                ? negatedControl(call, modifier, builtin, context, scope)
                : undefined;
            context.report({
              reason: modifierNotSupported(modifierText(source, modifier), REFUSED[modifier.modifier]),
              at: modifier,
              ...(hint ? { hint } : {}),
            });
            continue;
          }
          const count = modifier.argument;
          if (count !== null && (count.kind !== 'IntegerLiteral' || count.value < 1n)) {
            context.report({ reason: controlCountNotLiteral(modifierText(source, modifier)), at: count });
            continue;
          }
          const controllable = builtin !== null && builtin.controllable;
          if (!controllable && found.kind !== 'unknown' && found.kind !== 'rejected') {
            const hint =
              modifiers.length === 1 && builtin !== null
                ? controlledHint(call, modifier, builtin, context, scope)
                : undefined;
            context.report({
              reason: controlNotSupportedOn(modifierText(source, modifier), call.name.name),
              at: modifier,
              ...(hint ? { hint } : {}),
            });
          }
        }
      },
    };
  },
};

/** Controls a `ctrl`/`negctrl` modifier adds (1 without a count), or null when the count is not a usable literal. */
function controlCount(modifier: GateModifier): number | null {
  const count = modifier.argument;
  if (count === null) return 1;
  return count.kind === 'IntegerLiteral' && count.value >= 1n && count.value <= 64n ? Number(count.value) : null;
}

/** Accepted steps for `ctrl(n) @ gate(angles)` on the call's operands, or null when none fits. */
function controlledSteps(
  call: GateCall,
  controls: number,
  gate: AcceptedGate,
  angles: readonly number[],
): RewriteStep[] | null {
  if (angles.length !== gate.params || call.qubits.length !== controls + gate.qubits) return null;
  const operands = Array.from({ length: call.qubits.length }, (_, i) => i);
  if (gate.controllable)
    return [{ gate: controls === 1 ? `ctrl @ ${gate.name}` : `ctrl(${controls}) @ ${gate.name}`, angles, operands }];
  return CONTROLLED_FORMS.get(call.name.name)?.steps(angles, controls) ?? null;
}

function controlledHint(
  call: GateCall,
  modifier: GateModifier,
  gate: AcceptedGate,
  context: RuleContext,
  scope: StatementScope,
): string | undefined {
  const form = CONTROLLED_FORMS.get(call.name.name);
  const controls = controlCount(modifier);
  if (form === undefined || controls === null) return undefined;
  const signature = `${modifierText(context.source, modifier)} ${call.name.name}${gate.params > 0 ? '(θ)' : ''}`;
  return rewriteHint(call, context, scope, { signature, formula: form.formula }, (angles) =>
    controlledSteps(call, controls, gate, angles),
  );
}

/** `negctrl @ g c, t` as `x c; <ctrl @ g in accepted gates>; x c;`, only as code that is itself accepted. */
function negatedControl(
  call: GateCall,
  modifier: GateModifier,
  gate: AcceptedGate,
  context: RuleContext,
  scope: StatementScope,
): string | undefined {
  const controls = controlCount(modifier);
  const angles = callAngles(call, context, scope);
  if (controls === null || angles === null) return undefined;
  const steps = controlledSteps(call, controls, gate, angles);
  if (steps === null) return undefined;
  const flips: RewriteStep[] = Array.from({ length: controls }, (_, i) => ({ gate: 'x', angles: [], operands: [i] }));
  const code = stepsCode(
    [...flips, ...steps, ...flips],
    call.qubits.map((q) => textOf(context.source, q)),
  );
  return code === null ? undefined : negatedControlHint(code);
}
