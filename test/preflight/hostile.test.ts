/**
 * Programs built to break a checker: very long chains the parser accepts
 * without nesting (unary minus, `*`, `++`, indices) must get diagnostics, not
 * a stack overflow reported as an internal error, and messages quote at most
 * a short excerpt of what was written.
 */
import { describe, expect, it } from 'vitest';
import { validate } from '../../src/api/validate.js';

const repeat = (part: string, times: number, separator = '') => Array(times).fill(part).join(separator);

// Expression trees deeper than LIMITS.maxNestingDepth are refused by the
// parser (every later walk recurses once per level): those are syntax errors.
const CASES: Record<string, { source: string; rule: string | null }> = {
  'twenty thousand unary minuses': { source: `qubit[1] q; rz(${'-'.repeat(20_000)}1) q[0];`, rule: 'syntax-error' },
  'nine hundred unary minuses': { source: `qubit[1] q; rz(${'-'.repeat(900)}1) q[0];`, rule: null },
  'a product of a hundred thousand factors': {
    source: `qubit[1] q; rz(${repeat('1', 100_000, '*')}) q[0];`,
    rule: 'syntax-error',
  },
  'a sum of a hundred thousand terms': {
    source: `qubit[1] q; rz(${repeat('1', 100_000, '+')}) q[0];`,
    rule: 'syntax-error',
  },
  'a sum of nine hundred terms': {
    source: `qubit[1] q; rz(${repeat('1', 900, '+')}) q[0];`,
    rule: 'constant-argument',
  },
  'fifty thousand concatenations': {
    source: `qubit[1] q; let a = ${repeat('q', 50_000, ' ++ ')};`,
    rule: 'syntax-error',
  },
  'fifty thousand indices on an alias': {
    source: `qubit[1] q; let a = q${'[0]'.repeat(50_000)};`,
    rule: 'syntax-error',
  },
  'fifty thousand indices on an operand': { source: `qubit[1] q; h q${'[0]'.repeat(50_000)};`, rule: 'qubit-operand' },
};

describe('hostile programs', () => {
  for (const [name, { source, rule }] of Object.entries(CASES)) {
    it(`answers ${name} with ${rule ?? 'acceptance'}`, () => {
      const result = validate(source);
      expect(result.diagnostics.map((d) => d.rule)).toEqual(rule === null ? [] : [rule]);
      for (const d of result.diagnostics) expect(d.reason.length).toBeLessThan(300);
    });
  }
});
