/**
 * Issue 24, L5: a call of a gate definition is counted from the definitions,
 * never by expanding them (inline/gate-definitions.ts: each definition's cost
 * is the sum over its body, computed once; a chain multiplies it up, held at
 * 2^53 - 1). So a doubling chain past the gate limit is refused at its call
 * in milliseconds however deep it is, and the early count is exactly what
 * expansion emits.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compile } from '../../src/api/compile.js';
import { inlineProgram } from './helpers.js';

/** The doubling chain (bench/compile-limits.bench.ts): 2^(levels+1) gates from a few hundred characters. */
const doublingChain = (levels: number) =>
  `qubit[2] q;\ngate g0 a, b { rz(0.1) a; cx a, b; }\n${Array.from(
    { length: levels },
    (_, i) => `gate g${i + 1} a, b { g${i} a, b; g${i} b, a; }\n`,
  ).join('')}g${levels} q[0], q[1];\n`;

describe('a doubling chain of gate definitions', () => {
  it('17 levels (682 characters) are accepted and expand to exactly the 262,144 gates counted', () => {
    const source = doublingChain(17);
    expect(source).toHaveLength(682);
    const { diagnostics, inlined } = inlineProgram(source);
    expect(diagnostics).toEqual([]);
    expect(inlined.ops).toHaveLength(2 ** 18);
  });

  it.each([30, 64])('%i levels are refused by compile at the call, without expanding anything', (levels) => {
    const started = performance.now();
    const result = compile(doublingChain(levels));
    const took = performance.now() - started;
    expect(result.ok).toBe(false);
    expect(result.diagnostics.map((d) => [d.code, d.rule, d.span.start.line, d.span.start.column])).toEqual([
      ['TooManyGates', 'too-many-gates', levels + 3, 1],
    ]);
    const count = levels === 30 ? String(2 ** 31) : `at least ${Number.MAX_SAFE_INTEGER}`;
    expect(result.diagnostics[0]?.message).toContain(
      `Program expands to more than 1000000 gate applications (${count} with this call of g${levels})`,
    );
    // Milliseconds when idle; a generous bound for a loaded machine. Expanding even 30 levels would take minutes.
    expect(took).toBeLessThan(2_000);
  });

  it('saturates a count past 2^53 instead of printing an inexact number or Infinity', () => {
    // Three calls a level, 1,000 levels (the nesting limit): 3^1000 overflows a double.
    const lines = ['qubit[1] q;', 'gate g0 a { h a; }'];
    for (let i = 1; i < 1000; i++) lines.push(`gate g${i} a { g${i - 1} a; g${i - 1} a; g${i - 1} a; }`);
    lines.push('g999 q[0];');
    const { diagnostics } = inlineProgram(lines.join('\n'));
    expect(diagnostics.map((d) => [d.rule, d.span.start.line])).toEqual([['too-many-gates', 1002]]);
    expect(diagnostics[0]?.reason).toContain(`(at least ${Number.MAX_SAFE_INTEGER} with this call of g999)`);
    expect(diagnostics[0]?.reason).not.toMatch(/Infinity|e\+/);
  });
});

/** Built-in statements by the number of qubits they take, written on the definition's first parameters. */
const BUILTINS: readonly (readonly [number, (q: readonly string[]) => string])[] = [
  [1, (q) => `h ${q[0]};`],
  [1, (q) => `rz(0.3) ${q[0]};`],
  [1, (q) => `barrier ${q[0]};`],
  [2, (q) => `cx ${q[0]}, ${q[1]};`],
  [2, (q) => `ctrl @ rz(0.2) ${q[1]}, ${q[0]};`],
  [3, (q) => `ctrl(2) @ x ${q[0]}, ${q[1]}, ${q[2]};`],
];

/** One body item: a built-in (negative) or an earlier definition, on the parameters rotated by `shift`. */
const itemArbitrary = fc.record({ pick: fc.nat(), shift: fc.nat() });

/** A random definition DAG: definition i calls only built-ins and definitions before it. */
interface ProgramShape {
  readonly definitions: readonly { arity: number; body: readonly { pick: number; shift: number }[] }[];
  readonly calls: readonly { pick: number; shift: number; broadcast: boolean }[];
}
const programArbitrary: fc.Arbitrary<ProgramShape> = fc.record({
  definitions: fc.array(
    fc.record({ arity: fc.integer({ min: 1, max: 3 }), body: fc.array(itemArbitrary, { maxLength: 4 }) }),
    { minLength: 1, maxLength: 6 },
  ),
  calls: fc.array(fc.record({ pick: fc.nat(), shift: fc.nat(), broadcast: fc.boolean() }), { maxLength: 5 }),
});

interface Callee {
  readonly n: number;
  readonly text: (q: readonly string[]) => string;
}

function programText({ definitions, calls }: ProgramShape): string {
  const lines = ['qubit[3] q;', 'qubit[2] r;'];
  const params = ['a', 'b', 'c'];
  /** The callees available to a body of `arity` qubits: built-ins and definitions before `before`, no wider. */
  const callees = (arity: number, before: number): Callee[] => [
    ...BUILTINS.filter(([n]) => n <= arity).map(([n, text]) => ({ n, text })),
    ...definitions
      .slice(0, before)
      .map((d, j) => ({ n: d.arity, text: (q: readonly string[]) => `g${j} ${q.slice(0, d.arity).join(', ')};` }))
      .filter(({ n }) => n <= arity),
  ];
  definitions.forEach((definition, i) => {
    const own = params.slice(0, definition.arity);
    const body = definition.body.map(({ pick, shift }) => {
      const options = callees(definition.arity, i);
      const chosen = options[pick % options.length] as Callee;
      // A rotation of the parameters: distinct operands, in a varying order.
      return chosen.text(own.map((_, k) => own[(k + shift) % own.length] as string));
    });
    lines.push(`gate g${i} ${own.join(', ')} { ${body.join(' ')} }`);
  });
  for (const { pick, shift, broadcast } of calls) {
    const options = callees(3, definitions.length);
    const chosen = options[pick % options.length] as Callee;
    // A broadcast over r (two qubits) for a one-qubit callee, else distinct qubits of q.
    const qubits = ['q[0]', 'q[1]', 'q[2]'];
    lines.push(
      chosen.text(broadcast && chosen.n === 1 ? ['r'] : qubits.map((_, k) => qubits[(k + shift) % 3] as string)),
    );
  }
  return lines.join('\n');
}

describe('the count of a program of definitions', () => {
  it('equals what expansion emits, exactly: the program is accepted at that limit and refused one below', () => {
    fc.assert(
      fc.property(programArbitrary, (program) => {
        const source = programText(program);
        const all = inlineProgram(source, { maxGates: Infinity });
        expect(all.diagnostics, source).toEqual([]);
        const emitted = all.inlined.ops.length;
        expect(inlineProgram(source, { maxGates: emitted }).diagnostics, source).toEqual([]);
        if (emitted > 0) {
          const below = inlineProgram(source, { maxGates: emitted - 1 }).diagnostics;
          expect(
            below.map((d) => d.rule),
            source,
          ).toEqual(['too-many-gates']);
        }
      }),
      { numRuns: 150 },
    );
  });
});
