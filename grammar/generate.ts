/**
 * Writes grammar/diagrams.html: railroad diagrams generated from the parser's
 * own grammar (Chevrotain's serialized productions), so the picture cannot
 * drift from the code. Run: `npx tsx grammar/generate.ts`.
 * `--check` exits non-zero when the file on disk is stale.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createSyntaxDiagramsCode } from 'chevrotain';
import { grammarParser } from '../src/parser/index.js';

export const DIAGRAMS_PATH = join(import.meta.dirname, 'diagrams.html');

/** The diagrams page for the current grammar. */
export function diagramsHtml(): string {
  const productions = grammarParser().getSerializedGastProductions();
  // Rules come in definition order, statements last (they sit on top of the
  // expression and type layers); show them from `program` down instead.
  const start = Math.max(0, productions.findIndex((p) => (p as { name?: string }).name === 'program'));
  const ordered = [...productions.slice(start), ...productions.slice(0, start)];
  return createSyntaxDiagramsCode(ordered, { resourceBase: 'https://unpkg.com/chevrotain@11.2.0/diagrams/' });
}

const invokedDirectly = process.argv[1] !== undefined && import.meta.filename === process.argv[1];
if (invokedDirectly) {
  const html = diagramsHtml();
  if (process.argv.includes('--check')) {
    const current = readFileSync(DIAGRAMS_PATH, 'utf8');
    if (current !== html) {
      console.error('grammar/diagrams.html is stale: run `npx tsx grammar/generate.ts`');
      process.exit(1);
    }
  } else {
    writeFileSync(DIAGRAMS_PATH, html);
    console.log(`wrote ${DIAGRAMS_PATH}`);
  }
}
