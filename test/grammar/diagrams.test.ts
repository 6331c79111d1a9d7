import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DIAGRAMS_PATH, diagramsHtml } from '../../grammar/generate.js';
import { createLexer } from '../../src/lexer/index.js';
import { Qasm3Parser } from '../../src/parser/index.js';

describe('grammar/diagrams.html', () => {
  it('is up to date with the parser (regenerate with `npx tsx grammar/generate.ts`)', () => {
    expect(readFileSync(DIAGRAMS_PATH, 'utf8') === diagramsHtml()).toBe(true);
  });

  it('shows the rules named after the reference grammar', () => {
    const html = diagramsHtml();
    for (const rule of [
      'program',
      'statement',
      'gateStatement',
      'measureArrowAssignmentStatement',
      'expression',
      'indexOperator',
      'scalarType',
    ]) {
      expect(html).toContain(`"name": "${rule}"`);
    }
  });
});

describe('grammar and token definitions', () => {
  it("pass Chevrotain's validations (no ambiguity, no unreachable token), which the shared instances skip", () => {
    expect(() => new Qasm3Parser({ validate: true })).not.toThrow();
    expect(() => createLexer({ validate: true })).not.toThrow();
  });
});
