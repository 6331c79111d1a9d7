/**
 * Are two circuits the same operation up to global phase? Exact for small
 * circuits (every column of both unitaries), on random input states beyond.
 * Amplitudes are compared, never probabilities alone, so a flipped rz sign is
 * caught. Final measurements must match as (qubit, bit) pairs when both
 * circuits measure, and are then set aside; mid-circuit measurement and reset
 * are not compared. Optionally, the second circuit is followed by given Z
 * frames (what a native lowering leaves), or by the one Z rotation per qubit
 * that fits best (`upToFinalZ`): a product of single-qubit Z rotations,
 * never an arbitrary diagonal, so a dropped CZ or ZZ still fails.
 */
import type { IrCircuit } from '../ir/types.js';
import { compileDense, denseAllocator, runCompiled, type EngineOptions } from './engine/evolve.js';
import { finalMeasurementIndices } from './engine/execute.js';
import { unitaryOf, type UnitaryOp } from './kernels/matrices.js';
import { MemoryGuard, defaultMemoryBudget } from './engine/memory.js';
import { SeededRandom } from './engine/random.js';
import type { DenseState } from './engine/state.js';

export interface EquivalenceOptions {
  /** Largest qubit count compared exactly, column by column (default 12). */
  readonly exactUpTo?: number;
  /** Random input states compared beyond `exactUpTo` (default 4). */
  readonly randomStates?: number;
  /** Largest amplitude difference still called equal (default 1e-8). */
  readonly tolerance?: number;
  readonly seed?: number;
  readonly memoryBudgetBytes?: number;
  /**
   * Turns per qubit: the second circuit is followed by Rz(2π·f) on qubit q
   * (before its final measurements, with which Z rotations commute). What a
   * native lowering leaves in its frames (`lowerToNative(...).finalFrames`).
   */
  readonly finalFrames?: readonly number[];
  /**
   * Also call the circuits equal when they differ by one Z rotation per qubit
   * at the end (after `finalFrames`): the rotations are fitted, reported as
   * `finalZ`, and then everything is compared as usual. A diagonal that is
   * not such a product (a CZ, a ZZ rotation) is still a difference.
   */
  readonly upToFinalZ?: boolean;
}

export interface EquivalenceResult {
  readonly equivalent: boolean;
  /** Largest |a - e^{iφ} b| over the compared amplitudes, φ the best global phase. */
  readonly maxDeviation: number;
  /** `unitary` (exact), `random-states`, or why nothing was compared (`measurements-differ`, `non-unitary`). */
  readonly method: 'unitary' | 'random-states' | 'measurements-differ' | 'non-unitary';
  /** With `upToFinalZ`: the Z rotation (turns, in (-1/2, 1/2]) appended to each qubit of the second circuit. */
  readonly finalZ?: readonly number[];
}

/** What the comparison reads of a circuit: its gates as unitaries, its final measurements as `qubit->bit` pairs. */
export interface UnitaryPart {
  readonly ops: UnitaryOp[];
  readonly measurements: string;
  readonly nonUnitary: boolean;
}

export function unitaryPart(circuit: IrCircuit): UnitaryPart {
  const final = finalMeasurementIndices(circuit.ops);
  const ops: UnitaryOp[] = [];
  const measurements: string[] = [];
  let nonUnitary = false;
  circuit.ops.forEach((op, i) => {
    if (op.kind === 'gate' || op.kind === 'native') ops.push(unitaryOf(op));
    else if (op.kind === 'measure') {
      if (final.has(i)) measurements.push(`${op.qubit}->${op.bit}`);
      else nonUnitary = true;
    } else if (op.kind === 'reset') nonUnitary = true;
  });
  return { ops, measurements: measurements.sort().join(','), nonUnitary };
}

/** Rz(2π·turns) on each qubit, skipping zeros and wires the circuits do not have. */
function zRotations(turns: readonly number[], qubits: number): UnitaryOp[] {
  return turns.flatMap((t, q) =>
    t === 0 || q >= qubits
      ? []
      : [unitaryOf({ kind: 'gate', name: 'rz', targets: [q], controls: [], rotation: 2 * Math.PI * t })],
  );
}

export function compareCircuits(a: IrCircuit, b: IrCircuit, options: EquivalenceOptions = {}): EquivalenceResult {
  return compareUnitaryParts(unitaryPart(a), unitaryPart(b), Math.max(a.qubits, b.qubits), options);
}

/**
 * {@link compareCircuits} on circuits already read as unitaries on `qubits`
 * wires: `fix` compares a program's reference meaning (gates the IR has no
 * name for, as matrices) with its rewrite this way.
 */
export function compareUnitaryParts(
  pa: UnitaryPart,
  pb: UnitaryPart,
  qubits: number,
  options: EquivalenceOptions = {},
): EquivalenceResult {
  if (pa.nonUnitary || pb.nonUnitary) return { equivalent: false, maxDeviation: Infinity, method: 'non-unitary' };
  // A circuit that measures nothing (a JSON circuit, whose format measures every qubit, or a program
  // without measurements) is compared as the operation it is: there is no readout to disagree with.
  if (pa.measurements !== '' && pb.measurements !== '' && pa.measurements !== pb.measurements) {
    return { equivalent: false, maxDeviation: Infinity, method: 'measurements-differ' };
  }
  const engine: EngineOptions = {
    sparse: 'never',
    fuse: true,
    blockQubits: 13,
    chunkQubits: 10,
    memory: new MemoryGuard(options.memoryBudgetBytes ?? defaultMemoryBudget()),
  };
  engine.memory.reserve(qubits, 2);
  const opsB = [...pb.ops, ...zRotations(options.finalFrames ?? [], qubits)];
  const programsA = compileDense(pa.ops, qubits, engine);
  let programsB = compileDense(opsB, qubits, engine);
  const random = new SeededRandom(options.seed ?? 1);
  const stateA = blank(qubits, engine);
  const stateB = blank(qubits, engine);
  const run = (prepare: () => void): void => {
    prepare();
    stateB.re.set(stateA.re);
    stateB.im.set(stateA.im);
    for (const p of programsA) runCompiled(p, stateA, engine);
    for (const p of programsB) runCompiled(p, stateB, engine);
  };
  let finalZ: number[] | undefined;
  if (options.upToFinalZ) {
    run(() => randomState(stateA, random));
    finalZ = fittedFinalZ(stateA, stateB);
    programsB = compileDense([...opsB, ...zRotations(finalZ, qubits)], qubits, engine);
  }
  const tolerance = options.tolerance ?? 1e-8;
  const exact = qubits <= (options.exactUpTo ?? 12);
  const inputs = exact ? 2 ** qubits : (options.randomStates ?? 4);
  let phase: [number, number] | null = null;
  let maxDeviation = 0;
  for (let input = 0; input < inputs; input++) {
    run(() => {
      if (!exact) return randomState(stateA, random);
      stateA.re.fill(0);
      stateA.im.fill(0);
      stateA.re[input] = 1;
    });
    phase ??= globalPhase(stateA, stateB);
    maxDeviation = Math.max(maxDeviation, deviation(stateA, stateB, phase));
    if (maxDeviation > 1e3 * tolerance) break;
  }
  return {
    equivalent: maxDeviation <= tolerance,
    maxDeviation,
    method: exact ? 'unitary' : 'random-states',
    ...(finalZ ? { finalZ } : {}),
  };
}

/**
 * The Z rotation per qubit that best carries b = U_B ψ onto a = U_A ψ for a
 * random ψ. If a = e^{iγ} D b with D = ⊗_q diag(1, e^{iθ_q}), then
 * z_k = a_k conj(b_k) = e^{iγ} D_k |b_k|², and for every basis state k
 * without bit q, z_{k+2^q} conj(z_k) points along e^{iθ_q}: their sum gives
 * θ_q. Only the comparison that follows decides; this just proposes.
 */
function fittedFinalZ(a: DenseState, b: DenseState): number[] {
  const turns: number[] = [];
  for (let q = 0; q < a.qubits; q++) {
    const bit = 1 << q;
    let re = 0;
    let im = 0;
    for (let k = 0; k < a.re.length; k++) {
      if ((k & bit) !== 0) continue;
      const [zr, zi] = product(a, b, k);
      const [wr, wi] = product(a, b, k + bit);
      re += wr * zr + wi * zi;
      im += wi * zr - wr * zi;
    }
    // Rounded to 1e-12 turn (a deviation far below any tolerance) so exact fits read exactly.
    const t = Math.round((Math.atan2(im, re) / (2 * Math.PI)) * 1e12) / 1e12;
    turns.push(t === -0.5 ? 0.5 : t === 0 ? 0 : t);
  }
  return turns;
}

/** a_k conj(b_k). */
function product(a: DenseState, b: DenseState, k: number): [number, number] {
  const ar = a.re[k] as number,
    ai = a.im[k] as number,
    br = b.re[k] as number,
    bi = b.im[k] as number;
  return [ar * br + ai * bi, ai * br - ar * bi];
}

function blank(qubits: number, engine: EngineOptions): DenseState {
  return { kind: 'dense', qubits, ...denseAllocator(engine, qubits)(2 ** qubits) };
}

function randomState(state: DenseState, random: SeededRandom): void {
  let norm = 0;
  for (let i = 0; i < state.re.length; i++) {
    const r = random.nextGaussian();
    const m = random.nextGaussian();
    state.re[i] = r;
    state.im[i] = m;
    norm += r * r + m * m;
  }
  const scale = 1 / Math.sqrt(norm);
  for (let i = 0; i < state.re.length; i++) {
    state.re[i] = (state.re[i] as number) * scale;
    state.im[i] = (state.im[i] as number) * scale;
  }
}

/** e^{iφ} with a ≈ e^{iφ} b, read from b's largest amplitude. */
function globalPhase(a: DenseState, b: DenseState): [number, number] {
  let best = 0;
  let at = 0;
  for (let i = 0; i < b.re.length; i++) {
    const m = (b.re[i] as number) ** 2 + (b.im[i] as number) ** 2;
    if (m > best) {
      best = m;
      at = i;
    }
  }
  // a_k * conj(b_k), normalised.
  const ar = a.re[at] as number,
    ai = a.im[at] as number,
    br = b.re[at] as number,
    bi = b.im[at] as number;
  const re = ar * br + ai * bi;
  const im = ai * br - ar * bi;
  const norm = Math.hypot(re, im);
  return norm === 0 ? [1, 0] : [re / norm, im / norm];
}

function deviation(a: DenseState, b: DenseState, [pr, pi]: [number, number]): number {
  let worst = 0;
  for (let i = 0; i < a.re.length; i++) {
    const br = b.re[i] as number,
      bi = b.im[i] as number;
    const dr = (a.re[i] as number) - (pr * br - pi * bi);
    const di = (a.im[i] as number) - (pr * bi + pi * br);
    worst = Math.max(worst, dr * dr + di * di);
  }
  return Math.sqrt(worst);
}
