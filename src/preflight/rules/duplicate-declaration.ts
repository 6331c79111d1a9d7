/**
 * Duplicate declarations.
 *
 * Invariant: a name (register, alias, classical variable) is declared once.
 *
 * Spec: OpenQASM 3 scoping, which the service follows; decisions.md section 2
 * ("Registers": qubits are numbered in declaration order, so a second `q`
 * would be ambiguous).
 */
import type { Identifier, Statement } from '../../ast/nodes.js';
import { alreadyDeclared } from '../../diagnostics/index.js';
import type { PreflightRule } from '../rule.js';

export const duplicateDeclarationRule: PreflightRule = {
  id: 'duplicate-declaration',
  code: 'PreflightError',
  description: 'Each register, alias and variable name is declared once.',
  create(context) {
    const check = (statement: Statement & { name: Identifier }) => {
      const earlier = context.symbols.lookup(statement.name.name);
      if (earlier !== undefined)
        context.report({ reason: alreadyDeclared(statement.name.name, earlier.span.start.line), at: statement.name });
    };
    return {
      QubitDeclaration: check,
      OldStyleDeclaration: check,
      ClassicalDeclaration: check,
      ConstDeclaration: check,
      IODeclaration: check,
      AliasDeclaration: check,
    };
  },
};
