/** How rules name a call in messages: its modifiers and name as written (`ctrl(2) @ x`). */
import type { GateCall, GateModifier } from '../ast/nodes.js';
import type { SourceText } from '../diagnostics/index.js';
import { textOf } from '../inline/index.js';

export function modifierText(source: SourceText, modifier: GateModifier): string {
  const text = textOf(source, modifier);
  return text.endsWith('@') ? text : `${text} @`;
}

export function callName(source: SourceText, call: GateCall): string {
  if (call.modifiers.length === 0) return call.name.name;
  return [...call.modifiers.map((m) => modifierText(source, m)), call.name.name].join(' ');
}
