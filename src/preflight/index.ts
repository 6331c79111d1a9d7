/**
 * Preflight: the service's subset rules.
 *
 * In: a parsed program and its source. Out: subset diagnostics in source
 * order (up to the budget, then one closing diagnostic) and the inlined
 * program, complete when there are none.
 * Imports: ast (types), parser (the statement table of plain gate calls),
 * inline, diagnostics, tables.
 *
 * The driver walks top-level statements in order. For each it runs every
 * rule's handler (and, for a gate definition, the handlers for the calls and
 * barriers of its body), then hands the statement to the inliner, which
 * expands it only if no rule objected. Branches and loops are not judged
 * themselves (the capability checks report each once) but their bodies are,
 * statement by statement like top-level code, so that one run reports every
 * error; findings that only concern a loop variable are the loop's.
 */
import type { GateDefinition, Program, Statement } from '../ast/nodes.js';
import { DiagnosticCollector, compareBySpan, createDiagnostic, startOfText } from '../diagnostics/index.js';
import type { Diagnostic, SourceText } from '../diagnostics/index.js';
import { Inliner, declaredSize } from '../inline/index.js';
import type { ExpansionProblem, InlinedProgram } from '../inline/index.js';
import type { StatementTable } from '../parser/index.js';
import { LIMITS } from '../tables/index.js';
import { createRuleContext } from './context.js';
import { DYNAMIC_STATEMENTS, dynamicBodies, mentionsLoopVariable } from './dynamic-bodies.js';
import type { RuleVisitor, StatementScope } from './rule.js';
import { PREFLIGHT_RULES } from './rules.js';
import { statementsWithoutRows, statementTableOf } from '../parser/index.js';
import { acceptedByEveryRule, PlainCallView, plainCallHandlers } from './plain-calls.js';

export { PREFLIGHT_RULES } from './rules.js';
export type { PreflightRule, RuleContext, RuleVisitor, StatementScope, ReportInit } from './rule.js';
export { checkSourceSize, SOURCE_SIZE_RULE } from './source-size.js';
export { explainLegacySyntax } from './legacy-syntax.js';

export interface PreflightOptions {
  readonly maxErrors?: number;
  readonly maxGates?: number;
}

export interface PreflightResult {
  readonly diagnostics: Diagnostic[];
  readonly inlined: InlinedProgram;
}

/** Statements of a gate body that rules visit; the gate-definition rule reports the others. */
const BODY_STATEMENTS: ReadonlySet<Statement['kind']> = new Set(['GateCall', 'Barrier']);

const NO_LOOP_VARIABLES: readonly string[] = Object.freeze([]);
const TOP_LEVEL: StatementScope = Object.freeze({ definition: null, body: null });
const EXPANSION_RULE = 'constant-argument';

type Handler = (node: Statement, scope: StatementScope) => void;

/** Runs every subset rule over `program` and inlines it. Never throws for any program. */
export function preflight(program: Program, source: SourceText, options: PreflightOptions = {}): PreflightResult {
  const collector = new DiagnosticCollector(options.maxErrors ?? LIMITS.maxErrors);
  const inliner = new Inliner(source, options.maxGates ?? LIMITS.maxGates);
  let pending: Diagnostic[] = [];
  const definitionsByName = new Map<string, GateDefinition>();
  for (const s of statementsWithoutRows(program))
    if (s.kind === 'GateDefinition' && !definitionsByName.has(s.name.name)) definitionsByName.set(s.name.name, s);

  const counted = { gates: 0 };
  const run = { program, inliner, definitionsByName, counted, sink: (d: Diagnostic) => void pending.push(d) };
  const visitors: RuleVisitor[] = PREFLIGHT_RULES.map((rule) => rule.create(createRuleContext(rule, run)));
  const handlers = handlersByKind(visitors);
  for (const visitor of visitors) visitor.Program?.(program);

  const visit = (statement: Statement, scope: StatementScope) => {
    const list = handlers.get(statement.kind);
    if (list !== undefined) for (let i = 0; i < list.length; i++) (list[i] as Handler)(statement, scope);
  };

  /**
   * Runs the rules on one statement (and a gate definition's body), then inlines it; false once the
   * budget is spent. `loopVariables` is null at top level, else the loop variables of the bodies around it.
   */
  const check = (statement: Statement, loopVariables: readonly string[] | null): boolean => {
    if (DYNAMIC_STATEMENTS.has(statement.kind)) {
      for (const body of dynamicBodies(statement)) {
        const outer = loopVariables ?? NO_LOOP_VARIABLES;
        const variables = body.loopVariable === null ? outer : [...outer, body.loopVariable];
        for (const inner of body.statements) if (!check(inner, variables)) return false;
      }
      return true;
    }
    visit(statement, TOP_LEVEL);
    if (statement.kind === 'GateCall' || statement.kind === 'Barrier') counted.gates += inliner.sizeOf(statement);
    if (statement.kind === 'GateDefinition') {
      const scope: StatementScope = {
        definition: statement,
        body: { name: statement.name.name, qubits: statement.qubits.map((q) => q.name) },
      };
      for (const inner of statement.body) if (BODY_STATEMENTS.has(inner.kind)) visit(inner, scope);
    }
    // A body's statements are judged but not expanded: whether a branch runs is unknown, so its
    // operations must not count for the capability checks (no mid-circuit finding from an else branch).
    const valid = pending.length === 0 && loopVariables === null;
    if (statement.kind === 'IODeclaration') declareOutputBits(inliner, statement);
    expansionProblem(inliner.enter(statement, valid));
    if (loopVariables !== null && loopVariables.length > 0 && pending.length > 0)
      pending = pending.filter((d) => !mentionsLoopVariable(source, d.span, loopVariables));
    return flush();
  };

  const expansionProblem = (problem: ExpansionProblem | null) => {
    if (problem === null) return;
    pending.push(
      createDiagnostic({
        code: 'PreflightError',
        rule: EXPANSION_RULE,
        reason: problem.reason,
        span: problem.span,
        related: problem.related,
      }),
    );
  };

  /** Reports the statement's findings; false once the budget is spent. */
  const flush = (): boolean => {
    if (pending.length > 0) {
      if (pending.length > 1) pending.sort(compareBySpan);
      for (const d of pending) collector.report(d);
      pending = [];
      if (collector.full) return false;
    }
    return true;
  };

  // Plain gate calls of the parser's table are judged and inlined from their rows, without a node;
  // a row's node is built only when a rule may have something to say (then `check` visits it as usual).
  const table = statementTableOf(program);
  const statementCount = table === undefined ? program.statements.length : table.statementCount;
  if (table === undefined) {
    const statements = program.statements;
    for (let i = 0; i < statements.length; i++) if (!check(statements[i] as Statement, null)) break;
  } else checkWithTable(table);

  function checkWithTable(table: StatementTable): void {
    const plainHandlers = plainCallHandlers(visitors);
    const plain = plainHandlers === null ? null : new PlainCallView(table, inliner);
    inliner.plainSiteOf = (row) => table.nodeOf(row);
    const others = table.others;
    let other = 0;
    let row = 0;
    for (let i = 0; i < statementCount; i++) {
      if (row < table.length && table.statementOf(row) === i) {
        if (plain !== null) {
          plain.read(row);
          if (acceptedByEveryRule(plainHandlers as NonNullable<typeof plainHandlers>, plain)) {
            counted.gates += plain.size;
            expansionProblem(inliner.enterPlain(plain.gate, plain.args, plain.qubits, row++));
            if (!flush()) return;
            continue;
          }
        }
        if (!check(table.nodeOf(row++), null)) return;
        plain?.forget();
      } else {
        if (!check(others[other++] as Statement, null)) return;
        // A declaration or definition changes what names mean.
        plain?.forget();
      }
    }
  }

  return {
    diagnostics: collector.toArray(statementCount ? undefined : startOfText(source)),
    inlined: inliner.result(),
  };
}

function handlersByKind(visitors: readonly RuleVisitor[]): Map<string, Handler[]> {
  const byKind = new Map<string, Handler[]>();
  for (const visitor of visitors) {
    for (const [kind, handler] of Object.entries(visitor)) {
      if (kind === 'Program' || kind === 'PlainGateCall' || typeof handler !== 'function') continue;
      let list = byKind.get(kind);
      if (list === undefined) byKind.set(kind, (list = []));
      list.push(handler as Handler);
    }
  }
  return byKind;
}

/**
 * `output bit[8] results;` is refused once (io-declaration) but still
 * declares the bit register `results`, so that measurements into it are not
 * also refused as "not a bit register".
 */
function declareOutputBits(inliner: Inliner, statement: Statement & { kind: 'IODeclaration' }): void {
  const type = statement.type;
  if (type.kind !== 'ScalarType' || type.name !== 'bit') return;
  inliner.symbols.declareRegister('bit', statement.name.name, declaredSize(type.size), statement.span);
}
export { GATE_REWRITES_BY_NAME, CONTROLLED_FORMS, phaseOnControls } from './rewrites.js';
export type { RewriteStep, GateRewrite, ControlledForm } from './rewrites.js';
export { angleText } from './angle-text.js';
