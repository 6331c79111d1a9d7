/**
 * What a preflight rule is and what it may see: one file per rule under
 * `rules/`, registered once in `rules.ts`. A rule reports through its context
 * and never throws; the driver owns ordering and the diagnostics budget.
 */
import type {
  GateCall,
  GateDefinition,
  GateOperand,
  Expression,
  NodeOfKind,
  Program,
  Statement,
} from '../ast/nodes.js';
import type { DiagnosticCode, RelatedLocation, SourceText, Span } from '../diagnostics/index.js';
import type {
  ConstantResult,
  DefinitionScope,
  GateLookup,
  OperandResolution,
  RegisterKind,
  SymbolTable,
} from '../inline/index.js';

/** Where a statement stands: at top level (`definition` null) or in a gate body. */
export interface StatementScope {
  readonly definition: GateDefinition | null;
  /** The gate body's qubit names, for operand resolution; null at top level. */
  readonly body: DefinitionScope | null;
}

export interface ReportInit {
  readonly reason: string;
  /** The smallest node that explains the problem. */
  readonly at: { readonly span: Span };
  readonly related?: readonly RelatedLocation[];
  readonly hint?: string;
}

/** One run's view for a rule: the program, the tables as they stand before the current statement, and `report`. */
export interface RuleContext {
  readonly source: SourceText;
  readonly program: Program;
  readonly maxGates: number;
  readonly symbols: SymbolTable;
  lookupGate(name: string): GateLookup;
  /** Levels of definitions a call of `definition` would go through, from the gates defined so far. */
  definitionDepth(definition: GateDefinition): number;
  /** Names of the gates the program has defined so far. */
  definedGateNames(): Iterable<string>;
  /** A definition of `name` that appears later in the program (for "used before its definition"). */
  laterDefinition(name: string): GateDefinition | undefined;
  resolve(operand: GateOperand, kind: RegisterKind, scope: StatementScope): OperandResolution;
  evaluate(expression: Expression, scope: StatementScope): ConstantResult;
  /** Gate applications a top-level call or barrier would expand to. */
  expansionSize(statement: GateCall | NodeOfKind<'Barrier'>): number;
  /** Gate applications of the top-level calls and barriers before the current statement (the driver counts them). */
  readonly gatesBefore: number;
  report(init: ReportInit): void;
}

type StatementKind = Statement['kind'];

/**
 * A top-level gate call as the parser's statement table holds it
 * (parser/statement-table.ts), with no node: no modifier, no designator,
 * arguments that are constant values, operands written `name[integer]`.
 */
export interface PlainGateCall {
  readonly name: string;
  readonly gate: GateLookup;
  /** The arguments' values, radians: each is a constant the constant-argument rule accepts. */
  readonly args: readonly number[];
  /** Each operand's global qubit index, or -1 when it is not one qubit of a declared qubit register. */
  readonly qubits: readonly number[];
  /** Gate applications the call expands to. */
  readonly size: number;
}

/** Handlers by statement kind; `Program` runs before the first statement. */
export type RuleVisitor = {
  readonly [K in StatementKind]?: (node: NodeOfKind<K>, scope: StatementScope) => void;
} & {
  readonly Program?: (program: Program) => void;
  /**
   * The rule's `GateCall` handler for a plain call of the statement table:
   * true when the rule certainly has nothing to report on it; false to have
   * the call's node built and given to `GateCall`. Must not change the rule's
   * state (it may run on a call whose node is visited afterwards). A rule
   * with `GateCall` and without this handler has every call's node built.
   */
  readonly PlainGateCall?: (call: PlainGateCall) => boolean;
};

export interface PreflightRule {
  /** Stable kebab-case id, equal to the file name and to its diagnostics' `rule`. */
  readonly id: string;
  readonly code: DiagnosticCode;
  /** One line for documentation. */
  readonly description: string;
  create(context: RuleContext): RuleVisitor;
}
