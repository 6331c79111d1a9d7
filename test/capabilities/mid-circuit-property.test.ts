/**
 * The mid-circuit measurement definition (decisions.md section 2), restated
 * independently: a program is free of it exactly when, on every qubit, the
 * operations read as resets, then gates, then at most one measurement
 * (`/^r*g*m?$/`). Both the capability check and the JSON export must agree.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkCapabilities } from '../../src/capabilities/index.js';
import { SourceText } from '../../src/diagnostics/index.js';
import type { InlinedOp, InlinedProgram } from '../../src/inline/types.js';
import { circuitToJson } from '../../src/ir/circuit-json.js';
import { lowerToIr } from '../../src/ir/lower.js';
import { ACCEPTED_GATES_BY_NAME, TARGETS_BY_NAME } from '../../src/tables/index.js';
import type { Target } from '../../src/tables/index.js';

const QUBITS = 3;
const source = new SourceText('x'.repeat(1000));
const cx = ACCEPTED_GATES_BY_NAME.get('cx')!;
const h = ACCEPTED_GATES_BY_NAME.get('h')!;

type Step =
  | { kind: 'h' | 'measure' | 'reset'; qubit: number }
  | { kind: 'cx'; control: number; target: number }
  | { kind: 'barrier' };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constantFrom('h' as const, 'measure' as const, 'reset' as const), qubit: fc.nat(QUBITS - 1) }),
  fc
    .tuple(fc.nat(QUBITS - 1), fc.nat(QUBITS - 2))
    .map(([control, offset]): Step => ({ kind: 'cx', control, target: (control + 1 + offset) % QUBITS })),
  fc.constant<Step>({ kind: 'barrier' }),
);

function toProgram(steps: readonly Step[]): InlinedProgram {
  const ops = steps.map((s, i): InlinedOp => {
    const span = source.span(i, i + 1);
    switch (s.kind) {
      case 'h':
        return { kind: 'gate', gate: h, modifierControls: 0, params: [], qubits: [s.qubit], span, related: [] };
      case 'cx':
        return {
          kind: 'gate',
          gate: cx,
          modifierControls: 0,
          params: [],
          qubits: [s.control, s.target],
          span,
          related: [],
        };
      case 'measure':
        return { kind: 'measure', qubit: s.qubit, bit: i, bitName: `c[${i}]`, span };
      case 'reset':
        return { kind: 'reset', qubit: s.qubit, span };
      case 'barrier':
        return { kind: 'barrier', span };
    }
  });
  const span = source.span(0, 0);
  return {
    qubitRegisters: [{ name: 'q', size: QUBITS, offset: 0, span }],
    bitRegisters: [{ name: 'c', size: steps.length, offset: 0, span }],
    qubitCount: QUBITS,
    bitCount: steps.length,
    ops,
  };
}

function isFreeOfMidCircuitMeasurement(steps: readonly Step[]): boolean {
  const letters = Array.from({ length: QUBITS }, () => '');
  for (const s of steps) {
    if (s.kind === 'h') letters[s.qubit] += 'g';
    else if (s.kind === 'cx') {
      letters[s.control] += 'g';
      letters[s.target] += 'g';
    } else if (s.kind === 'measure') letters[s.qubit] += 'm';
    else if (s.kind === 'reset') letters[s.qubit] += 'r';
  }
  return letters.every((l) => /^r*g*m?$/.test(l));
}

const program = { kind: 'Program' as const, version: null, statements: [], span: source.span(0, 0) };

describe('mid-circuit measurement, restated', () => {
  it('is reported on QPUs, and refused by the JSON export, exactly when some qubit breaks reset* gate* measure?', () => {
    const aria = TARGETS_BY_NAME.get('qpu.aria-1') as Target;
    const simulator = TARGETS_BY_NAME.get('simulator') as Target;
    fc.assert(
      fc.property(fc.array(step, { maxLength: 12 }), (steps) => {
        const inlined = toProgram(steps);
        const free = isFreeOfMidCircuitMeasurement(steps);
        const reported = checkCapabilities({ program, inlined, source }, aria);
        expect(reported.length === 0).toBe(free);
        expect(reported.every((d) => d.rule === 'mid-circuit-measurement' && d.related?.length === 1)).toBe(true);
        expect(checkCapabilities({ program, inlined, source }, simulator)).toEqual([]);
        expect(circuitToJson(lowerToIr(inlined)).diagnostics.length === 0).toBe(free);
      }),
      { numRuns: 1000 },
    );
  });
});
