/**
 * `fix`: refused programs rewritten into the accepted subset, proven equal
 * (docs/fix.md). Above the pipeline: it uses parse, validate, the preflight
 * rewrite tables, IR lowering and the equivalence checker.
 */
export { fix } from './fix.js';
export type { FixOptions, FixResult, AppliedFix } from './fix.js';
