/**
 * What the library fuzz campaign of issue 24 found (L1-L4): each input gets
 * a diagnostic naming the problem, or is accepted as validation says,
 * never an internal error.
 */
import { describe, expect, it } from 'vitest';
import { compile, parse, print, simulate, validate, validateCircuitJson } from '../../src/index.js';

const internal = (diagnostics: readonly { rule: string; reason: string }[]) =>
  diagnostics.filter((d) => /internal/i.test(d.rule) || /internal/i.test(d.reason));

describe('fuzz findings of issue 24 in the library', () => {
  it.each([
    ['qubit[', '] q; h q[0];'],
    ['qreg q[', ']; h q[0];'],
  ])('L1: a register of 309 digits (%s) is a limit diagnostic, in validate and compile', (before, after) => {
    for (const digits of [17, 308, 309, 400]) {
      const source = before + '2'.repeat(digits) + after;
      for (const result of [validate(source), compile(source)]) {
        expect(internal(result.diagnostics)).toEqual([]);
        expect(result.diagnostics.map((d) => [d.rule, d.reason])).toEqual([
          [
            'register-declaration',
            digits > 30
              ? `Register q declares too many qubits (a number of ${digits} digits); a register holds at most 4,294,967,296`
              : 'Register q declares too many qubits (22,222,222,222,222,222); a register holds at most 4,294,967,296',
          ],
        ]);
      }
    }
    // Up to the limit the qubit count decides, as before.
    expect(validate(`${before}4294967296${after}`).diagnostics.map((d) => d.rule)).toEqual(['qubit-count']);
  });

  it('L1: a bit register of 309 digits indexed is the classical bit limit only', () => {
    const result = validate(`qubit[1] q; bit[${'2'.repeat(309)}] c; c[0] = measure q[0];`);
    expect(result.diagnostics.map((d) => d.rule)).toEqual(['classical-bit-limit']);
    expect(result.diagnostics[0]?.reason).toContain('a number of 309 digits');
  });

  it('L2: exactly the error budget of stray braces ends with the max-errors diagnostic, not a parser error', () => {
    // One error for `if false`, one per stray `}`: 100 in all for 99 of them, past the budget from 100 on.
    const rules = (times: number) =>
      validate('if false { x $0; }' + ' x $0; }'.repeat(times)).diagnostics.map((d) => d.rule);
    expect(rules(99)).toEqual(Array(100).fill('syntax-error'));
    for (const times of [100, 101])
      expect(rules(times)).toEqual([...Array<string>(100).fill('syntax-error'), 'max-errors']);
  });

  it.each(['{ OPENQASM 3.0; }', 'while (true) {\nOPENQASM 3.0;\n}', 'qubit[1] q; if (true) OPENQASM 3; x q[0];'])(
    'L3: a version inside a block is a syntax error and the tree prints (%j)',
    (source) => {
      const result = parse(source);
      expect(result.diagnostics.map((d) => d.reason)).toEqual([
        'the `OPENQASM` version declaration must be the first statement',
      ]);
      expect(() => print(result.program)).not.toThrow();
      expect(print(result.program)).not.toContain('OPENQASM');
    },
  );

  it('L4: circuits: undefined beside circuit is one circuit for validateCircuitJson, compile and simulate alike', () => {
    const input = { qubits: 1, circuit: [{ gate: 'x', target: 0 }], circuits: undefined };
    expect(validateCircuitJson(input)).toMatchObject({ ok: true, diagnostics: [] });
    const compiled = compile(input);
    expect(compiled.diagnostics).toEqual([]);
    expect(compiled.ok).toBe(true);
    const simulated = simulate(input);
    expect(simulated.diagnostics).toEqual([]);
    expect(simulated.results['svc.result.probabilities.json.v1']).toEqual({ '1': 1 });
  });
});
