import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SourceText } from '../../src/diagnostics/index.js';
import { circuitJsonToIr, circuitToJson, validateCircuitJson } from '../../src/ir/circuit-json.js';
import type { IrCircuit, IrGate, IrNativeGate, IrOp } from '../../src/ir/types.js';
import { QIS_JSON_GATES } from '../../src/tables/index.js';

const source = new SourceText('h q[0];\ncx q[0], q[1];\nmeasure q[0] -> c[0];\nx q[0];\n');
const line = (n: number) => source.span(source.lineStarts[n - 1] as number, (source.lineStarts[n] as number) - 1);

function circuit(ops: IrOp[], qubits = 3): IrCircuit {
  return {
    qubits,
    clbits: 3,
    qubitRegisters: [{ name: 'q', size: qubits, offset: 0 }],
    bitRegisters: [
      { name: 'a', size: 1, offset: 0 },
      { name: 'c', size: 2, offset: 1 },
    ],
    ops,
  };
}
const g = (
  name: IrGate['name'],
  targets: number[],
  controls: number[] = [],
  rotation: number | null = null,
  span = line(1),
): IrGate => ({ kind: 'gate', name, targets, controls, rotation, span });
const n = (
  name: IrNativeGate['name'],
  targets: number[],
  phases: number[],
  angle: number | null = null,
): IrNativeGate => ({ kind: 'native', name, targets, phases, angle });

describe('circuitToJson', () => {
  it('writes canonical QIS gate objects in radians and the measurement map', () => {
    const out = circuitToJson(
      circuit([
        g('h', [0]),
        g('x', [1], [0]),
        g('x', [2], [0, 1]),
        g('rz', [2], [1], -0.5),
        g('swap', [0, 2]),
        g('xx', [0, 1], [], Math.PI / 2),
        { kind: 'barrier' },
        { kind: 'measure', qubit: 0, bit: 0 },
        { kind: 'measure', qubit: 2, bit: 2 },
      ]),
    );
    expect(out.diagnostics).toEqual([]);
    expect(out.json).toEqual({
      format: 'svc.circuit.v0',
      gateset: 'qis',
      qubits: 3,
      circuit: [
        { gate: 'h', target: 0 },
        { gate: 'cnot', controls: [0], target: 1 },
        { gate: 'cnot', controls: [0, 1], target: 2 },
        { gate: 'rz', controls: [1], target: 2, rotation: -0.5 },
        { gate: 'swap', targets: [0, 2] },
        { gate: 'xx', targets: [0, 1], rotation: Math.PI / 2 },
      ],
    });
    expect(out.measurements).toEqual([
      { qubit: 0, bit: 0, register: 'a', index: 0 },
      { qubit: 2, bit: 2, register: 'c', index: 1 },
    ]);
  });

  it('writes native gates in turns under the native gateset', () => {
    const out = circuitToJson(
      circuit([
        n('gpi', [0], [0.25]),
        n('gpi2', [1], [0.75]),
        n('ms', [0, 1], [0, 0.5], 0.125),
        n('zz', [1, 2], [], -0.25),
      ]),
    );
    expect(out.json).toEqual({
      format: 'svc.circuit.v0',
      gateset: 'native',
      qubits: 3,
      circuit: [
        { gate: 'gpi', target: 0, phase: 0.25 },
        { gate: 'gpi2', target: 1, phase: 0.75 },
        { gate: 'ms', targets: [0, 1], phases: [0, 0.5], angle: 0.125 },
        { gate: 'zz', targets: [1, 2], angle: -0.25 },
      ],
    });
  });

  it('says clearly that a qubit used after its measurement cannot be expressed', () => {
    const out = circuitToJson(
      circuit([
        g('h', [0], [], null, line(1)),
        { kind: 'measure', qubit: 0, bit: 0, span: line(3) },
        g('x', [0], [], null, line(4)),
      ]),
    );
    expect(
      out.diagnostics.map((d) => [
        d.code,
        d.rule,
        d.message,
        d.reason,
        d.span.start.line,
        d.related?.[0]?.span.start.line,
      ]),
    ).toEqual([
      [
        'UnsupportedFeature',
        'circuit-json-mid-circuit-measurement',
        'The svc.circuit.v0 JSON format cannot express mid-circuit measurement or reset: qubit 0 is measured and then used by a gate; submit it as OpenQASM 3 instead',
        'The svc.circuit.v0 JSON format cannot express mid-circuit measurement or reset: qubit 0 is measured and then used by a gate; submit it as OpenQASM 3 instead',
        3,
        4,
      ],
    ]);
  });

  it('drops a reset of an untouched qubit but refuses a reset after use', () => {
    const start = circuitToJson(circuit([{ kind: 'reset', qubit: 1 }, g('h', [1])]));
    expect(start.diagnostics).toEqual([]);
    expect(start.json.circuit).toEqual([{ gate: 'h', target: 1 }]);
    const after = circuitToJson(circuit([g('h', [1]), { kind: 'reset', qubit: 1 }]));
    expect(after.diagnostics.map((d) => d.reason)).toEqual([
      'The svc.circuit.v0 JSON format cannot express mid-circuit measurement or reset: qubit 1 is reset after it was used; submit it as OpenQASM 3 instead',
    ]);
  });

  it('refuses a circuit that mixes QIS and native gates', () => {
    const out = circuitToJson(circuit([g('h', [0]), n('gpi', [1], [0])]));
    expect(out.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['InvalidInput', 'A circuit cannot mix QIS gates (h) and native gates (gpi)'],
    ]);
  });
});

const qisGate = (qubits: number): fc.Arbitrary<IrGate> =>
  fc
    .tuple(
      fc.constantFrom(...QIS_JSON_GATES),
      fc.shuffledSubarray([...Array(qubits).keys()], {
        minLength: Math.min(qubits, 3),
        maxLength: Math.min(qubits, 3),
      }),
      fc.double({ min: -10, max: 10, noNaN: true }),
      fc.nat(2),
    )
    .filter(([spec, order]) => order.length >= spec.targets + 1)
    .map(([spec, order, rotation, controlCount]) => {
      const controls = spec.controllable ? order.slice(spec.targets, spec.targets + controlCount) : [];
      return {
        kind: 'gate',
        name: spec.name,
        targets: order.slice(0, spec.targets),
        controls,
        rotation: spec.rotation ? rotation : null,
      };
    });

const nativeGate = (family: 'ms' | 'zz'): fc.Arbitrary<IrNativeGate> => {
  const phase = fc.double({ min: -1, max: 1, noNaN: true });
  return fc.oneof(
    fc
      .tuple(fc.constantFrom('gpi' as const, 'gpi2' as const), fc.nat(3), phase)
      .map(([name, t, p]) => n(name, [t], [p])),
    fc
      .tuple(
        fc.shuffledSubarray([0, 1, 2, 3], { minLength: 2, maxLength: 2 }),
        phase,
        phase,
        fc.double({ min: family === 'ms' ? 0 : -1, max: family === 'ms' ? 0.25 : 1, noNaN: true }),
      )
      .map(([targets, p0, p1, angle]) =>
        family === 'ms' ? n('ms', targets, [p0, p1], angle) : n('zz', targets, [], angle),
      ),
  );
};

const withoutSpans = (ops: readonly IrOp[]) => ops.map(({ span: _span, ...rest }) => rest);

describe('JSON round trip', () => {
  it('exports QIS circuits that validate and import back to the same gates', () => {
    fc.assert(
      fc.property(fc.array(qisGate(4), { maxLength: 20 }), (gates) => {
        const ir = circuit(gates, 4);
        const out = circuitToJson(ir);
        expect(out.diagnostics).toEqual([]);
        expect(validateCircuitJson(out.json).diagnostics).toEqual([]);
        expect(withoutSpans(circuitJsonToIr(out.json)[0]?.ops ?? [])).toEqual(withoutSpans(gates));
      }),
      { numRuns: 200 },
    );
  });

  for (const [family, target] of [
    ['ms', 'qpu.aria-1'],
    ['zz', 'qpu.forte-1'],
  ] as const) {
    it(`exports native ${family} circuits that validate on ${target} and import back`, () => {
      fc.assert(
        fc.property(fc.array(nativeGate(family), { minLength: 1, maxLength: 20 }), (gates) => {
          const out = circuitToJson(circuit(gates, 4));
          expect(validateCircuitJson(out.json, { target }).diagnostics).toEqual([]);
          expect(withoutSpans(circuitJsonToIr(out.json)[0]?.ops ?? [])).toEqual(withoutSpans(gates));
        }),
        { numRuns: 200 },
      );
    });
  }

  it('imports a multicircuit with each entry under its inherited or own gateset', () => {
    const ir = circuitJsonToIr({
      gateset: 'native',
      qubits: 2,
      circuits: [
        { name: 'a', circuit: [{ gate: 'ms', targets: [0, 1], phases: [0, 0.25] }] },
        {
          name: 'b',
          gateset: 'qis',
          circuit: [
            { gate: 'cnot', control: 0, target: 1 },
            { gate: 'zz', targets: [0, 1], rotation: 1 },
          ],
        },
      ],
    });
    expect(ir.map((c) => [c.name, c.qubits, withoutSpans(c.ops)])).toEqual([
      ['a', 2, [{ kind: 'native', name: 'ms', targets: [0, 1], phases: [0, 0.25], angle: 0.25 }]],
      [
        'b',
        2,
        [
          { kind: 'gate', name: 'x', targets: [1], controls: [0], rotation: null },
          { kind: 'gate', name: 'zz', targets: [0, 1], controls: [], rotation: 1 },
        ],
      ],
    ]);
  });
});

describe('validateCircuitJson beyond the fixtures', () => {
  it('reports non-finite numbers that only JavaScript callers can pass', () => {
    const r = validateCircuitJson({
      gateset: 'native',
      qubits: 1,
      circuit: [
        { gate: 'gpi', target: 0, phase: Number.NaN },
        { gate: 'gpi2', target: 0, phase: Infinity },
      ],
    });
    expect(r.diagnostics.map((d) => d.message)).toEqual([
      'circuit[0].phase: NaN is outside the allowed range [-1, 1] turns',
      'circuit[1].phase: Infinity is outside the allowed range [-1, 1] turns',
    ]);
    const rot = validateCircuitJson({ qubits: 1, circuit: [{ gate: 'rx', target: 0, rotation: -Infinity }] });
    expect(rot.failure).toEqual({
      code: 'InvalidInput',
      message: 'circuit[0].rotation: -Infinity is outside the allowed range (finite numbers)',
    });
  });

  it('answers an unknown target with the target diagnostic', () => {
    expect(validateCircuitJson({ qubits: 1, circuit: [] }, { target: 'qpu.nowhere' }).failure?.message).toMatch(
      /^Unknown target: qpu.nowhere; known targets are simulator, /,
    );
  });

  it('stops at the error budget with one closing diagnostic', () => {
    const r = validateCircuitJson(
      { qubits: 1, circuit: Array.from({ length: 50 }, () => ({ gate: 'h', target: 5 })) },
      { maxErrors: 10 },
    );
    expect(r.diagnostics).toHaveLength(11);
    expect(r.diagnostics[10]?.rule).toBe('max-errors');
    // A budget of no diagnostics, or of NaN, is a mistake in the options, named as such.
    for (const maxErrors of [0, Number.NaN]) {
      expect(
        validateCircuitJson({ qubits: 1, circuit: [{ gate: 'h', target: 5 }] }, { maxErrors }).diagnostics.map((d) => [
          d.rule,
          d.reason,
        ]),
      ).toEqual([
        [
          'invalid-option',
          `Option maxErrors of validateCircuitJson must be an integer from 1 to 1,000,000, not ${maxErrors}`,
        ],
      ]);
    }
  });

  it('enforces the gate and circuit limits per job', () => {
    const gates = validateCircuitJson(
      { qubits: 1, circuit: Array.from({ length: 11 }, () => ({ gate: 'h', target: 0 })) },
      { maxGates: 10 },
    );
    expect(gates.diagnostics.map((d) => [d.code, d.message])).toEqual([
      ['TooManyGates', 'circuit: 11 gates in total; at most 10 are allowed in one job'],
    ]);
    const circuits = validateCircuitJson({
      qubits: 1,
      circuits: Array.from({ length: 5001 }, (_, i) => ({ name: `c${i}`, circuit: [] })),
    });
    expect(circuits.diagnostics.map((d) => d.message)).toEqual([
      'circuits: 5001 circuits; at most 5000 are allowed in one job',
    ]);
  });

  it('never throws on arbitrary JSON values', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const r = validateCircuitJson(value);
        expect(r.ok).toBe(r.diagnostics.length === 0);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(
        fc.record({
          qubits: fc.jsonValue(),
          gateset: fc.jsonValue(),
          circuit: fc.array(
            fc.dictionary(
              fc.constantFrom('gate', 'target', 'targets', 'controls', 'phase', 'phases', 'angle', 'rotation'),
              fc.jsonValue(),
            ),
          ),
        }),
        (value) => {
          validateCircuitJson(value);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('native ranges (decisions.md section 4), at and around the bounds', () => {
  const around = (...bounds: number[]) =>
    fc.oneof(
      fc.double({ min: -2, max: 2, noNaN: true }),
      fc.constantFrom(...bounds.flatMap((b) => [b, b - 1e-12, b + 1e-12])),
    );
  const cases = [
    {
      name: 'gpi phase',
      target: 'qpu.aria-1',
      gate: (x: number) => ({ gate: 'gpi', target: 0, phase: x }),
      min: -1,
      max: 1,
    },
    {
      name: 'gpi2 phase',
      target: 'qpu.forte-1',
      gate: (x: number) => ({ gate: 'gpi2', target: 0, phase: x }),
      min: -1,
      max: 1,
    },
    {
      name: 'ms phases[0]',
      target: 'qpu.aria-1',
      gate: (x: number) => ({ gate: 'ms', targets: [0, 1], phases: [x, 0] }),
      min: -1,
      max: 1,
    },
    {
      name: 'ms phases[1]',
      target: 'qpu.aria-1',
      gate: (x: number) => ({ gate: 'ms', targets: [0, 1], phases: [0, x] }),
      min: -1,
      max: 1,
    },
    {
      name: 'ms angle',
      target: 'qpu.harmony',
      gate: (x: number) => ({ gate: 'ms', targets: [0, 1], phases: [0, 0], angle: x }),
      min: 0,
      max: 0.25,
    },
    {
      name: 'zz angle',
      target: 'qpu.forte-1',
      gate: (x: number) => ({ gate: 'zz', targets: [1, 0], angle: x }),
      min: -1,
      max: 1,
    },
  ];
  for (const c of cases) {
    it(`accepts a ${c.name} exactly when it lies in [${c.min}, ${c.max}]`, () => {
      fc.assert(
        fc.property(around(c.min, c.max), (x) => {
          const r = validateCircuitJson({ gateset: 'native', qubits: 2, circuit: [c.gate(x)] }, { target: c.target });
          expect(r.ok).toBe(x >= c.min && x <= c.max);
          if (!r.ok)
            expect(
              r.diagnostics.map((d) => [d.code, d.rule, d.message.includes(`[${c.min}, ${c.max}] turns`)]),
            ).toEqual([['InvalidInput', 'circuit-json-range', true]]);
        }),
        { numRuns: 200 },
      );
    });
  }
});
