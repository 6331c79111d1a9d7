/** Service defaults and library limits (decisions.md section 6). Data only. */
export const LIMITS = Object.freeze({
  /** Diagnostics reported before one closing "limit reached" diagnostic. */
  maxErrors: 100,
  /** Gate applications after inlining (TooManyGates past it). */
  maxGates: 1_000_000,
  /**
   * Operations a native compile may emit, all circuits together (TooManyGates
   * past it, at the statement that passes it): the QIS gate limit does not
   * bound the native output, where one multi-controlled gate becomes a
   * hundred gates and more (docs/limits.md). Counted exactly before any
   * native gate is built (native/lower.ts).
   */
  maxNativeGates: 1_000_000,
  /** Source text size, in UTF-16 code units (the service's 10 MB request body). */
  maxSourceLength: 10 * 1024 * 1024,
  /** Nesting depth of expressions and blocks the parser follows before reporting. */
  maxNestingDepth: 1_000,
  /**
   * Classical bits a program may declare, all bit registers together
   * (ClassicalBitLimit past it): every shot and branch holds them all, so a
   * `bit[2147483648]` would exhaust memory before the first gate.
   */
  maxClassicalBits: 65_536,
  /**
   * Largest size of one qubit register (`qubit[n]`, `qreg q[n]`). No machine
   * comes near it, so a larger one is refused as a limit rather than counted:
   * past 2^53 a size is no longer an exact number, past about 1e308 it is
   * Infinity, and the qubit count and indexes are computed in numbers.
   */
  maxRegisterSize: 2 ** 32,
  /**
   * Default most entries of an exact distribution artifact: at about 60 bytes
   * of JSON an entry (a 29-character bitstring, a 14-digit probability,
   * indentation), 1,500,000 entries stay under 100 MB.
   */
  maxProbabilityEntries: 1_500_000,
  /** Highest maxProbabilityEntries accepted: the entries are gathered in a JavaScript Map, which holds at most 2^24. */
  maxProbabilityEntriesCeiling: 2 ** 24,
  /**
   * Bits a sampled run holds: shots × (qubits + classical bits). One byte
   * each in the shot table, and an array element each in the shots artifact.
   */
  maxShotBits: 2 ** 26,
  /** Random input states checkEquivalence compares at most (each one is a full state evolution of both circuits). */
  maxRandomStates: 1_000,
  minShots: 1,
  maxShots: 1_000_000,
  maxCircuitsPerJob: 5_000,
  maxGatesPerJob: 150_000,
  metadataKeys: 10,
  metadataKeyLength: 40,
  metadataValueLength: 40_000,
});
