/**
 * Input and output declarations.
 *
 * Invariant: no `input` or `output` declaration. The reason is the spec's
 * fixed text `Unrecognized statement: <statement>` (the statement up to and
 * excluding its `;`, whitespace runs folded to one space).
 *
 * Spec: service-api.md "Declarations"; decisions.md section 1 (fixed texts).
 */
import { unrecognizedStatement } from '../../diagnostics/index.js';
import { statementText } from '../statement-text.js';
import type { PreflightRule } from '../rule.js';

export const ioDeclarationRule: PreflightRule = {
  id: 'io-declaration',
  code: 'PreflightError',
  description: 'No input or output declarations (Unrecognized statement).',
  create(context) {
    return {
      IODeclaration(statement) {
        context.report({ reason: unrecognizedStatement(statementText(context.source, statement)), at: statement });
      },
    };
  },
};
