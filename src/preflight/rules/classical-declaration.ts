/**
 * Classical declarations.
 *
 * Invariant: the only classical declarations besides bit registers are
 * `int` variables (their initial value is discarded); uint, float, bool,
 * angle, complex, array, duration, stretch and const are refused (for
 * const, the keyword is named and underlined as the refused part).
 *
 * Spec: service-api.md "Declarations" (the table).
 */
import { constNotSupported, constValueHint, declarationNotSupported } from '../../diagnostics/index.js';
import { startOffsetOf, textOf } from '../../inline/index.js';
import { statementText } from '../statement-text.js';
import type { PreflightRule } from '../rule.js';

/** Scalar types that may be declared: bit (as a register; see register-declaration) and int (value discarded). */
const ACCEPTED_TYPES: ReadonlySet<string> = new Set(['bit', 'int']);

export const classicalDeclarationRule: PreflightRule = {
  id: 'classical-declaration',
  code: 'PreflightError',
  description:
    'Only int variables (value discarded) and bit registers may be declared; other classical types and const are refused.',
  create(context) {
    return {
      ClassicalDeclaration(statement) {
        const type = statement.type;
        const typeName = type.kind === 'ArrayType' ? 'array' : type.name;
        if (ACCEPTED_TYPES.has(typeName)) return;
        context.report({ reason: declarationNotSupported(typeName, statement.name.name), at: type });
      },
      ConstDeclaration(statement) {
        // The keyword is the refused part: the same declaration without it is an accepted int (or a refused type, named as such).
        const { source } = context;
        const keyword = source.text.indexOf('const', startOffsetOf(statement.span));
        const at = keyword < 0 ? statement : { span: source.span(keyword, keyword + 'const'.length) };
        const hint = constValueHint(statement.name.name, textOf(source, statement.init));
        context.report({ reason: constNotSupported(statementText(source, statement)), at, hint });
      },
    };
  },
};
