/**
 * Diagnostics: spans, source positions, the diagnostic type, message builders
 * and rendering. Imports nothing outside this folder; every stage may import it.
 */
export * from './source.js';
export * from './span.js';
export * from './diagnostic.js';
export * from './messages.js';
export * from './suggest.js';
export * from './format.js';
