/**
 * The meaning of every gate `fix` rewrites, written from the textbook
 * definitions (OpenQASM 3 `stdgates.inc`, OpenQASM 2 `qelib1.inc`, Qiskit's
 * gate library), independently of the rewrite tables in src/preflight: the
 * reference against which each rewrite is proven. A gate is a base matrix on
 * its targets plus controls; matrices are row-major, interleaved re/im, the
 * first target the most significant bit (as src/simulator/matrices.ts).
 */
import type { Complex } from './complex.js';
import { fromEntries } from './complex.js';

/** A gate's definition: `controls` leading operands control `matrix` on the rest. */
export interface ReferenceGate {
  readonly params: number;
  /** Operand count; null for any width (mcx: every operand but the last controls). */
  readonly qubits: number | null;
  readonly controls: number;
  matrix(args: readonly number[]): Float64Array;
}

const c = (re: number, im = 0): Complex => [re, im];
const e = (angle: number): Complex => [Math.cos(angle), Math.sin(angle)];
const times = (a: Complex, k: number): Complex => [a[0] * k, a[1] * k];
const R = Math.SQRT1_2;

/** U(θ, φ, λ) of OpenQASM 3 (= u3 = u): [[cos θ/2, -e^{iλ} sin θ/2], [e^{iφ} sin θ/2, e^{i(φ+λ)} cos θ/2]]. */
function u(theta: number, phi: number, lambda: number, gamma = 0): Float64Array {
  const co = Math.cos(theta / 2);
  const si = Math.sin(theta / 2);
  const g = (x: number): number => x + gamma;
  return fromEntries([
    times(e(g(0)), co),
    times(e(g(lambda)), -si),
    times(e(g(phi)), si),
    times(e(g(phi + lambda)), co),
  ]);
}

const one = (matrix: (args: readonly number[]) => Float64Array, params = 0, controls = 0): ReferenceGate => ({
  params,
  qubits: 1 + controls,
  controls,
  matrix,
});

const fixed = (entries: Complex[]) => {
  const m = fromEntries(entries);
  return () => m;
};

const X = fixed([c(0), c(1), c(1), c(0)]);
const Y = fixed([c(0), c(0, -1), c(0, 1), c(0)]);
const Z = fixed([c(1), c(0), c(0), c(-1)]);
const H = fixed([c(R), c(R), c(R), c(-R)]);
const phase = (l: number) => fromEntries([c(1), c(0), c(0), e(l)]);
const SX = fixed([c(0.5, 0.5), c(0.5, -0.5), c(0.5, -0.5), c(0.5, 0.5)]);
const SXDG = fixed([c(0.5, -0.5), c(0.5, 0.5), c(0.5, 0.5), c(0.5, -0.5)]);
const rx = (t: number) =>
  fromEntries([c(Math.cos(t / 2)), c(0, -Math.sin(t / 2)), c(0, -Math.sin(t / 2)), c(Math.cos(t / 2))]);
const ry = (t: number) =>
  fromEntries([c(Math.cos(t / 2)), c(-Math.sin(t / 2)), c(Math.sin(t / 2)), c(Math.cos(t / 2))]);
const rz = (t: number) => fromEntries([e(-t / 2), c(0), c(0), e(t / 2)]);
const ID = fixed([c(1), c(0), c(0), c(1)]);

function diagonal4(d: Complex[]): Float64Array {
  const entries: Complex[] = [];
  for (let r = 0; r < 4; r++) for (let k = 0; k < 4; k++) entries.push(r === k ? (d[r] as Complex) : c(0));
  return fromEntries(entries);
}

/** exp(-iθ P⊗P/2) for P = X (corner sign 1) or Y (corner sign -1). */
function pauliPair(theta: number, cornerSign: number): Float64Array {
  const co = c(Math.cos(theta / 2));
  const s = c(0, -Math.sin(theta / 2));
  const corner = c(0, -Math.sin(theta / 2) * cornerSign);
  const z = c(0);
  return fromEntries([co, z, z, corner, z, co, s, z, z, s, co, z, corner, z, z, co]);
}

const SWAP = fixed([c(1), c(0), c(0), c(0), c(0), c(0), c(1), c(0), c(0), c(1), c(0), c(0), c(0), c(0), c(0), c(1)]);
const ISWAP = fixed([
  c(1),
  c(0),
  c(0),
  c(0),
  c(0),
  c(0),
  c(0, 1),
  c(0),
  c(0),
  c(0, 1),
  c(0),
  c(0),
  c(0),
  c(0),
  c(0),
  c(1),
]);
/** Qiskit's ECR, (IX - XY)/√2 in its little-endian order, written with the first operand most significant. */
const ECR = fixed([
  c(0),
  c(0),
  c(R),
  c(0, R),
  c(0),
  c(0),
  c(0, R),
  c(R),
  c(R),
  c(0, -R),
  c(0),
  c(0),
  c(0, -R),
  c(R),
  c(0),
  c(0),
]);

const two = (matrix: (args: readonly number[]) => Float64Array, params = 0): ReferenceGate => ({
  params,
  qubits: 2,
  controls: 0,
  matrix,
});

/** By name as written in programs (aliases of both standard libraries included). */
export const REFERENCE_GATES: ReadonlyMap<string, ReferenceGate> = new Map<string, ReferenceGate>([
  ['id', one(ID)],
  ['x', one(X)],
  ['not', one(X)],
  ['y', one(Y)],
  ['z', one(Z)],
  ['h', one(H)],
  ['s', one(() => phase(Math.PI / 2))],
  ['sdg', one(() => phase(-Math.PI / 2))],
  ['si', one(() => phase(-Math.PI / 2))],
  ['t', one(() => phase(Math.PI / 4))],
  ['tdg', one(() => phase(-Math.PI / 4))],
  ['ti', one(() => phase(-Math.PI / 4))],
  ['sx', one(SX)],
  ['v', one(SX)],
  ['sxdg', one(SXDG)],
  ['vdg', one(SXDG)],
  ['vi', one(SXDG)],
  ['rx', one(([t = 0]) => rx(t), 1)],
  ['xphase', one(([t = 0]) => rx(t), 1)],
  ['ry', one(([t = 0]) => ry(t), 1)],
  ['yphase', one(([t = 0]) => ry(t), 1)],
  ['rz', one(([t = 0]) => rz(t), 1)],
  ['p', one(([l = 0]) => phase(l), 1)],
  ['phase', one(([l = 0]) => phase(l), 1)],
  ['u1', one(([l = 0]) => phase(l), 1)],
  ['u2', one(([p = 0, l = 0]) => u(Math.PI / 2, p, l), 2)],
  ['u3', one(([t = 0, p = 0, l = 0]) => u(t, p, l), 3)],
  ['u', one(([t = 0, p = 0, l = 0]) => u(t, p, l), 3)],
  ['U', one(([t = 0, p = 0, l = 0]) => u(t, p, l), 3)],
  ['cx', one(X, 0, 1)],
  ['CX', one(X, 0, 1)],
  ['cnot', one(X, 0, 1)],
  ['cy', one(Y, 0, 1)],
  ['cz', one(Z, 0, 1)],
  ['ch', one(H, 0, 1)],
  ['cs', one(() => phase(Math.PI / 2), 0, 1)],
  ['csx', one(SX, 0, 1)],
  ['cp', one(([l = 0]) => phase(l), 1, 1)],
  ['cphase', one(([l = 0]) => phase(l), 1, 1)],
  ['cu1', one(([l = 0]) => phase(l), 1, 1)],
  ['crx', one(([t = 0]) => rx(t), 1, 1)],
  ['cry', one(([t = 0]) => ry(t), 1, 1)],
  ['crz', one(([t = 0]) => rz(t), 1, 1)],
  ['cu3', one(([t = 0, p = 0, l = 0]) => u(t, p, l), 3, 1)],
  ['cu', one(([t = 0, p = 0, l = 0, g = 0]) => u(t, p, l, g), 4, 1)],
  ['ccx', one(X, 0, 2)],
  ['ccz', one(Z, 0, 2)],
  ['swap', two(SWAP)],
  ['cswap', { ...two(SWAP), qubits: 3, controls: 1 }],
  ['iswap', two(ISWAP)],
  ['ecr', two(ECR)],
  ['rxx', two(([t = 0]) => pauliPair(t, 1), 1)],
  ['ryy', two(([t = 0]) => pauliPair(t, -1), 1)],
  ['rzz', two(([t = 0]) => diagonal4([e(-t / 2), e(t / 2), e(t / 2), e(-t / 2)]), 1)],
  ['mcx', { params: 0, qubits: null, controls: -1, matrix: X }],
]);

/** gphase(γ): no operands, e^{iγ} on everything (under `ctrl @`, a phase on the controls). */
export const GLOBAL_PHASE_GATE = 'gphase';
