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
import type { IrCircuit, IrNativeGate } from '../ir/types.js';
import { compileDense, denseAllocator, runCompiled, type EngineOptions } from './engine/evolve.js';
import { finalMeasurementIndices } from './engine/execute.js';
import { unitaryOf, type UnitaryOp } from './kernels/matrices.js';
import { MemoryGuard, defaultMemoryBudget } from './engine/memory.js';
import { SeededRandom } from './engine/random.js';
import type { DenseState } from './engine/state.js';
import { compareOnSparseInputs } from './sparse-equivalence.js';

export interface EquivalenceOptions {
  /** Largest qubit count compared exactly, column by column (default 12). */
  readonly exactUpTo?: number;
  /** Random input states compared beyond `exactUpTo` (default 4); beyond `denseUpTo`, sparse inputs of each kind (default 8). */
  readonly randomStates?: number;
  /**
   * Largest qubit count compared on dense random states (default 20). Wider
   * circuits are compared on sampled sparse inputs, random basis states and
   * few-term superpositions (sparse-equivalence.ts says what that proves).
   */
  readonly denseUpTo?: number;
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
  /**
   * `unitary` (exact), `random-states` (dense random inputs), `sparse-states`
   * (sampled basis states and few-term superpositions, for circuits wider than
   * `denseUpTo`), or why nothing was compared (`measurements-differ`, `non-unitary`).
   */
  readonly method: 'unitary' | 'random-states' | 'sparse-states' | 'measurements-differ' | 'non-unitary';
  /**
   * When both circuits measure the same qubits into the same bits but in a
   * different order (a compiler turned final swaps into a relabeling), the
   * wire permutation appended to the second circuit before comparing, as
   * `[from, to]` pairs: the second circuit's qubit `from` holds what the
   * first measures from `to`.
   */
  readonly relabeled?: readonly (readonly [number, number])[];
  /** With `upToFinalZ`: the Z rotation (turns, in (-1/2, 1/2]) appended to each qubit of the second circuit. */
  readonly finalZ?: readonly number[];
}

/** What the comparison reads of a circuit: its gates as unitaries, its final measurements as `qubit->bit` pairs. */
export interface UnitaryPart {
  readonly ops: UnitaryOp[];
  readonly measurements: string;
  readonly nonUnitary: boolean;
}

/**
 * An MS gate as its ZZ form: ms(φ0, φ1, θ) = (V0 ⊗ V1) zz(θ) (V0† ⊗ V1†)
 * with V = Rz(2πφ) H, since σ(φ) = V Z V†. The sparse comparison runs this
 * form: between two entanglers a control wire then sees only the product of
 * its rotations, which is diagonal, instead of sitting in superposition.
 */
function msAsZz(op: IrNativeGate): UnitaryOp[] {
  const [a, b] = op.targets as [number, number];
  const one = (name: 'h' | 'rz', q: number, rotation: number | null = null) =>
    unitaryOf({ kind: 'gate', name, targets: [q], controls: [], rotation });
  const turn = 2 * Math.PI;
  const [p0, p1] = [op.phases[0] ?? 0, op.phases[1] ?? 0];
  return [
    one('rz', a, -turn * p0),
    one('h', a),
    one('rz', b, -turn * p1),
    one('h', b),
    unitaryOf({ kind: 'native', name: 'zz', targets: [a, b], phases: [], angle: op.angle ?? 0.25 }),
    one('h', a),
    one('rz', a, turn * p0),
    one('h', b),
    one('rz', b, turn * p1),
  ];
}

export function unitaryPart(circuit: IrCircuit, msInZzForm = false): UnitaryPart {
  const final = finalMeasurementIndices(circuit.ops);
  const ops: UnitaryOp[] = [];
  const measurements: string[] = [];
  let nonUnitary = false;
  circuit.ops.forEach((op, i) => {
    if (msInZzForm && op.kind === 'native' && op.name === 'ms') ops.push(...msAsZz(op));
    else if (op.kind === 'gate' || op.kind === 'native') ops.push(unitaryOf(op));
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
  const qubits = Math.max(a.qubits, b.qubits);
  const sparse = isSparseWidth(qubits, options);
  return compareUnitaryParts(unitaryPart(a, sparse), unitaryPart(b, sparse), qubits, options);
}

/** Whether circuits this wide are compared on sparse inputs. */
const isSparseWidth = (qubits: number, options: EquivalenceOptions): boolean =>
  qubits > Math.max(options.exactUpTo ?? 12, options.denseUpTo ?? 20) && !options.upToFinalZ;

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
  let relabel: (readonly [number, number])[] | undefined;
  if (pa.measurements !== '' && pb.measurements !== '' && pa.measurements !== pb.measurements) {
    relabel = relabeling(pa.measurements, pb.measurements) ?? undefined;
    if (!relabel) return { equivalent: false, maxDeviation: Infinity, method: 'measurements-differ' };
  }
  const opsB = [...pb.ops, ...zRotations(options.finalFrames ?? [], qubits), ...permutationOps(relabel ?? [])];
  const tolerance = options.tolerance ?? 1e-8;
  const relabeled = relabel && relabel.length > 0 ? { relabeled: relabel } : {};
  if (isSparseWidth(qubits, options)) {
    const { maxDeviation } = compareOnSparseInputs(pa.ops, opsB, qubits, {
      samples: options.randomStates ?? 8,
      seed: options.seed ?? 1,
      giveUpAbove: 1e3 * tolerance,
    });
    return { equivalent: maxDeviation <= tolerance, maxDeviation, method: 'sparse-states', ...relabeled };
  }
  const engine: EngineOptions = {
    sparse: 'never',
    fuse: true,
    blockQubits: 13,
    chunkQubits: 10,
    memory: new MemoryGuard(options.memoryBudgetBytes ?? defaultMemoryBudget()),
  };
  engine.memory.reserve(qubits, 2);
  const exact = qubits <= (options.exactUpTo ?? 12);
  const choi = exact && 2 * qubits <= CHOI_MAX_QUBITS;
  if (choi && !options.upToFinalZ) {
    const maxDeviation = compareChoiStates(pa.ops, opsB, qubits, engine);
    return { equivalent: maxDeviation <= tolerance, maxDeviation, method: 'unitary', ...relabeled };
  }
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
  if (choi) {
    const maxDeviation = compareChoiStates(pa.ops, [...opsB, ...zRotations(finalZ ?? [], qubits)], qubits, engine);
    return {
      equivalent: maxDeviation <= tolerance,
      maxDeviation,
      method: 'unitary',
      ...(finalZ ? { finalZ } : {}),
      ...relabeled,
    };
  }
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
    ...relabeled,
  };
}

/**
 * The wire permutation that carries the second circuit's final measurements
 * onto the first's, when both measure the same set of qubits into the same
 * bits, each qubit once: `[from, to]` pairs with from != to. Else null.
 */
function relabeling(a: string, b: string): [number, number][] | null {
  const read = (s: string) => new Map(s.split(',').map((p) => p.split('->').reverse() as [string, string]));
  const bitsA = read(a);
  const bitsB = read(b);
  if (bitsA.size !== bitsB.size || bitsA.size !== a.split(',').length || bitsB.size !== b.split(',').length)
    return null;
  const moves: [number, number][] = [];
  for (const [bit, qa] of bitsA) {
    const qb = bitsB.get(bit);
    if (qb === undefined) return null;
    if (qb !== qa) moves.push([Number(qb), Number(qa)]);
  }
  const from = new Set(moves.map(([f]) => f));
  const to = new Set(moves.map(([, t]) => t));
  if (from.size !== moves.length || [...from].some((q) => !to.has(q))) return null;
  return moves;
}

/** Swaps realising the permutation `moves` (wire from -> wire to). */
function permutationOps(moves: readonly (readonly [number, number])[]): UnitaryOp[] {
  const target = new Map(moves);
  const ops: UnitaryOp[] = [];
  // Cycle by cycle: swapping the head with each next wire in turn moves every content one step along.
  const done = new Set<number>();
  for (const [start] of moves) {
    if (done.has(start)) continue;
    const cycle = [start];
    for (let q = target.get(start) as number; q !== start; q = target.get(q) as number) cycle.push(q);
    cycle.forEach((q) => done.add(q));
    for (let i = 1; i < cycle.length; i++)
      ops.push(
        unitaryOf({
          kind: 'gate',
          name: 'swap',
          targets: [cycle[0] as number, cycle[i] as number],
          controls: [],
          rotation: null,
        }),
      );
  }
  return ops;
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

/**
 * Largest exact comparison done on one doubled state instead of column by
 * column: 2n qubits, at most 2^16 amplitudes (n <= 8).
 */
const CHOI_MAX_QUBITS = 16;

/**
 * Every column at once (the Choi-Jamiolkowski state): U ⊗ I applied to
 * Σ_c |c⟩|c⟩ holds U[r][c] at index r + 2^n c, so one run of each circuit on
 * 2n qubits compares the whole unitaries, instead of 2^n runs whose
 * per-gate cost a small state cannot spread. Unnormalised, so that each
 * amplitude deviation is the column-by-column one. Returns the largest
 * |a - e^{iφ} b| after the best global phase.
 */
function compareChoiStates(
  opsA: readonly UnitaryOp[],
  opsB: readonly UnitaryOp[],
  qubits: number,
  engine: EngineOptions,
): number {
  const doubled = 2 * qubits;
  engine.memory.reserve(doubled, 2);
  const states = [opsA, opsB].map((ops) => {
    const state = blank(doubled, engine);
    for (let c = 0; c < 2 ** qubits; c++) state.re[c + c * 2 ** qubits] = 1;
    for (const program of compileDense(ops, doubled, engine)) runCompiled(program, state, engine);
    return state;
  });
  const [a, b] = states as [DenseState, DenseState];
  return deviation(a, b, globalPhase(a, b));
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
