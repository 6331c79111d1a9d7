/**
 * Register declarations.
 *
 * Invariant: qubit and bit registers are declared with a size that is a
 * positive integer literal (`qubit[n] q;`, `qreg q[n];`, `bit[n] c;`,
 * `creg c[n];`); scalar `qubit q;` and `bit c;` are refused (use size 1
 * registers), a qubit register holds at most `LIMITS.maxRegisterSize`
 * (2^32) qubits, and a bit register has no initial value.
 *
 * Spec: service-api.md "Declarations"; decisions.md section 2 "Registers".
 */
import type { ConstDeclaration, Expression, Identifier, Statement } from '../../ast/nodes.js';
import {
  bitRegisterInitializer,
  constantSizeHint,
  registerSizeNotSupported,
  registerTooLarge,
  scalarRegister,
} from '../../diagnostics/index.js';
import { textOf } from '../../inline/index.js';
import { LIMITS } from '../../tables/index.js';
import type { PreflightRule } from '../rule.js';

export const registerDeclarationRule: PreflightRule = {
  id: 'register-declaration',
  code: 'PreflightError',
  description: 'Registers have a positive integer-literal size; scalar qubit and bit declarations are refused.',
  create(context) {
    /** `const` declarations so far: a size naming one gets a hint with its value. */
    const constants = new Map<string, ConstDeclaration>();
    const checkSize = (
      statement: Statement,
      kind: 'qubit' | 'bit',
      name: Identifier,
      size: Expression | null,
    ): void => {
      if (size === null) {
        context.report({ reason: scalarRegister(kind, name.name), at: statement });
      } else if (size.kind !== 'IntegerLiteral' || size.value < 1n) {
        const constant = size.kind === 'Identifier' ? constants.get(size.name) : undefined;
        const value =
          constant?.init.kind === 'IntegerLiteral' && constant.init.value >= 1n ? String(constant.init.value) : null;
        const hint =
          constant !== undefined && value !== null
            ? constantSizeHint(constant.name.name, value, kind, name.name, constant.span.start.line)
            : undefined;
        context.report({
          reason: registerSizeNotSupported(textOf(context.source, size), name.name),
          at: size,
          ...(hint ? { hint } : {}),
        });
      } else if (kind === 'qubit' && size.value > BigInt(LIMITS.maxRegisterSize)) {
        // Bit registers that large are classical-bit-limit's (65,536 bits in all).
        context.report({ reason: registerTooLarge(size.value, name.name, LIMITS.maxRegisterSize), at: size });
      }
    };
    return {
      ConstDeclaration(statement) {
        if (!constants.has(statement.name.name)) constants.set(statement.name.name, statement);
      },
      QubitDeclaration(statement) {
        checkSize(statement, 'qubit', statement.name, statement.size);
      },
      OldStyleDeclaration(statement) {
        checkSize(statement, statement.keyword === 'qreg' ? 'qubit' : 'bit', statement.name, statement.size);
      },
      ClassicalDeclaration(statement) {
        const type = statement.type;
        if (type.kind !== 'ScalarType' || type.name !== 'bit') return;
        checkSize(statement, 'bit', statement.name, type.size);
        if (statement.init !== null && statement.init.kind !== 'MeasureExpression') {
          context.report({ reason: bitRegisterInitializer(statement.name.name), at: statement.init });
        }
      },
    };
  },
};
