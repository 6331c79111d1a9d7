/**
 * Issue 15, section 3: no exception escapes the public API. Every public
 * function, given hostile text or values as its input and hostile option
 * objects (wrong types, bigints, symbols, non-finite and absurd numbers,
 * throwing getters, Proxies whose every trap throws), answers with a result
 * whose diagnostics name what was wrong; none is an internal error.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkEquivalence,
  compile,
  fix,
  parse,
  print,
  simulate,
  validate,
  validateCircuitJson,
} from '../../src/index.js';
import type { Diagnostic } from '../../src/index.js';

const PROGRAM =
  'OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit[2] q;\nbit[2] c;\nh q[0];\ncx q[0], q[1];\nc[0] = measure q[0];\nc[1] = measure q[1];\n';
const JSON_CIRCUIT = {
  qubits: 2,
  circuit: [
    { gate: 'h', target: 0 },
    { gate: 'cnot', control: 0, target: 1 },
  ],
};

const throwingGetter = () => ({
  get maxErrors(): number {
    throw new Error('getter says no');
  },
  get target(): string {
    throw new Error('getter says no');
  },
});
const trapAll = () =>
  new Proxy(
    {},
    {
      get() {
        throw new Error('trap');
      },
      has() {
        throw new Error('trap');
      },
      ownKeys() {
        throw new Error('trap');
      },
      getOwnPropertyDescriptor() {
        throw new Error('trap');
      },
      getPrototypeOf() {
        throw new Error('trap');
      },
    },
  );

/**
 * Values no option (and no input) should hold, as recipes made inside the
 * property: fast-check itself reads generated values (looking for a clone
 * method), which a trap-everything Proxy would answer with an exception.
 */
type Recipe = { readonly make: () => unknown };
const value = (v: unknown): Recipe => ({ make: () => v });
const hostileValue: fc.Arbitrary<Recipe> = fc.oneof(
  fc
    .constantFrom<unknown>(
      null,
      Symbol('s'),
      10n,
      Number.NaN,
      Infinity,
      -Infinity,
      -1,
      0,
      1e308,
      -0.5,
      0.5,
      '',
      'nonsense',
      [],
      {},
      true,
      () => 1,
    )
    .map(value),
  fc.constant<Recipe>({ make: throwingGetter }),
  fc.constant<Recipe>({ make: trapAll }),
  fc.constant<Recipe>({ make: () => Object.create(null) as unknown }),
  fc.double().map(value),
  fc.integer().map(value),
  fc.string({ maxLength: 8 }).map(value),
);

const OPTION_NAMES = [
  'target',
  'maxErrors',
  'maxGates',
  'maxSourceLength',
  'filename',
  'lazy',
  'fastPath',
  'gateset',
  'optimize',
  'family',
  'shots',
  'seed',
  'noise',
  'memoryBudgetBytes',
  'maxBranches',
  'parallel',
  'exactUpTo',
  'randomStates',
  'tolerance',
];

const hostileOptions: fc.Arbitrary<Recipe> = fc.oneof(
  hostileValue,
  fc.dictionary(fc.constantFrom(...OPTION_NAMES), hostileValue, { maxKeys: 4 }).map((entries) => ({
    make: () => Object.fromEntries(Object.entries(entries).map(([k, r]) => [k, r.make()])),
  })),
  fc
    .tuple(fc.constantFrom('model', 'seed'), hostileValue)
    .map(([name, r]) => ({ make: () => ({ noise: { model: 'aria-1', [name]: r.make() } }) })),
);

const hostileText: fc.Arbitrary<Recipe> = fc.oneof(
  fc.string({ maxLength: 60 }).map(value),
  fc
    .constantFrom(PROGRAM, 'qubit q; h q;', '{"qubits": 1, "circuit": []}', '(((', 'inv @ '.repeat(50) + 'h q;')
    .map(value),
  hostileValue,
);

type Call = (input: unknown, options: unknown) => { diagnostics: readonly Diagnostic[] } | string;
const API: Record<string, Call> = {
  parse: (i, o) => parse(i as string, o as never),
  validate: (i, o) => validate(i as string, o as never),
  validateCircuitJson: (i, o) => validateCircuitJson(i, o as never),
  compile: (i, o) => compile(i as string, o as never),
  simulate: (i, o) => simulate(i as string, withShots(o) as never),
  simulateRaw: (i, o) => simulate(i as string, o as never),
  checkEquivalence: (i, o) => checkEquivalence(i as string, PROGRAM, o as never),
  print: (i) => print(parse(i as string).program),
  fix: (i, o) => fix(i as string, o as never),
};

/** The options with 10 shots added, so sampling runs too; options that cannot be copied go as they are. */
function withShots(o: unknown): unknown {
  try {
    return typeof o === 'object' && o !== null && !Array.isArray(o) ? { shots: 10, ...o } : o;
  } catch {
    return o;
  }
}

describe('the public API never throws, always answers', () => {
  it('on hostile input and hostile options', () => {
    fc.assert(
      fc.property(fc.constantFrom(...Object.keys(API)), hostileText, hostileOptions, (name, input, options) => {
        const answer = (API[name] as Call)(input.make(), options.make());
        if (typeof answer === 'string') return;
        expect(Array.isArray(answer.diagnostics)).toBe(true);
        for (const d of answer.diagnostics) {
          expect(typeof d.reason).toBe('string');
          expect(d.rule).not.toBe('internal-error');
          expect(d.rule).not.toBe('simulator-internal-error');
          expect(d.reason).not.toMatch(
            /internal (parser )?error|Cannot read properties|is not a function|Maximum call stack/,
          );
        }
      }),
      { numRuns: 300, seed: 15 },
    );
  });
});

const reasons = (r: { diagnostics: readonly Diagnostic[] }) => r.diagnostics.map((d) => d.reason);

describe('options are checked up front, each bad one named', () => {
  it('null options are no options', () => {
    expect(simulate(PROGRAM, null as never).ok).toBe(true);
    expect(parse(PROGRAM, null as never).diagnostics).toEqual([]);
    expect(validateCircuitJson(JSON_CIRCUIT, null as never).ok).toBe(true);
    expect(compile(PROGRAM, null as never).ok).toBe(true);
    expect(validate(PROGRAM, null as never).ok).toBe(true);
  });

  it('a program that is not a string is a diagnostic, converted nowhere', () => {
    expect(reasons(validate(Object.create(null) as string))).toEqual([
      'validate takes the program as a string, not an object',
    ]);
    const hostile = {
      toString: () => {
        throw new Error('no');
      },
    } as unknown as string;
    expect(reasons(parse(hostile))).toEqual(['parse takes the program as a string, not an object']);
    expect(parse(hostile).program.statements).toEqual([]);
  });

  it('names the option, the function and what it must be', () => {
    expect(reasons(parse(PROGRAM, { maxErrors: Symbol() as never }))).toEqual([
      'Option maxErrors of parse must be an integer from 1 to 1,000,000, not a symbol',
    ]);
    expect(reasons(compile(PROGRAM, { family: 1 as never }))).toEqual([
      "Option family of compile must be one of 'ms', 'zz', not 1",
    ]);
    expect(reasons(simulate(PROGRAM, { seed: 10n as never }))).toEqual([
      'Option seed of simulate must be an integer from 0 to 4,294,967,295, not 10n (a bigint)',
    ]);
    expect(reasons(simulate(PROGRAM, { shots: Infinity }))).toEqual([
      'Option shots of simulate must be an integer from 1 to 1,000,000, not Infinity',
    ]);
    expect(reasons(simulate(PROGRAM, { noise: { model: 'aria-1', seed: -1 } }))).toEqual([
      'Option noise.seed of simulate must be an integer from 0 to 4,294,967,295, not -1',
    ]);
    expect(reasons(validate(PROGRAM, { maxErrors: Infinity }))).toEqual([
      'Option maxErrors of validate must be an integer from 1 to 1,000,000, not Infinity',
    ]);
    expect(reasons(validate(PROGRAM, { maxGates: -1 }))).toEqual([
      'Option maxGates of validate must be an integer from 0 to 9,007,199,254,740,991, or Infinity, not -1',
    ]);
    expect(validate(PROGRAM, { maxSourceLength: Infinity }).ok).toBe(true);
    for (const d of [
      ...parse(PROGRAM, { maxErrors: 0 }).diagnostics,
      ...compile(PROGRAM, { gateset: 'both' as never }).diagnostics,
    ]) {
      expect([d.code, d.rule]).toEqual(['InvalidInput', 'invalid-option']);
    }
  });

  it('checkEquivalence refuses an absurd randomStates at once instead of never returning', () => {
    const started = performance.now();
    const result = checkEquivalence(PROGRAM, PROGRAM, { randomStates: Infinity });
    expect(performance.now() - started).toBeLessThan(5_000);
    expect(result.method).toBe('invalid-input');
    expect(reasons(result)).toEqual([
      'Option randomStates of checkEquivalence must be an integer from 1 to 1,000, not Infinity',
    ]);
  });

  it('an option whose getter throws, or a Proxy, is a diagnostic', () => {
    expect(reasons(validate(PROGRAM, throwingGetter() as never))).toEqual([
      'Option target of validate could not be read: getter says no',
      'Option maxErrors of validate could not be read: getter says no',
    ]);
    const proxied = compile(PROGRAM, trapAll());
    expect(proxied.ok).toBe(false);
    expect(proxied.diagnostics[0]?.reason).toBe('Option target of compile could not be read: trap');
  });

  it('validateCircuitJson turns throwing getters and Proxies in its input into a diagnostic', () => {
    const getter = {
      qubits: 1,
      get circuit(): unknown {
        throw new Error('boom');
      },
    };
    expect(reasons(validateCircuitJson(getter))).toEqual(['The circuit JSON could not be read: boom']);
    expect(reasons(validateCircuitJson(trapAll()))).toEqual(['The circuit JSON could not be read: trap']);
  });
});
