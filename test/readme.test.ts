import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkEquivalence, compile, simulate, validate } from '../src/index.js';

/** The README's library example, asserted as written there. */
const bell = `OPENQASM 3.0;
qubit[2] q;
bit[2] c;
h q[0];
cx q[0], q[1];
c[0] = measure q[0];
c[1] = measure q[1];`;

describe('README library example', () => {
  it('accepts the Bell program on Aria', () => {
    expect(validate(bell, { target: 'qpu.aria-1' })).toEqual({ ok: true, diagnostics: [], failure: null });
  });

  it('rejects ccx with the failure and span shown', () => {
    const bad = validate('qubit[3] q;\nccx q[0], q[1], q[2];');
    expect(bad.failure).toEqual({
      code: 'PreflightError',
      message: 'Circuit failed preflight validation: Gate ccx is not supported: use ctrl(2) @ x',
    });
    expect(bad.diagnostics[0]).toMatchObject({
      rule: 'rejected-gate',
      reason: 'Gate ccx is not supported: use ctrl(2) @ x',
      span: { start: { line: 2, column: 1, offset: 12 }, end: { line: 2, column: 4, offset: 15 } },
    });
  });

  it('compiles Bell for Forte to 1 ZZ and 3 pulses with the measurement map shown', () => {
    const result = compile(bell, { target: 'qpu.forte-1', gateset: 'native' });
    expect(result.stats).toEqual({ qubits: 2, circuits: 1, gate_counts: { '1q': 3, '2q': 1 } });
    expect(result.circuit).toEqual({
      format: 'svc.circuit.v0',
      gateset: 'native',
      qubits: 2,
      circuit: [
        { gate: 'gpi2', target: 0, phase: 0.75 },
        { gate: 'gpi2', target: 1, phase: 0.75 },
        { gate: 'zz', targets: [0, 1], angle: 0.25 },
        { gate: 'gpi2', target: 1, phase: 0.5 },
      ],
    });
    expect(result.measurements).toEqual([
      { qubit: 0, bit: 0, register: 'c', index: 0 },
      { qubit: 1, bit: 1, register: 'c', index: 1 },
    ]);
    expect(validate(result.qasm ?? '').ok).toBe(true);
  });

  it('simulates the probabilities and the seeded histogram shown', () => {
    const run = simulate(bell, { shots: 100, seed: 7, artifacts: ['probabilities', 'histogram'] });
    expect(run.results['svc.result.probabilities.json.v2']).toEqual({
      probabilities: { registers: { output_all: { '11': 0.5, '00': 0.5 }, c: { '11': 0.5, '00': 0.5 } } },
    });
    expect(run.results['svc.result.histogram.json.v2']).toEqual({
      histogram: { registers: { output_all: { '11': 52, '00': 48 }, c: { '11': 52, '00': 48 } } },
    });
  });

  it('tells an rz sign flip apart', () => {
    const result = checkEquivalence('qubit[1] q; rz(0.5) q[0];', 'qubit[1] q; rz(-0.5) q[0];');
    expect(result.equivalent).toBe(false);
    expect(result.maxDeviation).toBeCloseTo(0.9589, 3);
  });
});

/**
 * The README's library block, run as written: each statement followed by
 * `// ...` comments is recorded and compared with them. A comment that is a
 * literal must equal the value; `key: literal` lines must equal those
 * properties; `'...'` and `0.95...` stand for "any text" and "these digits".
 */
describe('README library block, run as written', () => {
  const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
  const block = /## Library[\s\S]*?```ts\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
  const segments = readmeSegments(block);

  it('has the block and compares many results', () => {
    expect(segments.filter((s) => s.comments.length > 0).length).toBeGreaterThanOrEqual(8);
  });

  it('gives what every comment says', async () => {
    const lib = await import('../src/index.js');
    const values: unknown[] = [];
    const code = segments
      .map((s) => {
        const statement = s.code.replace(/^import \{([^}]*)\} from 'qasm3-preflight';$/, 'const {$1} = __lib;');
        return s.comments.length > 0 && !/^(const|let|import)\b/.test(statement)
          ? `__values.push(${statement.replace(/;\s*$/, '')});`
          : statement;
      })
      .join('\n');
    // eslint-disable-next-line @typescript-eslint/no-implied-eval -- running the README's own examples is the test
    (new Function('__lib', '__values', code) as (lib: unknown, values: unknown[]) => void)(lib, values);
    const commented = segments.filter((s) => s.comments.length > 0 && !/^(const|let|import)\b/.test(s.code));
    expect(values).toHaveLength(commented.length);
    const compared = commented.reduce(
      (sum, segment, i) => sum + expectComment(values[i], segment.comments, segment.code),
      0,
    );
    expect(compared).toBeGreaterThanOrEqual(10);
  });
});

interface Segment {
  code: string;
  comments: string[];
}

/** Statements (a template literal may span lines) each with the comment lines after it; prose comments start a new statement. */
function readmeSegments(block: string): Segment[] {
  const segments: Segment[] = [];
  let code = '';
  for (const line of block.split('\n')) {
    if (code === '' && line.startsWith('//')) {
      const last = segments[segments.length - 1];
      if (last !== undefined && last.code !== '') last.comments.push(line.replace(/^\/\/ ?/, ''));
      continue;
    }
    if (line.trim() === '' && code === '') {
      segments.push({ code: '', comments: [] });
      continue;
    }
    code += (code === '' ? '' : '\n') + line;
    if ((code.match(/`/g) ?? []).length % 2 === 0 && code.trimEnd().endsWith(';')) {
      segments.push({ code, comments: [] });
      code = '';
    }
  }
  return segments.filter((s) => s.code !== '');
}

/** Parses a comment as a JS literal, with `'...'` as any string and `0.95...` as a number close to it. */
function literal(text: string): unknown {
  const source = text
    .replace(/(\w+): '[^']*\.\.\.'/g, '$1: __anyString')
    .replace(/(\d+\.\d+)\.\.\./g, (_, digits: string) => `__close(${digits}, ${digits.split('.')[1]?.length ?? 0})`);
  // eslint-disable-next-line @typescript-eslint/no-implied-eval -- a README comment is read as the JavaScript literal it shows
  const evaluate = new Function('__anyString', '__close', `return (${source});`) as (
    anyString: unknown,
    close: (x: number, digits: number) => unknown,
  ) => unknown;
  return evaluate(expect.any(String), (x: number, digits: number) =>
    // `0.9588...`: a number that starts with these digits, [x, x + 10^-digits) for a positive one.
    expect.closeTo(x + (Math.sign(x) * 10 ** -digits) / 2, digits),
  );
}

/** Compares `value` with what its comments say; returns how many comparisons were made (prose makes none). */
function expectComment(value: unknown, comments: readonly string[], code: string): number {
  const keyed = /^\w+: /.test(comments[0] ?? '');
  if (!keyed) {
    const text = comments.join('\n');
    let expected: unknown;
    try {
      expected = literal(text);
    } catch {
      return 0; // prose, not a value
    }
    if (/\.\.\./.test(text)) expect(value, code).toMatchObject(expected as object);
    else expect(value, code).toEqual(expected);
    return 1;
  }
  // `key: value` lines (continuation lines indented) describe properties of the value.
  const entries: [string, string][] = [];
  for (const line of comments) {
    const key = /^(\w+): (.*)$/.exec(line);
    if (key !== null) entries.push([key[1] as string, key[2] as string]);
    else (entries[entries.length - 1] as [string, string])[1] += '\n' + line;
  }
  let compared = 0;
  for (const [key, text] of entries) {
    let expected: unknown;
    try {
      expected = literal(text);
    } catch {
      continue; // prose, like "qasm: the same circuit as OpenQASM 3 that validate() accepts"
    }
    expect((value as Record<string, unknown>)[key], `${code} .${key}`).toEqual(expected);
    compared++;
  }
  return compared;
}

/**
 * docs/cli.md's console blocks, run as written: each `$ npx qasm3-preflight
 * ...` runs in-process on a terminal-like io (standard input from a
 * `printf '...' |` prefix), its standard output and error must read as the
 * block shows them, and `$ echo $?` must print its exit code.
 * `maxDeviation <n>` only needs to be below 1e-9.
 *
 * `UPDATE_DOCS=1 npx vitest run test/readme.test.ts` rewrites the blocks'
 * outputs from what the commands print now (review the diff before committing).
 */
describe('docs/cli.md console blocks, run as written', async () => {
  const { Readable } = await import('node:stream');
  const { runCli } = await import('../src/cli/program.js');
  const { createStyle } = await import('../src/cli/style.js');
  const root = join(import.meta.dirname, '..');
  const doc = readFileSync(join(root, 'docs', 'cli.md'), 'utf8');
  const blocks = [...doc.matchAll(/```console\n([\s\S]*?)```/g)].map((m) => m[1] as string);
  const updated = [...blocks];
  afterAll(() => {
    if (process.env.UPDATE_DOCS !== '1') return;
    let index = 0;
    writeFileSync(
      join(root, 'docs', 'cli.md'),
      doc.replace(/```console\n([\s\S]*?)```/g, () => '```console\n' + (updated[index++] as string) + '```'),
    );
  });

  it('has console blocks for every command', () => {
    const commands = blocks.join('\n').match(/^\$ (?:printf .*\| )?npx qasm3-preflight (\w+)/gm) ?? [];
    expect(new Set(commands.map((c) => /qasm3-preflight (\w+)/.exec(c)?.[1]))).toEqual(
      new Set(['check', 'compile', 'simulate', 'targets']),
    );
  });

  blocks.forEach((block, index) => {
    const firstCommand = /^\$ (.*)$/m.exec(block)?.[1] ?? '';
    it(`block ${index + 1}: ${firstCommand}`, async () => {
      let lastCode: number | null = null;
      let rewritten = '';
      for (const { command, output } of consoleSteps(block)) {
        if (process.env.UPDATE_DOCS === '1' && command === 'echo $?') {
          rewritten += `$ ${command}\n${lastCode}\n`;
          continue;
        }
        if (command === 'echo $?') {
          expect(output, 'exit code').toBe(`${lastCode}\n`);
          continue;
        }
        const piped = /^printf '((?:[^'\\]|\\.)*)' \| (.*)$/.exec(command);
        const stdin = piped === null ? '' : (piped[1] as string).replace(/\\n/g, '\n');
        const args = shellWords(piped === null ? command : (piped[2] as string));
        expect(args.slice(0, 2), command).toEqual(['npx', 'qasm3-preflight']);
        let out = '';
        let err = '';
        const io = {
          stdout: (text: string) => void (out += text),
          stderr: (text: string) => void (err += text),
          stdin: Readable.from(stdin === '' ? [] : [stdin]),
          stdoutIsTTY: true,
          env: {},
          cwd: root,
          stdoutStyle: () => createStyle(false),
          stderrStyle: () => createStyle(false),
          writeFile: () => undefined,
        };
        lastCode = await runCli(['node', 'qasm3-preflight', ...args.slice(2)], io);
        const deviation = /maxDeviation ([0-9.e+-]+)/.exec(out + err);
        if (deviation !== null) expect(Number(deviation[1])).toBeLessThan(1e-9);
        const normal = (text: string) => text.replace(/maxDeviation [0-9.e+-]+/g, 'maxDeviation <n>');
        if (process.env.UPDATE_DOCS === '1') {
          const errFirst = err !== '' && output.startsWith(err.split('\n')[0] as string);
          rewritten += `$ ${command}\n${errFirst ? err + out : out + err}`;
          continue;
        }
        const expected = normal(output);
        // The block shows standard output and error in the order they were written; either order is fine.
        expect(normal(out + err) === expected ? expected : normal(err + out), command).toBe(expected);
      }
      if (process.env.UPDATE_DOCS === '1') updated[index] = rewritten;
    });
  });
});

/** `$ command` lines and the output printed under each. */
function consoleSteps(block: string): { command: string; output: string }[] {
  const steps: { command: string; output: string }[] = [];
  for (const line of block.split('\n').slice(0, -1)) {
    if (line.startsWith('$ ')) steps.push({ command: line.slice(2), output: '' });
    else (steps[steps.length - 1] as { output: string }).output += line + '\n';
  }
  return steps;
}

/** Words of a shell command line: spaces split, single quotes group. */
function shellWords(line: string): string[] {
  return [...line.matchAll(/'([^']*)'|(\S+)/g)].map((m) => (m[1] ?? m[2]) as string);
}

/**
 * docs/rules.md's examples, run: each rule's "Rejected" block gets a
 * diagnostic of that rule, each "Accepted" block none. Blocks that use q, r
 * or c without declaring them get `qubit[8] q; qubit[8] r; bit[8] c;` first.
 */
describe('docs/rules.md examples, run', () => {
  const doc = readFileSync(join(import.meta.dirname, '..', 'docs', 'rules.md'), 'utf8');
  const sections = doc.split(/^## /m).slice(1);
  const examples: { rule: string; kind: 'Rejected' | 'Accepted'; code: string }[] = [];
  for (const section of sections) {
    const rule = /^`([a-z-]+)`/.exec(section)?.[1];
    if (rule === undefined) continue;
    for (const m of section.matchAll(/^(Rejected|Accepted)[^\n]*:\n\n```qasm\n([\s\S]*?)```/gm)) {
      examples.push({ rule, kind: m[1] as 'Rejected' | 'Accepted', code: m[2] as string });
    }
  }
  const prelude = (code: string) =>
    ['q', 'r', 'c']
      .filter(
        (name) =>
          new RegExp(`\\b${name}\\b`).test(code) &&
          !new RegExp(`(qubit|bit)(\\[\\d+\\])? ${name}\\b|(qreg|creg) ${name}\\b`).test(code),
      )
      .map((name) => (name === 'c' ? `bit[8] ${name};` : `qubit[8] ${name};`))
      .join('\n');

  it('has a rejected and an accepted example for most rules', () => {
    expect(examples.filter((e) => e.kind === 'Rejected').length).toBeGreaterThanOrEqual(15);
    expect(examples.filter((e) => e.kind === 'Accepted').length).toBeGreaterThanOrEqual(15);
  });

  for (const { rule, kind, code } of examples) {
    it(`${rule}: ${kind.toLowerCase()} example`, () => {
      const source = `${prelude(code)}\n${code}`;
      const rules = validate(source, { maxSourceLength: Infinity }).diagnostics.map((d) => d.rule);
      if (kind === 'Rejected') expect(rules, source).toContain(rule);
      else expect(rules, source).toEqual([]);
    });
  }
});
