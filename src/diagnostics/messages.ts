/**
 * Every reason text, written once. Spec-fixed texts (service-api.md,
 * decisions.md section 1) are exact; fixtures hold them literally so that a
 * typo here cannot pass.
 *
 * Stages add their builders here, grouped by stage, one function per message.
 */

// --- capability texts fixed by the spec -------------------------------------------

export const MID_CIRCUIT_MEASUREMENT_UNSUPPORTED = 'Mid-circuit measurement is not supported on this target';
export const DYNAMIC_CIRCUITS_UNSUPPORTED = 'Dynamic circuit execution (loops, branches) is not supported';

export function notEnoughQubits(needed: number, target: string, available: number): string {
  return `Program needs ${needed} qubits; ${target} has ${available}`;
}

// --- subset texts fixed by the spec ------------------------------------------------

export function unknownGate(name: string): string {
  return `Unknown gate: ${name}`;
}

/** `statementText`: source up to and excluding `;`, whitespace runs folded to one space. */
export function unrecognizedStatement(statementText: string): string {
  return `Unrecognized statement: ${statementText.replace(/\s+/g, ' ').trim()}`;
}

export function classicalBitReused(
  bit: string,
  first: { line: number; column: number },
  second: { line: number; column: number },
): string {
  return (
    `Classical bit ${bit} is assigned by more than one measurement: ` +
    `line ${first.line}, column ${first.column} and line ${second.line}, column ${second.column}`
  );
}

// --- capabilities: target option ----------------------------------------------------

export function unknownTarget(name: string, known: readonly string[]): string {
  return `Unknown target: ${name}; known targets are ${known.join(', ')}`;
}

export function invalidTarget(problem: string): string {
  return `Invalid target object: ${problem}`;
}

// --- cli: lint suppressions -------------------------------------------------------

/** A `qasm3-preflight-disable[-next-line]` directive (for `rule`, or every rule) that removed no diagnostic. */
export function unusedSuppression(rule: string | undefined, scope: 'next-line' | 'file'): string {
  const what = rule === undefined ? '' : `${rule} `;
  const where = scope === 'file' ? 'in this file' : 'on the next line';
  return `Unused suppression: no ${what}diagnostic ${where} to suppress; remove the directive`;
}
