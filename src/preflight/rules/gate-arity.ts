/**
 * Gate arity.
 *
 * Invariant: each call gives exactly as many parameters and qubits as the
 * gate takes (controls of `ctrl(n) @` included), and no designator. A wrong
 * count blames the list that has it (the arguments or the operands), or the
 * gate name when none were written.
 *
 * Spec: service-api.md "Gates" (argument and qubit counts must match exactly);
 * decisions.md section 2 "Gate definitions".
 */
import {
  designatorNotSupported,
  joinSpans,
  wrongParameterCount,
  wrongQubitCount,
  type Span,
} from '../../diagnostics/index.js';
import { modifierControls, textOf } from '../../inline/index.js';
import { callName } from '../call-text.js';
import { MAX_CONTROLS } from '../../tables/index.js';
import type { PreflightRule } from '../rule.js';

export const gateArityRule: PreflightRule = {
  id: 'gate-arity',
  code: 'PreflightError',
  description: 'Each call gives exactly the parameters and qubits its gate takes.',
  create(context) {
    return {
      // A plain call has no designator and no modifier: its lists must match the signature.
      PlainGateCall(call) {
        const found = call.gate;
        if (found.kind === 'builtin')
          return call.args.length === found.gate.params && call.qubits.length === found.gate.qubits;
        if (found.kind === 'user')
          return call.args.length === found.gate.params.length && call.qubits.length === found.gate.qubits.length;
        return true;
      },
      GateCall(call) {
        const found = context.lookupGate(call.name.name);
        if (found.kind !== 'builtin' && found.kind !== 'user') return;
        const signature =
          found.kind === 'builtin'
            ? { params: found.gate.params, qubits: found.gate.qubits }
            : { params: found.gate.params.length, qubits: found.gate.qubits.length };
        if (call.designator !== null) {
          context.report({
            reason: designatorNotSupported(`[${textOf(context.source, call.designator)}]`, call.name.name),
            at: call.designator,
          });
        }
        const params = call.args?.length ?? 0;
        if (params !== signature.params) {
          context.report({
            reason: wrongParameterCount(call.name.name, signature.params, params),
            at: listOrName(call.args ?? [], call.name),
          });
          return;
        }
        if (!controlsAreLiteral(call.modifiers)) return;
        const controls = modifierControls(call.modifiers);
        // too-many-controls already explains a call with more controls than allowed
        if (controls > MAX_CONTROLS) return;
        const expectedQubits = signature.qubits + controls;
        if (call.qubits.length !== expectedQubits) {
          context.report({
            reason: wrongQubitCount(callName(context.source, call), expectedQubits, call.qubits.length),
            at: listOrName(call.qubits, call.name),
          });
        }
      },
    };
  },
};

/** Blame the list that has the wrong length, or the gate name when nothing was written. */
function listOrName(items: readonly { readonly span: Span }[], name: { readonly span: Span }): { readonly span: Span } {
  const first = items[0];
  const last = items[items.length - 1];
  return first && last ? { span: joinSpans(first.span, last.span) } : name;
}

function controlsAreLiteral(modifiers: Parameters<typeof modifierControls>[0]): boolean {
  return modifiers.every(
    (m) =>
      m.argument === null ||
      (m.modifier !== 'ctrl' && m.modifier !== 'negctrl') ||
      m.argument.kind === 'IntegerLiteral',
  );
}
