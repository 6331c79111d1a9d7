/**
 * Gate modifiers.
 *
 * Invariant: a call carries at most one modifier; that modifier is `ctrl @`
 * or `ctrl(n) @` with n a positive integer literal, on x (not), z, rz,
 * xphase or yphase. `negctrl @`, `inv @` and `pow(k) @` are refused, each
 * with what to write instead. (More than 7 controls: too-many-controls.)
 *
 * Spec: service-api.md "Gates" (Modifiers).
 */
import { controlCountNotLiteral, controlNotSupportedOn, modifierNotSupported, tooManyModifiers } from '../../diagnostics/index.js';
import type { GateModifier } from '../../ast/nodes.js';
import { modifierText } from '../call-text.js';
import type { PreflightRule } from '../rule.js';

/** What to write instead of each refused modifier. */
const REFUSED: Readonly<Record<Exclude<GateModifier['modifier'], 'ctrl'>, string>> = {
  negctrl: 'use ctrl @ with x on the control qubit before and after',
  inv: 'write the inverse gate instead (sdg for s, tdg for t, vdg for sx, rz(-θ) for rz(θ))',
  pow: 'repeat the gate, or scale the rotation angle',
};

export const gateModifierRule: PreflightRule = {
  id: 'gate-modifier',
  code: 'PreflightError',
  description: 'At most one modifier per gate: ctrl @ or ctrl(n) @, only on x (not), z, rz, xphase and yphase.',
  create(context) {
    return {
      GateCall(call) {
        const modifiers = call.modifiers;
        if (modifiers.length === 0) return;
        const { source } = context;
        if (modifiers.length > 1) {
          const all = modifiers.map((m) => modifierText(source, m)).join(' ');
          const first = modifiers[0] as GateModifier;
          const last = modifiers[modifiers.length - 1] as GateModifier;
          context.report({ reason: tooManyModifiers(all, call.name.name), at: { span: { start: first.span.start, end: last.span.end } } });
        }
        for (const modifier of modifiers) {
          if (modifier.modifier !== 'ctrl') {
            context.report({ reason: modifierNotSupported(modifierText(source, modifier), REFUSED[modifier.modifier]), at: modifier });
            continue;
          }
          const count = modifier.argument;
          if (count !== null && (count.kind !== 'IntegerLiteral' || count.value < 1n)) {
            context.report({ reason: controlCountNotLiteral(modifierText(source, modifier)), at: count });
            continue;
          }
          const found = context.lookupGate(call.name.name);
          const controllable = found.kind === 'builtin' && found.gate.controllable;
          if (!controllable && found.kind !== 'unknown' && found.kind !== 'rejected') {
            context.report({ reason: controlNotSupportedOn(modifierText(source, modifier), call.name.name), at: modifier });
          }
        }
      },
    };
  },
};
