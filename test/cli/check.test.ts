/**
 * `qasm3-preflight check` run as a user runs it: the built CLI in a child
 * process, checking standard output, standard error and the exit code.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { CLI, ensureBuilt, FIXTURES, runCli } from './run-cli.js';
import { sarifValidator } from './sarif-schema.js';

const fixture = (...parts: string[]) => join('test', 'cli', 'fixtures', ...parts);
const THREE_ERRORS = fixture('errors', 'three-errors.qasm');
const BELL = fixture('clean', 'bell.qasm');
const ESC = '\u001b[';

interface JsonReport {
  version: number;
  target: string;
  files: {
    file: string;
    ok: boolean;
    failure: { code: string; message: string } | null;
    diagnostics: Diag[];
    error?: string;
  }[];
  summary: { filesChecked: number; filesWithErrors: number; errors: number; warnings: number; uncheckedFiles: number };
}
interface Diag {
  code: string;
  rule: string;
  severity: string;
  reason: string;
  message: string;
  span: { start: { line: number; column: number }; end: { line: number; column: number } };
}

beforeAll(ensureBuilt, 240_000);

describe.concurrent('check: clean and failing files', () => {
  it('accepts a clean file with exit code 0', async () => {
    const r = await runCli(['check', BELL]);
    expect(r.stdout).toBe('no problems, 1 file checked\n');
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
  });

  it('reports every error of a file with several, in source order, exit code 1', async () => {
    const r = await runCli(['check', THREE_ERRORS]);
    const expected = JSON.parse(readFileSync(join(FIXTURES, 'errors', 'three-errors.expected.json'), 'utf8')) as {
      diagnostics: { code: string; rule: string; line: number; column: number; reason?: string }[];
    };
    const headers = r.stdout.split('\n').filter((line) => line.startsWith(THREE_ERRORS));
    expect(headers.map((h) => h.split('  ').slice(0, 3))).toEqual(
      expected.diagnostics.map((d) => [`${THREE_ERRORS}:${d.line}:${d.column}`, d.code, d.rule]),
    );
    expect(r.stdout).toContain('  8 | cnto q[0], q[1];\n    | ^^^^\n');
    expect(r.stdout).toContain('hint: did you mean');
    expect(r.stdout.endsWith('\n3 errors in 1 file, 1 file checked\n')).toBe(true);
    expect(r.code).toBe(1);
  });

  it('json: the documented schema, matching the fixture expectations', async () => {
    const r = await runCli(['check', THREE_ERRORS, BELL, '--format', 'json']);
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as JsonReport;
    const expected = JSON.parse(readFileSync(join(FIXTURES, 'errors', 'three-errors.expected.json'), 'utf8')) as {
      ok: boolean;
      failure: unknown;
      diagnostics: { code: string; rule: string; line: number; column: number; reason?: string }[];
    };
    expect(report.version).toBe(1);
    expect(report.target).toBe('simulator');
    const [errors, bell] = report.files;
    expect(errors?.file).toBe(THREE_ERRORS);
    expect(errors?.ok).toBe(expected.ok);
    expect(errors?.failure).toEqual(expected.failure);
    expect(
      errors?.diagnostics.map((d) => ({
        code: d.code,
        rule: d.rule,
        line: d.span.start.line,
        column: d.span.start.column,
        ...(expected.diagnostics.find((e) => e.rule === d.rule)?.reason !== undefined ? { reason: d.reason } : {}),
      })),
    ).toEqual(expected.diagnostics);
    expect(bell).toEqual({ file: BELL, ok: true, failure: null, diagnostics: [] });
    expect(report.summary).toEqual({
      filesChecked: 2,
      filesWithErrors: 1,
      filesWithProblems: 1,
      errors: 3,
      warnings: 0,
      uncheckedFiles: 0,
    });
  });

  it('--quiet prints one line per error and the summary', async () => {
    const r = await runCli(['check', THREE_ERRORS, '--quiet']);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(4);
    expect(lines.slice(0, 3).every((l) => l.startsWith(`${THREE_ERRORS}:`))).toBe(true);
    expect(lines[3]).toBe('3 errors in 1 file, 1 file checked');
  });

  it('--max-errors stops after n diagnostics and says so', async () => {
    const r = await runCli(['check', THREE_ERRORS, '--max-errors', '1', '--format', 'json']);
    const diagnostics = (JSON.parse(r.stdout) as JsonReport).files[0]?.diagnostics ?? [];
    expect(diagnostics.map((d) => d.rule)).toEqual(['unknown-gate', 'max-errors']);
    expect(diagnostics[1]?.reason).toMatch(/^Too many errors: stopped after 1/);
    expect(r.code).toBe(1);
  });

  it('checks against --target', async () => {
    const ok = await runCli(['check', fixture('clean', 'nested', 'ghz.qasm'), '--target', 'qpu.aria-1']);
    expect(ok.code).toBe(0);
    const midCircuit = await runCli([
      'check',
      'examples/mid-circuit.qasm',
      '--target',
      'qpu.aria-1',
      '--format',
      'json',
    ]);
    const report = JSON.parse(midCircuit.stdout) as JsonReport;
    expect(report.target).toBe('qpu.aria-1');
    expect(report.files[0]?.failure).toEqual({
      code: 'UnsupportedFeature',
      message: 'Mid-circuit measurement is not supported on this target',
    });
    expect(midCircuit.code).toBe(1);
  });
});

describe('check: every CLI fixture against its .expected.json', () => {
  it('one run over the fixture folder gives each file its expected verdict', async () => {
    const r = await runCli(['check', FIXTURES, fixture('json', 'bad-circuit.json'), '--format', 'json']);
    const report = JSON.parse(r.stdout) as JsonReport;
    const qasm = report.files.filter((f) => f.file.endsWith('.qasm'));
    expect(qasm.length).toBeGreaterThanOrEqual(6);
    for (const entry of report.files) {
      const expected = JSON.parse(readFileSync(entry.file.replace(/\.(qasm|json)$/, '.expected.json'), 'utf8')) as {
        ok: boolean;
        failure: unknown;
        diagnostics: Record<string, string | number>[];
      };
      const actual = entry.diagnostics.map((d, i) => {
        const fields: Record<string, string | number> = {
          code: d.code,
          rule: d.rule,
          line: d.span.start.line,
          column: d.span.start.column,
          severity: d.severity,
          reason: d.reason,
        };
        return Object.fromEntries(
          Object.keys(expected.diagnostics[i] ?? fields).map((k) => [k, fields[k] as string | number]),
        );
      });
      expect({ file: entry.file, ok: entry.ok, failure: entry.failure, diagnostics: actual }).toEqual({
        file: entry.file,
        ...expected,
      });
    }
    expect(r.code).toBe(1);
  });
});

describe.concurrent('check: inputs', () => {
  it('checks every .qasm below a directory, sorted, and counts them', async () => {
    const r = await runCli(['check', fixture('clean'), '--format', 'json']);
    const report = JSON.parse(r.stdout) as JsonReport;
    expect(report.files.map((f) => f.file)).toEqual([
      fixture('clean', 'bell.qasm'),
      fixture('clean', 'nested', 'ghz.qasm'),
    ]);
    expect(r.code).toBe(0);
    const text = await runCli(['check', fixture('clean')]);
    expect(text.stdout).toBe('no problems, 2 files checked\n');
  });

  it('expands glob patterns', async () => {
    const r = await runCli(['check', 'test/cli/fixtures/**/*.qasm', '--format', 'json']);
    const files = (JSON.parse(r.stdout) as JsonReport).files.map((f) => f.file);
    expect(files).toContain(THREE_ERRORS);
    expect(files).toContain(fixture('clean', 'nested', 'ghz.qasm'));
    expect(files.every((f) => f.endsWith('.qasm'))).toBe(true);
  });

  it('reads standard input for -', async () => {
    const source = readFileSync(join(FIXTURES, 'errors', 'three-errors.qasm'), 'utf8');
    const r = await runCli(['check', '-', '--stdin-filename', 'piped.qasm'], { stdin: source });
    expect(r.stdout).toMatch(/^piped\.qasm:8:1 {2}PreflightError {2}unknown-gate {2}/m);
    expect(r.code).toBe(1);
    const unnamed = await runCli(['lint', '-', '--format', 'json'], { stdin: 'qubit[1] q;\nh q[0];\n' });
    expect((JSON.parse(unnamed.stdout) as JsonReport).files).toEqual([
      { file: '<stdin>', ok: true, failure: null, diagnostics: [] },
    ]);
    expect(unnamed.code).toBe(0);
  });

  it('names a missing file, still reports the others, and exits 2', async () => {
    const r = await runCli(['check', 'no/such/file.qasm', THREE_ERRORS]);
    expect(r.stdout).toContain('no/such/file.qasm  error  cannot read no/such/file.qasm: no such file or directory');
    expect(r.stdout).toContain(`${THREE_ERRORS}:8:1`);
    expect(r.stdout.trimEnd().endsWith('3 errors in 1 file, 1 file checked, 1 file could not be read')).toBe(true);
    expect(r.code).toBe(2);
  });

  it('a pattern that matches nothing is a usage error on standard error', async () => {
    const r = await runCli(['check', 'nowhere/**/*.qasm', BELL]);
    expect(r.stderr).toBe('qasm3-preflight: no files match the pattern nowhere/**/*.qasm\n');
    expect(r.stdout).toBe('no problems, 1 file checked\n');
    expect(r.code).toBe(2);
  });

  it('no paths at all is a usage error', async () => {
    const r = await runCli(['check']);
    expect(r.stderr).toMatch(/^qasm3-preflight: no paths given/);
    expect(r.code).toBe(2);
  });

  it('checks svc.circuit.v0 JSON files given by name, placing each problem on its value', async () => {
    const file = fixture('json', 'bad-circuit.json');
    const r = await runCli(['check', file, '--format', 'json']);
    const report = JSON.parse(r.stdout) as JsonReport;
    expect(report.files[0]?.ok).toBe(false);
    expect(
      report.files[0]?.diagnostics.map((d) => [
        d.code,
        d.rule,
        d.span.start.line,
        d.span.start.column,
        d.span.end.column,
      ]),
    ).toEqual([
      ['InvalidInput', 'circuit-json-range', 6, 45, 48],
      ['InvalidInput', 'circuit-json-range', 7, 67, 70],
    ]);
    expect(report.files[0]?.diagnostics[0]?.reason).toBe(
      'circuit[0].phase: 1.5 is outside the allowed range [-1, 1] turns',
    );
    expect(r.code).toBe(1);
  });
});

describe.concurrent('check: usage errors', () => {
  it('an unknown target lists the known ones, exit 2, no stack trace', async () => {
    const r = await runCli(['check', BELL, '--target', 'qpu.aria']);
    expect(r.stderr).toContain(
      'qasm3-preflight: Unknown target: qpu.aria; known targets are simulator, qpu.harmony, qpu.aria-1, qpu.aria-2, qpu.forte-1, qpu.forte-enterprise-1',
    );
    expect(r.stderr).toContain('hint: did you mean qpu.aria-1?');
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(r.stdout).toBe('');
    expect(r.code).toBe(2);
  });

  it('rejects an unknown format and a bad --max-errors in plain words', async () => {
    const format = await runCli(['check', BELL, '--format', 'xml']);
    expect(format.stderr).toContain("argument 'xml' is invalid. Allowed choices are text, json, sarif, github.");
    expect(format.code).toBe(2);
    const max = await runCli(['check', BELL, '--max-errors', 'lots']);
    expect(max.stderr).toContain("argument 'lots' is invalid. Expected an integer of at least 1.");
    expect(max.code).toBe(2);
  });
});

describe.concurrent('check: suppressions', () => {
  it('disable-next-line suppresses the named rule there', async () => {
    const r = await runCli(['check', fixture('suppress', 'next-line.qasm')]);
    expect(r.stdout).toBe('no problems, 1 file checked\n');
    expect(r.code).toBe(0);
  });

  it('warns about a suppression that suppresses nothing, without failing', async () => {
    const r = await runCli(['check', fixture('suppress', 'unused.qasm')]);
    expect(r.stdout).toContain(
      `${fixture('suppress', 'unused.qasm')}:2:28  warning  unused-suppression  Unused suppression: no unique-measurement-bit diagnostic in this file to suppress; remove the directive`,
    );
    expect(r.stdout.trimEnd().endsWith('1 warning in 1 file, 1 file checked')).toBe(true);
    expect(r.code).toBe(0);
  });

  it('a file-level directive suppresses its rule everywhere, other rules still fail', async () => {
    const r = await runCli(['check', fixture('suppress', 'file-level.qasm'), '--format', 'json']);
    const file = (JSON.parse(r.stdout) as JsonReport).files[0];
    expect(file?.diagnostics.map((d) => d.rule)).toEqual(['unique-measurement-bit']);
    expect(file?.failure?.message).toMatch(/^Circuit failed preflight validation: Classical bit c\[0\]/);
    expect(r.code).toBe(1);
  });
});

describe('check: output closed early', () => {
  it('stops quietly when the reader closes the pipe (| head)', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qasm3-preflight-epipe-'));
    try {
      const source = readFileSync(join(FIXTURES, 'errors', 'three-errors.qasm'), 'utf8');
      for (let i = 0; i < 300; i++) writeFileSync(join(dir, `p${i}.qasm`), source);
      const child = spawn(process.execPath, [CLI, 'check', dir], { stdio: ['ignore', 'pipe', 'pipe'] });
      let stderr = '';
      child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
      child.stdout.once('data', () => child.stdout.destroy());
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(stderr).toBe('');
      expect(code).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe.concurrent('check: colour', () => {
  it('is off when output is not a terminal', async () => {
    const r = await runCli(['check', THREE_ERRORS]);
    expect(r.stdout).not.toContain(ESC);
  });

  it('--color forces it on, NO_COLOR and --no-color turn it off', async () => {
    const forced = await runCli(['check', THREE_ERRORS, '--color']);
    expect(forced.stdout).toContain(ESC);
    const noColor = await runCli(['check', THREE_ERRORS, '--color'], { env: { NO_COLOR: '1' } });
    expect(noColor.stdout).not.toContain(ESC);
    const envForced = await runCli(['check', THREE_ERRORS], { env: { FORCE_COLOR: '1' } });
    expect(envForced.stdout).toContain(ESC);
    const flagOff = await runCli(['check', THREE_ERRORS, '--no-color'], { env: { FORCE_COLOR: '1' } });
    expect(flagOff.stdout).not.toContain(ESC);
  });
});

describe.concurrent('check: sarif and github', () => {
  it('writes SARIF 2.1.0 that the official schema accepts, with rules and regions', async () => {
    const r = await runCli(['check', THREE_ERRORS, BELL, 'missing.qasm', '--format', 'sarif']);
    expect(r.code).toBe(2);
    const log = JSON.parse(r.stdout) as {
      runs: {
        tool: { driver: { rules: { id: string; help: { text: string } }[] } };
        results: {
          ruleId: string;
          ruleIndex: number;
          level: string;
          locations: { physicalLocation: { artifactLocation: { uri: string }; region: object } }[];
        }[];
        invocations: { executionSuccessful: boolean }[];
      }[];
    };
    expect(sarifValidator()(log)).toEqual([]);
    const run = log.runs[0]!;
    expect(run.results.map((x) => x.ruleId)).toEqual(['unknown-gate', 'rejected-gate', 'unique-measurement-bit']);
    for (const result of run.results) {
      expect(run.tool.driver.rules[result.ruleIndex]?.id).toBe(result.ruleId);
      expect(run.tool.driver.rules[result.ruleIndex]?.help.text.length).toBeGreaterThan(20);
      expect(result.locations[0]?.physicalLocation.artifactLocation.uri).toBe(
        'test/cli/fixtures/errors/three-errors.qasm',
      );
    }
    expect(run.results[0]?.locations[0]?.physicalLocation.region).toEqual({
      startLine: 8,
      startColumn: 1,
      endLine: 8,
      endColumn: 5,
    });
    expect(run.invocations[0]?.executionSuccessful).toBe(false);
  });

  it('writes GitHub workflow commands', async () => {
    const r = await runCli(['check', THREE_ERRORS, '--format', 'github']);
    const lines = r.stdout.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      /^::error file=test\/cli\/fixtures\/errors\/three-errors\.qasm,line=8,col=1,endLine=8,endColumn=5,title=unknown-gate::Circuit failed preflight validation: Unknown gate: cnto/,
    );
    expect(lines.filter((l) => l.startsWith('::error '))).toHaveLength(3);
    expect(lines.at(-1)).toBe('3 errors in 1 file, 1 file checked');
    expect(r.code).toBe(1);
  });
});

describe.concurrent('check: worker threads', () => {
  it('gives the same report on one thread and on several', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'qasm3-preflight-cli-'));
    try {
      const sources = [
        readFileSync(join(FIXTURES, 'errors', 'three-errors.qasm'), 'utf8'),
        readFileSync(join(FIXTURES, 'clean', 'bell.qasm'), 'utf8'),
      ];
      for (let i = 0; i < 40; i++)
        writeFileSync(join(dir, `p${String(i).padStart(2, '0')}.qasm`), sources[i % 2] as string);
      const one = await runCli(['check', '.', '--format', 'json', '--jobs', '1'], { cwd: dir });
      const three = await runCli(['check', '.', '--format', 'json', '--jobs', '3'], { cwd: dir });
      const report = JSON.parse(one.stdout) as JsonReport;
      expect(report.summary).toMatchObject({ filesChecked: 40, filesWithErrors: 20, errors: 60 });
      expect(report.files[1]?.file).toBe('p01.qasm');
      expect(three.stdout).toBe(one.stdout);
      expect(three.code).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
