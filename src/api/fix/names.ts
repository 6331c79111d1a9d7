/** The identifiers a statement mentions (its own declared name included), for deciding what a rewrite touches. */
import type { Statement } from '../../ast/nodes.js';
import { visit } from '../../ast/visit.js';

export function namesIn(statement: Statement): string[] {
  const names: string[] = [];
  visit(statement, {
    Identifier(node) {
      names.push(node.name);
    },
  });
  return names;
}
