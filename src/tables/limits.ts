/** Service defaults and library limits (decisions.md section 6). Data only. */
export const LIMITS = Object.freeze({
  /** Diagnostics reported before one closing "limit reached" diagnostic. */
  maxErrors: 100,
  /** Gate applications after inlining (TooManyGates past it). */
  maxGates: 1_000_000,
  /** Source text size, in UTF-16 code units (the service's 10 MB request body). */
  maxSourceLength: 10 * 1024 * 1024,
  /** Nesting depth of expressions and blocks the parser follows before reporting. */
  maxNestingDepth: 1_000,
  minShots: 1,
  maxShots: 1_000_000,
  maxCircuitsPerJob: 5_000,
  maxGatesPerJob: 150_000,
  metadataKeys: 10,
  metadataKeyLength: 40,
  metadataValueLength: 40_000,
});
