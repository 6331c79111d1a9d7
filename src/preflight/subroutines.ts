/** The program's top-level `def` subroutines by name (the first of each name), for hints about calls of them. */
import type { Program, SubroutineDefinition } from '../ast/nodes.js';
import { statementsWithoutRows } from '../parser/index.js';

export function subroutinesOf(program: Program): Map<string, SubroutineDefinition> {
  const byName = new Map<string, SubroutineDefinition>();
  for (const statement of statementsWithoutRows(program)) {
    if (statement.kind === 'SubroutineDefinition' && !byName.has(statement.name.name))
      byName.set(statement.name.name, statement);
  }
  return byName;
}
