import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Program } from '../../src/ast/nodes.js';
import { print } from '../../src/ast/print.js';
import { stripSpans } from '../../src/ast/visit.js';
import { parse } from '../../src/parser/index.js';
import { program, validProgramText } from './arbitraries.js';

/** Bounded for CI on a shared 2-core machine: each property stays within a few seconds. */
const RUNS = 400;

function parsed(text: string): { program: Program; diagnostics: readonly unknown[] } {
  const result = parse(text);
  return { program: result.program, diagnostics: result.diagnostics };
}

describe('printer round trip', () => {
  it('parse(print(ast)) gives back the same tree, without diagnostics', () => {
    fc.assert(
      fc.property(program(), (ast) => {
        const { program: reparsed, diagnostics } = parsed(print(ast));
        expect(diagnostics).toEqual([]);
        expect(stripSpans(reparsed)).toEqual(stripSpans(ast));
      }),
      { numRuns: RUNS },
    );
  });

  it('printing is idempotent: print(parse(text)) === text for printed text', () => {
    fc.assert(
      fc.property(validProgramText, (text) => {
        expect(print(parsed(text).program)).toBe(text);
      }),
      { numRuns: RUNS },
    );
  });
});
