import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NODE_KINDS } from '../../src/ast/keys.js';
import type { NodeKind } from '../../src/ast/nodes.js';
import { print } from '../../src/ast/print.js';
import { visit } from '../../src/ast/visit.js';
import { program, validProgramText } from '../properties/arbitraries.js';

describe('AST arbitraries', () => {
  it('reach every node kind', () => {
    const seen = new Set<NodeKind>();
    for (const ast of fc.sample(program(), { numRuns: 600, seed: 1 }))
      visit(ast, { enter: (n) => void seen.add(n.kind) });
    expect(NODE_KINDS.filter((kind) => !seen.has(kind))).toEqual([]);
  });

  it('print deterministically, ending programs with a newline', () => {
    fc.assert(
      fc.property(program(), (ast) => {
        const text = print(ast);
        expect(print(ast)).toBe(text);
        expect(text === '' || text.endsWith('\n')).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('give text without tabs or trailing spaces outside opaque bodies', () => {
    for (const text of fc.sample(validProgramText, { numRuns: 200, seed: 2 })) {
      const outsideCal = text.replace(/(cal|defcal[^{]*) \{[^}]*\}/g, '$1 {}');
      expect(outsideCal).not.toMatch(/\t| \n/);
    }
  });
});
