/** The library's browser build (dist/browser/index.js) runs in a real Chromium page: no node: module, validate and compile work. */
import { mkdtempSync, readFileSync, rmSync, writeFileSync, copyFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBrowserBuild, launchChromium, ROOT, staticServer } from './browser.js';

describe('library browser bundle', () => {
  let dir: string;
  let server: Awaited<ReturnType<typeof staticServer>>;
  let chrome: Awaited<ReturnType<typeof launchChromium>>;

  beforeAll(async () => {
    await ensureBrowserBuild('library');
    dir = mkdtempSync(join(tmpdir(), 'qasm3-preflight-bundle-'));
    copyFileSync(join(ROOT, 'dist', 'browser', 'index.js'), join(dir, 'qasm3-preflight.js'));
    writeFileSync(
      join(dir, 'index.html'),
      '<!doctype html><title>bundle</title><script type="module">import * as lib from "./qasm3-preflight.js"; window.lib = lib; window.ready = true;</script>',
    );
    server = await staticServer(dir);
    chrome = await launchChromium();
  }, 120_000);

  afterAll(async () => {
    await chrome?.close();
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('has no Node built-in in it', () => {
    const bundle = readFileSync(join(ROOT, 'dist', 'browser', 'index.js'), 'utf8');
    expect(bundle.match(/from\s*["']node:[a-z_]+["']|import\(["']node:/g)).toBeNull();
  });

  it('validates, compiles and draws in a browser page with the same answers as in Node', async () => {
    const page = await chrome.browser.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${server.url}/index.html`);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    const answers = await page.evaluate(() => {
      const lib = (window as unknown as { lib: typeof import('../../src/index.js') }).lib;
      const bad = lib.validate('qubit[2] q;\nccx q[0], q[1];');
      const mid = lib.validate('qubit[1] q;\nbit[2] c;\nc[0] = measure q[0];\nh q[0];\nc[1] = measure q[0];', {
        target: 'qpu.aria-1',
      });
      const bell = lib.compile(
        'qubit[2] q;\nbit[2] c;\nh q[0];\ncx q[0], q[1];\nc[0] = measure q[0];\nc[1] = measure q[1];',
        { target: 'qpu.forte-1' },
      );
      const run = lib.simulate('qubit[2] q;\nh q[0];\ncx q[0], q[1];');
      return {
        bad: bad.failure,
        badSpan: bad.diagnostics[0]?.span.start,
        mid: mid.failure,
        stats: bell.stats,
        probabilities: run.results['svc.result.probabilities.json.v1'],
        svg: lib.drawCircuit('qubit[1] q; h q[0];', { gateset: 'qis' }).svg?.slice(0, 40),
      };
    });
    expect(errors).toEqual([]);
    expect(answers.bad).toEqual({
      code: 'PreflightError',
      message: 'Circuit failed preflight validation: Gate ccx is not supported: use ctrl(2) @ x',
    });
    expect(answers.badSpan).toEqual({ line: 2, column: 1, offset: 12 });
    expect(answers.mid).toEqual({
      code: 'UnsupportedFeature',
      message: 'Mid-circuit measurement is not supported on this target',
    });
    expect(answers.stats).toEqual({ qubits: 2, circuits: 1, gate_counts: { '1q': 3, '2q': 1 } });
    expect(answers.probabilities).toEqual({ '0': 0.5, '3': 0.5 });
    expect(answers.svg).toBe('<svg xmlns="http://www.w3.org/2000/svg" ');
    await page.close();
  });
});
