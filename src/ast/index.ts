/**
 * The AST: node types, the kind-to-children table, the visitor and the printer.
 *
 * In: nothing (the parser builds nodes; later stages read them).
 * Out: node types, `CHILD_KEYS`, `visit`, `visitInParallel`, `stripSpans`, `print`.
 * May import: src/diagnostics (spans) only.
 */
export * from './nodes.js';
export * from './keys.js';
export * from './visit.js';
export * from './print.js';
