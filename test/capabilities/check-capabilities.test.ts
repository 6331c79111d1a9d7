/**
 * Capability checks on hand-built programs (the parser-independent half;
 * fixtures through `validate` live in fixtures.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { For, If, Program, Statement } from '../../src/ast/nodes.js';
import { NO_ANNOTATIONS } from '../../src/ast/nodes.js';
import { checkCapabilities, isDiagnostic, resolveTarget } from '../../src/capabilities/index.js';
import { SourceText } from '../../src/diagnostics/index.js';
import type { InlinedOp, InlinedProgram, InlinedRegister } from '../../src/inline/types.js';
import { ACCEPTED_GATES_BY_NAME, TARGETS_BY_NAME } from '../../src/tables/index.js';
import type { Target } from '../../src/tables/index.js';

const target = (name: string): Target => TARGETS_BY_NAME.get(name) as Target;

/** Span of the `nth` occurrence of `needle` in the source. */
function at(source: SourceText, needle: string, nth = 0) {
  let from = -1;
  for (let i = 0; i <= nth; i++) from = source.text.indexOf(needle, from + 1);
  if (from < 0) throw new Error(`no ${needle}`);
  return source.span(from, from + needle.length);
}

function program(source: SourceText, statements: Statement[] = []): Program {
  return { kind: 'Program', version: null, statements, span: source.span(0, source.text.length) };
}

function registers(source: SourceText, decls: [string, number, string][]): InlinedRegister[] {
  let offset = 0;
  return decls.map(([name, size, text]) => {
    const r = { name, size, offset, span: at(source, text) };
    offset += size;
    return r;
  });
}

function inlined(source: SourceText, decls: [string, number, string][], ops: InlinedOp[] = []): InlinedProgram {
  const qubitRegisters = registers(source, decls);
  return {
    qubitRegisters,
    bitRegisters: [],
    qubitCount: qubitRegisters.reduce((n, r) => n + r.size, 0),
    bitCount: 0,
    ops,
  };
}

const gate = (source: SourceText, name: string, qubits: number[], text: string, nth = 0): InlinedOp => ({
  kind: 'gate',
  gate: ACCEPTED_GATES_BY_NAME.get(name)!,
  modifierControls: 0,
  params: [],
  qubits,
  span: at(source, text, nth),
  related: [],
});
const measure = (source: SourceText, qubit: number, text: string): InlinedOp => ({
  kind: 'measure',
  qubit,
  bit: 0,
  bitName: 'c[0]',
  span: at(source, text),
});
const reset = (source: SourceText, qubit: number, text: string, nth = 0): InlinedOp => ({
  kind: 'reset',
  qubit,
  span: at(source, text, nth),
});

describe('resolveTarget', () => {
  it('defaults to the simulator and finds every table row by name', () => {
    expect(resolveTarget()).toBe(target('simulator'));
    expect(resolveTarget('qpu.forte-1')).toBe(target('qpu.forte-1'));
  });

  it('answers an unknown name with a diagnostic listing the known targets and a near miss', () => {
    const result = resolveTarget('aria-1');
    expect(isDiagnostic(result)).toBe(true);
    if (!isDiagnostic(result)) return;
    expect(result.code).toBe('InvalidInput');
    expect(result.message).toBe(
      'Unknown target: aria-1; known targets are simulator, qpu.harmony, qpu.aria-1, qpu.aria-2, qpu.forte-1, qpu.forte-enterprise-1',
    );
    expect(result.hint).toBe('did you mean qpu.aria-1?');
    expect(result.span.start).toEqual({ line: 1, column: 1, offset: 0 });
  });

  it('accepts a user target object and rejects a malformed one', () => {
    const custom: Target = {
      name: 'lab',
      qubits: 3,
      twoQubitNative: 'zz',
      midCircuitMeasurement: false,
      status: 'available',
      simulator: false,
    };
    expect(resolveTarget(custom)).toBe(custom);
    const bad = resolveTarget({ ...custom, qubits: -1 });
    expect(isDiagnostic(bad) && bad.message).toBe(
      'Invalid target object: qubits must be a non-negative integer, got -1',
    );
  });
});

describe('qubit-count', () => {
  const source = new SourceText('qubit[30] q;\nqubit[10] r;\n');
  const input = {
    program: program(source),
    source,
    inlined: inlined(source, [
      ['q', 30, 'qubit[30] q;'],
      ['r', 10, 'qubit[10] r;'],
    ]),
  };

  it('reports NotEnoughQubits at the declaration that crosses the limit', () => {
    const [d, ...rest] = checkCapabilities(input, target('qpu.forte-1'));
    expect(rest).toEqual([]);
    expect(d?.code).toBe('NotEnoughQubits');
    expect(d?.rule).toBe('qubit-count');
    expect(d?.message).toBe('Program needs 40 qubits; qpu.forte-1 has 36');
    expect(d?.span.start).toEqual({ line: 2, column: 1, offset: 13 });
    expect(d?.related?.[0]?.span.start.line).toBe(1);
    expect(d?.hint).toBe('no target has 40 qubits: use smaller registers');
  });

  it('names the available targets that are big enough in its hint', () => {
    const small = new SourceText('qubit[26] q;');
    const [d] = checkCapabilities(
      { program: program(small), source: small, inlined: inlined(small, [['q', 26, 'qubit[26] q;']]) },
      target('qpu.aria-1'),
    );
    expect(d?.hint).toBe('targets with 26 qubits or more: simulator, qpu.forte-1, qpu.forte-enterprise-1');
  });

  it('blames the first declaration when it alone is too big', () => {
    const d = checkCapabilities(input, target('qpu.aria-1'));
    expect(d.map((x) => [x.message, x.span.start.line])).toEqual([['Program needs 40 qubits; qpu.aria-1 has 25', 1]]);
  });

  it('accepts exactly the target count', () => {
    const exact = new SourceText('qubit[36] q;');
    expect(
      checkCapabilities(
        { program: program(exact), source: exact, inlined: inlined(exact, [['q', 36, 'qubit[36] q;']]) },
        target('qpu.forte-1'),
      ),
    ).toEqual([]);
  });

  it('answers a four-billion-qubit register at once', () => {
    const huge = new SourceText('qubit[4000000000] q;');
    const t0 = performance.now();
    const d = checkCapabilities(
      { program: program(huge), source: huge, inlined: inlined(huge, [['q', 4_000_000_000, 'qubit[4000000000] q;']]) },
      target('simulator'),
    );
    expect(performance.now() - t0).toBeLessThan(100);
    expect(d.map((x) => x.message)).toEqual(['Program needs 4000000000 qubits; simulator has 29']);
  });
});

describe('mid-circuit-measurement', () => {
  const text = 'qubit[2] q;\nreset q[0];\nh q[0];\nc[0] = measure q[0];\nx q[1];\nx q[0];\nreset q[1];\n';
  const source = new SourceText(text);
  const ops = [
    reset(source, 0, 'reset q[0];'),
    gate(source, 'h', [0], 'h q[0];'),
    measure(source, 0, 'c[0] = measure q[0];'),
    gate(source, 'x', [1], 'x q[1];'),
    gate(source, 'x', [0], 'x q[0];'),
    reset(source, 1, 'reset q[1];'),
  ];
  const input = { program: program(source), source, inlined: inlined(source, [['q', 2, 'qubit[2] q;']], ops) };

  it('blames the measurement followed by a gate, and the reset after use, in source order', () => {
    const d = checkCapabilities(input, target('qpu.aria-1'));
    expect(d.map((x) => [x.code, x.rule, x.message, x.span.start.line, x.related?.[0]?.span.start.line])).toEqual([
      [
        'UnsupportedFeature',
        'mid-circuit-measurement',
        'Mid-circuit measurement is not supported on this target',
        4,
        6,
      ],
      [
        'UnsupportedFeature',
        'mid-circuit-measurement',
        'Mid-circuit measurement is not supported on this target',
        7,
        5,
      ],
    ]);
  });

  it('suggests measuring last or using the simulator', () => {
    expect(checkCapabilities(input, target('qpu.forte-1'))[0]?.hint).toBe(
      'measure each qubit once, after its last gate; or run on the simulator, which supports mid-circuit measurement',
    );
  });

  it('accepts it all on the simulator', () => {
    expect(checkCapabilities(input, target('simulator'))).toEqual([]);
  });

  it('accepts a reset at the very start and a final measurement', () => {
    const ok = { ...input, inlined: { ...input.inlined, ops: ops.slice(0, 3) } };
    expect(checkCapabilities(ok, target('qpu.forte-1'))).toEqual([]);
  });

  it('counts a second measurement of the same qubit', () => {
    const twice = new SourceText('measure q[0] -> c[0];\nmeasure q[0] -> c[1];\n');
    const ops2 = [measure(twice, 0, 'measure q[0] -> c[0];'), measure(twice, 0, 'measure q[0] -> c[1];')];
    const d = checkCapabilities(
      { program: program(twice), source: twice, inlined: { ...inlined(twice, []), qubitCount: 1, ops: ops2 } },
      target('qpu.harmony'),
    );
    expect(d.map((x) => [x.span.start.line, x.related?.[0]?.message])).toEqual([
      [1, 'The measured qubit is used again here, by a second measurement'],
    ]);
  });
});

describe('dynamic-circuit', () => {
  const text = 'for int i in [0:3] { h q[0]; if (c) { x q[0]; } }\nif (c == 1) x q[0];\n';
  const source = new SourceText(text);
  const id = (name: string, nth = 0) => ({ kind: 'Identifier' as const, name, span: at(source, name, nth) });
  const hq = { kind: 'EmptyStatement' as const, annotations: NO_ANNOTATIONS, span: at(source, 'h q[0];') };
  const innerIf: If = {
    kind: 'If',
    annotations: NO_ANNOTATIONS,
    condition: id('c'),
    body: [],
    elseBody: null,
    span: at(source, 'if (c) { x q[0]; }'),
  };
  const forLoop: For = {
    kind: 'For',
    annotations: NO_ANNOTATIONS,
    variableType: { kind: 'ScalarType', name: 'int', size: null, component: null, span: at(source, 'int') },
    variable: id('i'),
    iterable: { kind: 'RangeExpression', start: null, step: null, end: null, span: at(source, '0:3') },
    body: [hq, innerIf],
    span: source.span(0, text.indexOf('\n')),
  };
  const braceless: If = {
    kind: 'If',
    annotations: NO_ANNOTATIONS,
    condition: {
      kind: 'Binary',
      op: '==',
      left: id('c', 1),
      right: { kind: 'IntegerLiteral', raw: '1', value: 1n, span: at(source, '1', 0) },
      span: at(source, 'c == 1'),
    },
    body: [{ kind: 'EmptyStatement', annotations: NO_ANNOTATIONS, span: at(source, 'x q[0];', 1) }],
    elseBody: null,
    span: at(source, 'if (c == 1) x q[0];'),
  };

  it('reports each outermost branch or loop once, blaming its header, on every target', () => {
    for (const t of ['simulator', 'qpu.aria-1', 'qpu.forte-1']) {
      const d = checkCapabilities(
        { program: program(source, [forLoop, braceless]), source, inlined: inlined(source, []) },
        target(t),
      );
      expect(
        d.map((x) => [x.code, x.rule, x.message, source.text.slice(x.span.start.offset, x.span.end.offset)]),
      ).toEqual([
        [
          'UnsupportedFeature',
          'dynamic-circuit',
          'Dynamic circuit execution (loops, branches) is not supported',
          'for int i in [0:3]',
        ],
        [
          'UnsupportedFeature',
          'dynamic-circuit',
          'Dynamic circuit execution (loops, branches) is not supported',
          'if (c == 1)',
        ],
      ]);
      expect(d[0]?.hint).toBe(
        'unroll loops and resolve branches before submitting: targets run straight-line circuits only',
      );
    }
  });
});
