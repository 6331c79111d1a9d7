/**
 * The editor in Chromium: live preflight diagnostics as squiggles with the
 * spec's messages, fixed as you type, per target; compiled stats update.
 * Runs on the console's static files alone (the service is not needed to
 * validate), with a static server that answers 404 to the API, so the
 * target picker falls back to the library's targets.
 */
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fix } from '../../src/index.js';
import { ensureBrowserBuild, launchChromium, ROOT, staticServer, typeProgram } from './browser.js';

const TWO_ERRORS = 'OPENQASM 3.0;\nqubit[3] q;\nh q[0];\nccx q[0], q[1], q[2];\ncnto q[0], q[1];\n';

async function squiggles(page: Page): Promise<{ text: string; severity: string }[]> {
  return page.$$eval('.cm-lintRange', (marks) =>
    marks.map((m) => ({
      text: m.textContent ?? '',
      severity: [...m.classList].find((c) => c.startsWith('cm-lintRange-')) ?? '',
    })),
  );
}

describe('console editor', () => {
  let server: Awaited<ReturnType<typeof staticServer>>;
  let chrome: Awaited<ReturnType<typeof launchChromium>>;
  let page: Page;

  beforeAll(async () => {
    await ensureBrowserBuild('console');
    server = await staticServer(join(ROOT, 'dist', 'console'));
    chrome = await launchChromium();
    page = await chrome.browser.newPage();
    await page.goto(`${server.url}/#/editor`);
    await page.waitForSelector('.cm-content');
  }, 180_000);

  afterAll(async () => {
    await chrome?.close();
    await server?.close();
  });

  it('underlines both errors where they are, with the spec messages and the hint on hover', async () => {
    await typeProgram(page, TWO_ERRORS);
    await page.waitForFunction(() => document.querySelectorAll('.cm-lintRange-error').length === 2);
    expect(await squiggles(page)).toEqual([
      { text: 'ccx', severity: 'cm-lintRange-error' },
      { text: 'cnto', severity: 'cm-lintRange-error' },
    ]);
    await page.hover('.cm-lintRange-error >> nth=1');
    const tooltip = await page.waitForSelector('.cm-tooltip-hover .diagnostic');
    expect(await tooltip.$eval('.diagnostic-message', (e) => e.textContent)).toBe(
      'Circuit failed preflight validation: Unknown gate: cnto',
    );
    expect(await tooltip.$eval('.diagnostic-hint', (e) => e.textContent)).toMatch(/^hint: did you mean cnot\?/);
    await page.mouse.move(0, 0);
    await page.hover('.cm-lintRange-error >> nth=0');
    await page.waitForFunction(() =>
      document.querySelector('.cm-tooltip-hover .diagnostic-message')?.textContent?.includes('ccx'),
    );
    expect(await page.textContent('.cm-tooltip-hover .diagnostic-message')).toBe(
      'Circuit failed preflight validation: Gate ccx is not supported: use ctrl(2) @ x',
    );
    expect(await page.textContent('.lint-status')).toContain('2 errors for simulator');
  });

  it('drops the squiggle of the error that was fixed, keeps the other', async () => {
    await page.mouse.move(0, 0);
    await typeProgram(page, TWO_ERRORS.replace('cnto', 'cx'));
    await page.waitForFunction(() => document.querySelectorAll('.cm-lintRange-error').length === 1);
    expect(await squiggles(page)).toEqual([{ text: 'ccx', severity: 'cm-lintRange-error' }]);
  });

  it('shows the compiled stats as you type, and the mid-circuit measurement error once qpu.aria-1 is picked', async () => {
    const program =
      'OPENQASM 3.0;\nqubit[2] q;\nbit[2] c;\nh q[0];\nc[0] = measure q[0];\ncx q[0], q[1];\nc[1] = measure q[1];\n';
    await typeProgram(page, program);
    await page.waitForFunction(
      () =>
        document.querySelectorAll('.cm-lintRange').length === 0 &&
        document.querySelector('[data-stat="pulses"]') !== null,
    );
    expect(await page.textContent('[data-stat="2q gates (native)"]')).toBe('1');
    expect(await page.textContent('.native-qasm')).toContain('ms(');
    await page.selectOption('#target', 'qpu.aria-1');
    await page.waitForFunction(() => document.querySelectorAll('.cm-lintRange-error').length === 1);
    expect(await squiggles(page)).toEqual([{ text: 'c[0] = measure q[0];', severity: 'cm-lintRange-error' }]);
    expect(await page.textContent('.lint-status')).toContain('Mid-circuit measurement is not supported on this target');
    await page.selectOption('#target', 'simulator');
    await page.waitForFunction(() => document.querySelectorAll('.cm-lintRange').length === 0);
  });

  it('simulates the program in the browser worker and charts the most likely states', async () => {
    await typeProgram(
      page,
      'OPENQASM 3.0;\nqubit[2] q;\nbit[2] c;\nx q[0];\nh q[1];\nc[0] = measure q[0];\nc[1] = measure q[1];\n',
    );
    await page.waitForFunction(() => document.querySelector('.lint-status')?.textContent?.startsWith('No problems'));
    await page.click('button:has-text("Simulate in the browser")');
    await page.waitForSelector('.side-pane .chart svg');
    const labels = await page.$$eval('.side-pane .chart [aria-label="x-axis tick label"] text', (t) =>
      t.map((e) => e.textContent),
    );
    expect(labels.sort()).toEqual(['10', '11']);
  });

  it('fixes a refused program with the Fix button: a diff of what fix rewrote, then Accept replaces the text', async () => {
    const program =
      'OPENQASM 3.0;\nqubit[3] q;\nbit[3] c;\nh q[0];\nccx q[0], q[1], q[2];\ncp(pi/2) q[0], q[1];\nc = measure q;\n';
    // What the library's fix makes of it, computed here in Node: the browser must show and apply the same.
    const expected = fix(program, { target: 'simulator' });
    expect(expected.ok).toBe(true);
    await typeProgram(page, program);
    await page.waitForFunction(() => Number(document.querySelector('.lint-status')?.getAttribute('data-errors')) > 0);
    await page.click('button.fix-button');
    await page.waitForSelector('.fix-diff');
    const rows = await page.$$eval('.fix-diff > span', (spans) =>
      spans.map((s): [string, string] => [s.getAttribute('class') ?? '', s.textContent ?? '']),
    );
    const removed = rows.filter(([kind]) => kind === 'diff-removed').map(([, text]) => text.slice(2));
    const added = rows.filter(([kind]) => kind === 'diff-added').map(([, text]) => text.slice(2));
    const before = program.split('\n');
    const after = expected.source.split('\n');
    expect(removed).toEqual(before.filter((line) => !after.includes(line)));
    expect(added).toEqual(after.filter((line) => !before.includes(line)));
    expect(removed).toEqual(
      expect.arrayContaining(['ccx q[0], q[1], q[2];', 'cp(pi/2) q[0], q[1];', 'c = measure q;']),
    );
    const summary = await page.textContent('.fix-summary');
    expect(summary).toContain(`${expected.applied.length} rewrites`);
    expect(summary).toContain('accepted for simulator');
    expect(summary).toContain('Proven equal');
    await page.click('button.fix-accept');
    await page.waitForFunction(() => document.querySelector('.lint-status')?.textContent?.startsWith('No problems'));
    const text = await page.$$eval('.cm-line', (lines) => lines.map((l) => l.textContent ?? '').join('\n'));
    expect(text).toBe(expected.source);
    expect(await page.isHidden('.fix-panel')).toBe(true);
  });

  it('says so when there is nothing to fix, and changes nothing', async () => {
    const program = 'OPENQASM 3.0;\nqubit[1] q;\nh q[0];\n';
    await typeProgram(page, program);
    await page.waitForFunction(() => document.querySelector('.lint-status')?.textContent?.startsWith('No problems'));
    await page.click('button.fix-button');
    await page.waitForFunction(() => document.querySelector('.fix-summary')?.textContent?.startsWith('Nothing to fix'));
    expect(await page.$$eval('.cm-line', (lines) => lines.map((l) => l.textContent ?? '').join('\n'))).toBe(program);
    await page.click('button.fix-discard');
    expect(await page.isHidden('.fix-panel')).toBe(true);
  });

  it('is keyboard-usable: Tab leaves the editor for the next control, every control has a label', async () => {
    await page.focus('#target');
    const unlabelled = await page.$$eval('input, select, button, textarea', (controls) =>
      controls
        .filter(
          (c) =>
            !(c as HTMLElement).closest('label') &&
            !c.getAttribute('aria-label') &&
            !(c.textContent ?? '').trim() &&
            c.getAttribute('type') !== 'hidden',
        )
        .map((c) => c.outerHTML),
    );
    expect(unlabelled).toEqual([]);
    await page.click('.cm-content');
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.closest('.cm-editor') === null);
    expect(focused).toBe(true);
  });
});
