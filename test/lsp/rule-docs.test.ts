/** The rule docs the built server shows on hover are docs/rules.md as it is now, one entry per documented rule. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { preflightRules } from '../../src/index.js';
import { extractRuleDocs, GENERATED, generatedSource, RULES_DOC } from '../../scripts/lsp-rule-docs.js';

describe('rule docs shipped with the language server', () => {
  const markdown = readFileSync(RULES_DOC, 'utf8');

  it('is regenerated from docs/rules.md (run npx tsx scripts/lsp-rule-docs.ts)', () => {
    expect(readFileSync(GENERATED, 'utf8')).toBe(generatedSource(markdown));
  });

  it('documents every subset rule with its examples and fix', () => {
    const docs = extractRuleDocs(markdown);
    for (const rule of preflightRules) {
      expect(docs[rule.id], rule.id).toMatch(/Rejected[\s\S]*Fix/);
    }
    expect(docs['max-errors']).toMatch(/closing diagnostic/);
  });
});
