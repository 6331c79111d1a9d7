/**
 * The gate table: built-in gates from the catalogue, rejected names, and the
 * program's own definitions in the order they appear. A definition is
 * compiled once into body items with operand positions, and its expansion
 * size is computed once, so that counting a call never expands it.
 */
import type { Barrier, GateCall, GateDefinition, GateModifier } from '../ast/nodes.js';
import { expandedFrom } from '../diagnostics/index.js';
import type { RelatedLocation } from '../diagnostics/index.js';
import { ACCEPTED_GATES_BY_NAME, REJECTED_GATES_BY_NAME } from '../tables/index.js';
import type { AcceptedGate, RejectedGate } from '../tables/index.js';

/** A gate defined by the program. */
export interface UserGate {
  readonly name: string;
  readonly definition: GateDefinition;
  readonly params: readonly string[];
  readonly qubits: readonly string[];
  /** Null when the definition has errors: calls are checked against its signature but never expanded. */
  readonly body: readonly BodyItem[] | null;
  /**
   * Operations one call materialises, from the body's items without expanding
   * them (a called definition's own cost, computed once when it was defined):
   * exact up to 2^53 - 1 and saturated there ({@link saturatingCount}), so a
   * 64-level doubling chain counts as "at least 2^53 - 1", never as an
   * inexact number or Infinity.
   */
  readonly cost: number;
  /** Levels of definitions one call goes through (1: a body of built-in gates only; 0: not expanded). */
  readonly depth: number;
}

/** One statement of a compiled body; `operands` are positions in the gate's qubit arguments. */
export type BodyItem =
  | {
      readonly kind: 'builtin';
      readonly call: GateCall;
      readonly gate: AcceptedGate;
      readonly controls: number;
      readonly operands: readonly number[];
      readonly location: RelatedLocation;
    }
  | {
      readonly kind: 'user';
      readonly call: GateCall;
      readonly gate: UserGate;
      readonly operands: readonly number[];
      readonly location: RelatedLocation;
    }
  | { readonly kind: 'barrier'; readonly node: Barrier };

export type GateLookup =
  | { readonly kind: 'builtin'; readonly gate: AcceptedGate }
  | { readonly kind: 'rejected'; readonly gate: RejectedGate }
  | { readonly kind: 'user'; readonly gate: UserGate }
  | { readonly kind: 'unknown' };

const UNKNOWN: GateLookup = Object.freeze({ kind: 'unknown' });

/** Number of controls the `ctrl @` / `ctrl(n) @` modifiers of a call add (0 when not a literal). */
export function modifierControls(modifiers: readonly GateModifier[]): number {
  let controls = 0;
  // Indexed: for-of over the shared frozen empty list allocates an iterator per call.
  for (let i = 0; i < modifiers.length; i++) {
    const m = modifiers[i] as GateModifier;
    if (m.modifier !== 'ctrl' && m.modifier !== 'negctrl') continue;
    if (m.argument === null) controls += 1;
    else if (m.argument.kind === 'IntegerLiteral') controls += Number(m.argument.value);
  }
  return controls;
}

export class GateTable {
  private readonly defined = new Map<string, UserGate>();
  private readonly builtinLookups = new Map<string, GateLookup>();

  lookup(name: string): GateLookup {
    const cached = this.builtinLookups.get(name);
    if (cached !== undefined) return cached;
    const user = this.defined.get(name);
    if (user !== undefined) return { kind: 'user', gate: user };
    const accepted = ACCEPTED_GATES_BY_NAME.get(name);
    const rejected = REJECTED_GATES_BY_NAME.get(name);
    const found: GateLookup = accepted
      ? { kind: 'builtin', gate: accepted }
      : rejected
        ? { kind: 'rejected', gate: rejected }
        : UNKNOWN;
    if (found !== UNKNOWN) this.builtinLookups.set(name, found);
    return found;
  }

  /** The program's definitions so far, by name. */
  get definitions(): ReadonlyMap<string, UserGate> {
    return this.defined;
  }

  /**
   * Records a definition. `valid`: the rules found nothing wrong with it, so
   * its body can be compiled; otherwise only its signature is kept.
   */
  define(definition: GateDefinition, valid: boolean): void {
    const name = definition.name.name;
    if (this.defined.has(name) || ACCEPTED_GATES_BY_NAME.has(name) || REJECTED_GATES_BY_NAME.has(name)) return;
    const params = definition.params.map((p) => p.name);
    const qubits = definition.qubits.map((q) => q.name);
    const body = valid ? this.compileBody(definition, qubits) : null;
    const cost = body === null ? 0 : saturatingCount(body.reduce((sum, item) => sum + itemCost(item), 0));
    const depth = body === null ? 0 : this.depthOf(definition);
    this.defined.set(name, Object.freeze({ name, definition, params, qubits, body, cost, depth }));
  }

  /**
   * Levels of definitions a call of `definition` would go through, from the
   * gates defined so far. A definition that was not expanded counts as none,
   * so one refused definition does not make every caller refused too.
   */
  depthOf(definition: GateDefinition): number {
    let deepest = 0;
    for (const statement of definition.body) {
      if (statement.kind !== 'GateCall') continue;
      const found = this.lookup(statement.name.name);
      if (found.kind === 'user' && found.gate.depth > deepest) deepest = found.gate.depth;
    }
    return deepest + 1;
  }

  private compileBody(definition: GateDefinition, qubits: readonly string[]): BodyItem[] | null {
    const items: BodyItem[] = [];
    for (const statement of definition.body) {
      if (statement.kind === 'Barrier') {
        items.push({ kind: 'barrier', node: statement });
        continue;
      }
      if (statement.kind !== 'GateCall') continue;
      const operands = statement.qubits.map((q) => (q.kind === 'IndexedIdentifier' ? qubits.indexOf(q.name.name) : -1));
      if (operands.some((p) => p < 0)) return null;
      const found = this.lookup(statement.name.name);
      const location = { message: expandedFrom(statement.name.name, definition.name.name), span: statement.span };
      if (found.kind === 'builtin') {
        if (found.gate.qubits === 0) continue;
        items.push({
          kind: 'builtin',
          call: statement,
          gate: found.gate,
          controls: modifierControls(statement.modifiers),
          operands,
          location,
        });
      } else if (found.kind === 'user') {
        if (found.gate.body === null) return null;
        items.push({ kind: 'user', call: statement, gate: found.gate, operands, location });
      } else return null;
    }
    return items;
  }
}

function itemCost(item: BodyItem): number {
  return item.kind === 'user' ? item.gate.cost : 1;
}

/**
 * A count of operations held at Number.MAX_SAFE_INTEGER once it passes it:
 * every count below is exact, and one at the bound means "at least that
 * many" (still past any gate limit). A sum or product of saturated counts
 * stays below 2^1024, so it never becomes Infinity before being saturated.
 */
export function saturatingCount(count: number): number {
  return count < Number.MAX_SAFE_INTEGER ? count : Number.MAX_SAFE_INTEGER;
}
