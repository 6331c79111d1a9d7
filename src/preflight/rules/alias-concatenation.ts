/**
 * Aliases.
 *
 * Invariant: `let` names a qubit register or one of its qubits; register
 * concatenation with `++` is refused.
 *
 * Spec: service-api.md "Other constructs" (`let` accepted, `++` rejected).
 */
import type { Expression } from '../../ast/nodes.js';
import { aliasConcatenation, aliasValueNotSupported } from '../../diagnostics/index.js';
import { aliasOperand, textOf } from '../../inline/index.js';
import type { PreflightRule } from '../rule.js';

export const aliasConcatenationRule: PreflightRule = {
  id: 'alias-concatenation',
  code: 'PreflightError',
  description: 'let names a qubit register or one of its qubits; ++ concatenation is refused.',
  create(context) {
    return {
      AliasDeclaration(statement) {
        const concatenation = findConcatenation(statement.value);
        if (concatenation !== null) {
          context.report({ reason: aliasConcatenation(textOf(context.source, statement.value)), at: concatenation });
        } else if (aliasOperand(statement.value) === null) {
          context.report({
            reason: aliasValueNotSupported(statement.name.name, textOf(context.source, statement.value)),
            at: statement.value,
          });
        }
      },
    };
  },
};

/** The outermost `++`, searched without recursion (a long chain must not overflow the stack). */
function findConcatenation(expression: Expression): Expression | null {
  const pending: Expression[] = [expression];
  while (pending.length > 0) {
    const node = pending.pop() as Expression;
    if (node.kind !== 'Binary') continue;
    if (node.op === '++') return node;
    pending.push(node.right, node.left);
  }
  return null;
}
