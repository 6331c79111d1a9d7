/**
 * Classical bit limit.
 *
 * Invariant: the bit registers of a program hold at most `maxClassicalBits`
 * bits together (65,536; `bit[n]` and `creg c[n]` alike). Every shot and
 * every measurement branch holds all of them, so `bit[2147483648] c;` would
 * exhaust memory in the simulator and the shots artifact before a gate ran;
 * it is refused here, at the size of the declaration that crosses the limit,
 * once per program.
 *
 * Spec: decisions.md section 2 ("Expansion is bounded"); the limit is in src/tables/limits.ts.
 */
import type { Expression } from '../../ast/nodes.js';
import { tooManyClassicalBits } from '../../diagnostics/index.js';
import { LIMITS } from '../../tables/index.js';
import type { PreflightRule } from '../rule.js';

const CLASSICAL_BIT_HINT =
  'declare one bit for each measurement you read: a register as wide as the qubits it measures';

export const classicalBitLimitRule: PreflightRule = {
  id: 'classical-bit-limit',
  code: 'PreflightError',
  description: 'The bit registers of a program hold at most 65,536 bits together.',
  create(context) {
    let total = 0n;
    let reported = false;
    const declare = (size: Expression | null) => {
      // Sizes that are not positive literals are register-declaration's to report.
      if (reported || size === null || size.kind !== 'IntegerLiteral' || size.value < 1n) return;
      total += size.value;
      if (total <= BigInt(LIMITS.maxClassicalBits)) return;
      reported = true;
      context.report({
        reason: tooManyClassicalBits(total, LIMITS.maxClassicalBits),
        at: size,
        hint: CLASSICAL_BIT_HINT,
      });
    };
    return {
      OldStyleDeclaration(statement) {
        if (statement.keyword === 'creg') declare(statement.size);
      },
      ClassicalDeclaration(statement) {
        if (statement.type.kind === 'ScalarType' && statement.type.name === 'bit') declare(statement.type.size);
      },
    };
  },
};
