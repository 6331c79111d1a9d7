/**
 * Issue 15, section 2: hostile programs that once took seconds to minutes, or
 * crashed, each answered by `validate` within a time limit, at the issue's
 * sizes (generated here, never stored). All run in one child process: a
 * case that never returns fails this test by name when the child is stopped,
 * instead of hanging the suite. Growth over sizes is in bench/scaling.bench.ts.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_PARSER_NESTING } from '../../src/parser/parser.js';

/** Far above the 2 s goal (this machine is shared), far below what a quadratic regression takes. */
const LIMIT_MS = 15_000;

const NESTING = new RegExp(`^nesting deeper than ${MAX_PARSER_NESTING} levels`);
const EXPRESSION = /^expression nested deeper than 1000 levels/;
const LIST = /^more than 4,096 names in one list/;

const CASES: readonly { name: string; n: number; answer: RegExp; print?: boolean }[] = [
  { name: '`else if` chain', n: 100_000, answer: NESTING },
  { name: '`h q[0], q[0], ...`', n: 1_000_000, answer: LIST },
  { name: '`h q[0]` lines without `;`', n: 1_000_000, answer: /^expected ';' after `h q\[0\]`/ },
  { name: 'gate with n qubit arguments, and its call', n: 100_000, answer: LIST },
  { name: '`inv @` repeated', n: 56_411, answer: /inv @/ },
  { name: '`box {[1s] q;` lines', n: 120, answer: /^unexpected `\[`/ },
  { name: 'one long literal', n: 9_000_000, answer: /^integer literal of 9,000,000 characters/ },
  { name: 'deep `(`', n: 1_000_000, answer: NESTING },
  { name: 'deep `{`', n: 1_000_000, answer: NESTING },
  { name: 'deep `[`', n: 1_000_000, answer: /^unexpected `\[`/ },
  { name: 'unary minus chain', n: 50_000, answer: EXPRESSION, print: true },
  { name: '`1+1+...` sum', n: 1_000_000, answer: EXPRESSION, print: true },
];

interface Done {
  done: string;
  ms: number;
  ok: boolean;
  count: number;
  first: string | null;
  printed: number | string | null;
}

describe('hostile programs answered in time', () => {
  const child = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      join(import.meta.dirname, 'hostile-child.ts'),
      JSON.stringify(CASES.map(({ name, n, print }) => ({ name, n, print }))),
    ],
    { encoding: 'utf8', timeout: CASES.length * LIMIT_MS, maxBuffer: 1 << 24 },
  );
  const lines = (child.stdout ?? '')
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Partial<Done> & { start?: string });
  const done = new Map(lines.filter((l) => l.done !== undefined).map((l) => [l.done as string, l as Done]));

  it('the child ran every case to the end', () => {
    const stuck = lines.find((l) => l.start !== undefined && !done.has(l.start));
    expect(stuck?.start ?? null, `stuck in ${stuck?.start}; stderr: ${child.stderr?.slice(0, 300)}`).toBeNull();
    expect(child.status).toBe(0);
  });

  for (const { name, n, answer, print } of CASES) {
    it(`${name} (${n.toLocaleString('en-US')}): refused with a named diagnostic in under ${LIMIT_MS / 1000} s`, () => {
      const result = done.get(name);
      expect(result, 'no answer').toBeDefined();
      expect(result?.ok).toBe(false);
      expect(result?.first ?? '').toMatch(answer);
      expect(result?.count).toBeLessThanOrEqual(101);
      expect(result?.ms).toBeLessThan(LIMIT_MS);
      if (print === true) expect(typeof result?.printed).toBe('number');
    });
  }

  it('a flood of errors stops at the budget: 100 diagnostics and the closing one', () => {
    expect(done.get('`h q[0]` lines without `;`')?.count).toBe(101);
  });
});
