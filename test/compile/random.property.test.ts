/**
 * End to end through the JSON format: a random QIS circuit, exported as
 * svc.circuit.v0 JSON, compiled for Aria and Forte, and the compiled native
 * JSON loaded back, equals the source up to global phase (with the lowering's
 * final frames appended).
 */
import { afterAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { compile } from '../../src/api/compile.js';
import { circuitToJson } from '../../src/ir/circuit-json.js';
import type { IrCircuit } from '../../src/ir/types.js';
import { loadCircuits } from '../../src/api/load.js';
import { lowerToNative } from '../../src/native/index.js';
import { oracleChecks } from '../oracle/count.js';
import { circuits } from '../native/arbitraries.js';
import { expectSameAsSource } from '../native/helpers.js';
import { TARGETS_BY_NAME } from '../../src/tables/index.js';

/** The JSON format takes no controls on swap, xx, yy, zz. */
const jsonCircuits = circuits.filter((c) =>
  c.ops.every((op) => op.kind !== 'gate' || op.targets.length === 1 || op.controls.length === 0),
);

describe.each([
  ['qpu.aria-1', 'ms'],
  ['qpu.forte-1', 'zz'],
] as const)('compile(JSON) on %s', (target, family) => {
  it('gives native JSON equivalent to the source', () => {
    fc.assert(
      fc.property(jsonCircuits, (source) => {
        const input = circuitToJson(source).json;
        const compiled = compile(input, { target });
        expect(compiled.ok, JSON.stringify(compiled.failure)).toBe(true);
        const back = loadCircuits(compiled.circuit, { target });
        expect(back.ok, JSON.stringify(back.failure)).toBe(true);
        const reference = loadCircuits(input, { target }).circuits[0] as IrCircuit;
        const frames = lowerToNative(reference, family, {
          maxQubits: TARGETS_BY_NAME.get(target)?.qubits as number,
        }).finalFrames;
        expectSameAsSource(back.circuits[0] as IrCircuit, frames, source);
      }),
      { numRuns: 60 },
    );
  });
});

afterAll(() => {
  console.log(`compile random: ${oracleChecks()} oracle checks`);
});
