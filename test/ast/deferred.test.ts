/**
 * Deferred statements: the fast path stores plain gate calls, measurements,
 * resets and barriers as offsets and rebuilds them on access. They must read exactly like the general parser's
 * nodes through every public way of reading a tree (members, visit, JSON,
 * stripSpans, print, util.inspect), and the fast path must really store them
 * (the parser's memory at 1M statements depends on it).
 */
import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DeferredGateCall, isDeferred } from '../../src/ast/deferred.js';
import type { GateCall, Node } from '../../src/ast/nodes.js';
import { print } from '../../src/ast/print.js';
import { stripSpans, visit } from '../../src/ast/visit.js';
import { plainSpan } from '../../src/diagnostics/index.js';
import { parse } from '../../src/parser/index.js';

/** The general parser reads the first region (256 characters from the header), the fast path what follows. */
const HEAD = `OPENQASM 3.0;\nqubit[3] q;\n${'x q[1];\n'.repeat(40)}`;
const TEXT =
  `${HEAD}h q[0];\ncx q[0], q[2];\nrz(-pi/4) q[1];\nu(0.5, 1e-3, 2) q;\nctrl @ x q[0], q[1];\n` +
  'measure q[0] -> c[0];\nc[1] = measure q[1];\nreset q[2];\nbarrier q;\nbit[2] d;\n';
const HEAD_STATEMENTS = 41;

/** JSON with bigint values as text (JSON.stringify refuses bigints). */
function json(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
}

function kindsVisited(node: Node): string[] {
  const kinds: string[] = [];
  visit(node, { enter: (n) => void kinds.push(n.kind) });
  return kinds;
}

describe('deferred statements', () => {
  const fast = parse(TEXT, { lazy: true });
  const general = parse(TEXT, { fastPath: false });

  it('are what the fast path stores for the statements it reads, and only for them', () => {
    const kinds = fast.program.statements
      .slice(HEAD_STATEMENTS)
      .map((s) => (isDeferred(s) ? `deferred ${s.kind}` : s.kind));
    expect(kinds).toEqual([
      ...Array<string>(5).fill('deferred GateCall'),
      'deferred MeasureStatement',
      'deferred Assignment',
      'deferred Reset',
      'deferred Barrier',
      'ClassicalDeclaration',
    ]);
    expect(fast.program.statements[HEAD_STATEMENTS]).toBeInstanceOf(DeferredGateCall);
    expect(general.program.statements.some(isDeferred)).toBe(false);
  });

  it('read member for member like the general parser nodes, spans included', () => {
    fast.program.statements.forEach((statement, i) => {
      const plain = general.program.statements[i] as Node;
      expect(statement.kind).toBe(plain.kind);
      expect(plainSpan(statement.span)).toEqual(plainSpan(plain.span));
      expect(stripSpans(statement)).toEqual(stripSpans(plain));
      expect(json(statement)).toBe(json(plain));
      expect(kindsVisited(statement)).toEqual(kindsVisited(plain));
      // Every member through its accessor, not through the plain form.
      for (const key of Object.keys(plain)) {
        const read = (statement as unknown as Record<string, unknown>)[key];
        expect(stripSpans(read), key).toEqual(stripSpans((plain as unknown as Record<string, unknown>)[key]));
      }
    });
    expect(print(fast.program)).toBe(print(general.program));
  });

  it('keep children stable while one statement is read, and equal by content after others were', () => {
    const [h, cx] = fast.program.statements.slice(HEAD_STATEMENTS) as GateCall[];
    expect(h?.qubits).toBe(h?.qubits);
    const firstRead = stripSpans(h?.qubits);
    expect(cx?.name.name).toBe('cx');
    expect(stripSpans(h?.qubits)).toEqual(firstRead);
    expect(h?.qubits[0]?.span.start).toEqual({ line: 43, column: 3, offset: HEAD.length + 2 });
  });

  it('show their members when logged', () => {
    const shown = inspect(fast.program.statements[HEAD_STATEMENTS + 1], { depth: 4 });
    expect(shown).toContain("kind: 'GateCall'");
    expect(shown).toContain("name: 'cx'");
  });

  it('are not visible to Object.keys, which is why stripSpans and JSON use their plain form', () => {
    const h = fast.program.statements[HEAD_STATEMENTS] as GateCall;
    expect(Object.keys(h)).toEqual([]);
    expect(Object.keys(JSON.parse(json(h)) as object)).toEqual(
      expect.arrayContaining(['kind', 'modifiers', 'name', 'args', 'designator', 'qubits', 'span', 'annotations']),
    );
  });
});
