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

// --- capabilities: hints (kept out of the spec-fixed messages) -----------------------

export const DYNAMIC_CIRCUIT_HINT =
  'unroll loops and resolve branches before submitting: targets run straight-line circuits only';

export const MID_CIRCUIT_MEASUREMENT_HINT =
  'measure each qubit once, after its last gate; or run on the simulator, which supports mid-circuit measurement';

/** `bigEnough`: the available targets that have enough qubits, in table order. */
export function notEnoughQubitsHint(needed: number, bigEnough: readonly string[]): string {
  return bigEnough.length > 0
    ? `targets with ${needed} qubits or more: ${bigEnough.join(', ')}`
    : `no target has ${needed} qubits: use smaller registers`;
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

export function jsonCircuitInOtherGateset(path: string, kind: string, gateset: string): string {
  return `${jsonPlace(path)}: every gate is a ${kind} gate, but this circuit's gateset is ${gateset}`;
}

export function jsonNativeFamily(
  path: string,
  name: string,
  target: string,
  targetNative: string,
  systems: readonly string[],
): string {
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

export function jsonDuplicateCircuitName(path: string, name: string, firstPath: string): string {
  return `${path}: circuit name ${JSON.stringify(name)} is already used at ${firstPath}; results are keyed by circuit name, so each circuit needs its own`;
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

// --- preflight: subset rules (src/preflight/rules/*) --------------------------------

const plural = (count: number, noun: string): string => `${count} ${noun}${count === 1 ? '' : 's'}`;

export function rejectedGate(name: string, instead: string | null): string {
  return instead === null ? `Gate ${name} is not supported` : `Gate ${name} is not supported: ${instead}`;
}

export function wrongParameterCount(gate: string, expected: number, given: number): string {
  return `Gate ${gate} takes ${plural(expected, 'parameter')}, but ${given} ${given === 1 ? 'was' : 'were'} given`;
}

export function wrongQubitCount(gate: string, expected: number, given: number): string {
  return `Gate ${gate} takes ${plural(expected, 'qubit')}, but ${given} ${given === 1 ? 'was' : 'were'} given`;
}

export function designatorNotSupported(designator: string, gate: string): string {
  return `Designator ${designator} on gate ${gate} is not supported: remove it`;
}

/** `instead` says what to write in place of the modifier. */
export function modifierNotSupported(modifier: string, instead: string): string {
  return `Modifier ${modifier} is not supported: ${instead}`;
}

export function controlNotSupportedOn(modifier: string, gate: string): string {
  return `Modifier ${modifier} on ${gate} is not supported: ctrl @ applies only to x (not), z, rz, xphase and yphase`;
}

export function tooManyModifiers(modifiers: string, gate: string): string {
  return `More than one modifier (${modifiers}) on ${gate} is not supported: apply one modifier per gate, like ctrl(2) @ x`;
}

export function controlCountNotLiteral(modifier: string): string {
  return `Control count in ${modifier} is not supported: write a positive integer literal, like ctrl(2) @`;
}

export function tooManyControls(modifier: string, count: number | bigint, max: number): string {
  return `${modifier} has ${count} controls; at most ${max} are supported on one gate: split it into gates with fewer controls`;
}

export function operatorBetweenTerms(op: '+' | '-', expression: string): string {
  return `Operator ${op} between terms in gate argument ${expression} is not supported: compute the value and write it as a literal, or as a product or quotient with pi`;
}

export function operatorNotSupported(op: string, expression: string): string {
  return `Operator ${op} in gate argument ${expression} is not supported: only literals, pi, unary minus, * and / are allowed`;
}

export function constantNotSupported(name: string, instead: string): string {
  return `Constant ${name} in a gate argument is not supported: write ${instead} instead`;
}

export function classicalVariableInArgument(name: string): string {
  return `Classical variable ${name} in a gate argument is not supported: gate arguments must be constants; write its value instead`;
}

export function unknownIdentifierInArgument(name: string): string {
  return `Unknown identifier ${name} in a gate argument: gate arguments must be constants (literals, pi, unary minus, * and /)`;
}

export function nonNumericLiteral(kind: string, literal: string): string {
  return `${kind} literal ${literal} in a gate argument is not supported: gate arguments are real numbers`;
}

export function expressionNotSupportedInArgument(what: string, expression: string): string {
  return `${what} ${expression} in a gate argument is not supported: only literals, pi, unary minus, * and / are allowed`;
}

export function divisionByZero(expression: string): string {
  return `Division by zero in gate argument ${expression}`;
}

export function nonFiniteArgument(expression: string): string {
  return `Gate argument ${expression} is not a finite number`;
}

export function expandedFrom(call: string, gate: string): string {
  return `${call} called in the definition of ${gate}`;
}

export function inDefinitionOf(gate: string): string {
  return `in the definition of ${gate}`;
}

export function redefinesBuiltinGate(name: string): string {
  return `Gate definition ${name} redefines a built-in gate: choose another name`;
}

export function gateAlreadyDefined(name: string, line: number): string {
  return `Gate ${name} is already defined on line ${line}: choose another name`;
}

export function gateUsedBeforeDefinition(name: string, line: number): string {
  return `Gate ${name} is used before its definition on line ${line}: move the definition above its first use`;
}

export function recursiveGate(name: string): string {
  return `Gate ${name} calls itself: recursive gate definitions are not supported`;
}

export function statementInGateBody(what: string, gate: string): string {
  return `${what} inside gate ${gate} is not supported: gate bodies hold only gate calls, gphase and barrier`;
}

export function gateNestingTooDeep(gate: string, depth: number, max: number): string {
  return `Gate ${gate} nests gate definitions ${depth} deep; at most ${max} levels are supported: flatten some of the definitions`;
}

export function duplicateGateArgument(name: string, gate: string): string {
  return `Argument ${name} appears twice in the definition of gate ${gate}: give each argument its own name`;
}

export function physicalQubit(name: string): string {
  return `Physical qubit ${name} is not supported: declare a register (qubit[n] q;) and use its qubits, like q[0]`;
}

export function unknownRegister(kind: 'qubit' | 'bit', name: string): string {
  return `Unknown ${kind} register ${name}: declare it first, like ${kind}[2] ${name};`;
}

export function wrongRegisterKind(name: string, actual: string, expected: 'qubit' | 'bit'): string {
  return `${name} is a ${actual}, not a ${expected} register`;
}

export function aliasOfSingleQubitIndexed(alias: string, qubit: string): string {
  return `${alias} is an alias of the single qubit ${qubit} and cannot be indexed: write ${alias}`;
}

export function indexedTwice(operand: string): string {
  return `${operand} indexes a register more than once: write one index, like q[0]`;
}

export function indexNotLiteral(index: string, register: string): string {
  return `Index ${index} of ${register} is not an integer literal: write a number, like ${register}[0]`;
}

export function indexOutOfRange(index: string, kind: 'qubit' | 'bit', register: string, size: number): string {
  return `Index ${index} is out of range for ${kind} register ${register} of size ${size}`;
}

export function bodyOperandUnknown(name: string, gate: string, qubits: readonly string[]): string {
  return `${name} is not a qubit argument of gate ${gate}: its body can use only ${qubits.join(', ')}`;
}

export function bodyOperandIndexed(operand: string, gate: string): string {
  return `Indexing ${operand} inside gate ${gate} is not supported: a gate body uses its qubit arguments by name`;
}

export function qubitUsedTwice(qubit: string, gate: string): string {
  return `Qubit ${qubit} is used twice in one ${gate}: a gate needs distinct qubits`;
}

export function broadcastSizeMismatch(
  gate: string,
  first: string,
  firstSize: number,
  second: string,
  secondSize: number,
): string {
  return `Gate ${gate} is broadcast over registers of different sizes: ${first} has ${firstSize} qubits, ${second} has ${secondSize}`;
}

export function scalarRegister(kind: 'qubit' | 'bit', name: string): string {
  return `Scalar declaration ${kind} ${name} is not supported: use a register of size 1, ${kind}[1] ${name}`;
}

export function registerSizeNotSupported(size: string, name: string): string {
  return `Size ${size} of register ${name} is not supported: write a positive integer literal, like [2]`;
}

/** A count as words: grouped digits, or only how many digits a huge literal has. */
function countText(count: number | bigint): string {
  const digits = count.toString().length;
  return digits > 30 ? `a number of ${digits} digits` : count.toLocaleString('en-US');
}

export function registerTooLarge(size: bigint, name: string, max: number): string {
  return `Register ${name} declares too many qubits (${countText(size)}); a register holds at most ${max.toLocaleString('en-US')}`;
}

export function tooManyClassicalBits(bits: number | bigint, max: number): string {
  return `The program declares ${countText(bits)} classical bits; at most ${max.toLocaleString('en-US')} are supported (all bit registers together)`;
}

export function bitRegisterInitializer(name: string): string {
  return `Initial value of bit register ${name} is not supported: declare it without one and measure into its bits`;
}

export function alreadyDeclared(name: string, line: number): string {
  return `${name} is already declared on line ${line}: choose another name`;
}

export function declarationNotSupported(type: string, name: string): string {
  return `Declaration of ${type} ${name} is not supported: only qubit and bit registers (and int, whose value is discarded) can be declared`;
}

export function measureWithoutDestination(statement: string): string {
  return `Measurement without a destination (${statement}) is not supported: write c[0] = measure q[0];`;
}

export function wholeRegisterMeasurement(operand: string): string {
  return `Whole-register measurement of ${operand} is not supported: measure each qubit into its own bit, like c[0] = measure q[0];`;
}

export function wholeRegisterReset(operand: string): string {
  return `Whole-register reset of ${operand} is not supported: reset each qubit, like reset ${operand}[0];`;
}

export function measureInDeclaration(name: string, isBitRegister: boolean): string {
  return isBitRegister
    ? `Measurement in the declaration of ${name} is not supported: declare the bit register first, then write ${name}[0] = measure q[0];`
    : `Measurement into ${name}, which is not a bit register, is not supported: measure into a bit register, like c[0] = measure q[0];`;
}

export function compoundMeasureAssignment(op: string): string {
  return `Measurement with ${op} is not supported: write c[0] = measure q[0];`;
}

export function aliasConcatenation(expression: string): string {
  return `Concatenation ++ in ${expression} is not supported: alias each register separately`;
}

export function aliasValueNotSupported(name: string, value: string): string {
  return `let ${name} = ${value} is not supported: an alias must name a qubit register or one of its qubits`;
}

/** `form`: `Range index`, `Index set`, `Index list`. */
export function rangeIndex(form: string, operand: string, register: string): string {
  return `${form} ${operand} is not supported: index one element at a time, like ${register}[0]`;
}

export function statementNotSupported(what: string, instead: string | null): string {
  return instead === null ? `${what} is not supported` : `${what} is not supported: ${instead}`;
}

/** `total` at or past 2^53 - 1 is a saturated count (inline/gate-definitions.ts): "at least" that many. */
export function tooManyGates(limit: number, total: number, construct: string): string {
  const count = total < Number.MAX_SAFE_INTEGER ? String(total) : `at least ${Number.MAX_SAFE_INTEGER}`;
  return `Program expands to more than ${limit} gate applications (${count} with ${construct}): split it into smaller jobs`;
}

/** Starts every hint whose rest is code that replaces the refused statement (tests validate that code). */
export const REWRITE_CODE_PREFIX = 'write it in accepted gates as: ';

/** A `hint` with drop-in code in accepted gates for a refused call. */
export function rewriteCodeHint(code: string): string {
  return REWRITE_CODE_PREFIX + code;
}

/** A `hint` with a rewrite as a formula (angles that are not constants yet, like a definition's parameters). */
export function rewriteFormulaHint(signature: string, formula: string): string {
  return `in accepted gates, up to global phase, ${signature} is ${formula}`;
}

/** A `hint` for a constant expression the subset refuses but whose value is known. */
export function writeValueHint(value: string): string {
  return `write ${value}`;
}

/** A `hint` for `negctrl @` on a gate with an accepted controlled form: flip the controls around it. */
export function negatedControlHint(code: string): string {
  return rewriteCodeHint(code);
}

/** Calling a `def` subroutine (`f(q[0]);` or `f q[0];`). */
export function subroutineCall(name: string, line: number): string {
  return `Call of subroutine ${name} is not supported: write the body of def ${name} (line ${line}) inline here, with its arguments substituted`;
}

export function subroutineCallHint(name: string): string {
  return `if the body of ${name} holds only gate calls, make it a gate definition (gate ${name} ...) and call it as a gate`;
}

/** `const int n = 3;`: the `const` is the refused part. */
export function constNotSupported(declaration: string): string {
  return `const is not supported (${declaration}): write the value itself wherever the constant is used`;
}

export function constValueHint(name: string, value: string): string {
  return `replace ${name} by ${value} wherever it is used`;
}

/** A register size naming a `const`. */
export function constantSizeHint(
  name: string,
  value: string,
  kind: 'qubit' | 'bit',
  register: string,
  line: number,
): string {
  return `${name} is the const declared on line ${line}, which is not supported: write the size itself, ${kind}[${value}] ${register};`;
}

/** Pre-3.0 `for i in ...` (loop variable without a type). */
export function untypedLoopHint(variable: string, iterable: string): string {
  return `OpenQASM 3.0 gives the loop variable a type: for int ${variable} in ${iterable} { ... }; but loops are unsupported on every target anyway: unroll the loop and write each iteration out`;
}

/** Pre-3.0 `const n = 3;` (constant without a type). */
export function untypedConstHint(name: string, value: string): string {
  return `OpenQASM 3.0 gives a constant a type: const int ${name} = ${value}; but const is not supported by the service: write the value itself wherever ${name} is used`;
}

/** Pre-3.0 `qubit q[n];` (size after the name). */
export function sizeAfterNameHint(kind: string, name: string, size: string): string {
  return `OpenQASM 3.0 writes the size after the type: ${kind}[${size}] ${name}; (or the older qreg ${name}[${size}];)`;
}

/** A `hint` offering the closest known name. */
export function didYouMean(name: string): string {
  return `did you mean ${name}?`;
}

/** The `related` note on the earlier measurement of a reused bit. */
export function firstMeasurementInto(bit: string): string {
  return `first measurement into ${bit}`;
}

export function sourceTooLarge(length: number, limit: number): string {
  return `Program source is ${length} characters, more than the ${limit} the service accepts: split it into smaller jobs`;
}

export function wholeRegisterDestination(register: string): string {
  return `Measurement into the whole register ${register} is not supported: measure into one bit, like ${register}[0] = measure q[0];`;
}

/** A bug of ours, reported as a diagnostic rather than thrown at the caller. */
export function internalError(error: unknown): string {
  const detail = error instanceof Error ? error.message : String(error);
  return `Internal error in qasm3-preflight (please report it): ${detail}`;
}

// --- simulator ----------------------------------------------------------------------

export function simulatorMemoryBudget(qubits: number, needed: string, budget: string): string {
  return `Simulating ${qubits} qubits needs ${needed} (16 bytes per amplitude for every state held, plus working space); the memory budget is ${budget}: raise memoryBudgetBytes or simulate fewer qubits`;
}

export function simulatorBranchLimit(branches: number, limit: number): string {
  return `Mid-circuit measurements and resets split the simulation into ${branches} distinct branches; the limit is ${limit} (option maxBranches)`;
}

export function unknownNoiseModel(name: string, known: readonly string[]): string {
  return `Unknown noise model: ${name} (known models: ${known.join(', ')})`;
}

export function shotsOutOfRange(shots: unknown, min: number, max: number): string {
  return `shots must be an integer from ${min} to ${max}, got ${String(shots)}`;
}

export function qubitOutOfRange(qubit: number, qubits: number): string {
  return `Circuit uses qubit ${qubit} but declares ${qubits} qubits`;
}

export function bitOutOfRange(bit: number, clbits: number): string {
  return `Circuit measures into classical bit ${bit} but declares ${clbits} classical bits`;
}

// --- syntax (lexer and parser) -------------------------------------------------------

/** Source text quoted in a syntax message: whitespace folded, long text shortened from the left. */
export function quoteSource(text: string, max = 40): string {
  const folded = text.replace(/\s+/g, ' ').trim();
  return '`' + (folded.length > max ? '…' + folded.slice(folded.length - max + 1) : folded) + '`';
}

export function expectedAfter(what: string, after: string | null): string {
  return after === null ? `expected ${what}` : `expected ${what} after ${quoteSource(after)}`;
}

export function unexpectedToken(image: string, after: string | null, expected: string | null): string {
  const token = image === '' ? 'end of file' : quoteSource(image);
  const where = after === null ? '' : ` after ${quoteSource(after)}`;
  return `unexpected ${token}${where}${expected === null ? '' : `: expected ${expected}`}`;
}

export function unexpectedEndOfFile(expected: string): string {
  return `unexpected end of file: expected ${expected}`;
}

export function unexpectedCharacter(character: string): string {
  const code = character.codePointAt(0) ?? 0;
  const printable = code >= 0x20 && code !== 0x7f && !(code >= 0xd800 && code <= 0xdfff);
  const hex = 'U+' + code.toString(16).toUpperCase().padStart(4, '0');
  return printable ? `unexpected character '${character}' (${hex})` : `unexpected character ${hex}`;
}

export const UNTERMINATED_COMMENT = 'unterminated block comment: expected `*/`';
export const UNTERMINATED_STRING = 'unterminated string: expected a closing quote on the same line';
export const UNTERMINATED_CALIBRATION = 'unterminated calibration block: expected `}` to balance its braces';
export const VERSION_NOT_FIRST = 'the `OPENQASM` version declaration must be the first statement';

/** A parser bug surfaced as a diagnostic rather than an exception. */
export function internalParserError(detail: string): string {
  return `internal parser error (please report it): ${detail}`;
}

export function nestingTooDeep(limit: number): string {
  return `nesting deeper than ${limit} levels of brackets or blocks`;
}

export function listTooLong(limit: number): string {
  return `more than ${limit.toLocaleString('en-US')} names in one list of qubits or parameters`;
}

export function literalTooLong(length: number, limit: number): string {
  return `integer literal of ${length.toLocaleString('en-US')} characters: at most ${limit.toLocaleString('en-US')} are read`;
}

export function expressionTooDeep(limit: number): string {
  return `expression nested deeper than ${limit} levels (operators, prefix signs, indexes and brackets together)`;
}
