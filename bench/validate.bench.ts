/**
 * `validate` end to end (lex, parse, inline, subset rules, capability checks)
 * on programs of 10k, 100k and 1M gate statements over `qubit[20] q;`, and on
 * a program whose 1,000 gate-definition calls expand to 1M gate applications.
 * Prints medians, statements/s, the ratio to the reference figures,
 * and peak RSS of a fresh process per size; at full size also qsharp-lang,
 * the one peer installed here, measured live on 10k statements.
 *
 * `npx tsx bench/validate.bench.ts` (small sizes) or `BENCH_SIZE=full ...`;
 * `... --ceilings 1000000` only validate against the lexer alone and
 * JSON.parse of the same statements (issue 27).
 * The source-size limit (10 MB) is lifted: the 1M-statement program is larger.
 */
import { loadQsharp } from './qsharp.js';
import { BENCH_SIZE, medianMs, peakRssMb, printTable, reportMaxRss } from './lib.js';
import { parse } from '../src/parser/index.js';
import { validate } from '../src/api/validate.js';
import { tokenize } from '../src/lexer/index.js';
import { loadavg } from 'node:os';

/** Reference throughputs the issue quotes for this machine (statements/s). */
const REFERENCES = [
  { name: 'ANTLR reference grammar (parse only)', statementsPerSecond: 33_000 },
  { name: 'qsharp-lang OpenQASM compile', statementsPerSecond: 37_000 },
];

const OPTIONS = { maxSourceLength: Infinity } as const;

/** `count` gate statements cycling through h, cx and rz over 20 qubits. */
export function gateProgram(count: number): string {
  const lines = ['OPENQASM 3.0;', 'include "stdgates.inc";', 'qubit[20] q;'];
  for (let n = 0; n < count; n++) {
    const i = n % 20;
    const j = (n * 7 + 3) % 20 === i ? (i + 1) % 20 : (n * 7 + 3) % 20;
    lines.push(n % 3 === 0 ? `h q[${i}];` : n % 3 === 1 ? `cx q[${i}], q[${j}];` : `rz(pi/4) q[${i}];`);
  }
  return lines.join('\n') + '\n';
}

/** `calls` calls of a definition whose body holds 1,000 gates. */
export function expansionProgram(calls: number): string {
  const body: string[] = [];
  for (let n = 0; n < 1000; n++) body.push(n % 2 === 0 ? 'h a;' : n % 4 === 1 ? 'cx a, b;' : 'rz(theta / 2) b;');
  const lines = ['qubit[20] q;', `gate block(theta) a, b { ${body.join(' ')} }`];
  for (let n = 0; n < calls; n++) lines.push(`block(pi/${(n % 7) + 1}) q[${n % 20}], q[${(n + 1) % 20}];`);
  return lines.join('\n') + '\n';
}

/** The statements of {@link gateProgram} as a JSON array of gate objects: the ceiling a JSON reader sets. */
export function gateJson(count: number): string {
  const gates: string[] = [];
  for (let n = 0; n < count; n++) {
    const i = n % 20;
    const j = (n * 7 + 3) % 20 === i ? (i + 1) % 20 : (n * 7 + 3) % 20;
    gates.push(
      n % 3 === 0
        ? `{"gate":"h","targets":[${i}]}`
        : n % 3 === 1
          ? `{"gate":"cx","controls":[${i}],"targets":[${j}]}`
          : `{"gate":"rz","rotation":0.7853981633974483,"targets":[${i}]}`,
    );
  }
  return `[${gates.join(',')}]`;
}

function programFor(kind: string, size: number): string {
  return kind === 'expand' ? expansionProgram(size) : kind === 'json' ? gateJson(size) : gateProgram(size);
}

function runChild(kind: string, size: number): void {
  const text = programFor(kind, size);
  if (kind === 'json') {
    if (!Array.isArray(JSON.parse(text))) throw new Error('not an array');
  } else if (kind === 'lex') {
    tokenize(text);
  } else {
    const result = validate(text, OPTIONS);
    if (!result.ok) throw new Error(`bench program rejected: ${result.failure?.message}`);
  }
  reportMaxRss();
}

/** Issue 27's goal for validate on 1M statements, in a fresh process on a quiet machine. */
const GOAL = { statementsPerSecond: 1_000_000, peakRssMb: 300 };

/**
 * validate against its ceilings on the same statements, medians of 5 and peak
 * RSS of a fresh process each: the lexer alone (every token, no parse), and
 * JSON.parse of the statements as a JSON array of gate objects.
 */
async function ceilingTable(count: number): Promise<void> {
  const source = gateProgram(count);
  const json = gateJson(count);
  const rows: [string, string, number, number][] = [];
  const measure = async (label: string, kind: string, text: string, run: () => unknown) => {
    const ms = await medianMs(run, 5, 1);
    rows.push([
      label,
      (text.length / 1e6).toFixed(1) + ' MB',
      ms,
      peakRssMb(import.meta.filename, ['--child', kind, String(count)]),
    ]);
  };
  await measure('validate', 'gates', source, () => validate(source, OPTIONS));
  await measure('lexer alone (tokenize)', 'lex', source, () => tokenize(source));
  await measure('JSON.parse of the same statements', 'json', json, () => JSON.parse(json));
  const validateMs = rows[0]?.[2] ?? NaN;
  printTable(
    `validate against its ceilings, ${count.toLocaleString('en-US')} statements (medians of 5; peak RSS of a fresh process; load ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')})`,
    ['work', 'input', 'median ms', 'statements/s', 'validate / this', 'peak RSS MB', 'goal'],
    rows.map(([label, input, ms, rss], k) => [
      label,
      input,
      ms,
      Math.round(count / (ms / 1000)),
      `${(validateMs / ms).toFixed(2)}x`,
      rss,
      k === 0
        ? `>= ${GOAL.statementsPerSecond.toLocaleString('en-US')}/s in <= ${GOAL.peakRssMb} MB: ${
            count / (ms / 1000) >= GOAL.statementsPerSecond && rss <= GOAL.peakRssMb ? 'met' : 'not met'
          }`
        : '',
    ]),
  );
}

async function main(): Promise<void> {
  const gateSizes = BENCH_SIZE === 'full' ? [10_000, 100_000, 1_000_000] : [10_000, 30_000];
  const expandCalls = BENCH_SIZE === 'full' ? 1_000 : 30;
  const rows: (string | number)[][] = [];
  const cases = [
    ...gateSizes.map((s) => ({
      kind: 'gates',
      size: s,
      statements: s,
      label: `${s.toLocaleString('en-US')} gate statements`,
    })),
    {
      kind: 'expand',
      size: expandCalls,
      statements: expandCalls,
      label: `${expandCalls.toLocaleString('en-US')} calls -> ${(expandCalls * 1000).toLocaleString('en-US')} gates`,
    },
  ];
  for (const c of cases) {
    const source = programFor(c.kind, c.size);
    const big = c.statements >= 1_000_000 || c.kind === 'expand';
    const ms = await medianMs(
      () => {
        const result = validate(source, OPTIONS);
        if (!result.ok) throw new Error(`bench program rejected: ${result.failure?.message}`);
      },
      big ? 3 : 5,
      big ? 0 : 1,
    );
    const parseMs = await medianMs(() => parse(source, { lazy: true }), big ? 3 : 5, big ? 0 : 1);
    const perSecond = c.statements / (ms / 1000);
    const gatesPerSecond = (c.kind === 'expand' ? c.statements * 1000 : c.statements) / (ms / 1000);
    const rss = peakRssMb(import.meta.filename, ['--child', c.kind, String(c.size)]);
    // Statement throughput and the quoted parse-only peers only describe gate-statement programs;
    // the expansion row is read by its gate applications per second.
    const perStatement = c.kind === 'gates';
    rows.push([
      c.label,
      (source.length / 1e6).toFixed(1) + ' MB',
      ms,
      `${parseMs.toFixed(0)} (${Math.round((100 * parseMs) / ms)}%)`,
      perStatement ? Math.round(perSecond) : '-',
      Math.round(gatesPerSecond),
      ...REFERENCES.map((r) => (perStatement ? (perSecond / r.statementsPerSecond).toFixed(1) + 'x' : '-')),
      rss,
    ]);
  }
  printTable(
    `validate end to end (${BENCH_SIZE}; medians; machine shared with other work)`,
    [
      'program',
      'source',
      'median ms',
      'of which parsing, ms',
      'statements/s',
      'gate applications/s',
      ...REFERENCES.map((r) => `vs ${r.name} (${r.statementsPerSecond.toLocaleString('en-US')}/s, quoted)`),
      'peak RSS MB',
    ],
    rows,
  );
  await ceilingTable(BENCH_SIZE === 'full' ? 1_000_000 : 30_000);
  if (BENCH_SIZE === 'full') await peerTable();
}

/**
 * The one peer installed here, measured live on the same 10k-statement
 * program: qsharp-lang compiling OpenQASM to its HIR (its front end, the
 * nearest thing to a preflight), next to validate.
 */
async function peerTable(): Promise<void> {
  const source = gateProgram(10_000);
  const compile = await qsharpCompiler();
  if (compile === null) return;
  const ours = await medianMs(() => validate(source, OPTIONS), 3);
  const theirs = await medianMs(() => compile(source), 3);
  printTable(
    'Peers on 10,000 gate statements (live, same machine, medians of 3)',
    ['tool', 'median ms', 'statements/s', 'ratio'],
    [
      ['qasm3-preflight validate', ours, Math.round(10_000 / (ours / 1000)), '1.0x'],
      [
        'qsharp-lang getHir (openqasm)',
        theirs,
        Math.round(10_000 / (theirs / 1000)),
        (theirs / ours).toFixed(1) + 'x slower',
      ],
    ],
  );
}

async function qsharpCompiler(): Promise<((source: string) => Promise<unknown>) | null> {
  try {
    const { compiler } = await loadQsharp();
    return (source) =>
      compiler.getHir({
        sources: [['main.qasm', source]],
        languageFeatures: [],
        projectType: 'openqasm',
        profile: 'unrestricted',
      });
  } catch {
    return null;
  }
}

// Runs only as a script, so that other scripts may import the program generators.
if (process.argv[1] === import.meta.filename) {
  const args = process.argv.slice(2);
  if (args[0] === '--child') runChild(args[1] as string, Number(args[2]));
  else if (args[0] === '--ceilings') await ceilingTable(Number(args[1] ?? 1_000_000));
  else await main();
}
