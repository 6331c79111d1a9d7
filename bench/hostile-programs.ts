/**
 * Generators of hostile programs whose cost once grew faster than their
 * size (issue 15, section 2). Shared by bench/scaling.bench.ts (growth over
 * three sizes) and test/hostile (each answered within a time limit), so the
 * long inputs are built where they are used, never stored.
 */

/** One pattern: its name, the generator, and the sizes the bench runs. */
export interface HostilePattern {
  readonly name: string;
  /** What the size `n` counts. */
  readonly unit: string;
  readonly make: (n: number) => string;
  /** Three sizes, each 10x or 3x the previous one, the largest near the issue's. */
  readonly sizes: readonly [number, number, number];
}

const HEADER = 'OPENQASM 3.0;\ninclude "stdgates.inc";\nqubit[2] q;\nbit[2] c;\n';

function repeat(unit: string, n: number): string {
  return unit.repeat(n);
}

export const HOSTILE_PATTERNS: readonly HostilePattern[] = [
  {
    name: '`else if` chain',
    unit: 'links',
    make: (n) => `${HEADER}c[0] = measure q[0];\n${repeat('if (c[0]) { x q[1]; } else ', n)}{ x q[1]; }\n`,
    sizes: [1_000, 10_000, 100_000],
  },
  {
    name: '`h q[0], q[0], ...`',
    unit: 'operands',
    make: (n) => `${HEADER}h ${repeat('q[0], ', n - 1)}q[0];\n`,
    sizes: [10_000, 100_000, 1_000_000],
  },
  {
    name: '`h q[0]` lines without `;`',
    unit: 'lines',
    make: (n) => `${HEADER}${repeat('h q[0]\n', n)}`,
    sizes: [10_000, 100_000, 1_000_000],
  },
  {
    name: 'gate with n qubit arguments, and its call',
    unit: 'arguments',
    make: (n) => {
      const names = Array.from({ length: n }, (_, i) => `a${i}`);
      return `OPENQASM 3.0;\ninclude "stdgates.inc";\ngate g ${names.join(', ')} { h a0; }\nqubit[${n}] q;\ng ${names.map((_, i) => `q[${i}]`).join(', ')};\n`;
    },
    sizes: [1_000, 10_000, 100_000],
  },
  {
    name: '`inv @` repeated',
    unit: 'modifiers',
    make: (n) => `${HEADER}${repeat('inv @ ', n)}h q[0];\n`,
    sizes: [1_000, 10_000, 100_000],
  },
  {
    name: '`box {[1s] q;` lines',
    unit: 'lines',
    make: (n) => `${HEADER}${repeat('box {[1s] q;\n', n)}`,
    sizes: [100, 1_000, 10_000],
  },
  {
    name: 'one long literal',
    unit: 'digits',
    make: (n) => `${HEADER}rz(${repeat('1', n)}) q[0];\n`,
    sizes: [100_000, 1_000_000, 9_000_000],
  },
  {
    name: 'deep `(`',
    unit: 'brackets',
    make: (n) => `${HEADER}rz(${repeat('(', n)}1) q[0];\n`,
    sizes: [10_000, 100_000, 1_000_000],
  },
  {
    name: 'deep `{`',
    unit: 'blocks',
    make: (n) => `${HEADER}${repeat('{', n)}\n`,
    sizes: [10_000, 100_000, 1_000_000],
  },
  {
    name: 'deep `[`',
    unit: 'brackets',
    make: (n) => `${HEADER}x q${repeat('[', n)};\n`,
    sizes: [10_000, 100_000, 1_000_000],
  },
  {
    name: 'unary minus chain',
    unit: 'signs',
    make: (n) => `${HEADER}rz(${repeat('-', n)}1) q[0];\n`,
    sizes: [1_000, 10_000, 100_000],
  },
  {
    name: '`1+1+...` sum',
    unit: 'terms',
    make: (n) => `${HEADER}rz(1${repeat('+1', n - 1)}) q[0];\n`,
    sizes: [10_000, 100_000, 1_000_000],
  },
];
