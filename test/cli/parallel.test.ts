/**
 * The worker pool of the built CLI (workers load dist/cli/check/worker.js,
 * so this imports the built module): every file reported once, in input
 * order, whichever thread checked it, and workers really take batches once
 * warm while the main thread is slow.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as Parallel from '../../src/cli/check/parallel.js';
import type * as Validator from '../../src/cli/check/validator.js';
import type { Validator as ValidatorFn } from '../../src/cli/check/check-source.js';
import { createDiagnostic, SourceText, startOfText } from '../../src/diagnostics/index.js';
import { ensureBuilt, FIXTURES, ROOT } from './run-cli.js';

let parallel: typeof Parallel;
let real: ValidatorFn;
let dir: string;
const files: { path: string; display: string }[] = [];

beforeAll(async () => {
  await ensureBuilt();
  parallel = (await import(pathToFileURL(join(ROOT, 'dist', 'cli', 'check', 'parallel.js')).href)) as typeof Parallel;
  real = ((await import(pathToFileURL(join(ROOT, 'dist', 'cli', 'check', 'validator.js')).href)) as typeof Validator)
    .libraryValidator;
  dir = mkdtempSync(join(tmpdir(), 'qasm3-preflight-pool-'));
  const sources = [
    readFileSync(join(FIXTURES, 'errors', 'three-errors.qasm'), 'utf8'),
    readFileSync(join(FIXTURES, 'clean', 'bell.qasm'), 'utf8'),
  ];
  for (let i = 0; i < 120; i++) {
    const path = join(dir, `p${i}.qasm`);
    writeFileSync(path, sources[i % 2] as string);
    files.push({ path, display: `p${i}.qasm` });
  }
}, 240_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('worker pool', () => {
  it('shares the queue with warm workers and keeps every file in order', async () => {
    const options = { target: 'simulator', maxErrors: 100 };
    const single = await parallel.checkFilesInParallel(real, files, options, 1);
    // A slow main thread that marks what it checked, so the workers' share is visible.
    const slowMarkedMain: ValidatorFn = (text, opts) => {
      const until = Date.now() + 60;
      while (Date.now() < until);
      const verdict = real(text, opts);
      const marker = createDiagnostic({
        code: 'PreflightError',
        rule: 'main-thread',
        severity: 'warning',
        reason: 'checked on the main thread',
        span: startOfText(new SourceText(text)),
      });
      return { ...verdict, diagnostics: [...verdict.diagnostics, marker] };
    };
    const pooled = await parallel.checkFilesInParallel(slowMarkedMain, files, options, 2);
    expect(pooled.map((r) => r.file)).toEqual(files.map((f) => f.display));
    const byWorker = pooled.filter((r) => !r.diagnostics.some((d) => d.rule === 'main-thread'));
    expect(byWorker.length).toBeGreaterThan(0);
    expect(byWorker.length).toBeLessThan(files.length);
    for (const report of byWorker) expect(report).toEqual(single[files.findIndex((f) => f.display === report.file)]);
  });
});
