/**
 * The typed AST: a readonly discriminated union on `kind`. Every node has a
 * `span` (decisions.md, section 1). The parser builds it for the whole
 * OpenQASM 3.1 statement set, including what the service's subset rejects
 * ("parse wide, reject narrow"); no node carries a judgement.
 *
 * Conventions:
 * - Optional children are `null`, never `undefined`; lists are arrays (maybe empty).
 * - A single statement used as a body (`if (c) x q;`) becomes a one-element `body`.
 * - Parentheses leave no node: the printer adds them back by precedence.
 */
import type { Span } from '../diagnostics/index.js';

interface Base {
  readonly span: Span;
}

// --- program and statements -------------------------------------------------------

export interface Program extends Base {
  readonly kind: 'Program';
  readonly version: Version | null;
  /**
   * Top-level statements in source order. A plain gate call, measurement,
   * reset or barrier (`h q[0];`, `c[0] = measure q[0];`) may be a deferred
   * node that keeps only its offsets and rebuilds its children from the text
   * when they are read (see deferred.ts): its members are accessors, so walk trees with
   * `visit`/`CHILD_KEYS` or their JSON form rather than `Object.keys`, and
   * compare children by content rather than identity.
   */
  readonly statements: readonly Statement[];
}

/** `OPENQASM 3.0;` */
export interface Version extends Base {
  readonly kind: 'Version';
  /** As written, e.g. `3.0`, `3`, `2.0`. */
  readonly version: string;
}

/** `@name rest of line` before a statement. */
export interface Annotation extends Base {
  readonly kind: 'Annotation';
  /** Keyword without `@`, e.g. `bind` or `foo.bar`. */
  readonly name: string;
  /** The rest of the line, trimmed; `''` when none. */
  readonly content: string;
}

interface StatementBase extends Base {
  /** Annotations written before the statement (shared empty array when none). */
  readonly annotations: readonly Annotation[];
}

export type Statement =
  | Include
  | Pragma
  | QubitDeclaration
  | OldStyleDeclaration
  | ClassicalDeclaration
  | ConstDeclaration
  | IODeclaration
  | AliasDeclaration
  | GateDefinition
  | SubroutineDefinition
  | ExternDeclaration
  | Return
  | GateCall
  | MeasureStatement
  | Assignment
  | Reset
  | Barrier
  | Delay
  | Box
  | If
  | For
  | While
  | Switch
  | Break
  | Continue
  | End
  | ExpressionStatement
  | Cal
  | Defcal
  | Defcalgrammar
  | EmptyStatement;

/** `include "stdgates.inc";` */
export interface Include extends StatementBase {
  readonly kind: 'Include';
  readonly path: string;
}

/** `#pragma text` or `pragma text` (to the end of the line). */
export interface Pragma extends StatementBase {
  readonly kind: 'Pragma';
  /** True when written `#pragma`. */
  readonly hash: boolean;
  readonly content: string;
}

/** `qubit[4] q;` or scalar `qubit q;` (size null). */
export interface QubitDeclaration extends StatementBase {
  readonly kind: 'QubitDeclaration';
  readonly name: Identifier;
  readonly size: Expression | null;
}

/** `qreg q[4];`, `creg c[2];`, or without size. */
export interface OldStyleDeclaration extends StatementBase {
  readonly kind: 'OldStyleDeclaration';
  readonly keyword: 'qreg' | 'creg';
  readonly name: Identifier;
  readonly size: Expression | null;
}

/** `bit[2] c;`, `int[32] i = 3;`, `array[float, 2] a = {1.0, 2.0};`, `bit b = measure q[0];` */
export interface ClassicalDeclaration extends StatementBase {
  readonly kind: 'ClassicalDeclaration';
  readonly type: ClassicalType;
  readonly name: Identifier;
  readonly init: Expression | MeasureExpression | ArrayLiteral | null;
}

/** `const int n = 3;` */
export interface ConstDeclaration extends StatementBase {
  readonly kind: 'ConstDeclaration';
  readonly type: ClassicalType;
  readonly name: Identifier;
  readonly init: Expression | ArrayLiteral;
}

/** `input float theta;` / `output bit[2] c;` */
export interface IODeclaration extends StatementBase {
  readonly kind: 'IODeclaration';
  readonly direction: 'input' | 'output';
  readonly type: ClassicalType;
  readonly name: Identifier;
}

/** `let a = q[0:1] ++ r;` (concatenation is a Binary with op `++`). */
export interface AliasDeclaration extends StatementBase {
  readonly kind: 'AliasDeclaration';
  readonly name: Identifier;
  readonly value: Expression;
}

/** `gate name(a, b) q0, q1 { ... }` */
export interface GateDefinition extends StatementBase {
  readonly kind: 'GateDefinition';
  readonly name: Identifier;
  readonly params: readonly Identifier[];
  readonly qubits: readonly Identifier[];
  readonly body: readonly Statement[];
}

/** `def f(int[32] a, qubit q) -> bit { ... }` */
export interface SubroutineDefinition extends StatementBase {
  readonly kind: 'SubroutineDefinition';
  readonly name: Identifier;
  readonly params: readonly ArgumentDefinition[];
  readonly returnType: ScalarType | null;
  readonly body: readonly Statement[];
}

/** A `def` parameter: `int[32] a`, `qubit[2] q`, `qreg q[2]`, `creg c[2]`, `readonly array[int, 2] a`. */
export interface ArgumentDefinition extends Base {
  readonly kind: 'ArgumentDefinition';
  readonly type: ClassicalType | QubitType | ArrayReferenceType;
  readonly name: Identifier;
  /** Set for old-style `qreg q[n]` / `creg c[n]` parameters, whose size follows the name. */
  readonly oldStyle: 'qreg' | 'creg' | null;
}

/** `extern f(int[32], float) -> bit;` */
export interface ExternDeclaration extends StatementBase {
  readonly kind: 'ExternDeclaration';
  readonly name: Identifier;
  readonly params: readonly (ClassicalType | ArrayReferenceType)[];
  readonly returnType: ScalarType | null;
}

/** `return x;` / `return measure q;` / `return;` */
export interface Return extends StatementBase {
  readonly kind: 'Return';
  readonly value: Expression | MeasureExpression | null;
}

/**
 * A gate call, with modifiers: `ctrl(2) @ x a, b, c;`, `rz(pi/4) q[0];`,
 * `gphase(pi);`, `U(1, 2, 3)[4] q;` (designator).
 */
export interface GateCall extends StatementBase {
  readonly kind: 'GateCall';
  readonly modifiers: readonly GateModifier[];
  readonly name: Identifier;
  /** Arguments in parentheses; `null` when no parentheses were written. */
  readonly args: readonly Expression[] | null;
  readonly designator: Expression | null;
  readonly qubits: readonly GateOperand[];
}

/** `ctrl @`, `ctrl(2) @`, `negctrl @`, `inv @`, `pow(2) @` */
export interface GateModifier extends Base {
  readonly kind: 'GateModifier';
  readonly modifier: 'ctrl' | 'negctrl' | 'inv' | 'pow';
  readonly argument: Expression | null;
}

/** `measure q[0] -> c[0];` or bare `measure q[0];` (target null). */
export interface MeasureStatement extends StatementBase {
  readonly kind: 'MeasureStatement';
  readonly measure: MeasureExpression;
  readonly target: IndexedIdentifier | null;
}

export type AssignmentOperator =
  '=' | '+=' | '-=' | '*=' | '/=' | '&=' | '|=' | '~=' | '^=' | '<<=' | '>>=' | '%=' | '**=';

/** `c[0] = measure q[0];`, `x += 1;` */
export interface Assignment extends StatementBase {
  readonly kind: 'Assignment';
  readonly target: IndexedIdentifier;
  readonly op: AssignmentOperator;
  readonly value: Expression | MeasureExpression | ArrayLiteral;
}

/** `reset q[0];` */
export interface Reset extends StatementBase {
  readonly kind: 'Reset';
  readonly operand: GateOperand;
}

/** `barrier;`, `barrier q;`, `barrier q[0], r;` */
export interface Barrier extends StatementBase {
  readonly kind: 'Barrier';
  readonly operands: readonly GateOperand[];
}

/** `delay[100ns] q[0];` */
export interface Delay extends StatementBase {
  readonly kind: 'Delay';
  readonly duration: Expression;
  readonly operands: readonly GateOperand[];
}

/** `box { ... }` / `box[100ns] { ... }` */
export interface Box extends StatementBase {
  readonly kind: 'Box';
  readonly duration: Expression | null;
  readonly body: readonly Statement[];
}

/** `if (cond) { ... } else { ... }` */
export interface If extends StatementBase {
  readonly kind: 'If';
  readonly condition: Expression;
  readonly body: readonly Statement[];
  readonly elseBody: readonly Statement[] | null;
}

/** `for int i in [0:3] { ... }`, `for uint i in {1, 2} { ... }`, `for float x in arr { ... }` */
export interface For extends StatementBase {
  readonly kind: 'For';
  readonly variableType: ScalarType;
  readonly variable: Identifier;
  readonly iterable: RangeExpression | DiscreteSet | Expression;
  readonly body: readonly Statement[];
}

/** `while (cond) { ... }` */
export interface While extends StatementBase {
  readonly kind: 'While';
  readonly condition: Expression;
  readonly body: readonly Statement[];
}

/** `switch (x) { case 0, 1 { ... } default { ... } }` */
export interface Switch extends StatementBase {
  readonly kind: 'Switch';
  readonly subject: Expression;
  readonly cases: readonly SwitchCase[];
}

/** One `case a, b { ... }`, or `default { ... }` (values null). */
export interface SwitchCase extends Base {
  readonly kind: 'SwitchCase';
  readonly values: readonly Expression[] | null;
  readonly body: readonly Statement[];
}

export interface Break extends StatementBase {
  readonly kind: 'Break';
}
export interface Continue extends StatementBase {
  readonly kind: 'Continue';
}
export interface End extends StatementBase {
  readonly kind: 'End';
}

/** `f(x);`, `x++`-free expression used as a statement. */
export interface ExpressionStatement extends StatementBase {
  readonly kind: 'ExpressionStatement';
  readonly expression: Expression;
}

/** `cal { opaque }` */
export interface Cal extends StatementBase {
  readonly kind: 'Cal';
  /** The text between the braces, as written. */
  readonly body: string;
}

/** `defcal x $0 { opaque }`: header and body kept as text. */
export interface Defcal extends StatementBase {
  readonly kind: 'Defcal';
  /** The text between `defcal` and `{`, trimmed. */
  readonly header: string;
  /** The text between the braces, as written. */
  readonly body: string;
}

/** `defcalgrammar "openpulse";` */
export interface Defcalgrammar extends StatementBase {
  readonly kind: 'Defcalgrammar';
  readonly name: string;
}

/** A lone `;`. */
export interface EmptyStatement extends StatementBase {
  readonly kind: 'EmptyStatement';
}

// --- operands ----------------------------------------------------------------------

/** `q`, `q[0]`, `q[0:2]`, `q[{0, 1}]`, `a[1][2]` */
export interface IndexedIdentifier extends Base {
  readonly kind: 'IndexedIdentifier';
  readonly name: Identifier;
  readonly indices: readonly IndexOperator[];
}

/** `$3` */
export interface HardwareQubit extends Base {
  readonly kind: 'HardwareQubit';
  /** As written, with `$`. */
  readonly name: string;
  readonly index: number;
}

export type GateOperand = IndexedIdentifier | HardwareQubit;

/** `[0]`, `[0:2]`, `[1, 2:3]`: expressions and ranges. */
export interface IndexList extends Base {
  readonly kind: 'IndexList';
  readonly items: readonly (Expression | RangeExpression)[];
}

/** `{0, 1, 2}` as an index or a `for` iterable. */
export interface DiscreteSet extends Base {
  readonly kind: 'DiscreteSet';
  readonly values: readonly Expression[];
}

export type IndexOperator = IndexList | DiscreteSet;

/** `a:b`, `a:s:b`, `:`, `a:` (inside an index or a `for` header `[a:b]`). */
export interface RangeExpression extends Base {
  readonly kind: 'RangeExpression';
  readonly start: Expression | null;
  readonly step: Expression | null;
  readonly end: Expression | null;
}

/** `measure q[0]` (the expression part of measure statements and assignments). */
export interface MeasureExpression extends Base {
  readonly kind: 'MeasureExpression';
  readonly operand: GateOperand;
}

// --- expressions -------------------------------------------------------------------

export type Expression =
  | Identifier
  | IntegerLiteral
  | FloatLiteral
  | ImaginaryLiteral
  | BooleanLiteral
  | BitstringLiteral
  | DurationLiteral
  | HardwareQubit
  | Binary
  | Unary
  | IndexExpression
  | Call
  | Cast
  | DurationOf
  | SizeOf;

export interface Identifier extends Base {
  readonly kind: 'Identifier';
  readonly name: string;
}

/** `42`, `0x2A`, `0o52`, `0b101010`, `1_000` */
export interface IntegerLiteral extends Base {
  readonly kind: 'IntegerLiteral';
  /** As written (prefix and `_` kept). */
  readonly raw: string;
  /** Exact value. */
  readonly value: bigint;
}

/** `1.5`, `.5`, `1e-3`, `2.` */
export interface FloatLiteral extends Base {
  readonly kind: 'FloatLiteral';
  readonly raw: string;
  readonly value: number;
}

/** `1.5im`, `2im` */
export interface ImaginaryLiteral extends Base {
  readonly kind: 'ImaginaryLiteral';
  readonly raw: string;
  /** The coefficient of `im`. */
  readonly value: number;
}

export interface BooleanLiteral extends Base {
  readonly kind: 'BooleanLiteral';
  readonly value: boolean;
}

/** `"0101"` (bit-string literal). */
export interface BitstringLiteral extends Base {
  readonly kind: 'BitstringLiteral';
  /** The bits without quotes and `_` separators. */
  readonly value: string;
  readonly raw: string;
}

export type TimeUnit = 'dt' | 'ns' | 'us' | 'µs' | 'ms' | 's';

/** `100ns`, `1.5us`, `10dt` */
export interface DurationLiteral extends Base {
  readonly kind: 'DurationLiteral';
  readonly raw: string;
  readonly value: number;
  readonly unit: TimeUnit;
}

export type BinaryOperator =
  | '||'
  | '&&'
  | '|'
  | '^'
  | '&'
  | '=='
  | '!='
  | '<'
  | '>'
  | '<='
  | '>='
  | '<<'
  | '>>'
  | '+'
  | '-'
  | '*'
  | '/'
  | '%'
  | '**'
  | '++';

export interface Binary extends Base {
  readonly kind: 'Binary';
  readonly op: BinaryOperator;
  readonly left: Expression;
  readonly right: Expression;
}

export interface Unary extends Base {
  readonly kind: 'Unary';
  readonly op: '-' | '!' | '~';
  readonly operand: Expression;
}

/** `a[1]`, `a[0:2]`, `a[{1, 2}]` in expression position. */
export interface IndexExpression extends Base {
  readonly kind: 'IndexExpression';
  readonly collection: Expression;
  readonly index: IndexOperator;
}

/** `sin(x)`, `f(1, 2)` */
export interface Call extends Base {
  readonly kind: 'Call';
  readonly callee: Identifier;
  readonly args: readonly Expression[];
}

/** `int[32](x)`, `float(x)` */
export interface Cast extends Base {
  readonly kind: 'Cast';
  readonly type: ScalarType | ArrayType;
  readonly argument: Expression;
}

/** `durationof({ x q; })` */
export interface DurationOf extends Base {
  readonly kind: 'DurationOf';
  readonly body: readonly Statement[];
}

/** `sizeof(a)`, `sizeof(a, 1)` */
export interface SizeOf extends Base {
  readonly kind: 'SizeOf';
  readonly target: Expression;
  readonly dimension: Expression | null;
}

/** `{1, 2, {3, 4}}` */
export interface ArrayLiteral extends Base {
  readonly kind: 'ArrayLiteral';
  readonly items: readonly (Expression | ArrayLiteral)[];
}

// --- types -------------------------------------------------------------------------

export type ScalarTypeName = 'bit' | 'int' | 'uint' | 'float' | 'angle' | 'bool' | 'duration' | 'stretch' | 'complex';

/** `bit[2]`, `int`, `float[64]`, `complex[float[64]]`, `duration` */
export interface ScalarType extends Base {
  readonly kind: 'ScalarType';
  readonly name: ScalarTypeName;
  /** `[n]` designator; null when none. */
  readonly size: Expression | null;
  /** For `complex[float[64]]`: the component type; otherwise null. */
  readonly component: ScalarType | null;
}

/** `array[int[32], 2, 3]` */
export interface ArrayType extends Base {
  readonly kind: 'ArrayType';
  readonly elementType: ScalarType;
  readonly dimensions: readonly Expression[];
}

/** `readonly array[int, 2]`, `mutable array[int, #dim = 2]` (def parameters, extern). */
export interface ArrayReferenceType extends Base {
  readonly kind: 'ArrayReferenceType';
  readonly mutability: 'readonly' | 'mutable';
  readonly elementType: ScalarType;
  /** Explicit dimensions, or null when written `#dim = n`. */
  readonly dimensions: readonly Expression[] | null;
  /** The `#dim = n` expression, or null. */
  readonly dimensionCount: Expression | null;
}

/** `qubit` / `qubit[n]` in a `def` parameter list. */
export interface QubitType extends Base {
  readonly kind: 'QubitType';
  readonly size: Expression | null;
}

export type ClassicalType = ScalarType | ArrayType;

// --- all nodes ---------------------------------------------------------------------

export type Node =
  | Program
  | Version
  | Annotation
  | Statement
  | ArgumentDefinition
  | GateModifier
  | SwitchCase
  | IndexedIdentifier
  | HardwareQubit
  | IndexList
  | DiscreteSet
  | RangeExpression
  | MeasureExpression
  | Expression
  | ArrayLiteral
  | ScalarType
  | ArrayType
  | ArrayReferenceType
  | QubitType;

export type NodeKind = Node['kind'];

/** The node type of a kind: `NodeOfKind<'GateCall'>` is `GateCall`. */
export type NodeOfKind<K extends NodeKind> = Extract<Node, { kind: K }>;

/** Shared empty list, so a million statements without annotations hold no extra arrays. */
export const NO_ANNOTATIONS: readonly Annotation[] = Object.freeze([]);
