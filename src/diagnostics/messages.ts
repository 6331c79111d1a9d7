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

// --- ir: svc.circuit.v0 JSON export and validation ----------------------------------

/** Why a circuit cannot be written as svc.circuit.v0 JSON (it measures every qubit once, at the end). */
export function jsonCannotExpress(detail: string): string {
  return `The svc.circuit.v0 JSON format cannot express mid-circuit measurement or reset: ${detail}; submit it as OpenQASM 3 instead`;
}

export function jsonMixedGatesets(qisGate: string, nativeGate: string): string {
  return `A circuit cannot mix QIS gates (${qisGate}) and native gates (${nativeGate})`;
}

/** Where a JSON problem is: the path, or `input` for the document itself. */
function jsonPlace(path: string): string {
  return path === '' ? 'input' : path;
}

export function jsonExpected(path: string, expected: string, got: string): string {
  return `${jsonPlace(path)}: expected ${expected}, got ${got}`;
}

export function jsonMissing(path: string, expected: string): string {
  return `${jsonPlace(path)}: missing; expected ${expected}`;
}

export function jsonOutOfRange(path: string, value: string, allowed: string): string {
  return `${jsonPlace(path)}: ${value} is outside the allowed range ${allowed}`;
}

export function jsonWrongCount(path: string, expected: string, got: number): string {
  return `${jsonPlace(path)}: expected exactly ${expected}, got ${got}`;
}

export function jsonEitherField(path: string, one: string, other: string): string {
  return `${jsonPlace(path)}: give either ${one} or ${other}, not both`;
}

export function jsonUnexpectedField(path: string, gate: string, field: string): string {
  return `${jsonPlace(path)}: ${gate} takes no ${field}`;
}

export function jsonUnknownGate(path: string, name: string, gateset: string, known: readonly string[]): string {
  return `${jsonPlace(path)}: Unknown gate: ${name} (the ${gateset} gateset has ${known.join(', ')})`;
}

export function jsonGateOutsideGateset(path: string, name: string, kind: string, gateset: string): string {
  return `${jsonPlace(path)}: ${name} is a ${kind} gate, but this circuit's gateset is ${gateset}; one circuit cannot mix QIS and native gates`;
}

export function jsonNativeFamily(path: string, name: string, target: string, targetNative: string, systems: readonly string[]): string {
  return `${jsonPlace(path)}: ${name} is not available on ${target}, whose two-qubit native gate is ${targetNative}; ${name} runs on ${systems.join(', ')}`;
}

export function jsonRepeatedQubit(path: string, qubit: number, firstPath: string): string {
  return `${jsonPlace(path)}: qubit ${qubit} appears twice in one gate (first at ${firstPath})`;
}

export function jsonNeedsControl(path: string, name: string): string {
  return `${jsonPlace(path)}: ${name} needs a control qubit: give control or controls`;
}

export function jsonTooManyControls(path: string, count: number, max: number): string {
  return `${jsonPlace(path)}: ${count} controls; at most ${max} are allowed on one gate`;
}

export function jsonTooManyCircuits(path: string, count: number, max: number): string {
  return `${jsonPlace(path)}: ${count} circuits; at most ${max} are allowed in one job`;
}

export function jsonTooManyGates(path: string, count: number, max: number): string {
  return `${jsonPlace(path)}: ${count} gates in total; at most ${max} are allowed in one job`;
}

export function jsonBothCircuitForms(path: string): string {
  return `${jsonPlace(path)}: give either circuit (one circuit) or circuits (a multicircuit job), not both`;
}

export function jsonNoCircuit(path: string): string {
  return `${jsonPlace(path)}: missing; expected circuit (an array of gate objects) or circuits (an array of {name, circuit, gateset?})`;
}
