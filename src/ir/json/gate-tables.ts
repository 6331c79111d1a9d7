/** Lookups over the gate catalogue's JSON tables, shared by validation and import. */
import { NATIVE_GATES, QIS_JSON_GATES } from '../../tables/index.js';
import type { NativeGateName, NativeGateSpec, QisJsonGate } from '../../tables/index.js';

/** QIS JSON gates by name and alias (`not` and `cnot` are x). */
export const QIS_BY_SPELLING: ReadonlyMap<string, QisJsonGate> = new Map(
  QIS_JSON_GATES.flatMap((g) => [g.name, ...g.aliases].map((n) => [n, g] as const)),
);

/** Spellings that imply at least one control. */
export const NEEDS_CONTROL: ReadonlySet<string> = new Set(['cnot']);

export const NATIVE_BY_NAME: ReadonlyMap<string, NativeGateSpec> = new Map(
  NATIVE_GATES.map((g) => [g.name as string, g]),
);

export const QIS_SPELLINGS: readonly string[] = [...QIS_BY_SPELLING.keys()];
export const NATIVE_SPELLINGS: readonly NativeGateName[] = NATIVE_GATES.map((g) => g.name);

/** OpenQASM spellings users bring to JSON input, with the JSON way to write them. */
export const QIS_SPELLING_HINTS: ReadonlyMap<string, string> = new Map([
  ['cx', 'write {"gate": "cnot", "control": c, "target": t}'],
  ['cy', 'write {"gate": "y", "control": c, "target": t}'],
  ['cz', 'write {"gate": "z", "control": c, "target": t}'],
  ['ccx', 'write {"gate": "x", "controls": [a, b], "target": t}'],
  ['toffoli', 'write {"gate": "x", "controls": [a, b], "target": t}'],
  ['crz', 'write {"gate": "rz", "control": c, "target": t, "rotation": θ}'],
  ['crx', 'write {"gate": "rx", "control": c, "target": t, "rotation": θ}'],
  ['cry', 'write {"gate": "ry", "control": c, "target": t, "rotation": θ}'],
  ['sdg', 'use si'],
  ['tdg', 'use ti'],
  ['sx', 'use v'],
  ['sxdg', 'use vi'],
  ['vdg', 'use vi'],
  ['rxx', 'use xx'],
  ['ryy', 'use yy'],
  ['rzz', 'use zz'],
  ['id', 'leave it out: the identity does nothing'],
]);
