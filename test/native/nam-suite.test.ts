/**
 * The reversible-arithmetic suite of Nam et al. 2018 (test/native/nam-suite,
 * source and licence in its README): every circuit compiles on both families
 * to no more entangling gates than with the passes off, and every compiled
 * circuit is proven equal to its source here (sampled sparse inputs on a
 * factored state, src/simulator/sparse-equivalence.ts). The counts against the published ones are the
 * benchmark's table (bench/gate-counts.bench.ts, docs/compiler.md).
 */
import { describe, expect, it } from 'vitest';
import { PASS_NAMES } from '../../src/native/index.js';
import { FAMILIES } from './helpers.js';
import { compileSuiteCircuit, proveSuiteCompile } from './nam-suite/compile-suite.js';
import { SUITE } from './nam-suite/suite.js';

const ALL_OFF = Object.fromEntries(PASS_NAMES.map((name) => [name, false]));

describe.each(FAMILIES)('the Nam et al. suite (%s)', (family) => {
  it('has its 29 circuits', () => {
    expect(SUITE).toHaveLength(29);
  });

  it.each(SUITE.map((c) => c.name))('%s: never more entanglers than with every pass off', (name) => {
    const on = compileSuiteCircuit(name, family);
    const off = compileSuiteCircuit(name, family, { passes: ALL_OFF });
    expect(on.entanglers).toBeLessThanOrEqual(off.entanglers);
    expect(on.compiled.qubits).toBe(on.source.qubits);
  });

  it.each(SUITE.map((c) => c.name))('%s: proven equal to its source', (name) => {
    const result = proveSuiteCompile(compileSuiteCircuit(name, family));
    expect(result.equivalent, `${result.method} ${result.maxDeviation}`).toBe(true);
  });
});

describe('the sparse check catches a broken compile', () => {
  it.each(FAMILIES)('tof_10 (%s) with one entangler dropped differs', (family) => {
    const good = compileSuiteCircuit('tof_10', family);
    const at = good.compiled.ops.findIndex((op) => op.kind === 'native' && op.targets.length === 2);
    const broken = { ...good, compiled: { ...good.compiled, ops: good.compiled.ops.filter((_, i) => i !== at) } };
    const result = proveSuiteCompile(broken);
    expect(result.method).toBe('sparse-states');
    expect(result.equivalent).toBe(false);
  });
});
