/**
 * Completion offers only what the service accepts: the catalogue's accepted
 * gates (with parameter and qubit placeholders), gates and registers the
 * program declares, and the keywords of the accepted subset. Rejected gates
 * (`ccx`, `u3`, ...) and statements (`if`, `delay`, `def`, ...) never appear.
 */
import { CompletionItemKind, InsertTextFormat, type CompletionItem } from 'vscode-languageserver';
import { acceptedGates } from '../index.js';
import { statementAt, type Definition, type SymbolIndex } from './symbols.js';

/** Keywords the subset accepts, with what each inserts. */
const KEYWORDS: readonly { readonly label: string; readonly snippet: string; readonly detail: string }[] = [
  { label: 'OPENQASM', snippet: 'OPENQASM ${1:3.0};', detail: 'version header' },
  { label: 'include', snippet: 'include "${1:stdgates.inc}";', detail: 'include (adds no gate)' },
  { label: 'qubit', snippet: 'qubit[${1:2}] ${2:q};', detail: 'qubit register' },
  { label: 'bit', snippet: 'bit[${1:2}] ${2:c};', detail: 'bit register' },
  { label: 'qreg', snippet: 'qreg ${1:q}[${2:2}];', detail: 'qubit register (OpenQASM 2 style)' },
  { label: 'creg', snippet: 'creg ${1:c}[${2:2}];', detail: 'bit register (OpenQASM 2 style)' },
  { label: 'gate', snippet: 'gate ${1:name} ${2:a} {\n  $0\n}', detail: 'gate definition' },
  { label: 'measure', snippet: 'measure ${1:q[0]} -> ${2:c[0]};', detail: 'measure one qubit into one bit' },
  { label: 'reset', snippet: 'reset ${1:q[0]};', detail: 'reset one qubit' },
  { label: 'barrier', snippet: 'barrier;', detail: 'barrier (widened to every qubit)' },
  { label: 'let', snippet: 'let ${1:a} = ${2:q[0]};', detail: 'alias of a register or qubit' },
  { label: 'ctrl', snippet: 'ctrl(${1:2}) @ ', detail: 'control modifier (x, z, rz, xphase, yphase)' },
];

/** Where the cursor is, judged from the line before it. */
type Place = 'statement' | 'after-modifier' | 'operand';

export interface CompletionContext {
  readonly index: SymbolIndex;
  /** The text of the cursor's line up to the cursor. */
  readonly linePrefix: string;
  readonly offset: number;
  readonly snippets: boolean;
}

export function complete(context: CompletionContext): CompletionItem[] {
  const place = placeOf(context.linePrefix);
  const registers = registerItems(context);
  if (place === 'operand') return registers;
  const gates = gateItems(context);
  if (place === 'after-modifier') return gates;
  return [...gates, ...keywordItems(context.snippets), ...registers];
}

function placeOf(linePrefix: string): Place {
  const before = linePrefix.replace(/[\p{L}\p{N}_]*$/u, '').trimEnd();
  if (before.endsWith('@')) return 'after-modifier';
  if (before === '' || /[;{}]$/.test(before)) return 'statement';
  return 'operand';
}

function gateItems(context: CompletionContext): CompletionItem[] {
  const firstRegister =
    context.index.definitions.find((d) => d.kind === 'qubit-register' && d.scope === null)?.name ?? 'q';
  const builtins = acceptedGates.flatMap((gate) =>
    [gate.name, ...gate.aliases].map((name) => {
      const params = Array.from({ length: gate.params }, (_, i) => `\${${i + 1}:${PARAM_NAMES[i] ?? `a${i}`}}`);
      const qubits = Array.from({ length: gate.qubits }, (_, i) => `\${${gate.params + i + 1}:${firstRegister}[${i}]}`);
      return gateItem(name, `${gate.summary} (built-in)`, params, qubits, context.snippets);
    }),
  );
  const defined = context.index.definitions
    .filter((d) => d.kind === 'gate')
    .map((d) => {
      const gate = d.statement.kind === 'GateDefinition' ? d.statement : null;
      const params = (gate?.params ?? []).map((p, i) => `\${${i + 1}:${p.name}}`);
      const qubits = (gate?.qubits ?? []).map((_, i) => `\${${params.length + i + 1}:${firstRegister}[${i}]}`);
      return gateItem(d.name, 'gate defined in this file', params, qubits, context.snippets);
    });
  return [...defined, ...builtins];
}

const PARAM_NAMES = ['θ', 'φ', 'λ'];

function gateItem(
  name: string,
  detail: string,
  params: readonly string[],
  qubits: readonly string[],
  snippets: boolean,
): CompletionItem {
  const call = `${name}${params.length > 0 ? `(${params.join(', ')})` : ''}${qubits.length > 0 ? ` ${qubits.join(', ')}` : ''};`;
  return snippets
    ? {
        label: name,
        kind: CompletionItemKind.Function,
        detail,
        insertText: call,
        insertTextFormat: InsertTextFormat.Snippet,
      }
    : { label: name, kind: CompletionItemKind.Function, detail, insertText: name };
}

function keywordItems(snippets: boolean): CompletionItem[] {
  return KEYWORDS.map((k) =>
    snippets
      ? {
          label: k.label,
          kind: CompletionItemKind.Keyword,
          detail: k.detail,
          insertText: k.snippet,
          insertTextFormat: InsertTextFormat.Snippet,
        }
      : { label: k.label, kind: CompletionItemKind.Keyword, detail: k.detail },
  );
}

/** Registers and aliases of the program; inside a gate definition, only that gate's arguments (a body sees nothing else). */
function registerItems(context: CompletionContext): CompletionItem[] {
  const enclosing = statementAt(context.index, context.offset);
  const inGate =
    enclosing !== null && enclosing.kind === 'GateDefinition' && context.offset > enclosing.name.span.end.offset;
  const visible = (d: Definition) =>
    inGate
      ? d.scope !== null && d.scope.span.start.offset === enclosing.span.start.offset
      : d.scope === null && (d.kind === 'qubit-register' || d.kind === 'bit-register' || d.kind === 'alias');
  const seen = new Set<string>();
  return context.index.definitions
    .filter((d) => visible(d) && !seen.has(d.name) && seen.add(d.name))
    .map((d) => ({ label: d.name, kind: CompletionItemKind.Variable, detail: detailOf(d) }));
}

function detailOf(d: Definition): string {
  if (d.kind === 'qubit-register' || d.kind === 'bit-register')
    return `${d.kind === 'qubit-register' ? 'qubit' : 'bit'}[${d.size ?? '?'}]`;
  if (d.kind === 'alias') return 'alias';
  return d.kind === 'gate-parameter' ? 'gate parameter' : 'gate qubit';
}
