/**
 * Multi-controlled X (and the reflections built on it): the gadgets proven on
 * their own by an independent step unitary, then every ctrl(n) @ x for
 * n = 2..7 lowered on both families, widened by a borrowed wire where the
 * target has room, proven by the dense oracle against source ⊗ I.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { IrCircuit, IrOp } from '../../src/ir/types.js';
import { decomposeContext } from '../../src/native/decompose.js';
import {
  borrowedWireX,
  dirtyMultiControlledX,
  exactMultiControlledX,
  relativePhaseMultiControlledX,
} from '../../src/native/dirty-x.js';
import { X } from '../../src/native/complex2.js';
import { grayCodeControlled } from '../../src/native/gray-code.js';
import { lowerToNative, type NativeFamily } from '../../src/native/index.js';
import { entanglingCount, relativePhaseToffoli, relativePhaseToffoli3 } from '../../src/native/single-controlled.js';
import type { Step } from '../../src/native/steps.js';
import { circuitOf, gate } from '../oracle/circuits.js';
import { oracleChecks } from '../oracle/count.js';
import { counts, FAMILIES, lowerAndProve } from './helpers.js';
import { distanceFromPermutation, multiControlledXPermutation, stepsUnitary } from './step-unitary.js';

const TOLERANCE = 1e-9;
const range = (n: number, from = 0): number[] => Array.from({ length: n }, (_, i) => i + from);

/** Distance of `steps` on `wires` qubits from C^m X, exactly (global phase only) or up to a diagonal. */
function fromMultiControlledX(
  steps: readonly Step[],
  controls: readonly number[],
  target: number,
  wires: number,
  exact: boolean,
): number {
  return distanceFromPermutation(
    stepsUnitary(steps, wires),
    multiControlledXPermutation(controls, target, wires),
    exact,
  );
}

describe.each(FAMILIES)('multi-controlled X gadgets, %s CNOTs', (family) => {
  const ctx = (wires: number) => decomposeContext(family, wires);

  it('Margolus and Maslov gates are C^2 X and C^3 X up to a diagonal phase, which is not global', () => {
    const margolus = relativePhaseToffoli(0, 1, 2, ctx(3));
    expect(entanglingCount(margolus)).toBe(3);
    expect(fromMultiControlledX(margolus, [0, 1], 2, 3, false)).toBeLessThan(TOLERANCE);
    expect(fromMultiControlledX(margolus, [0, 1], 2, 3, true)).toBeGreaterThan(0.1);
    const maslov = relativePhaseToffoli3(0, 1, 2, 3, ctx(4));
    expect(entanglingCount(maslov)).toBe(6);
    expect(fromMultiControlledX(maslov, [0, 1, 2], 3, 4, false)).toBeLessThan(TOLERANCE);
    expect(fromMultiControlledX(maslov, [0, 1, 2], 3, 4, true)).toBeGreaterThan(0.1);
  });

  it('relative-phase C^m X from relative halves (lemma 7.3) is C^m X times a diagonal, cheaper than exact', () => {
    for (let m = 4; m <= 5; m++) {
      const controls = range(m);
      const steps = relativePhaseMultiControlledX(controls, m, ctx(m + 2), []) as Step[];
      expect(fromMultiControlledX(steps, controls, m, m + 2, false), `m = ${m}`).toBeLessThan(TOLERANCE);
      expect(entanglingCount(steps)).toBeLessThan(
        entanglingCount(exactMultiControlledX(controls, m, ctx(m + 2)) as Step[]),
      );
    }
  });

  it('the Gray code is C^n X exactly with 2^(n+1) - 3 entangling gates and no other wire', () => {
    for (let n = 2; n <= 5; n++) {
      const controls = range(n, 1);
      const steps = grayCodeControlled(controls, 0, X, ctx(n + 1));
      expect(entanglingCount(steps)).toBe(2 ** (n + 1) - 3);
      expect(fromMultiControlledX(steps, controls, 0, n + 1, true), `n = ${n}`).toBeLessThan(TOLERANCE);
    }
  });

  it('lemma 7.2 restores its m - 2 borrowed wires whatever their state', () => {
    for (let m = 3; m <= 4; m++) {
      const wires = 2 * m - 1;
      const controls = range(m);
      const steps = dirtyMultiControlledX(controls, m, ctx(wires)) as Step[];
      expect(fromMultiControlledX(steps, controls, m, wires, true), `m = ${m}`).toBeLessThan(TOLERANCE);
      expect(dirtyMultiControlledX(controls, m, ctx(wires - 1)), 'too few wires to borrow').toBeUndefined();
    }
  });

  it('lemma 7.3 (cheapest split, relative-phase halves) needs one borrowed wire and restores it', () => {
    for (let n = 3; n <= 6; n++) {
      const controls = range(n, 1);
      const steps = borrowedWireX(controls, 0, ctx(n + 2)) as Step[];
      expect(fromMultiControlledX(steps, controls, 0, n + 2, true), `n = ${n}`).toBeLessThan(TOLERANCE);
      expect(borrowedWireX(controls, 0, ctx(n + 1)), 'no wire to borrow').toBeUndefined();
    }
  });
});

/** ctrl(n) @ x on n + 1 qubits, the target in the middle, between single-qubit layers so fusion and frames take part. */
function mcx(n: number): IrCircuit {
  const wires = range(n + 1);
  const target = n >> 1;
  const controls = wires.filter((q) => q !== target);
  const layer = (name: 'h' | 't' | 'ry', angle: number | null = null): IrOp[] =>
    wires.map((q) => gate(name, [q], [], angle));
  return circuitOf(n + 1, [...layer('h'), ...layer('t'), gate('x', [target], controls), ...layer('ry', 0.7)]);
}

const twoQubit = (n: number, family: NativeFamily, maxQubits?: number): number =>
  counts(lowerToNative(mcx(n), family, maxQubits === undefined ? {} : { maxQubits }).circuit).twoQubit;

describe.each(FAMILIES)('ctrl(n) @ x on every qubit of the program, %s family', (family) => {
  it.each(range(6, 2))(
    'n = %i: borrows a wire beyond the program when that is cheaper, proven against source ⊗ I',
    (n) => {
      const source = mcx(n);
      const lowered = lowerAndProve(source, family, { maxQubits: 29 }, `C^${n}X widened`);
      const filled = lowerAndProve(source, family, { maxQubits: n + 1 }, `C^${n}X filling the target`);
      expect(filled.qubits).toBe(n + 1);
      const [wide, full] = [counts(lowered).twoQubit, counts(filled).twoQubit];
      if (lowered.qubits > source.qubits) expect(wide).toBeLessThan(full);
      else expect(wide).toBe(full);
      // From four controls on, the linear constructions need the borrowed wire to win.
      expect(lowered.qubits).toBe(n >= 4 ? n + 2 : n + 1);
    },
  );

  it('grows at most linearly: bounded increments, far below the quadratic fallback at n = 7', () => {
    const wide = range(6, 2).map((n) => twoQubit(n, family, 29));
    const increments = wide.slice(1).map((c, i) => c - (wide[i] as number));
    expect(Math.max(...increments), `counts ${wide.join(',')}`).toBeLessThanOrEqual(32);
    const fallback = twoQubit(7, family);
    expect(wide[5] as number).toBeLessThan(fallback / 2);
    // The constructions are not limited to the language's 7 controls: the growth stays linear beyond.
    const further = range(9, 7).map((n) => twoQubit(n, family, 40));
    const later = further.slice(1).map((c, i) => c - (further[i] as number));
    expect(Math.max(...later), `counts ${further.join(',')}`).toBeLessThanOrEqual(48);
    expect(
      further.every((c, i) => c <= 24 * (i + 7)),
      `counts ${further.join(',')}`,
    ).toBe(true);
  });

  it('beats the phase-corrected commutator for 3 and 4 controls (17 and 37 entangling gates before)', () => {
    expect(twoQubit(3, family, 29)).toBeLessThan(17);
    expect(twoQubit(4, family, 29)).toBeLessThan(37);
    expect(twoQubit(4, family)).toBeLessThan(37);
  });

  it('keeps a borrowed wire out of lowerings that do not need one', () => {
    expect(lowerToNative(mcx(2), family, { maxQubits: 29 }).circuit.qubits).toBe(3);
    const spare = circuitOf(7, [gate('x', [5], range(5))]);
    expect(lowerAndProve(spare, family, { maxQubits: 29 }).qubits).toBe(7);
    const none = circuitOf(6, [gate('x', [5], range(5))]);
    expect(lowerToNative(none, family).circuit.qubits).toBe(6);
  });

  it('widens for the other multi-controlled reflections and controlled swap too', () => {
    for (const op of [
      gate('z', [0], range(4, 1)),
      gate('y', [4], range(4)),
      gate('h', [2], [0, 1, 3, 4]),
      gate('swap', [0, 4], range(3, 1)),
    ]) {
      const source = circuitOf(5, [gate('h', [0]), gate('ry', [4], [], 0.4), op]);
      expect(
        lowerAndProve(source, family, { maxQubits: 29 }, `${op.kind === 'gate' ? op.name : ''} widened`).qubits,
      ).toBe(6);
    }
  });
});

afterAll(() => {
  console.log(`multi-controlled: ${oracleChecks()} oracle checks`);
});
