import { afterAll, describe, expect, it } from 'vitest';
import type { IrOp } from '../../src/ir/types.js';
import { lowerToNative } from '../../src/native/index.js';
import type { QisGateName } from '../../src/tables/index.js';
import { circuitOf, gate, native } from '../oracle/circuits.js';
import { expectEquivalent, oracleChecks } from '../oracle/count.js';
import { counts, FAMILIES, lowerAndProve, nativeOps } from './helpers.js';

const ONE_QUBIT: readonly QisGateName[] = ['x', 'y', 'z', 'h', 's', 'si', 't', 'ti', 'v', 'vi', 'rx', 'ry', 'rz'];
const TWO_QUBIT: readonly QisGateName[] = ['swap', 'xx', 'yy', 'zz'];
const ROTATING = new Set<QisGateName>(['rx', 'ry', 'rz', 'xx', 'yy', 'zz']);
const ANGLES = [0.37, -2.9, Math.PI, -Math.PI / 2, 5.5, 0];
const cx = (c: number, t: number): IrOp => gate('x', [t], [c]);

describe.each(FAMILIES)('native lowering, %s family', (family) => {
  it('lowers every single-qubit gate, uncontrolled and with 1 to 3 controls', () => {
    for (const name of ONE_QUBIT) {
      for (const angle of ROTATING.has(name) ? ANGLES : [null]) {
        for (let controls = 0; controls <= 3; controls++) {
          const ctl = Array.from({ length: controls }, (_, i) => i + 1);
          lowerAndProve(
            circuitOf(controls + 1, [gate('h', [0]), gate(name, [0], ctl, angle)]),
            family,
            {},
            `${name}(${angle}) ctrl ${controls}`,
          );
        }
      }
    }
  });

  it('lowers swap, xx, yy, zz, uncontrolled and controlled', () => {
    for (const name of TWO_QUBIT) {
      for (const angle of ROTATING.has(name) ? ANGLES : [null]) {
        for (let controls = 0; controls <= 2; controls++) {
          const ctl = Array.from({ length: controls }, (_, i) => i + 2);
          lowerAndProve(
            circuitOf(controls + 2, [gate(name, [1, 0], ctl, angle)]),
            family,
            {},
            `${name}(${angle}) ctrl ${controls}`,
          );
        }
      }
    }
  });

  it('decomposes multi-controlled x with 2 to 7 controls, with and without a spare wire', () => {
    for (let n = 2; n <= 7; n++) {
      const controls = Array.from({ length: n }, (_, i) => i);
      for (const spare of n + 2 <= 7 ? [0, 1] : [0])
        lowerAndProve(circuitOf(n + 1 + spare, [gate('x', [n], controls)]), family, {}, `C^${n}X spare ${spare}`);
    }
  });

  it('decomposes multi-controlled z, rz, rx, ry', () => {
    for (const name of ['z', 'rz', 'rx', 'ry'] as const) {
      for (const n of [3, 4, 5]) {
        const controls = Array.from({ length: n }, (_, i) => i + 1);
        const source = circuitOf(n + 1, [gate(name, [0], controls, name === 'z' ? null : 1.234)]);
        lowerAndProve(source, family, {}, `C^${n}${name}`);
        // With room on the target, a borrowed wire may make the halves of the commutator cheaper.
        lowerAndProve(source, family, { maxQubits: 29 }, `C^${n}${name} with room`);
      }
    }
  });

  it('grows linearly in n for multi-controlled x when a wire is free to borrow', () => {
    const twoQubit = (n: number) =>
      counts(
        lowerToNative(
          circuitOf(n + 2, [
            gate(
              'x',
              [n],
              Array.from({ length: n }, (_, i) => i),
            ),
          ]),
          family,
        ).circuit,
      ).twoQubit;
    const steps = [6, 7, 8, 9, 10, 11].map((n) => twoQubit(n) - twoQubit(n - 1));
    expect(Math.max(...steps), `increments ${steps.join(',')}`).toBeLessThanOrEqual(48);
    expect(twoQubit(7)).toBeLessThanOrEqual(100);
  });

  it('costs one entangling gate per CNOT, cz, controlled rotation, xx, yy, zz', () => {
    const one: IrOp[] = [
      cx(0, 1),
      gate('z', [1], [0]),
      gate('rz', [1], [0], 0.3),
      gate('rx', [1], [0], 0.3),
      gate('ry', [1], [0], 0.3),
      gate('xx', [0, 1], [], 0.3),
      gate('yy', [0, 1], [], 0.3),
      gate('zz', [0, 1], [], 0.3),
    ];
    for (const op of one) expect(counts(lowerAndProve(circuitOf(2, [op]), family)).twoQubit).toBe(1);
  });

  it('hits the CNOT floors: 1 MS + 3 pulses, 1 ZZ + 2 pulses', () => {
    const c = counts(lowerAndProve(circuitOf(2, [cx(0, 1)]), family));
    expect(c).toEqual(family === 'ms' ? { twoQubit: 1, pulses: 3 } : { twoQubit: 1, pulses: 2 });
  });

  it('makes Z-type gates free and fuses any single-qubit run into at most two pulses', () => {
    const zs: IrOp[] = [
      gate('z', [0]),
      gate('s', [0]),
      gate('si', [0]),
      gate('t', [0]),
      gate('ti', [0]),
      gate('rz', [0], [], 0.4),
    ];
    expect(nativeOps(lowerAndProve(circuitOf(1, zs), family))).toHaveLength(0);
    const run: IrOp[] = ONE_QUBIT.map((name) => gate(name, [0], [], ROTATING.has(name) ? 0.77 : null));
    expect(nativeOps(lowerAndProve(circuitOf(1, run), family)).length).toBeLessThanOrEqual(2);
    expect(nativeOps(lowerAndProve(circuitOf(1, [gate('h', [0])]), family))).toHaveLength(1);
    expect(nativeOps(lowerAndProve(circuitOf(1, [gate('x', [0]), gate('x', [0])]), family))).toHaveLength(0);
  });

  it('stays correct without cross-gate fusion (optimize: false), never with fewer pulses', () => {
    const source = circuitOf(3, [
      gate('h', [0]),
      cx(0, 1),
      gate('t', [1]),
      gate('rx', [1], [], 0.2),
      gate('swap', [1, 2]),
      gate('x', [2], [0, 1]),
    ]);
    const fused = counts(lowerAndProve(source, family));
    const unfused = counts(lowerAndProve(source, family, { optimize: false }));
    expect(unfused.pulses).toBeGreaterThan(fused.pulses);
    expect(unfused.twoQubit).toBe(fused.twoQubit);
  });

  it('re-lowers native input for either family', () => {
    const source = circuitOf(2, [
      native('gpi2', [0], [0.3]),
      native('ms', [0, 1], [0.1, 0.6], 0.2),
      native('gpi', [1], [0.9]),
      native('zz', [1, 0], [], -0.7),
    ]);
    lowerAndProve(source, family);
  });

  it('flushes pulses before a measurement and keeps measurements, resets and barriers in place', () => {
    const source = circuitOf(2, [
      gate('h', [0]),
      { kind: 'measure', qubit: 0, bit: 0 },
      gate('h', [1]),
      { kind: 'barrier' },
      { kind: 'reset', qubit: 1 },
      gate('x', [1]),
    ]);
    const { circuit } = lowerToNative(source, family);
    const kinds = circuit.ops.map((o) => (o.kind === 'native' ? `${o.name}@${o.targets.join(',')}` : o.kind));
    expect(kinds).toEqual(['gpi2@0', 'measure', 'gpi2@1', 'barrier', 'reset', 'gpi@1']);
  });

  it('starts a fresh frame after a reset', () => {
    const after = (ops: IrOp[]) => nativeOps(lowerToNative(circuitOf(1, ops), family).circuit);
    const reset: IrOp = { kind: 'reset', qubit: 0 };
    expect(after([gate('s', [0]), reset, gate('h', [0])])).toEqual(after([reset, gate('h', [0])]));
  });

  it('keeps the source span on emitted gates', () => {
    const span = { start: { line: 3, column: 1, offset: 20 }, end: { line: 3, column: 12, offset: 31 } };
    const { circuit } = lowerToNative(circuitOf(2, [{ ...cx(0, 1), span }]), family);
    expect(circuit.ops.filter((o) => o.kind === 'native' && o.targets.length === 2).every((o) => o.span === span)).toBe(
      true,
    );
  });
});

describe('frames', () => {
  it('shift later phases instead of costing pulses (virtual Z)', () => {
    const { circuit, finalFrames } = lowerToNative(
      circuitOf(1, [gate('rz', [0], [], Math.PI / 2), gate('v', [0])]),
      'ms',
    );
    expect(nativeOps(circuit)).toHaveLength(1);
    expect(finalFrames[0]).not.toBe(0);
    expectEquivalent(
      circuitOf(1, [...circuit.ops, gate('rz', [0], [], 2 * Math.PI * (finalFrames[0] as number))]),
      circuitOf(1, [gate('rz', [0], [], Math.PI / 2), gate('v', [0])]),
    );
  });
});

afterAll(() => {
  console.log(`lowering: ${oracleChecks()} oracle checks`);
});

describe('single-qubit synthesis', () => {
  it('lets a gpi absorb the frame (rule V2a) rather than leave one', () => {
    const { circuit, finalFrames } = lowerToNative(circuitOf(1, [gate('rz', [0], [], 0.9), gate('x', [0])]), 'ms');
    expect(nativeOps(circuit).map((o) => o.name)).toEqual(['gpi']);
    expect(finalFrames).toEqual([0]);
    expectEquivalent(circuit, circuitOf(1, [gate('rz', [0], [], 0.9), gate('x', [0])]));
  });
});
