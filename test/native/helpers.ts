/** Shared checks for native lowering tests. */
import { expect } from 'vitest';
import type { IrCircuit, IrNativeGate } from '../../src/ir/types.js';
import { lowerToNative, type NativeFamily, type NativeLoweringOptions } from '../../src/native/index.js';
import { withFrames } from '../oracle/circuits.js';
import { expectEquivalent } from '../oracle/count.js';

export const FAMILIES: readonly NativeFamily[] = ['ms', 'zz'];

export function nativeOps(circuit: IrCircuit): IrNativeGate[] {
  return circuit.ops.filter((op): op is IrNativeGate => op.kind === 'native');
}

export function counts(circuit: IrCircuit): { twoQubit: number; pulses: number } {
  const ops = nativeOps(circuit);
  const twoQubit = ops.filter((o) => o.targets.length === 2).length;
  return { twoQubit, pulses: ops.length - twoQubit };
}

/** Emitted parameters in the ranges of decisions.md section 4, and only the family's entangler. */
export function expectNormalised(circuit: IrCircuit, family: NativeFamily): void {
  for (const op of circuit.ops) {
    expect(op.kind === 'gate', 'no QIS gate survives').toBe(false);
    if (op.kind !== 'native') continue;
    for (const p of op.phases) {
      expect(p).toBeGreaterThanOrEqual(0);
      expect(p).toBeLessThan(1);
    }
    if (op.name === 'ms') {
      expect(family).toBe('ms');
      expect(op.angle as number).toBeGreaterThan(0);
      expect(op.angle as number).toBeLessThanOrEqual(0.25);
      expect(op.targets[0]).not.toBe(op.targets[1]);
    } else if (op.name === 'zz') {
      expect(family).toBe('zz');
      expect(Math.abs(op.angle as number)).toBeLessThanOrEqual(0.25);
      expect(op.angle).not.toBe(0);
    } else {
      expect(op.angle).toBeNull();
      expect(op.phases).toHaveLength(1);
    }
  }
}

/**
 * The source on `qubits` wires: tensored with the identity on the wires a
 * lowering borrowed beyond it (the highest indices, least significant in the
 * oracle's order).
 */
export function widened(source: IrCircuit, qubits: number): IrCircuit {
  expect(qubits, 'a lowering never drops wires').toBeGreaterThanOrEqual(source.qubits);
  return { ...source, qubits };
}

/**
 * Proves a compiled circuit (or one loaded back from compile's output) equals
 * `source` ⊗ I on any borrowed wire, once `frames` are appended.
 */
export function expectSameAsSource(
  compiled: IrCircuit,
  frames: readonly number[],
  source: IrCircuit,
  label = '',
): void {
  expectEquivalent(withFrames(compiled, frames), widened(source, compiled.qubits), label);
}

/** Lowers, then proves: same unitary as source ⊗ I on borrowed wires (frames appended), normalised parameters. */
export function lowerAndProve(
  source: IrCircuit,
  family: NativeFamily,
  options: NativeLoweringOptions = {},
  label = '',
): IrCircuit {
  const { circuit, finalFrames } = lowerToNative(source, family, options);
  expect(circuit.qubits, 'one borrowed wire at most, and only with room on the target').toBeLessThanOrEqual(
    Math.max(source.qubits, Math.min(source.qubits + 1, options.maxQubits ?? 0)),
  );
  expectSameAsSource(circuit, finalFrames, source, `${family} ${label}`);
  expectNormalised(circuit, family);
  return circuit;
}
