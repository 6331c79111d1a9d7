/**
 * The statement table (parser/statement-table.ts) must be invisible: on
 * random programs mixing plain gate calls with every way a call can be
 * wrong (unknown, rejected and later-defined gates, wrong counts, refused
 * arguments, bad or repeated operands, aliases, registers without a size,
 * the gate limit), preflight over a lazily parsed program (plain calls read
 * from their rows) and over a plainly parsed one (every call a node, no
 * table) give the same diagnostics, message, span and all, and the same
 * inlined operations. Also checks that the table path is really taken, so
 * that a table that is never used cannot pass.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validate, validateProgram } from '../../src/api/validate.js';
import type { Program } from '../../src/ast/nodes.js';
import { isDeferred } from '../../src/ast/deferred.js';
import { parse, statementTableOf } from '../../src/parser/index.js';
import { preflight } from '../../src/preflight/index.js';

const DECLARATIONS = [
  'qubit[4] q;',
  'qubit[2] r;',
  'qubit s;',
  'qreg t[3];',
  'qubit[0] z;',
  'bit[2] c;',
  'let a = q[1];',
  'let w = q;',
  'const float theta = 0.5;',
  'int pi = 3;',
  'gate g(x) u, v { rz(x) u; cx u, v; }',
  'gate k(y) u { rz(1/y) u; }',
  'gate bad u { measure u; }',
  'gate g u { h u; }',
];
/** Most calls are plain and right, so that the table path runs often; the rest go wrong in every way a call can. */
const GATES = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('h', 'x', 'cx', 'rz', 'cz', 'swap', 'g') },
  { weight: 1, arbitrary: fc.constantFrom('ccx', 'u1', 'foo', 'k', 'bad', 'later', 'cnto', 'gphase') },
);
const ARGUMENTS = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom('pi/4', '-pi', '0.5', '3', '2*pi', '-(pi)/2', '1.', '(2*(pi/3))/-4', '007') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('1/0', '1e999', 'theta', 'pi+1', 'tau', '0', '-0.0', '1e-300*1e-300', '1/-0.0'),
  },
);
const OPERANDS = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('q[0]', 'q[1]', 'q[2]', 'q[3]', 'r[0]', 'r[1]') },
  {
    weight: 1,
    arbitrary: fc.constantFrom('q[4]', 's[0]', 't[2]', 'z[0]', 'c[0]', 'a', 'a[0]', 'w[1]', 'q', 'nope[0]'),
  },
);

const call = fc
  .record({
    gate: GATES,
    args: fc.option(fc.array(ARGUMENTS, { maxLength: 2 }), { freq: 2 }),
    operands: fc.array(OPERANDS, { minLength: 1, maxLength: 3 }),
  })
  .map(({ gate, args, operands }) => `${gate}${args === null ? '' : `(${args.join(', ')})`} ${operands.join(', ')};`);

const line = fc.oneof(
  { weight: 8, arbitrary: call },
  { weight: 2, arbitrary: fc.constantFrom(...DECLARATIONS) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      'measure q[0] -> c[0];',
      'c[1] = measure q[1];',
      'barrier q;',
      'reset q[2];',
      'ctrl @ x q[0], q[1];',
      'gate later u { x u; }',
      'if (c[0]) { x q[0]; }',
    ),
  },
);

/**
 * One statement a line, each followed by a comment longer than the general
 * parser's first region (fast-path.ts), so that a statement the fast path
 * declines is read alone and the next one is the fast path's again.
 */
function padded(lines: readonly string[]): string {
  return lines.map((l) => `${l} // ${'-'.repeat(300)}\n`).join('');
}

const programText = fc
  .array(line, { maxLength: 30 })
  .map((lines) => padded(['OPENQASM 3.0;', 'include "stdgates.inc";', 'qubit[4] q;', 'qubit[2] r;', ...lines]));

/** Plain data: spans as offsets, lines and columns (JSON of a diagnostic or an operation). */
function plain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))) as unknown;
}

function bothWays(text: string, maxGates: number) {
  const lazy = parse(text, { lazy: true });
  const nodes = parse(text);
  const viaTable = preflight(lazy.program, lazy.source, { maxGates });
  const viaNodes = preflight(nodes.program, nodes.source, { maxGates });
  return { lazy, nodes, viaTable, viaNodes };
}

describe('statement table', () => {
  it('gives the diagnostics and operations of the plain AST path on random programs', () => {
    fc.assert(
      fc.property(programText, fc.constantFrom(1_000_000, 3, 7), (text, maxGates) => {
        const { lazy, nodes, viaTable, viaNodes } = bothWays(text, maxGates);
        expect(lazy.diagnostics).toEqual(nodes.diagnostics);
        expect(statementTableOf(nodes.program)).toBeUndefined();
        expect(plain(viaTable.diagnostics)).toEqual(plain(viaNodes.diagnostics));
        expect(plain(viaTable.inlined)).toEqual(plain(viaNodes.inlined));
        // Rows have no node until the list is read; then it is the plain parse's, statement for statement.
        expect(statementTableOf(lazy.program)?.statementsBuilt).toBe(false);
        expect(plain(lazy.program.statements)).toEqual(plain(nodes.program.statements));
      }),
      { numRuns: 300 },
    );
  });

  it('reads plain calls from their rows and builds no node for them', () => {
    const text = padded(['qubit[3] q;', 'h q[0];', 'cx q[0], q[1];', 'rz(-pi/4) q[2];', 'foo q[0];']);
    const { lazy, viaTable, viaNodes } = bothWays(text, 1_000_000);
    const table = statementTableOf(lazy.program);
    expect(table?.length).toBe(4);
    expect([0, 1, 2, 3].map((row) => table?.gateOf(row))).toEqual(['h', 'cx', 'rz', 'foo']);
    expect(table?.arg(2, 0)).toBe(-Math.PI / 4);
    expect(table?.operandNameOf(1, 1)).toBe('q');
    expect(table?.operandIndexOf(1, 1)).toBe(1);
    expect(plain(viaTable)).toEqual(plain(viaNodes));
    expect(viaTable.diagnostics.map((d) => d.message)).toEqual([
      'Circuit failed preflight validation: Unknown gate: foo',
    ]);
    // The plain calls stayed deferred: their nodes were never asked for (a rebuilt node would be a plain object here).
    expect(lazy.program.statements.slice(1, 4).every((s) => isDeferred(s))).toBe(true);
  });

  it('validates a program of plain calls without building a node or a gate object for them', () => {
    const lines = Array.from({ length: 2000 }, (_, n) =>
      n % 2 ? `cx q[${n % 3}], q[3];` : `rz(pi/${n + 1}) q[${n % 4}];`,
    );
    const text = ['OPENQASM 3.0;', 'qubit[4] q;', ...lines].join('\n');
    const validated = validateProgram(text);
    expect(validated.ok).toBe(true);
    const table = statementTableOf(validated.program as Program);
    // All but the few the general parser reads in the region after the header (fast-path.ts, FIRST_REGION_SIZE).
    expect(table?.length).toBeGreaterThan(1900);
    expect(table?.statementsBuilt).toBe(false);
    // Read now, the operations are the plain parse's, spans and all.
    const nodes = parse(text);
    expect(plain(validated.inlined)).toEqual(plain(preflight(nodes.program, nodes.source).inlined));
    expect(validated.inlined?.ops).toHaveLength(2000);
  });

  it('leaves out of the table what it cannot judge without a node', () => {
    const lines = [
      'qubit[2] q;',
      'ctrl @ x q[0], q[1];',
      'rz(theta) q[0];',
      'rz(1 + 2) q[0];',
      'h q;',
      'measure q[0];',
    ];
    const text = padded([...lines, 'x q[1];']);
    const table = statementTableOf(parse(text, { lazy: true }).program);
    // `rz(theta)` (a name) and `rz(1 + 2)` fold to no value; modifiers, broadcasts and measurements have no row.
    expect(table?.length).toBe(1);
    expect(table?.statementOf(0)).toBe(lines.length);
    expect(validate(text).failure?.message).toContain('theta');
  });
});
