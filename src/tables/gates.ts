/**
 * The gate catalogue (service-api.md "Gates"; decisions.md section 2): one
 * table of what an OpenQASM 3 program may call, what it lowers to in the
 * service's QIS gate set, and what is rejected with what to write instead.
 * Data only: this file imports nothing.
 */

/** Gate names of the service's QIS JSON gate set (svc.circuit.v0, gateset `qis`), canonical spelling. */
export type QisGateName =
  'x' | 'y' | 'z' | 'h' | 's' | 'si' | 't' | 'ti' | 'v' | 'vi' | 'rx' | 'ry' | 'rz' | 'swap' | 'xx' | 'yy' | 'zz';

export type NativeGateName = 'gpi' | 'gpi2' | 'ms' | 'zz';

/** An OpenQASM 3 gate the service accepts. */
export interface AcceptedGate {
  /** Name as in stdgates.inc (`cx`, `sdg`, `sx`, ...). */
  readonly name: string;
  /** Other accepted spellings (`cnot`, `si`, `v`, ...). */
  readonly aliases: readonly string[];
  /** Number of angle parameters. */
  readonly params: number;
  /** Number of qubit operands (controls included for cx, cy, cz). */
  readonly qubits: number;
  /** Whether `ctrl @` / `ctrl(n) @` may be applied (service-api.md "Modifiers"). */
  readonly controllable: boolean;
  /**
   * What it lowers to: a QIS gate applied to the last qubit(s), with the first
   * `controls` operands as controls. `null`: no operation (`id`, `gphase`).
   */
  readonly lowersTo: { readonly gate: QisGateName; readonly controls: number } | null;
  /** One line for documentation. */
  readonly summary: string;
}

/** An OpenQASM 3 gate name the service rejects, with what to write instead. */
export interface RejectedGate {
  readonly name: string;
  readonly params: number;
  readonly qubits: number;
  /** What to write instead, as a sentence fragment (`use ctrl(2) @ x`), or null. */
  readonly instead: string | null;
}

const accepted = (
  name: string,
  aliases: readonly string[],
  params: number,
  qubits: number,
  controllable: boolean,
  lowersTo: AcceptedGate['lowersTo'],
  summary: string,
): AcceptedGate =>
  Object.freeze({
    name,
    aliases: Object.freeze([...aliases]),
    params,
    qubits,
    controllable,
    lowersTo: lowersTo && Object.freeze(lowersTo),
    summary,
  });

const to = (gate: QisGateName, controls = 0) => ({ gate, controls });

export const ACCEPTED_GATES: readonly AcceptedGate[] = Object.freeze([
  accepted('x', ['not'], 0, 1, true, to('x'), 'Pauli X'),
  accepted('y', [], 0, 1, false, to('y'), 'Pauli Y'),
  accepted('z', [], 0, 1, true, to('z'), 'Pauli Z'),
  accepted('h', [], 0, 1, false, to('h'), 'Hadamard'),
  accepted('s', [], 0, 1, false, to('s'), 'sqrt(Z)'),
  accepted('sdg', ['si'], 0, 1, false, to('si'), 'inverse of s'),
  accepted('t', [], 0, 1, false, to('t'), 'fourth root of Z'),
  accepted('tdg', ['ti'], 0, 1, false, to('ti'), 'inverse of t'),
  accepted('sx', ['v'], 0, 1, false, to('v'), 'sqrt(X)'),
  accepted('vdg', ['vi'], 0, 1, false, to('vi'), 'inverse of sx'),
  accepted('rx', [], 1, 1, false, to('rx'), 'rotation about X, exp(-i θ X/2)'),
  accepted('ry', [], 1, 1, false, to('ry'), 'rotation about Y, exp(-i θ Y/2)'),
  accepted('rz', [], 1, 1, true, to('rz'), 'rotation about Z, exp(-i θ Z/2)'),
  accepted('p', [], 1, 1, false, to('rz'), 'phase diag(1, e^{iλ}), equal to rz(λ) up to global phase'),
  accepted('id', [], 0, 1, false, null, 'identity'),
  accepted('xphase', [], 1, 1, true, to('rx'), 'same as rx'),
  accepted('yphase', [], 1, 1, true, to('ry'), 'same as ry'),
  accepted('gphase', [], 1, 0, false, null, 'global phase: accepted and ignored'),
  accepted('cx', ['cnot'], 0, 2, false, to('x', 1), 'controlled X'),
  accepted('cy', [], 0, 2, false, to('y', 1), 'controlled Y'),
  accepted('cz', [], 0, 2, false, to('z', 1), 'controlled Z'),
  accepted('swap', [], 0, 2, false, to('swap'), 'swap two qubits'),
]);

const rejected = (name: string, params: number, qubits: number, instead: string | null): RejectedGate =>
  Object.freeze({ name, params, qubits, instead });

export const REJECTED_GATES: readonly RejectedGate[] = Object.freeze([
  rejected('sxdg', 0, 1, 'use vdg (or vi)'),
  rejected('U', 3, 1, 'write U(θ, φ, λ) as rz(λ), ry(θ), rz(φ)'),
  rejected('u1', 1, 1, 'use p(λ) or rz(λ)'),
  rejected('u2', 2, 1, 'write u2(φ, λ) as rz(λ), ry(pi/2), rz(φ)'),
  rejected('u3', 3, 1, 'write u3(θ, φ, λ) as rz(λ), ry(θ), rz(φ)'),
  rejected('ccx', 0, 3, 'use ctrl(2) @ x'),
  rejected('crz', 1, 2, 'use ctrl @ rz(θ)'),
  rejected('ch', 0, 2, 'decompose it: ry(pi/4) t; cx c, t; ry(-pi/4) t'),
  rejected('cp', 1, 2, 'use ctrl @ rz(λ) c, t followed by rz(λ/2) c'),
  rejected('crx', 1, 2, 'use ctrl @ xphase(θ)'),
  rejected('cry', 1, 2, 'use ctrl @ yphase(θ)'),
  rejected('cswap', 0, 3, 'decompose it: cx b, a; ctrl(2) @ x c, a, b; cx b, a'),
  rejected('cu', 4, 2, 'decompose it into single-qubit gates and cx'),
]);

/** Accepted gates by every accepted spelling (name and aliases). */
export const ACCEPTED_GATES_BY_NAME: ReadonlyMap<string, AcceptedGate> = new Map(
  ACCEPTED_GATES.flatMap((g) => [g.name, ...g.aliases].map((n) => [n, g] as const)),
);

export const REJECTED_GATES_BY_NAME: ReadonlyMap<string, RejectedGate> = new Map(
  REJECTED_GATES.map((g) => [g.name, g]),
);

/** Most controls one gate may have (decisions.md section 2; more: TooManyControls). */
export const MAX_CONTROLS = 7;

/** A gate of the service's QIS JSON gate set (svc.circuit.v0). */
export interface QisJsonGate {
  readonly name: QisGateName;
  /** Accepted spellings in JSON input besides `name` (`not`, `cnot`). */
  readonly aliases: readonly string[];
  /** Target qubits (controls come on top). */
  readonly targets: number;
  /** Whether the gate takes a `rotation` (radians). */
  readonly rotation: boolean;
  /** Whether `controls` (up to MAX_CONTROLS) may be given. */
  readonly controllable: boolean;
}

const qis = (
  name: QisGateName,
  targets: number,
  rotation: boolean,
  controllable: boolean,
  aliases: readonly string[] = [],
): QisJsonGate => Object.freeze({ name, aliases: Object.freeze([...aliases]), targets, rotation, controllable });

export const QIS_JSON_GATES: readonly QisJsonGate[] = Object.freeze([
  qis('x', 1, false, true, ['not', 'cnot']),
  qis('y', 1, false, true),
  qis('z', 1, false, true),
  qis('h', 1, false, true),
  qis('s', 1, false, true),
  qis('si', 1, false, true),
  qis('t', 1, false, true),
  qis('ti', 1, false, true),
  qis('v', 1, false, true),
  qis('vi', 1, false, true),
  qis('rx', 1, true, true),
  qis('ry', 1, true, true),
  qis('rz', 1, true, true),
  qis('swap', 2, false, false),
  qis('xx', 2, true, false),
  qis('yy', 2, true, false),
  qis('zz', 2, true, false),
]);

/** A native gate (decisions.md section 4; phases and angles in turns). */
export interface NativeGateSpec {
  readonly name: NativeGateName;
  readonly targets: number;
  /** Number of phases (`phase` for gpi/gpi2, `phases` for ms). */
  readonly phases: number;
  /** Whether an `angle` is taken, and its allowed input range and default. */
  readonly angle: { readonly min: number; readonly max: number; readonly default: number | null } | null;
  /** Which two-qubit family may run it; null for single-qubit pulses (every family). */
  readonly family: 'ms' | 'zz' | null;
}

export const NATIVE_GATES: readonly NativeGateSpec[] = Object.freeze([
  Object.freeze({ name: 'gpi', targets: 1, phases: 1, angle: null, family: null }),
  Object.freeze({ name: 'gpi2', targets: 1, phases: 1, angle: null, family: null }),
  Object.freeze({
    name: 'ms',
    targets: 2,
    phases: 2,
    angle: Object.freeze({ min: 0, max: 0.25, default: 0.25 }),
    family: 'ms',
  }),
  Object.freeze({
    name: 'zz',
    targets: 2,
    phases: 0,
    angle: Object.freeze({ min: -1, max: 1, default: null }),
    family: 'zz',
  }),
] as NativeGateSpec[]);

/** Allowed range of native phases in JSON input, in turns. */
export const NATIVE_PHASE_RANGE = Object.freeze({ min: -1, max: 1 });
