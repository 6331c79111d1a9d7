/**
 * Too many controls.
 *
 * Invariant: a controlled gate has at most 7 controls (`ctrl(8) @ x` is
 * refused with code TooManyControls).
 *
 * Spec: decisions.md sections 1 and 2 (`ctrl(n) @ x`, up to 7 controls).
 */
import type { GateModifier } from '../../ast/nodes.js';
import { tooManyControls } from '../../diagnostics/index.js';
import { MAX_CONTROLS } from '../../tables/index.js';
import { callName } from '../call-text.js';
import type { PreflightRule } from '../rule.js';

export const tooManyControlsRule: PreflightRule = {
  id: 'too-many-controls',
  code: 'TooManyControls',
  description: `A controlled gate has at most ${MAX_CONTROLS} controls.`,
  create(context) {
    return {
      // A plain call has no modifier.
      PlainGateCall: () => true,
      GateCall(call) {
        const modifiers = call.modifiers;
        for (let i = 0; i < modifiers.length; i++) {
          const modifier = modifiers[i] as GateModifier;
          const count = modifier.argument;
          if (modifier.modifier !== 'ctrl' || count === null || count.kind !== 'IntegerLiteral') continue;
          if (count.value > BigInt(MAX_CONTROLS)) {
            context.report({
              reason: tooManyControls(callName(context.source, call), count.value, MAX_CONTROLS),
              at: modifier,
            });
          }
        }
      },
    };
  },
};
