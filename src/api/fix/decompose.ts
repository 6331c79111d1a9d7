/**
 * One gate call of the full language (any standard gate, any stack of
 * `ctrl`, `negctrl`, `inv`, `pow` modifiers) as accepted gates, proven equal.
 *
 * The base gate becomes accepted steps through the rewrite tables of
 * src/preflight (the same rewrites its hints print); modifiers are applied
 * from the innermost out: `inv` reverses and inverts, integer `pow` repeats,
 * fractional `pow` scales a single rotation's angle, `ctrl` controls every
 * step (accepted controlled forms from the same tables) and puts the global
 * phase the steps dropped back on the controls, `negctrl` is `ctrl` between
 * two `x`. Global phases are measured, not assumed: each is read off the
 * reference unitary (reference.ts, textbook matrices), and the final steps
 * are compared with it column by column. A rewrite that does not match is
 * never returned.
 */
import { ACCEPTED_GATES_BY_NAME } from '../../tables/index.js';
import { CONTROLLED_FORMS, GATE_REWRITES_BY_NAME, phaseOnControls } from '../../preflight/index.js';
import type { RewriteStep } from '../../preflight/index.js';
import { localUnitary, phaseAndDeviation } from './local-circuit.js';
import type { LocalOp } from './local-circuit.js';
import { referenceOp, type Modifier } from './reference.js';
import { REFERENCE_GATES } from './reference-gates.js';

/** Largest amplitude deviation a proven rewrite may show (rounding only). */
export const PROOF_TOLERANCE = 1e-9;

export type Decomposition =
  { readonly ok: true; readonly steps: readonly RewriteStep[] } | { readonly ok: false; readonly reason: string };

/** Gates `ctrl @` takes as they are (service-api.md: x/not, z, rz, xphase, yphase). */
const CONTROLLABLE = new Set([...ACCEPTED_GATES_BY_NAME].filter(([, g]) => g.controllable).map(([name]) => name));

const INVERSES: Readonly<Record<string, string>> = {
  s: 'sdg',
  sdg: 's',
  si: 's',
  t: 'tdg',
  tdg: 't',
  ti: 't',
  sx: 'vdg',
  v: 'vdg',
  vdg: 'sx',
  vi: 'sx',
};
const ROTATIONS = new Set(['rx', 'ry', 'rz', 'p', 'xphase', 'yphase']);
/** Gates that are a phase p(λ) exactly, by λ. */
const PHASES: Readonly<Record<string, number>> = {
  z: Math.PI,
  s: Math.PI / 2,
  sdg: -Math.PI / 2,
  si: -Math.PI / 2,
  t: Math.PI / 4,
  tdg: -Math.PI / 4,
  ti: -Math.PI / 4,
};
/** Gates that are h p(λ) h exactly (X = H Z H), by λ. */
const X_PHASES: Readonly<Record<string, number>> = {
  x: Math.PI,
  not: Math.PI,
  sx: Math.PI / 2,
  v: Math.PI / 2,
  vdg: -Math.PI / 2,
  vi: -Math.PI / 2,
};

const step = (gate: string, angles: readonly number[], operands: readonly number[]): RewriteStep => ({
  gate,
  angles,
  operands,
});

/** `ctrl(2) @ x` -> { controls: 2, base: 'x' }. */
export function parseStepGate(gate: string): { controls: number; base: string } {
  const match = /^ctrl(?:\((\d+)\))? @ (\S+)$/.exec(gate);
  if (match === null) return { controls: 0, base: gate };
  return { controls: Number(match[1] ?? 1), base: match[2] as string };
}

const withControls = (controls: number, base: string): string =>
  controls === 0 ? base : controls === 1 ? `ctrl @ ${base}` : `ctrl(${controls}) @ ${base}`;

/** The unitary operation of an accepted step, for the proof. */
export function stepOp(s: RewriteStep): LocalOp | null {
  const { controls, base } = parseStepGate(s.gate);
  const gate = REFERENCE_GATES.get(base);
  if (gate === undefined) return null;
  const own = gate.controls;
  const all = controls + own;
  return {
    matrix: gate.matrix(s.angles),
    controls: s.operands.slice(0, all),
    controlValues: s.operands.slice(0, all).map(() => 1),
    targets: s.operands.slice(all),
  };
}

function baseSteps(name: string, args: readonly number[], width: number): RewriteStep[] | string {
  const operands = Array.from({ length: width }, (_, i) => i);
  if (name === 'gphase') return [];
  const accepted = ACCEPTED_GATES_BY_NAME.get(name);
  if (accepted !== undefined) return [step(name, args, operands)];
  if (name === 'CX') return [step('cx', [], operands)];
  const rewrite = GATE_REWRITES_BY_NAME.get(name);
  if (rewrite !== undefined) return rewrite.steps(args, width);
  return `no rewrite in accepted gates is known for ${name}`;
}

function inverted(steps: readonly RewriteStep[]): RewriteStep[] | string {
  const out: RewriteStep[] = [];
  for (let i = steps.length - 1; i >= 0; i--) {
    const s = steps[i] as RewriteStep;
    const { controls, base } = parseStepGate(s.gate);
    if (ROTATIONS.has(base))
      out.push(
        step(
          s.gate,
          s.angles.map((a) => -a),
          s.operands,
        ),
      );
    else out.push(step(withControls(controls, INVERSES[base] ?? base), s.angles, s.operands));
  }
  return out;
}

function fractionalPower(steps: readonly RewriteStep[], k: number): RewriteStep[] | string {
  const only = steps.length === 1 ? (steps[0] as RewriteStep) : null;
  const parsed = only === null ? null : parseStepGate(only.gate);
  if (only === null || parsed === null) return `pow(${k}) of more than one gate has no rewrite`;
  const { controls, base } = parsed;
  const [target] = only.operands.slice(controls);
  if (ROTATIONS.has(base))
    return [
      step(
        only.gate,
        only.angles.map((a) => a * k),
        only.operands,
      ),
    ];
  if (controls === 0 && base in PHASES) return [step('p', [(PHASES[base] as number) * k], only.operands)];
  if (controls === 0 && base in X_PHASES && target !== undefined)
    return [step('h', [], [target]), step('p', [(X_PHASES[base] as number) * k], [target]), step('h', [], [target])];
  return `pow(${k}) @ ${only.gate} has no rewrite in accepted gates`;
}

/** Every step under `count` more controls on the operands `controlOperands`, or why one cannot be. */
function controlled(steps: readonly RewriteStep[], controlOperands: readonly number[]): RewriteStep[] | string {
  const out: RewriteStep[] = [];
  const n = controlOperands.length;
  for (const s of steps) {
    const { controls, base } = parseStepGate(s.gate);
    if (base === 'id') continue;
    if (CONTROLLABLE.has(base)) {
      out.push(step(withControls(controls + n, base), s.angles, [...controlOperands, ...s.operands]));
      continue;
    }
    const form = controls === 0 ? CONTROLLED_FORMS.get(base) : undefined;
    if (form === undefined) return `ctrl @ ${s.gate} has no rewrite in accepted gates`;
    const operands = [...controlOperands, ...s.operands];
    for (const inner of form.steps(s.angles, n))
      out.push(
        step(
          inner.gate,
          inner.angles,
          inner.operands.map((i) => operands[i] as number),
        ),
      );
  }
  return out;
}

/** Unitary columns of steps on local operands [offset, offset + width). */
function stepsUnitary(steps: readonly RewriteStep[], offset: number, width: number) {
  const ops: LocalOp[] = [];
  for (const s of steps) {
    const op = stepOp(
      step(
        s.gate,
        s.angles,
        s.operands.map((o) => o - offset),
      ),
    );
    if (op === null) return null;
    ops.push(op);
  }
  return localUnitary(ops, width);
}

/** Compares steps on operands [offset, width) with the reference of `name` under `modifiers`. */
function compare(
  name: string,
  args: readonly number[],
  modifiers: readonly Modifier[],
  steps: readonly RewriteStep[],
  offset: number,
  width: number,
): { phase: number; deviation: number } | string {
  const reference = referenceOp(name, args, modifiers, width - offset);
  if (typeof reference === 'string') return reference;
  const actual = stepsUnitary(steps, offset, width - offset);
  if (actual === null) return 'a step of the rewrite has no reference matrix';
  return phaseAndDeviation(localUnitary([reference], width - offset), actual);
}

/**
 * Accepted steps for `modifiers @ name(args)` on `width` operands (operand
 * indices 0..width-1 as in the call), proven equal to the call up to global
 * phase; or why there is none.
 */
export function decompose(
  name: string,
  args: readonly number[],
  modifiers: readonly Modifier[],
  width: number,
): Decomposition {
  const controlsBefore = modifiers.map((_, i) =>
    modifiers.slice(0, i).reduce((n, m) => n + (m.kind === 'ctrl' || m.kind === 'negctrl' ? m.value : 0), 0),
  );
  const innerOffset = modifiers.reduce((n, m) => n + (m.kind === 'ctrl' || m.kind === 'negctrl' ? m.value : 0), 0);
  const base = baseSteps(name, args, width - innerOffset);
  if (typeof base === 'string') return { ok: false, reason: base };
  let steps: RewriteStep[] = base.map((s) =>
    step(
      s.gate,
      s.angles,
      s.operands.map((o) => o + innerOffset),
    ),
  );
  for (let i = modifiers.length - 1; i >= 0; i--) {
    const m = modifiers[i] as Modifier;
    const offset = controlsBefore[i] as number;
    let next: RewriteStep[] | string;
    if (m.kind === 'inv') next = inverted(steps);
    else if (m.kind === 'pow') {
      if (Number.isInteger(m.value)) {
        const once = m.value < 0 ? inverted(steps) : steps;
        next = typeof once === 'string' ? once : Array.from({ length: Math.abs(m.value) }, () => once).flat();
      } else next = fractionalPower(steps, m.value);
    } else {
      const controls = Array.from({ length: m.value }, (_, j) => offset + j);
      const measured = compare(name, args, modifiers.slice(i + 1), steps, offset + m.value, width);
      if (typeof measured === 'string') return { ok: false, reason: measured };
      const body = controlled(steps, controls);
      if (typeof body === 'string') return { ok: false, reason: body };
      const phase = measured.phase === 0 ? [] : phaseOnControls(measured.phase, controls);
      const flips = m.kind === 'negctrl' ? controls.map((q) => step('x', [], [q])) : [];
      next = [...flips, ...body, ...phase, ...flips];
    }
    if (typeof next === 'string') return { ok: false, reason: next };
    steps = next;
  }
  const proof = compare(name, args, modifiers, steps, 0, width);
  if (typeof proof === 'string') return { ok: false, reason: proof };
  if (!(proof.deviation <= PROOF_TOLERANCE))
    return { ok: false, reason: `the rewrite differs from the gate by ${proof.deviation.toExponential(2)}` };
  return { ok: true, steps };
}
