import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHILD_KEYS, childrenOf, NODE_KINDS } from '../../src/ast/keys.js';
import type { Node, NodeKind } from '../../src/ast/nodes.js';
import { BREAK, stripSpans, visit, visitInParallel } from '../../src/ast/visit.js';
import { bin, id, int, neg, node, program, qubit, stmt } from './make.js';

/** `OPENQASM 3.0; gate g(a) q { rz(a) q; } g(-1) r[0]; measure r[0] -> c[0];` */
function sample(): Node {
  return program(
    stmt('GateDefinition', {
      name: id('g'),
      params: [id('a')],
      qubits: [id('q')],
      body: [
        stmt('GateCall', { modifiers: [], name: id('rz'), args: [id('a')], designator: null, qubits: [qubit('q')] }),
      ],
    }),
    stmt('GateCall', { modifiers: [], name: id('g'), args: [neg(int(1))], designator: null, qubits: [qubit('r', 0)] }),
    stmt('MeasureStatement', { measure: node('MeasureExpression', { operand: qubit('r', 0) }), target: qubit('c', 0) }),
  );
}

function label(n: Node): string {
  return 'name' in n && typeof n.name === 'string' ? `${n.kind}:${n.name}` : n.kind;
}

describe('CHILD_KEYS', () => {
  it('lists every node kind declared in nodes.ts, once', () => {
    const declared = [
      ...readFileSync(new URL('../../src/ast/nodes.ts', import.meta.url), 'utf8').matchAll(/readonly kind: '(\w+)'/g),
    ].map((m) => m[1]);
    expect(new Set(NODE_KINDS).size).toBe(NODE_KINDS.length);
    expect([...NODE_KINDS].sort()).toEqual(declared.sort());
  });

  it('childrenOf follows the table, skipping nulls and flattening lists', () => {
    const call = stmt('GateCall', {
      modifiers: [],
      name: id('h'),
      args: null,
      designator: null,
      qubits: [qubit('q', 0), qubit('q', 1)],
    });
    expect(childrenOf(call).map((c) => c.kind)).toEqual(['Identifier', 'IndexedIdentifier', 'IndexedIdentifier']);
    expect(CHILD_KEYS.GateCall).toEqual(['annotations', 'modifiers', 'name', 'args', 'designator', 'qubits']);
  });
});

describe('visit', () => {
  it('enters in source order and leaves children before parents', () => {
    const events: string[] = [];
    visit(sample(), {
      enter: (n) => void events.push(`> ${label(n)}`),
      leave: (n) => void events.push(`< ${label(n)}`),
    });
    const entered = events.filter((e) => e.startsWith('>')).map((e) => e.slice(2));
    expect(entered).toEqual([
      'Program',
      'Version',
      'GateDefinition',
      'Identifier:g',
      'Identifier:a',
      'Identifier:q',
      'GateCall',
      'Identifier:rz',
      'Identifier:a',
      'IndexedIdentifier',
      'Identifier:q',
      'GateCall',
      'Identifier:g',
      'Unary',
      'IntegerLiteral',
      'IndexedIdentifier',
      'Identifier:r',
      'IndexList',
      'IntegerLiteral',
      'MeasureStatement',
      'MeasureExpression',
      'IndexedIdentifier',
      'Identifier:r',
      'IndexList',
      'IntegerLiteral',
      'IndexedIdentifier',
      'Identifier:c',
      'IndexList',
      'IntegerLiteral',
    ]);
    expect(events.slice(0, 4)).toEqual(['> Program', '> Version', '< Version', '> GateDefinition']);
    expect(events.at(-1)).toBe('< Program');
    expect(events.filter((e) => e.startsWith('<')).length).toBe(entered.length);
  });

  it('dispatches per kind, as a function or as { enter, leave }, with the parent', () => {
    const calls: string[] = [];
    visit(sample(), {
      GateCall(n, parent) {
        calls.push(`${n.name.name} in ${parent?.kind}`);
      },
      IntegerLiteral: { leave: (n) => void calls.push(`int ${n.value}`) },
    });
    expect(calls).toEqual(['rz in GateDefinition', 'g in Program', 'int 1', 'int 0', 'int 0', 'int 0']);
  });

  it('runs the generic enter before the kind handler and the kind leave before the generic one', () => {
    const order: string[] = [];
    visit(id('x'), {
      enter: () => void order.push('enter'),
      leave: () => void order.push('leave'),
      Identifier: {
        enter: () => void order.push('Identifier.enter'),
        leave: () => void order.push('Identifier.leave'),
      },
    });
    expect(order).toEqual(['enter', 'Identifier.enter', 'Identifier.leave', 'leave']);
  });

  it('gives the ancestors from the root down to the parent', () => {
    let seen: string[] = [];
    visit(sample(), {
      Unary: (_n, _parent, ancestors) => {
        seen = ancestors.map((a) => a.kind);
      },
    });
    expect(seen).toEqual(['Program', 'GateCall']);
  });

  it('skips a subtree, and its leave, when enter returns false', () => {
    const entered: string[] = [];
    const left: string[] = [];
    visit(sample(), {
      enter: (n) => void entered.push(n.kind),
      leave: (n) => void left.push(n.kind),
      GateDefinition: () => false,
    });
    expect(entered.slice(0, 4)).toEqual(['Program', 'Version', 'GateDefinition', 'GateCall']);
    expect(entered.filter((k) => k === 'GateCall')).toHaveLength(1);
    expect(left).not.toContain('GateDefinition');
  });

  it('stops everything on BREAK', () => {
    const entered: NodeKind[] = [];
    visit(sample(), { enter: (n) => (entered.push(n.kind), n.kind === 'Unary' ? BREAK : undefined) });
    expect(entered.at(-1)).toBe('Unary');
    expect(entered).not.toContain('MeasureStatement');
  });

  it('walks hostile nesting far deeper than the call stack allows', () => {
    let deep = int(1);
    for (let i = 0; i < 200_000; i++) deep = neg(deep);
    let count = 0;
    let maxDepth = 0;
    visit(deep, { enter: (_n, _p, ancestors) => void (count++, (maxDepth = Math.max(maxDepth, ancestors.length))) });
    expect(count).toBe(200_001);
    expect(maxDepth).toBe(200_000);
  });
});

describe('visitInParallel', () => {
  it('runs every visitor in one walk, each skipping and breaking on its own', () => {
    const a: string[] = [];
    const b: string[] = [];
    const c: string[] = [];
    visit(
      sample(),
      visitInParallel([
        { GateDefinition: () => false, GateCall: (n) => void a.push(n.name.name) },
        { GateCall: { leave: (n) => void b.push(n.name.name) } },
        { IntegerLiteral: () => (c.push('int'), BREAK), GateCall: (n) => void c.push(n.name.name) },
      ]),
    );
    expect(a).toEqual(['g']);
    expect(b).toEqual(['rz', 'g']);
    expect(c).toEqual(['rz', 'g', 'int']);
  });

  it('calls leave for nodes a visitor did not skip', () => {
    const left: string[] = [];
    visit(
      bin('+', id('a'), id('b')),
      visitInParallel([{ Identifier: { enter: (n) => n.name !== 'a', leave: (n) => void left.push(n.name) } }]),
    );
    expect(left).toEqual(['b']);
  });
});

describe('stripSpans', () => {
  it('removes every span deeply and keeps everything else, bigints included', () => {
    const stripped = stripSpans(sample()) as unknown;
    expect(JSON.stringify(stripped, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))).not.toContain('span');
    expect(stripSpans(int(12))).toEqual({ kind: 'IntegerLiteral', raw: '12', value: 12n });
  });

  it('makes trees that differ only in positions equal', () => {
    const a = id('q');
    const b = {
      ...id('q'),
      span: { start: { line: 3, column: 4, offset: 20 }, end: { line: 3, column: 5, offset: 21 } },
    };
    expect(a).not.toEqual(b);
    expect(stripSpans(a)).toEqual(stripSpans(b));
  });
});
