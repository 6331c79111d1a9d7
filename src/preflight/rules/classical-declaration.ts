/**
 * Classical declarations.
 *
 * Invariant: the only classical declarations besides bit registers are
 * `int` variables (their initial value is discarded); uint, float, bool,
 * angle, complex, array, duration, stretch and const are refused.
 *
 * Spec: service-api.md "Declarations" (the table).
 */
import { declarationNotSupported } from '../../diagnostics/index.js';
import type { PreflightRule } from '../rule.js';

/** Scalar types that may be declared: bit (as a register; see register-declaration) and int (value discarded). */
const ACCEPTED_TYPES: ReadonlySet<string> = new Set(['bit', 'int']);

export const classicalDeclarationRule: PreflightRule = {
  id: 'classical-declaration',
  code: 'PreflightError',
  description: 'Only int variables (value discarded) and bit registers may be declared; other classical types and const are refused.',
  create(context) {
    return {
      ClassicalDeclaration(statement) {
        const type = statement.type;
        const typeName = type.kind === 'ArrayType' ? 'array' : type.name;
        if (ACCEPTED_TYPES.has(typeName)) return;
        context.report({ reason: declarationNotSupported(typeName, statement.name.name), at: type });
      },
      ConstDeclaration(statement) {
        const type = statement.type;
        const typeName = type.kind === 'ArrayType' ? 'array' : type.name;
        context.report({ reason: declarationNotSupported(`const ${typeName}`, statement.name.name), at: statement });
      },
    };
  },
};
