/** Parsing and inlining a program for inline tests. */
import { parse } from '../../src/parser/index.js';
import { preflight } from '../../src/preflight/index.js';
import type { PreflightOptions } from '../../src/preflight/index.js';

/** Parses (failing on syntax errors) and runs preflight, returning diagnostics and the inlined program. */
export function inlineProgram(text: string, options: PreflightOptions = {}) {
  const parsed = parse(text);
  if (parsed.diagnostics.length > 0) throw new Error(`syntax: ${parsed.diagnostics.map((d) => d.message).join('; ')}`);
  return preflight(parsed.program, parsed.source, options);
}
