/**
 * The report formats on hand-made diagnostics: exact text, JSON schema
 * fields, GitHub workflow-command escaping, and SARIF checked against the
 * official 2.1.0 schema with a real validator.
 */
import { describe, expect, it } from 'vitest';
import { createDiagnostic, SourceText } from '../../src/diagnostics/index.js';
import type { FileReport } from '../../src/cli/check/report.js';
import { summarize, summaryLine, exitCodeFor, groupThousands } from '../../src/cli/check/report.js';
import { formatText } from '../../src/cli/formats/text.js';
import { buildJsonReport } from '../../src/cli/formats/json.js';
import { escapeProperty, formatGithub } from '../../src/cli/formats/github.js';
import { buildSarif } from '../../src/cli/formats/sarif.js';
import { createStyle } from '../../src/cli/style.js';
import { barChart } from '../../src/cli/formats/bar-chart.js';
import { sarifValidator } from './sarif-schema.js';

const text = 'qubit[2] q;\nbit[2] c;\nfoo q[0];\nc[0] = measure q[0];\nc[0] = measure q[1];\n';
const source = new SourceText(text, 'prog.qasm');
const unknown = createDiagnostic({
  code: 'PreflightError',
  rule: 'unknown-gate',
  reason: 'Unknown gate: foo',
  span: source.span(22, 25),
  hint: 'did you mean x?',
});
const reused = createDiagnostic({
  code: 'PreflightError',
  rule: 'unique-measurement-bit',
  reason: 'Classical bit c[0] is assigned by more than one measurement: line 4, column 1 and line 5, column 1',
  span: source.span(53, 72),
  related: [{ message: 'first measurement into c[0]', span: source.span(32, 51) }],
});
const failing: FileReport = {
  file: 'dir/prog.qasm',
  ok: false,
  failure: { code: unknown.code, message: unknown.message },
  diagnostics: [unknown, reused],
  source: text,
};
const clean: FileReport = { file: 'bell.qasm', ok: true, failure: null, diagnostics: [] };
const unreadable: FileReport = {
  file: 'gone.qasm',
  ok: false,
  failure: null,
  diagnostics: [],
  error: 'cannot read gone.qasm: no such file or directory',
};
const plain = createStyle(false);

describe('summary and exit codes', () => {
  it('counts errors, files with errors and checked files', () => {
    const summary = summarize([failing, clean]);
    expect(summary).toEqual({
      filesChecked: 2,
      filesWithErrors: 1,
      filesWithProblems: 1,
      errors: 2,
      warnings: 0,
      uncheckedFiles: 0,
    });
    expect(summaryLine(summary)).toBe('2 errors in 1 file, 2 files checked');
    expect(exitCodeFor(summary)).toBe(1);
  });

  it('groups thousands in counts', () => {
    expect([0, 999, 1000, 1234567].map(groupThousands)).toEqual(['0', '999', '1,000', '1,234,567']);
  });

  it('is 0 for clean files and 2 when a file could not be read, errors or not', () => {
    expect(exitCodeFor(summarize([clean]))).toBe(0);
    expect(summaryLine(summarize([clean]))).toBe('no problems, 1 file checked');
    expect(exitCodeFor(summarize([clean, unreadable]))).toBe(2);
    expect(exitCodeFor(summarize([failing, unreadable]))).toBe(2);
    expect(summaryLine(summarize([failing, unreadable]))).toBe(
      '2 errors in 1 file, 1 file checked, 1 file could not be read',
    );
  });
});

describe('text format', () => {
  it('prints header, code frame, hint and related location, then the summary', () => {
    const out = formatText([failing, clean], { style: plain, quiet: false });
    expect(out).toContain(
      [
        'dir/prog.qasm:3:1  PreflightError  unknown-gate  Circuit failed preflight validation: Unknown gate: foo',
        '  3 | foo q[0];',
        '    | ^^^',
        '  hint: did you mean x?',
      ].join('\n'),
    );
    expect(out).toContain(
      'dir/prog.qasm:5:1  PreflightError  unique-measurement-bit  Circuit failed preflight validation: Classical bit c[0]',
    );
    expect(out).toContain('    | ^^^^^^^^^^^^^^^^^^^');
    expect(out).toMatch(/note: dir\/prog\.qasm:4:1 {2}first measurement into c\[0\]/);
    expect(out.endsWith('\n\n2 errors in 1 file, 2 files checked\n')).toBe(true);
    expect(out).not.toContain('\u001b[');
  });

  it('quiet keeps one header line per error', () => {
    const out = formatText([failing, unreadable], { style: plain, quiet: true });
    expect(out.split('\n')).toEqual([
      'dir/prog.qasm:3:1  PreflightError  unknown-gate  Circuit failed preflight validation: Unknown gate: foo',
      expect.stringMatching(/^dir\/prog\.qasm:5:1 {2}PreflightError {2}unique-measurement-bit /),
      'gone.qasm  error  cannot read gone.qasm: no such file or directory',
      '2 errors in 1 file, 1 file checked, 1 file could not be read',
      '',
    ]);
  });

  it('colours only when the style says so', () => {
    expect(formatText([failing], { style: createStyle(true), quiet: false })).toContain('\u001b[');
  });
});

describe('json format', () => {
  it('has the documented shape', () => {
    const report = buildJsonReport([failing, clean, unreadable], { toolVersion: '9.9.9', target: 'qpu.aria-1' });
    expect(Object.keys(report)).toEqual(['version', 'tool', 'target', 'files', 'summary']);
    expect(report.version).toBe(1);
    expect(report.target).toBe('qpu.aria-1');
    expect(report.files.map((f) => [f.file, f.ok, f.failure?.code ?? null, f.diagnostics.length])).toEqual([
      ['dir/prog.qasm', false, 'PreflightError', 2],
      ['bell.qasm', true, null, 0],
      ['gone.qasm', false, null, 0],
    ]);
    expect(report.files[2]?.error).toBe('cannot read gone.qasm: no such file or directory');
    expect('source' in (report.files[0] as object)).toBe(false);
    expect(JSON.parse(JSON.stringify(report.files[0]?.diagnostics[0]))).toEqual(unknown);
  });
});

describe('github format', () => {
  it('writes one escaped workflow command per diagnostic', () => {
    const lines = formatGithub([failing, unreadable], { quiet: false }).split('\n');
    expect(lines[0]).toBe(
      '::error file=dir/prog.qasm,line=3,col=1,endLine=3,endColumn=4,title=unknown-gate::Circuit failed preflight validation: Unknown gate: foo%0Ahint: did you mean x?',
    );
    expect(lines[1]).toMatch(
      /^::error file=dir\/prog\.qasm,line=5,col=1,endLine=5,endColumn=20,title=unique-measurement-bit::/,
    );
    expect(lines[2]).toBe(
      '::error file=gone.qasm,title=unreadable-file::cannot read gone.qasm: no such file or directory',
    );
  });

  it('escapes property separators and percent signs', () => {
    expect(escapeProperty('a,b:c%d\ne')).toBe('a%2Cb%3Ac%25d%0Ae');
  });
});

describe('sarif format', () => {
  const validate = sarifValidator();
  const log = buildSarif([failing, clean, unreadable], {
    toolVersion: '0.1.0',
    target: 'simulator',
    root: '/repo',
    quiet: false,
  });

  it('is valid against the official SARIF 2.1.0 schema', () => {
    expect(validate(JSON.parse(JSON.stringify(log)))).toEqual([]);
  });

  it('the validator does reject a broken log', () => {
    const broken = JSON.parse(JSON.stringify(log)) as {
      runs: { results: { level: string; locations: { physicalLocation: { region: { startLine: number } } }[] }[] }[];
    };
    const result = broken.runs[0]!.results[0]!;
    result.level = 'fatal';
    result.locations[0]!.physicalLocation.region.startLine = 0;
    expect(validate(broken).length).toBeGreaterThanOrEqual(2);
  });

  it('lists rules and points results at them with regions', () => {
    const run = log.runs[0]!;
    const rules = run.tool.driver.rules ?? [];
    const results = run.results ?? [];
    expect(results).toHaveLength(2);
    const first = results[0]!;
    expect(first.ruleId).toBe('unknown-gate');
    expect(rules[first.ruleIndex ?? -1]?.id).toBe('unknown-gate');
    expect(first.locations?.[0]?.physicalLocation?.artifactLocation).toEqual({
      uri: 'dir/prog.qasm',
      uriBaseId: '%SRCROOT%',
    });
    expect(first.locations?.[0]?.physicalLocation?.region).toEqual({
      startLine: 3,
      startColumn: 1,
      endLine: 3,
      endColumn: 4,
    });
    expect(first.message.text).toBe('Circuit failed preflight validation: Unknown gate: foo (hint: did you mean x?)');
    expect(results[1]?.relatedLocations?.[0]?.physicalLocation?.region?.startLine).toBe(4);
    for (const rule of rules) {
      expect(rule.shortDescription?.text).toBeTruthy();
      expect(rule.help?.text).toBeTruthy();
    }
    expect(run.invocations?.[0]?.executionSuccessful).toBe(false);
    expect(run.invocations?.[0]?.toolExecutionNotifications?.[0]?.message.text).toBe(
      'cannot read gone.qasm: no such file or directory',
    );
  });
});

describe('bar chart', () => {
  it('shows the most probable states first, bars scaled to the largest, the rest summed', () => {
    const chart = barChart(
      { c: { '00': 0.125, '11': 0.5, '01': 0.25, '10': 0.125 } },
      { style: plain, top: 3, width: 8, values: 'probability' },
    );
    expect(chart).toBe(
      [
        'c  (2 bits)',
        '  11  ████████  0.5000',
        '  01  ████      0.2500',
        '  00  ██        0.1250',
        '  ... 1 more state, 0.1250 together',
        '',
      ].join('\n'),
    );
  });

  it('prints counts with their share', () => {
    const chart = barChart({ output_all: { '1': 30, '0': 10 } }, { style: plain, top: 8, width: 4, values: 'count' });
    expect(chart.split('\n')).toEqual(['output_all  (1 bit)', '  1  ████  30 (75.0%)', '  0  █     10 (25.0%)', '']);
  });
});
