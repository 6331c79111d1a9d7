/**
 * The bodies of branches and loops, which the subset rules judge like
 * top-level code while the capability checks report the statement itself
 * (decisions.md section 2: its header is not judged by subset rules).
 */
import type { Statement } from '../ast/nodes.js';
import type { SourceText, Span } from '../diagnostics/index.js';

/** Statements of dynamic circuits: not judged themselves, only their bodies. */
export const DYNAMIC_STATEMENTS: ReadonlySet<Statement['kind']> = new Set([
  'If',
  'For',
  'While',
  'Switch',
  'Break',
  'Continue',
  'End',
]);

/** One body of a branch or loop, with the loop variable its header declares (if any). */
export interface DynamicBody {
  readonly statements: readonly Statement[];
  readonly loopVariable: string | null;
}

/** The bodies of a dynamic statement, in source order; none for `break`, `continue`, `end`. */
export function dynamicBodies(statement: Statement): DynamicBody[] {
  switch (statement.kind) {
    case 'If':
      return statement.elseBody === null
        ? [{ statements: statement.body, loopVariable: null }]
        : [
            { statements: statement.body, loopVariable: null },
            { statements: statement.elseBody, loopVariable: null },
          ];
    case 'For':
      return [{ statements: statement.body, loopVariable: statement.variable.name }];
    case 'While':
      return [{ statements: statement.body, loopVariable: null }];
    case 'Switch':
      return statement.cases.map((c) => ({ statements: c.body, loopVariable: null }));
    default:
      return [];
  }
}

/**
 * True when the text under `span` uses one of the loop variables: such a
 * finding (`q[i]` is not a literal index, `rz(i)` is a variable) belongs to
 * the loop, which is already reported, not to the body.
 */
export function mentionsLoopVariable(source: SourceText, span: Span, variables: readonly string[]): boolean {
  if (variables.length === 0) return false;
  const text = source.text.slice(span.start.offset, span.end.offset);
  return variables.some((name) =>
    new RegExp(`(^|[^\\p{L}\\p{N}_])${escapeRegExp(name)}($|[^\\p{L}\\p{N}_])`, 'u').test(text),
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
