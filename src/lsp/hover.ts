/**
 * Hover: what a gate call does (a built-in's summary and whether the subset
 * accepts it, a defined gate's body) and what it costs on the target; a
 * register's size and first qubit; the rule's documentation under a
 * diagnostic.
 */
import type { Hover } from 'vscode-languageserver';
import { MarkupKind } from 'vscode-languageserver';
import type { TextDocument } from 'vscode-languageserver-textdocument';
import { acceptedGates, catalogue, print, rejectedGates, type Diagnostic, type Statement } from '../index.js';
import { gateCost } from './gate-cost.js';
import { GATE_MATRICES } from './gate-matrices.js';
import { offsetRange } from './positions.js';
import { RULE_DOCS } from './rule-docs.generated.js';
import { occurrenceAt, statementAt, type Definition, type Reference, type SymbolIndex } from './symbols.js';

export interface HoverContext {
  readonly document: TextDocument;
  readonly index: SymbolIndex;
  readonly diagnostics: readonly Diagnostic[];
  readonly target: string | undefined;
}

export function hover(context: HoverContext, offset: number): Hover | null {
  const parts: string[] = [];
  const occurrence = occurrenceAt(context.index, offset);
  if (occurrence !== null)
    parts.push(...(occurrence.isGateCall ? gateCallHover(context, occurrence) : nameHover(context, occurrence)));
  for (const d of context.diagnostics) {
    if (offset >= d.span.start.offset && offset <= d.span.end.offset) parts.push(ruleHover(d));
  }
  if (parts.length === 0) return null;
  const hover: Hover = { contents: { kind: MarkupKind.Markdown, value: parts.join('\n\n---\n\n') } };
  if (occurrence !== null) hover.range = offsetRange(context.document, occurrence.start, occurrence.end);
  return hover;
}

function gateCallHover(context: HoverContext, call: Reference): string[] {
  const parts: string[] = [];
  const defined = call.definition;
  const builtin = acceptedGates.find((g) => g.name === call.name || g.aliases.includes(call.name));
  const rejected = rejectedGates.find((g) => g.name === call.name);
  if (defined !== null) {
    parts.push(
      `**gate ${call.name}** (defined on line ${context.document.positionAt(defined.start).line + 1})\n\n${codeBlock(print(defined.statement))}`,
    );
  } else if (builtin !== undefined) {
    const spelled = builtin.name === call.name ? '' : ` (spelling of \`${builtin.name}\`)`;
    const lowering =
      builtin.lowersTo === null
        ? 'no operation on the service'
        : `runs as the service's \`${builtin.lowersTo.gate}\`${builtin.lowersTo.controls > 0 ? ` with ${count(builtin.lowersTo.controls, 'control')}` : ''}`;
    parts.push(
      `**${call.name}**${spelled}: ${builtin.summary}. Built-in, accepted by the service: ` +
        `${count(builtin.params, 'parameter')}, ${count(builtin.qubits, 'qubit')}${builtin.controllable ? '; takes `ctrl @`' : ''}; ${lowering}.` +
        (GATE_MATRICES[builtin.name] === undefined ? '' : `\n\nMatrix: ${GATE_MATRICES[builtin.name]}`),
    );
  } else if (rejected !== undefined) {
    parts.push(`**${call.name}**: rejected by the service${rejected.instead === null ? '' : `: ${rejected.instead}`}.`);
  } else {
    parts.push(`**${call.name}**: unknown gate (neither built in nor defined above).`);
  }
  const cost = costOf(context, call);
  if (cost !== null) parts.push(cost);
  return parts;
}

/** Cost of the top-level call statement as written; null inside gate bodies or when it does not compile. */
function costOf(context: HoverContext, call: Reference): string | null {
  const statement = statementAt(context.index, call.start);
  if (statement === null || statement.kind !== 'GateCall') return null;
  const text = context.document.getText();
  const callText = text.slice(statement.span.start.offset, statement.span.end.offset);
  const cost = gateCost(declarationsBefore(context.index, text, statement.span.start.offset), callText, context.target);
  if (cost === null) return null;
  const shown = cost.nativeGates.slice(0, MAX_NATIVE_SHOWN).join('; ');
  const more =
    cost.nativeGates.length > MAX_NATIVE_SHOWN ? `; ... (${cost.nativeGates.length - MAX_NATIVE_SHOWN} more)` : '';
  return (
    `Cost on ${cost.target}: ${count(cost.pulses, 'native single-qubit pulse')} (gpi/gpi2), ${count(cost.twoQubitGates, 'two-qubit gate')} (${cost.twoQubitGate}).` +
    (shown === ''
      ? ' No native gate runs for this call (rotations about Z are virtual: frame changes in software).'
      : `\n\nNative gates (phases and angles in turns): \`${shown}${more}\``)
  );
}

/** Native gates listed on hover before the rest is summarised. */
const MAX_NATIVE_SHOWN = 12;

/** The source of every declaration and gate definition above an offset (what a call there can refer to). */
function declarationsBefore(index: SymbolIndex, text: string, offset: number): string {
  const statements = new Set<Statement>();
  for (const d of index.definitions) {
    if (d.scope === null && d.start < offset && d.kind !== 'bit-register' && d.kind !== 'classical' && d.kind !== 'io')
      statements.add(d.statement);
  }
  return [...statements].map((s) => text.slice(s.span.start.offset, s.span.end.offset)).join('\n');
}

function nameHover(context: HoverContext, occurrence: Reference): string[] {
  const d = occurrence.definition;
  if (d === null) return [];
  return [`${describe(d)}\n\n${codeBlock(declarationText(context, d))}`];
}

function describe(d: Definition): string {
  const size = d.size === null ? 'size not a literal' : count(d.size, d.kind === 'bit-register' ? 'bit' : 'qubit');
  switch (d.kind) {
    case 'qubit-register': {
      const first =
        d.firstQubit === null
          ? ''
          : d.size === 1
            ? `: qubit ${d.firstQubit}`
            : `: qubits ${d.firstQubit} to ${d.firstQubit + (d.size ?? 1) - 1}`;
      return `**qubit register ${d.name}**, ${size}${first} (first qubit index ${d.firstQubit ?? 'unknown'})`;
    }
    case 'bit-register':
      return `**bit register ${d.name}**, ${size}`;
    case 'alias':
      return `**alias ${d.name}**`;
    case 'gate':
      return `**gate ${d.name}**`;
    case 'gate-parameter':
      return `**${d.name}**: angle parameter of gate ${d.scope?.name.name ?? ''}`;
    case 'gate-qubit':
      return `**${d.name}**: qubit argument of gate ${d.scope?.name.name ?? ''}`;
    default:
      return `**${d.name}**: ${d.kind === 'constant' ? 'constant' : d.kind === 'io' ? 'input/output variable' : 'classical variable'}`;
  }
}

function declarationText(context: HoverContext, d: Definition): string {
  if (d.kind === 'gate-parameter' || d.kind === 'gate-qubit') {
    const gate = d.scope;
    return gate === null
      ? d.name
      : `gate ${gate.name.name}${gate.params.length > 0 ? `(${gate.params.map((p) => p.name).join(', ')})` : ''} ${gate.qubits.map((q) => q.name).join(', ')}`;
  }
  return (
    print(d.statement).trim().split('\n').slice(0, 20).join('\n') ||
    context.document.getText().slice(d.statement.span.start.offset, d.statement.span.end.offset)
  );
}

function ruleHover(d: Diagnostic): string {
  const doc = RULE_DOCS[d.rule] ?? catalogue.rule(d.rule)?.summary ?? '';
  return `**${d.rule}** (${d.severity === 'warning' ? 'warning' : d.code})\n\n${doc}`.trim();
}

function codeBlock(text: string): string {
  return '```qasm\n' + text.trim() + '\n```';
}

function count(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}
