/**
 * Runs the hostile programs of bench/hostile-programs.ts through `validate`
 * (and `print(parse(...))`) one after the other, printing a line before and
 * after each, for test/properties/hostile-scaling.test.ts: a case that never
 * returns is then named by the last line, instead of hanging the suite.
 */
import { print } from '../../src/ast/print.js';
import { parse } from '../../src/parser/index.js';
import { validate } from '../../src/api/validate.js';
import { HOSTILE_PATTERNS } from '../../bench/hostile-programs.js';

const cases = JSON.parse(process.argv[2] ?? '[]') as { name: string; n: number; print?: boolean }[];
for (const { name, n, print: alsoPrint } of cases) {
  const pattern = HOSTILE_PATTERNS.find((p) => p.name === name);
  if (pattern === undefined) throw new Error(`no pattern ${name}`);
  const source = pattern.make(n);
  console.log(JSON.stringify({ start: name }));
  const started = performance.now();
  const result = validate(source, { maxSourceLength: Infinity });
  const ms = performance.now() - started;
  let printed: number | string | null = null;
  if (alsoPrint === true) {
    try {
      printed = print(parse(source).program).length;
    } catch (error) {
      printed = `threw: ${(error as Error).message}`;
    }
  }
  console.log(
    JSON.stringify({
      done: name,
      ms,
      ok: result.ok,
      count: result.diagnostics.length,
      first: result.diagnostics[0]?.reason ?? null,
      printed,
    }),
  );
}
