/**
 * Unsupported statements.
 *
 * Invariant: none of delay, box, durationof, defcal, cal, defcalgrammar,
 * `#pragma`, def, extern, return, classical assignments and expression
 * statements; each reason names the construct and what to do instead (a
 * call of a `def` names the subroutine and says to inline its body).
 * (Dynamic circuits are the capability checks'; input/output is io-declaration.)
 *
 * Spec: service-api.md "Other constructs" and "Gates" (`def`, `extern`);
 * decisions.md section 2 ("Classical variables may be declared but never used").
 */
import type { Statement, SubroutineDefinition } from '../../ast/nodes.js';
import { statementNotSupported, subroutineCall, subroutineCallHint } from '../../diagnostics/index.js';
import type { SourceText } from '../../diagnostics/index.js';
import { textOf } from '../../inline/index.js';
import { statementText } from '../statement-text.js';
import { subroutinesOf } from '../subroutines.js';
import type { PreflightRule } from '../rule.js';

type Description = (statement: Statement, source: SourceText) => readonly [what: string, instead: string | null];

/** One row per refused statement kind: how it is named and what to do instead. */
const UNSUPPORTED: Partial<Record<Statement['kind'], Description>> = {
  Delay: () => ['delay', 'remove it; the service schedules the circuit itself'],
  Box: () => ['box', 'write its statements without the box'],
  Cal: () => ['cal', 'remove the calibration block'],
  Defcal: () => ['defcal', 'remove the calibration definition'],
  Defcalgrammar: () => ['defcalgrammar', 'remove it'],
  Pragma: (s) => [(s as Statement & { kind: 'Pragma' }).hash ? '#pragma' : 'pragma', 'remove it'],
  SubroutineDefinition: (s) => [
    `def ${(s as Statement & { kind: 'SubroutineDefinition' }).name.name}`,
    'use a gate definition, or write its statements inline',
  ],
  ExternDeclaration: (s) => [`extern ${(s as Statement & { kind: 'ExternDeclaration' }).name.name}`, 'remove it'],
  Return: () => ['return', 'remove it'],
  Assignment: (s, source) => [
    `Classical assignment ${statementText(source, s)}`,
    'classical variables may be declared but not used',
  ],
  ExpressionStatement: (s, source) => {
    const expression = (s as Statement & { kind: 'ExpressionStatement' }).expression;
    return expression.kind === 'DurationOf'
      ? ['durationof', 'remove it']
      : [`Expression statement ${textOf(source, expression)}`, 'remove it'];
  },
};

export const unsupportedStatementRule: PreflightRule = {
  id: 'unsupported-statement',
  code: 'PreflightError',
  description: 'No delay, box, durationof, defcal, cal, pragma, def, extern, return or classical computation.',
  create(context) {
    // Built on the first refused call only: most programs never need it.
    let subroutines: ReadonlyMap<string, SubroutineDefinition> | null = null;
    const subroutine = (name: string) => (subroutines ??= subroutinesOf(context.program)).get(name);
    const visitor: Record<string, (statement: Statement) => void> = {};
    for (const [kind, describe] of Object.entries(UNSUPPORTED)) {
      visitor[kind] = (statement) => {
        if (statement.kind === 'Assignment' && statement.value.kind === 'MeasureExpression') return;
        const called =
          statement.kind === 'ExpressionStatement' && statement.expression.kind === 'Call'
            ? subroutine(statement.expression.callee.name)
            : undefined;
        if (called !== undefined) {
          const name = called.name.name;
          context.report({
            reason: subroutineCall(name, called.span.start.line),
            at: statement,
            hint: subroutineCallHint(name),
          });
          return;
        }
        const [what, instead] = describe(statement, context.source);
        context.report({ reason: statementNotSupported(what, instead), at: statement });
      };
    }
    return visitor;
  },
};
