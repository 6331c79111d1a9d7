/**
 * Issue 14's table, one fixture per row (fixtures/compile/X.qasm, with the
 * expected counts in X.expected.json): on Aria and Forte the compiled
 * circuit has the recorded number of entangling gates, never more than the
 * row needs nor than the lowering without the block pass, and it is proven
 * equal to its source through the public API: exactly with compile's final
 * frames, and up to one final Z per qubit, which a dropped entangler fails.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { globSync } from 'tinyglobby';
import { checkEquivalence, compile } from '../../src/index.js';
import type { CircuitJson } from '../../src/ir/circuit-json.js';
import type { IrCircuit } from '../../src/ir/types.js';
import { loadCircuits } from '../../src/api/load.js';
import { lowerToNative, PASS_NAMES } from '../../src/native/index.js';

interface Counts {
  readonly entanglingBeforeBlockPass: number;
  readonly entangling: number;
  readonly pulses: number;
}
type Expected = { readonly needs: number } & Record<'qpu.aria-1' | 'qpu.forte-1', Counts>;

const ALL_PASSES_OFF = Object.fromEntries(PASS_NAMES.map((name) => [name, false]));
const files = globSync('fixtures/compile/*.qasm').sort();
const TARGETS = [
  ['qpu.aria-1', 'ms'],
  ['qpu.forte-1', 'zz'],
] as const;

describe('two-qubit blocks: the rows of issue 14 on Aria and Forte', () => {
  it('finds every row', () => {
    expect(files.length).toBe(7);
  });

  describe.each(files)('%s', (file) => {
    const source = readFileSync(file, 'utf8');
    const expected = JSON.parse(readFileSync(file.replace(/\.qasm$/, '.expected.json'), 'utf8')) as Expected;

    it.each(TARGETS)('on %s', (target, family) => {
      const compiled = compile(source, { target });
      expect(compiled.ok, JSON.stringify(compiled.failure)).toBe(true);
      const want = expected[target];
      const entangling = compiled.stats?.gate_counts['2q'] as number;
      expect(entangling).toBe(want.entangling);
      expect(entangling).toBeLessThanOrEqual(expected.needs);
      expect(compiled.stats?.gate_counts['1q']).toBeLessThanOrEqual(want.pulses);
      // The lowering without the pass still gives the "now" column, so the saving is the pass's.
      const circuit = loadCircuits(source).circuits[0] as IrCircuit;
      const withoutPass = lowerToNative(circuit, family, {
        twoQubitBlocks: false,
        passes: ALL_PASSES_OFF,
      }).circuit.ops.filter((op) => op.kind === 'native' && op.targets.length === 2).length;
      expect(withoutPass).toBe(want.entanglingBeforeBlockPass);
      expect(entangling).toBeLessThanOrEqual(withoutPass);

      const exact = checkEquivalence(source, compiled.qasm as string, { target, finalFrames: compiled.finalFrames });
      expect(exact.equivalent, JSON.stringify(exact)).toBe(true);
      // The JSON circuit alone carries no measurement map, so it is checked as compiled without the relabeling.
      const json = compile(source, { target, passes: { 'swap-relabel': false } }).circuit as CircuitJson;
      expect(checkEquivalence(source, json, { target, upToFinalZ: true }).equivalent).toBe(true);
      // A dropped entangler is not a final Z, whichever one it is.
      const gates = (compiled.circuit as unknown as { circuit: { gate: string }[] }).circuit;
      gates.forEach((g, i) => {
        if (g.gate !== 'ms' && g.gate !== 'zz') return;
        const dropped = {
          ...(compiled.circuit as object),
          circuit: gates.filter((_, k) => k !== i),
        } as unknown as CircuitJson;
        expect(
          checkEquivalence(source, dropped, { target, upToFinalZ: true }).equivalent,
          `${file} without entangler ${i}`,
        ).toBe(false);
      });
    });
  });

  it('turns off with optimize: false, keeping every entangling gate as written', () => {
    const source = readFileSync('fixtures/compile/h-cx-cx.qasm', 'utf8');
    expect(compile(source, { target: 'qpu.aria-1' }).stats?.gate_counts['2q']).toBe(0);
    expect(compile(source, { target: 'qpu.aria-1', optimize: false }).stats?.gate_counts['2q']).toBe(2);
  });
});
