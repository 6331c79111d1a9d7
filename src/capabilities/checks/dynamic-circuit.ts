/**
 * `dynamic-circuit`: branches and loops are unsupported on every target
 * (service-api.md "Target capability checks"; decisions.md section 2), also a
 * `for` that does not depend on a measurement. Each outermost such statement
 * is reported once, blaming its header (`for int i in [0:3]`, `if (c)`); the
 * header is judged by nothing else, the body by the subset rules (preflight).
 */
import type { Statement } from '../../ast/nodes.js';
import { createDiagnostic, DYNAMIC_CIRCUIT_HINT, DYNAMIC_CIRCUITS_UNSUPPORTED } from '../../diagnostics/index.js';
import type { SourceText, Span } from '../../diagnostics/index.js';
import type { CapabilityCheck } from '../context.js';
import { statementsWithoutRows } from '../../parser/index.js';

type DynamicStatement = Extract<Statement, { kind: 'If' | 'For' | 'While' | 'Switch' | 'Break' | 'Continue' | 'End' }>;

const DYNAMIC_KINDS: ReadonlySet<Statement['kind']> = new Set([
  'If',
  'For',
  'While',
  'Switch',
  'Break',
  'Continue',
  'End',
]);

function isDynamic(statement: Statement): statement is DynamicStatement {
  return DYNAMIC_KINDS.has(statement.kind);
}

/** Bodies that may hide a dynamic statement without being one themselves. */
function nestedBodies(statement: Statement): readonly (readonly Statement[])[] {
  switch (statement.kind) {
    case 'GateDefinition':
    case 'SubroutineDefinition':
    case 'Box':
      return [statement.body];
    default:
      return [];
  }
}

export const dynamicCircuit: CapabilityCheck = {
  id: 'dynamic-circuit',
  summary: 'Branches and loops (if, else, while, for, switch, break, continue, end) are not supported on any target.',
  run({ program, source, report }) {
    // Plain gate calls of the statement table are neither dynamic nor hold bodies: skip them without nodes.
    const pending: (readonly Statement[])[] = [statementsWithoutRows(program)];
    const found: DynamicStatement[] = [];
    for (let list = pending.pop(); list !== undefined; list = pending.pop()) {
      for (const statement of list) {
        if (isDynamic(statement)) found.push(statement);
        else pending.push(...nestedBodies(statement));
      }
    }
    found.sort((a, b) => a.span.start.offset - b.span.start.offset);
    for (const statement of found) {
      report(
        createDiagnostic({
          code: 'UnsupportedFeature',
          rule: 'dynamic-circuit',
          reason: DYNAMIC_CIRCUITS_UNSUPPORTED,
          span: headerSpan(statement, source),
          hint: DYNAMIC_CIRCUIT_HINT,
        }),
      );
    }
  },
};

/** Where the header of a branch or loop ends: its condition, subject or iterable. */
function headerEndNode(statement: DynamicStatement): { span: Span } | null {
  switch (statement.kind) {
    case 'If':
    case 'While':
      return statement.condition;
    case 'Switch':
      return statement.subject;
    case 'For':
      return statement.iterable;
    case 'Break':
    case 'Continue':
    case 'End':
      return null;
  }
}

function firstBodyOffset(statement: DynamicStatement): number | null {
  const first =
    statement.kind === 'If' || statement.kind === 'For' || statement.kind === 'While' ? statement.body[0] : undefined;
  return first ? first.span.start.offset : null;
}

/**
 * The statement from its keyword to the end of its condition, subject or
 * iterable with the closing brackets that follow it (`if (c[0])`,
 * `for int i in [0:3]`); the whole statement for `break`, `continue` and `end`.
 */
function headerSpan(statement: DynamicStatement, source: SourceText): Span {
  const whole = statement.span;
  const endNode = headerEndNode(statement);
  if (endNode === null) return whole;
  const text = source.text;
  const stop = Math.min(whole.end.offset, firstBodyOffset(statement) ?? whole.end.offset);
  // Parentheses and brackets leave no node, so the closers after the last header node belong to the header.
  let end = endNode.span.end.offset;
  for (let i = end; i < stop; i++) {
    const c = text[i] as string;
    if (c === ')' || c === ']' || c === '}') end = i + 1;
    else if (!/\s/.test(c)) break;
  }
  return source.span(whole.start.offset, end);
}
