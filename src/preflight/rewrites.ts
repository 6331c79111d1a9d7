/**
 * Rewrites in accepted gates for gates the service refuses: standard-library
 * and common foreign gates (cphase, u3, rzz, iswap, ...) and controlled forms
 * of gates `ctrl @` does not take (ctrl @ ry, ctrl @ p, ...). Each rewrite is
 * the same operation up to global phase; test/preflight/rewrites.test.ts
 * checks every one numerically against the source gate's matrix.
 *
 * A rewrite is a list of steps on the call's own operands (by position), with
 * angles computed from the call's angles, so that a hint can print code that
 * drops in where the call stood.
 */

/** One accepted gate call of a rewrite: `ctrl(2) @ rz(0.5)` on operands 0, 1 and 2 of the rewritten call. */
export interface RewriteStep {
  /** The gate with its modifier, as written (`rz`, `ctrl @ yphase`, `ctrl(2) @ x`). */
  readonly gate: string;
  readonly angles: readonly number[];
  /** Positions in the rewritten call's operand list. */
  readonly operands: readonly number[];
}

/** How a refused gate is written in accepted gates. */
export interface GateRewrite {
  readonly name: string;
  /** The gate with named angles and operands, as the formula refers to them (`cphase(λ) c, t`). */
  readonly signature: string;
  readonly params: number;
  /** Operand count; null for gates of any width (mcx: controls then target). */
  readonly qubits: number | null;
  /** The rewrite as a formula, for calls whose angles are not constants (`λ/2`). */
  readonly formula: string;
  steps(angles: readonly number[], qubits: number): RewriteStep[];
}

const step = (gate: string, angles: readonly number[], ...operands: number[]): RewriteStep => ({
  gate,
  angles,
  operands,
});

const ctrl = (controls: number): string => (controls === 1 ? 'ctrl @' : `ctrl(${controls}) @`);

/**
 * e^{iα} on the state where every control is 1, as accepted gates: with
 * controls c1..cn it is a phase gate on cn controlled by c1..c(n-1), that is
 * ctrl(n-1) @ rz(α) plus the same phase of α/2 on c1..c(n-1), down to one rz.
 */
export function phaseOnControls(alpha: number, controls: readonly number[]): RewriteStep[] {
  const steps: RewriteStep[] = [];
  let angle = alpha;
  for (let n = controls.length; n >= 1; n--) {
    const target = controls[n - 1] as number;
    if (n === 1) steps.push(step('rz', [angle], target));
    else steps.push(step(`${ctrl(n - 1)} rz`, [angle], ...controls.slice(0, n - 1), target));
    angle /= 2;
  }
  return steps;
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: Math.max(0, to - from) }, (_, i) => from + i);

/** cp(λ) = ctrl @ rz(λ) plus a phase of λ/2 on the control. */
const controlledPhase = (lambda: number): RewriteStep[] => [
  step('ctrl @ rz', [lambda], 0, 1),
  step('rz', [lambda / 2], 0),
];

/**
 * ctrl @ U(θ, φ, λ): U = e^{i(φ+λ)/2} rz(φ) ry(θ) rz(λ), so the controlled
 * form is three controlled rotations and a phase of (φ+λ)/2 (+ γ) on the
 * control, written as rz(φ/2), rz(λ/2) (and rz(γ)): a gate definition's
 * parameters can be halved in an argument, but not added.
 */
const controlledU = (theta: number, phi: number, lambda: number, gamma?: number): RewriteStep[] => [
  step('ctrl @ rz', [lambda], 0, 1),
  step('ctrl @ yphase', [theta], 0, 1),
  step('ctrl @ rz', [phi], 0, 1),
  step('rz', [phi / 2], 0),
  step('rz', [lambda / 2], 0),
  ...(gamma === undefined ? [] : [step('rz', [gamma], 0)]),
];

const rewrite = (
  name: string,
  signature: string,
  params: number,
  qubits: number | null,
  formula: string,
  steps: GateRewrite['steps'],
): GateRewrite => Object.freeze({ name, signature, params, qubits, formula, steps });

/** Refused gates (foreign, standard-library or rejected) and their rewrites. */
export const GATE_REWRITES: readonly GateRewrite[] = Object.freeze([
  rewrite('phase', 'phase(λ) q', 1, 1, 'p(λ) q', ([l = 0]) => [step('p', [l], 0)]),
  rewrite('u1', 'u1(λ) q', 1, 1, 'p(λ) q', ([l = 0]) => [step('p', [l], 0)]),
  rewrite('u2', 'u2(φ, λ) q', 2, 1, 'rz(λ) q; ry(pi/2) q; rz(φ) q', ([p = 0, l = 0]) => [
    step('rz', [l], 0),
    step('ry', [Math.PI / 2], 0),
    step('rz', [p], 0),
  ]),
  rewrite('u3', 'u3(θ, φ, λ) q', 3, 1, 'rz(λ) q; ry(θ) q; rz(φ) q', ([t = 0, p = 0, l = 0]) => [
    step('rz', [l], 0),
    step('ry', [t], 0),
    step('rz', [p], 0),
  ]),
  rewrite('u', 'u(θ, φ, λ) q', 3, 1, 'rz(λ) q; ry(θ) q; rz(φ) q', ([t = 0, p = 0, l = 0]) => [
    step('rz', [l], 0),
    step('ry', [t], 0),
    step('rz', [p], 0),
  ]),
  rewrite('U', 'U(θ, φ, λ) q', 3, 1, 'rz(λ) q; ry(θ) q; rz(φ) q', ([t = 0, p = 0, l = 0]) => [
    step('rz', [l], 0),
    step('ry', [t], 0),
    step('rz', [p], 0),
  ]),
  rewrite('sxdg', 'sxdg q', 0, 1, 'vdg q', () => [step('vdg', [], 0)]),
  rewrite('cphase', 'cphase(λ) c, t', 1, 2, 'ctrl @ rz(λ) c, t; rz(λ/2) c', ([l = 0]) => controlledPhase(l)),
  rewrite('cp', 'cp(λ) c, t', 1, 2, 'ctrl @ rz(λ) c, t; rz(λ/2) c', ([l = 0]) => controlledPhase(l)),
  rewrite('cu1', 'cu1(λ) c, t', 1, 2, 'ctrl @ rz(λ) c, t; rz(λ/2) c', ([l = 0]) => controlledPhase(l)),
  rewrite('crz', 'crz(θ) c, t', 1, 2, 'ctrl @ rz(θ) c, t', ([t = 0]) => [step('ctrl @ rz', [t], 0, 1)]),
  rewrite('crx', 'crx(θ) c, t', 1, 2, 'ctrl @ xphase(θ) c, t', ([t = 0]) => [step('ctrl @ xphase', [t], 0, 1)]),
  rewrite('cry', 'cry(θ) c, t', 1, 2, 'ctrl @ yphase(θ) c, t', ([t = 0]) => [step('ctrl @ yphase', [t], 0, 1)]),
  rewrite(
    'cu3',
    'cu3(θ, φ, λ) c, t',
    3,
    2,
    'ctrl @ rz(λ) c, t; ctrl @ yphase(θ) c, t; ctrl @ rz(φ) c, t; rz(φ/2) c; rz(λ/2) c',
    ([t = 0, p = 0, l = 0]) => controlledU(t, p, l),
  ),
  rewrite(
    'cu',
    'cu(θ, φ, λ, γ) c, t',
    4,
    2,
    'ctrl @ rz(λ) c, t; ctrl @ yphase(θ) c, t; ctrl @ rz(φ) c, t; rz(φ/2) c; rz(λ/2) c; rz(γ) c',
    ([t = 0, p = 0, l = 0, g = 0]) => controlledU(t, p, l, g),
  ),
  rewrite('ch', 'ch c, t', 0, 2, 'ctrl @ z c, t; ctrl @ yphase(pi/2) c, t', () => [
    step('ctrl @ z', [], 0, 1),
    step('ctrl @ yphase', [Math.PI / 2], 0, 1),
  ]),
  rewrite('cs', 'cs c, t', 0, 2, 'ctrl @ rz(pi/2) c, t; rz(pi/4) c', () => controlledPhase(Math.PI / 2)),
  rewrite('csx', 'csx c, t', 0, 2, 'ctrl @ xphase(pi/2) c, t; rz(pi/4) c', () => [
    step('ctrl @ xphase', [Math.PI / 2], 0, 1),
    step('rz', [Math.PI / 4], 0),
  ]),
  rewrite('ccx', 'ccx a, b, t', 0, 3, 'ctrl(2) @ x a, b, t', () => [step('ctrl(2) @ x', [], 0, 1, 2)]),
  rewrite('ccz', 'ccz a, b, t', 0, 3, 'ctrl(2) @ z a, b, t', () => [step('ctrl(2) @ z', [], 0, 1, 2)]),
  rewrite('cswap', 'cswap c, a, b', 0, 3, 'cx b, a; ctrl(2) @ x c, a, b; cx b, a', () => [
    step('cx', [], 2, 1),
    step('ctrl(2) @ x', [], 0, 1, 2),
    step('cx', [], 2, 1),
  ]),
  rewrite('mcx', 'mcx c1, ..., cn, t', 0, null, 'ctrl(n) @ x c1, ..., cn, t', (_, qubits) => [
    step(ctrl(qubits - 1) + ' x', [], ...range(0, qubits)),
  ]),
  rewrite('rzz', 'rzz(θ) a, b', 1, 2, 'cx a, b; rz(θ) b; cx a, b', ([t = 0]) => [
    step('cx', [], 0, 1),
    step('rz', [t], 1),
    step('cx', [], 0, 1),
  ]),
  rewrite('rxx', 'rxx(θ) a, b', 1, 2, 'h a; h b; cx a, b; rz(θ) b; cx a, b; h a; h b', ([t = 0]) => [
    step('h', [], 0),
    step('h', [], 1),
    step('cx', [], 0, 1),
    step('rz', [t], 1),
    step('cx', [], 0, 1),
    step('h', [], 0),
    step('h', [], 1),
  ]),
  rewrite(
    'ryy',
    'ryy(θ) a, b',
    1,
    2,
    'rx(pi/2) a; rx(pi/2) b; cx a, b; rz(θ) b; cx a, b; rx(-pi/2) a; rx(-pi/2) b',
    ([t = 0]) => [
      step('rx', [Math.PI / 2], 0),
      step('rx', [Math.PI / 2], 1),
      step('cx', [], 0, 1),
      step('rz', [t], 1),
      step('cx', [], 0, 1),
      step('rx', [-Math.PI / 2], 0),
      step('rx', [-Math.PI / 2], 1),
    ],
  ),
  rewrite('iswap', 'iswap a, b', 0, 2, 's a; s b; h a; cx a, b; cx b, a; h b', () => [
    step('s', [], 0),
    step('s', [], 1),
    step('h', [], 0),
    step('cx', [], 0, 1),
    step('cx', [], 1, 0),
    step('h', [], 1),
  ]),
  rewrite('ecr', 'ecr a, b', 0, 2, 'h b; cx a, b; rz(pi/4) b; x a; x b; rz(-pi/4) b; cx a, b; h b', () => [
    step('h', [], 1),
    step('cx', [], 0, 1),
    step('rz', [Math.PI / 4], 1),
    step('x', [], 0),
    step('x', [], 1),
    step('rz', [-Math.PI / 4], 1),
    step('cx', [], 0, 1),
    step('h', [], 1),
  ]),
]);

export const GATE_REWRITES_BY_NAME: ReadonlyMap<string, GateRewrite> = new Map(GATE_REWRITES.map((r) => [r.name, r]));

/**
 * How `ctrl(n) @ g` is written for accepted gates g that `ctrl @` does not
 * take: a controllable gate W and a phase α with g = e^{iα} W, so that the
 * controlled gate is ctrl(n) @ W plus the phase α on the controls. Gates that
 * are themselves controlled (cx, cy, cz, swap) are listed with their own steps.
 */
interface ControlledForm {
  readonly params: number;
  readonly formula: string;
  /** Steps for controls 0..n-1 and targets n.. of the call. */
  steps(angles: readonly number[], controls: number): RewriteStep[];
}

/** `ctrl(n) @ w(angles)` on every operand, then `phase` on the controls. */
const viaControllable = (
  gate: string,
  angles: readonly number[],
  phase: number,
  controls: number,
  targets = 1,
): RewriteStep[] => [
  step(`${ctrl(controls)} ${gate}`, angles, ...range(0, controls + targets)),
  ...(phase === 0 ? [] : phaseOnControls(phase, range(0, controls))),
];

const controlled = (params: number, formula: string, steps: ControlledForm['steps']): ControlledForm =>
  Object.freeze({ params, formula, steps });

const phaseGate = (lambda: number, controls: number) => viaControllable('rz', [lambda], lambda / 2, controls);

/** By accepted gate name (aliases included). */
export const CONTROLLED_FORMS: ReadonlyMap<string, ControlledForm> = new Map<string, ControlledForm>([
  ['ry', controlled(1, 'ctrl @ yphase(θ) c, t', ([t = 0], n) => viaControllable('yphase', [t], 0, n))],
  ['rx', controlled(1, 'ctrl @ xphase(θ) c, t', ([t = 0], n) => viaControllable('xphase', [t], 0, n))],
  ['p', controlled(1, 'ctrl @ rz(λ) c, t; rz(λ/2) c', ([l = 0], n) => phaseGate(l, n))],
  ['s', controlled(0, 'ctrl @ rz(pi/2) c, t; rz(pi/4) c', (_, n) => phaseGate(Math.PI / 2, n))],
  ['sdg', controlled(0, 'ctrl @ rz(-pi/2) c, t; rz(-pi/4) c', (_, n) => phaseGate(-Math.PI / 2, n))],
  ['t', controlled(0, 'ctrl @ rz(pi/4) c, t; rz(pi/8) c', (_, n) => phaseGate(Math.PI / 4, n))],
  ['tdg', controlled(0, 'ctrl @ rz(-pi/4) c, t; rz(-pi/8) c', (_, n) => phaseGate(-Math.PI / 4, n))],
  [
    'sx',
    controlled(0, 'ctrl @ xphase(pi/2) c, t; rz(pi/4) c', (_, n) =>
      viaControllable('xphase', [Math.PI / 2], Math.PI / 4, n),
    ),
  ],
  [
    'vdg',
    controlled(0, 'ctrl @ xphase(-pi/2) c, t; rz(-pi/4) c', (_, n) =>
      viaControllable('xphase', [-Math.PI / 2], -Math.PI / 4, n),
    ),
  ],
  // h = ry(pi/2) z exactly; y = s x sdg exactly.
  [
    'h',
    controlled(0, 'ctrl @ z c, t; ctrl @ yphase(pi/2) c, t', (_, n) => [
      ...viaControllable('z', [], 0, n),
      ...viaControllable('yphase', [Math.PI / 2], 0, n),
    ]),
  ],
  [
    'y',
    controlled(0, 'sdg t; ctrl @ x c, t; s t', (_, n) => [
      step('sdg', [], n),
      ...viaControllable('x', [], 0, n),
      step('s', [], n),
    ]),
  ],
  ['cx', controlled(0, 'ctrl(2) @ x c, a, t', (_, n) => viaControllable('x', [], 0, n + 1))],
  ['cz', controlled(0, 'ctrl(2) @ z c, a, t', (_, n) => viaControllable('z', [], 0, n + 1))],
  [
    'cy',
    controlled(0, 'sdg t; ctrl(2) @ x c, a, t; s t', (_, n) => [
      step('sdg', [], n + 1),
      ...viaControllable('x', [], 0, n + 1),
      step('s', [], n + 1),
    ]),
  ],
  [
    'swap',
    controlled(0, 'cx b, a; ctrl(2) @ x c, a, b; cx b, a', (_, n) => [
      step('cx', [], n + 1, n),
      ...viaControllable('x', [], 0, n + 1),
      step('cx', [], n + 1, n),
    ]),
  ],
]);

// Accepted aliases share their gate's controlled form.
for (const [alias, gate] of [
  ['si', 'sdg'],
  ['ti', 'tdg'],
  ['v', 'sx'],
  ['vi', 'vdg'],
  ['cnot', 'cx'],
] as const) {
  (CONTROLLED_FORMS as Map<string, ControlledForm>).set(alias, CONTROLLED_FORMS.get(gate) as ControlledForm);
}

export type { ControlledForm };
