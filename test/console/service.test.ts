/**
 * The console end to end in Chromium against real `qasm3-preflight serve`
 * processes on free loopback ports: one with a worker (jobs run), one with
 * none (jobs stay queued, so cancel and paging see queued jobs). Saves a
 * screenshot of every page (see screenshotPaths).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../cli/run-cli.js';
import {
  ensureBrowserBuild,
  launchChromium,
  screenshotPaths,
  startServe,
  typeProgram,
  type RunningService,
} from './browser.js';

const BELL =
  'OPENQASM 3.0;\nqubit[2] q;\nbit[2] c;\nh q[0];\ncx q[0], q[1];\nc[0] = measure q[0];\nc[1] = measure q[1];\n';
const FAILING = 'OPENQASM 3.0;\nqubit[3] q;\nh q[0];\nccx q[0], q[1], q[2];\n';

async function screenshot(page: Page, name: string): Promise<void> {
  for (const path of screenshotPaths(name)) await page.screenshot({ path, fullPage: true });
}

async function openConsole(page: Page, service: RunningService, hash: string): Promise<void> {
  await page.goto(`${service.url}/${hash}`);
  await page.fill('#api-key', service.key);
  await page.press('#api-key', 'Enter');
}

async function submitFromEditor(page: Page, source: string, name: string): Promise<string> {
  await page.goto(page.url().replace(/#.*$/, '#/editor'));
  await page.waitForSelector('.cm-content');
  await typeProgram(page, source);
  await page.fill('input[name="name"]', name);
  await page.waitForFunction(() => document.querySelector('.lint-status')?.textContent !== 'Checking…');
  await page.click('form.submit-form button[type="submit"]');
  // A program the editor marks with errors is sent only on a second Submit, after a warning.
  await page.waitForFunction(
    () => /#\/jobs\/[0-9a-f-]{36}$/.test(location.hash) || document.querySelector('.submit-status.warning') !== null,
  );
  if (!/#\/jobs\//.test(page.url())) await page.click('form.submit-form button[type="submit"]');
  await page.waitForURL(/#\/jobs\/[0-9a-f-]{36}$/);
  return page.url().split('/').pop() as string;
}

describe('console against serve', () => {
  let running: RunningService;
  let queued: RunningService;
  let chrome: Awaited<ReturnType<typeof launchChromium>>;
  let page: Page;
  /** Requests the console made to anywhere but the service. */
  const outside: string[] = [];

  beforeAll(async () => {
    await ensureBuilt();
    await ensureBrowserBuild('console');
    [running, queued, chrome] = await Promise.all([
      startServe({ workers: 1 }),
      startServe({ workers: 0 }),
      launchChromium(),
    ]);
    page = await chrome.browser.newPage();
    page.on('request', (request) => {
      if (new URL(request.url()).hostname !== '127.0.0.1') outside.push(request.url());
    });
    await openConsole(page, running, '#/editor');
  }, 240_000);

  afterAll(async () => {
    await chrome?.close();
    await Promise.all([running?.close(), queued?.close()]);
  });

  it('serves the console at / and keeps the API answering JSON beside it', async () => {
    const root = await fetch(`${running.url}/`);
    expect(root.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await root.text()).toContain('<title>qasm3-preflight console</title>');
    const missing = await fetch(`${running.url}/v0.4/no-such-route`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ statusCode: 404, error: 'Not Found Error' });
  });

  it('offers every backend of GET /v0.4/backends in the target picker, the retired one disabled', async () => {
    const backends = await running.api<{ backend: string; status: string }[]>('GET', '/v0.4/backends');
    await page.waitForFunction((n) => document.querySelectorAll('#target option').length === n, backends.length);
    const options = await page.$$eval('#target option', (list) =>
      list.map((o) => ({ value: (o as HTMLOptionElement).value, disabled: (o as HTMLOptionElement).disabled })),
    );
    expect(options).toEqual(backends.map((b) => ({ value: b.backend, disabled: b.status === 'retired' })));
  });

  it('editor: two errors underlined, hint on hover (screenshot)', async () => {
    await typeProgram(page, 'OPENQASM 3.0;\nqubit[3] q;\nh q[0];\nccx q[0], q[1], q[2];\ncnto q[0], q[1];\n');
    await page.waitForFunction(() => document.querySelectorAll('.cm-lintRange-error').length === 2);
    await page.hover('.cm-lintRange-error >> nth=1');
    await page.waitForSelector('.cm-tooltip-hover .diagnostic-hint');
    await screenshot(page, 'editor');
  });

  it('a Bell job submitted from the editor completes; its chart has two bars of 0.5 labelled 00 and 11', async () => {
    await submitFromEditor(page, BELL, 'bell');
    await page.waitForSelector('.job-status [data-status="completed"]', { timeout: 60_000 });
    await page.waitForSelector('.probabilities-chart svg');
    const labels = await page.$$eval('.probabilities-chart [aria-label="x-axis tick label"] text', (t) =>
      t.map((e) => e.textContent),
    );
    const values = await page.$$eval('.probabilities-chart [aria-label="text"] text', (t) =>
      t.map((e) => Number(e.textContent)),
    );
    expect(labels).toEqual(['00', '11']);
    expect(values).toHaveLength(2);
    for (const v of values) expect(v).toBeCloseTo(0.5, 2);
    await page.waitForSelector('.compiled svg');
    expect(
      await page.$$eval('.compiled svg title', (t) => t.map((e) => e.textContent).filter((x) => x?.startsWith('ms'))),
    ).toHaveLength(1);
    // Sized to the page (it was about 250 px wide on a 1280 px page), and compiled lines wrap inside it.
    const widths = await page.evaluate(() => ({
      chart: document.querySelector('.probabilities-chart svg')?.getBoundingClientRect().width ?? 0,
      main: document.querySelector('main')?.getBoundingClientRect().width ?? 0,
    }));
    expect(widths.chart).toBeGreaterThan(widths.main * 0.6);
    await page.waitForFunction(() => (document.querySelector('.compiled .native-qasm')?.textContent ?? '') !== '');
    expect(
      await page.$eval('.compiled .native-qasm', (e) => e.scrollWidth <= e.clientWidth + 1 && e.clientWidth > 0),
    ).toBe(true);
    // One time format: local time shown, UTC on hover; durations in words.
    expect(await page.$$eval('dl.fields time', (t) => t.map((e) => e.getAttribute('title') ?? ''))).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} UTC$/)]),
    );
    expect(await page.textContent('dl.fields')).toMatch(/queued [\d.]+ (ms|s), ran [\d.]+ (ms|s)/);
    await screenshot(page, 'job');
  });

  it('a failing job shows its failure and the diagnostic placed in the program', async () => {
    await submitFromEditor(page, FAILING, 'fails');
    await page.waitForSelector('.job-status [data-status="failed"]', { timeout: 60_000 });
    expect(await page.textContent('.failure-message')).toBe(
      'Circuit failed preflight validation: Gate ccx is not supported: use ctrl(2) @ x',
    );
    expect(await page.$$eval('.annotated-source mark', (m) => m.map((e) => e.textContent))).toEqual(['ccx']);
    expect(await page.textContent('.code-note')).toContain(
      '4:1 Circuit failed preflight validation: Gate ccx is not supported',
    );
    await screenshot(page, 'job-failed');
  });

  it('draws the program as written and as compiled on the circuit page', async () => {
    await typeProgramOnEditorThen(
      page,
      'OPENQASM 3.0;\nqubit[3] q;\nbit[3] c;\nh q[0];\nctrl(2) @ x q[0], q[1], q[2];\nbarrier q;\nrz(pi/4) q[2];\nc[0] = measure q[0];\nc[1] = measure q[1];\nc[2] = measure q[2];\n',
    );
    await page.waitForSelector('#source-circuit svg');
    expect(await page.$$eval('#source-circuit svg g.gate > title', (t) => t.map((e) => e.textContent))).toEqual([
      'h q[0]',
      'ctrl(2) @ x q[0], q[1], q[2]',
      'barrier',
      'rz(π/4) q[2]',
      'measure q[0] -> c[0]',
      'measure q[1] -> c[1]',
      'measure q[2] -> c[2]',
    ]);
    const native = await page.$$eval('#native-circuit svg g.gate > title', (t) => t.map((e) => e.textContent ?? ''));
    expect(native.every((t) => /^(gpi2?|ms|measure|barrier)\b/.test(t))).toBe(true);
    await screenshot(page, 'circuit');
  });

  it('pages through 60 jobs with the API cursor, each seen once, newest first', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 60; i++)
      ids.push(
        (
          await queued.api<{ id: string }>('POST', '/v0.4/jobs', {
            type: 'svc.qasm3.v1',
            backend: 'simulator',
            name: `job ${i}`,
            input: { data: BELL },
          })
        ).id,
      );
    await openConsole(page, queued, '#/jobs');
    const seen: string[] = [];
    const pageRows = async () => {
      await page.waitForSelector('tr[data-job]');
      return page.$$eval('tr[data-job]', (rows) => rows.map((r) => r.getAttribute('data-job') as string));
    };
    let rows = await pageRows();
    seen.push(...rows);
    await screenshot(page, 'jobs');
    for (let n = 2; n <= 3; n++) {
      await page.click('nav.pager button:has-text("Older")');
      await page.waitForFunction((label) => document.querySelector('.page-label')?.textContent === label, `Page ${n}`);
      await page.waitForFunction(
        (first) => document.querySelector('tr[data-job]')?.getAttribute('data-job') !== first,
        rows[0],
      );
      rows = await pageRows();
      seen.push(...rows);
    }
    expect(seen).toEqual([...ids].reverse());
    expect(await page.isDisabled('nav.pager button:has-text("Older")')).toBe(true);
    await page.click('nav.pager button:has-text("Newer")');
    await page.waitForFunction(() => document.querySelector('.page-label')?.textContent === 'Page 2');
  });

  it('lists sessions, and each links to the jobs list of its own jobs', async () => {
    const session = await queued.api<{ id: string }>('POST', '/v0.4/sessions', {
      backend: 'simulator',
      settings: { job_count_limit: 5 },
    });
    const inside: string[] = [];
    for (let i = 0; i < 2; i++)
      inside.push(
        (
          await queued.api<{ id: string }>('POST', '/v0.4/jobs', {
            type: 'svc.qasm3.v1',
            backend: 'simulator',
            session_id: session.id,
            input: { data: BELL },
          })
        ).id,
      );
    await queued.api('POST', '/v0.4/jobs', { type: 'svc.qasm3.v1', backend: 'simulator', input: { data: BELL } });
    await openConsole(page, queued, '#/sessions');
    const row = await page.waitForSelector(`tr[data-session="${session.id}"]`);
    expect(await row.$eval('[data-status]', (b) => b.getAttribute('data-status'))).toBe('started');
    expect(await row.innerText()).toContain('5 jobs');
    // One time format on every page: local time shown, the UTC value on hover (the sessions page had its own).
    expect(await row.$$eval('time', (t) => t.map((e) => e.getAttribute('title') ?? ''))).toEqual([
      expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} UTC$/),
    ]);
    await screenshot(page, 'sessions');
    await page.click(`tr[data-session="${session.id}"] a`);
    await page.waitForURL(/#\/jobs\?session_id=/);
    await page.waitForSelector('tr[data-job]');
    const listed = await page.$$eval('tr[data-job]', (rows) => rows.map((r) => r.getAttribute('data-job')));
    expect(listed).toEqual([...inside].reverse());
    const titles = await page.$$eval('tr[data-job] time', (t) => t.map((e) => e.getAttribute('title') ?? ''));
    expect(titles).toHaveLength(inside.length);
    for (const title of titles) expect(title).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} UTC$/);
  });

  it('cancels a queued job from its page', async () => {
    const { id } = await queued.api<{ id: string }>('POST', '/v0.4/jobs', {
      type: 'svc.qasm3.v1',
      backend: 'qpu.aria-1',
      shots: 100,
      input: { data: BELL },
    });
    await page.goto(`${queued.url}/#/jobs/${id}`);
    await page.waitForSelector('.job-status [data-status="submitted"]');
    await page.click('button:has-text("Cancel job")');
    await page.waitForSelector('.job-status [data-status="canceled"]');
    expect((await queued.api<{ status: string }>('GET', `/v0.4/jobs/${id}`)).status).toBe('canceled');
  });

  it('moves a queued job to another backend, then deletes the clone', async () => {
    const { id } = await queued.api<{ id: string }>('POST', '/v0.4/jobs', {
      type: 'svc.qasm3.v1',
      backend: 'simulator',
      name: 'to move',
      input: { data: BELL },
    });
    await page.goto(`${queued.url}/#/jobs/${id}`);
    await page.waitForSelector('.job-status [data-status="submitted"]');
    await page.waitForFunction(() => document.querySelectorAll('select[name="move-backend"] option').length > 1);
    await page.selectOption('select[name="move-backend"]', 'qpu.forte-1');
    await page.click('button:has-text("Move")');
    await page.waitForURL((url) => /#\/jobs\/[0-9a-f-]{36}$/.test(url.hash) && !url.hash.endsWith(id));
    const clone = page.url().split('/').pop() as string;
    await page.waitForSelector('dl.fields dd:has-text("qpu.forte-1")');
    expect((await queued.api<{ status: string }>('GET', `/v0.4/jobs/${id}`)).status).toBe('canceled');
    await page.click('button:has-text("Delete job")');
    await page.click('button:has-text("Yes, delete it for good")');
    await page.waitForURL(/#\/jobs$/);
    const gone = await fetch(`${queued.url}/v0.4/jobs/${clone}`, {
      headers: { Authorization: `apiKey ${queued.key}` },
    });
    expect(gone.status).toBe(404);
  });

  it('charts the histogram of a job with shots (noisy simulator), its counts adding up to the shots', async () => {
    const { id } = await running.api<{ id: string }>('POST', '/v0.4/jobs', {
      type: 'svc.qasm3.v1',
      backend: 'simulator',
      shots: 200,
      noise: { model: 'aria-1', seed: 7 },
      input: { data: BELL },
    });
    await page.goto(`${running.url}/#/jobs/${id}`);
    await page.waitForSelector('.job-status [data-status="completed"]', { timeout: 60_000 });
    await page.waitForSelector('.histogram-chart svg');
    const counts = await page.$$eval('.histogram-chart [aria-label="text"] text', (t) =>
      t.map((e) => Number(e.textContent)),
    );
    expect(counts.reduce((a, b) => a + b, 0)).toBe(200);
  });

  it('lists backends and charts a backend characterization history (screenshots)', async () => {
    await page.goto(`${running.url}/#/backends`);
    await page.waitForSelector('tr[data-backend="qpu.aria-1"]');
    await screenshot(page, 'backends');
    await page.click('tr[data-backend="qpu.aria-1"] a');
    await page.waitForSelector('.fidelity-chart svg');
    await page.waitForSelector('.coherence-chart svg');
    const history = await running.api<{ pages: number }>('GET', '/v0.4/backends/qpu.aria-1/characterizations?limit=10');
    const dots = await page.$$eval('.fidelity-chart [aria-label="dot"] > *', (d) => d.length);
    expect(dots).toBe(history.pages * 10 * 3);
    // The newest day's device, qubit by qubit: one bar per physical qubit in each chart.
    await page.waitForSelector('.qubit-chart svg');
    const bars = await page.$$eval('.qubit-chart [aria-label="bar"] > *', (r) => r.length);
    expect(bars).toBe(2 * 25);
    await screenshot(page, 'backend');
  });

  it('shows the price before Submit from the estimate route: the figure the service quotes for that program, backend and shots', async () => {
    await page.goto(page.url().replace(/#.*$/, '#/editor'));
    await page.waitForSelector('.cm-content');
    await typeProgram(page, BELL);
    await page.selectOption('#target', 'qpu.aria-1');
    await page.fill('input[name="shots"]', '500');
    const quoted = (await (
      await fetch(`${running.url}/v0.4/jobs/estimate?backend=qpu.aria-1&qubits=2&shots=500&1q_gates=1&2q_gates=1`, {
        headers: { Authorization: `apiKey ${running.key}` },
      })
    ).json()) as { estimated_total_cost: number };
    const figure = `$${quoted.estimated_total_cost.toFixed(2)}`;
    expect(quoted.estimated_total_cost).toBeGreaterThan(0);
    await page.waitForFunction(
      (f) => (document.querySelector('.submit-price')?.textContent ?? '').includes(f),
      figure,
      { timeout: 60_000 },
    );
    expect(await page.textContent('.submit-price')).toMatch(
      /^Estimated price: \$\d+\.\d\d \(usd\), run about [\d.]+ s\.$/,
    );
  }, 120_000);

  it('job name: the browser refuses my.job before sending anything, and the page logs no console error', async () => {
    const fresh = await chrome.browser.newPage();
    const errors: string[] = [];
    fresh.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    fresh.on('pageerror', (e) => errors.push(e.message));
    const posts: string[] = [];
    fresh.on('request', (r) => {
      if (r.method() === 'POST') posts.push(r.url());
    });
    await openConsole(fresh, running, '#/editor');
    await fresh.waitForSelector('.cm-content');
    const field = 'input[name="name"]';
    await fresh.fill(field, 'my.job');
    await fresh.click('form.submit-form button[type="submit"]');
    expect(await fresh.$eval(field, (e) => (e as HTMLInputElement).validity.patternMismatch)).toBe(true);
    expect(await fresh.$eval(field, (e) => (e as HTMLInputElement).validationMessage)).not.toBe('');
    expect(fresh.url()).toMatch(/#\/editor$/);
    await fresh.fill(field, 'my-job_1 ok');
    expect(await fresh.$eval(field, (e) => (e as HTMLInputElement).validity.valid)).toBe(true);
    expect(posts).toEqual([]);
    expect(errors).toEqual([]);
    expect(await fresh.$eval('link[rel="icon"]', (e) => (e as HTMLLinkElement).href)).toMatch(/^data:image\/svg/);
    await fresh.close();
  });

  it('jobs page without a key or with a bad one: points at the API key field, paging disabled, no table rows', async () => {
    const fresh = await chrome.browser.newPage();
    await fresh.goto(`${running.url}/#/jobs`);
    await fresh.waitForFunction(() => document.querySelector('p.error')?.textContent !== '');
    expect(await fresh.textContent('p.error')).toBe('Enter your API key in the API key field above to see your jobs.');
    expect(await fresh.isDisabled('nav.pager button:has-text("Older")')).toBe(true);
    expect(await fresh.isDisabled('nav.pager button:has-text("Newer")')).toBe(true);
    expect(await fresh.$$('tbody tr')).toHaveLength(0);
    expect(await fresh.evaluate(() => document.activeElement?.id)).toBe('api-key');
    await fresh.close();
    // A bad key already in the tab's session (as a key typed earlier would be): the page says the key was refused.
    const badKey = await chrome.browser.newPage();
    await badKey.addInitScript(() => sessionStorage.setItem('qasm3-preflight.api-key', 'q3p_not-a-real-key'));
    await badKey.goto(`${running.url}/#/jobs`);
    await badKey.waitForFunction(() => document.querySelector('p.error')?.textContent?.includes('refused'));
    expect(await badKey.textContent('p.error')).toBe(
      'The service refused this API key: enter a valid key in the API key field above.',
    );
    expect(await badKey.isDisabled('nav.pager button:has-text("Older")')).toBe(true);
    expect(await badKey.textContent('body')).not.toContain('401');
    await badKey.close();
  });

  it('warns before sending a program the editor marks with errors; a second Submit sends it', async () => {
    await page.goto(page.url().replace(/#.*$/, '#/editor'));
    await page.waitForSelector('.cm-content');
    await typeProgram(page, FAILING);
    await page.waitForFunction(() => Number(document.querySelector('.lint-status')?.getAttribute('data-errors')) > 0);
    await page.click('form.submit-form button[type="submit"]');
    await page.waitForSelector('.submit-status.warning');
    expect(await page.textContent('.submit-status')).toMatch(/^The editor shows 1 error for \S+: this job will fail/);
    expect(page.url()).toMatch(/#\/editor$/);
    await page.click('form.submit-form button[type="submit"]');
    await page.waitForURL(/#\/jobs\/[0-9a-f-]{36}$/);
  });

  it('a job submitted through the API: its program shown, Move offers the other backends first', async () => {
    const { id } = await queued.api<{ id: string }>('POST', '/v0.4/jobs', {
      type: 'svc.qasm3.v1',
      backend: 'simulator',
      name: 'from curl',
      input: { data: BELL },
    });
    const fresh = await chrome.browser.newPage();
    await openConsole(fresh, queued, `#/jobs/${id}`);
    await fresh.waitForFunction((text) => document.querySelector('.program-source')?.textContent === text, BELL);
    await fresh.waitForFunction(() => document.querySelectorAll('select[name="move-backend"] option').length > 1);
    const options = await fresh.$$eval('select[name="move-backend"] option', (o) =>
      o.map((e) => (e as HTMLOptionElement).value),
    );
    expect(options).not.toContain('simulator');
    expect(await fresh.$eval('select[name="move-backend"]', (e) => (e as HTMLSelectElement).value)).toBe(options[0]);
    await fresh.close();
  });

  it('lists a multicircuit job with its circuits under it, and titles its charts by circuit name', async () => {
    const circuit = (target: number) => ({ circuit: [{ gate: 'x', target }] });
    const { id } = await running.api<{ id: string }>('POST', '/v0.4/jobs', {
      type: 'svc.multi-circuit.v1',
      backend: 'simulator',
      name: 'two circuits',
      input: {
        qubits: 2,
        circuits: [
          { name: 'alpha', ...circuit(0) },
          { name: 'beta', ...circuit(1) },
        ],
      },
    });
    await page.goto(`${running.url}/#/jobs/${id}`);
    await page.waitForSelector('.job-status [data-status="completed"]', { timeout: 60_000 });
    await page.waitForFunction(
      () => document.querySelectorAll('.probabilities-chart figure h2, .probabilities-chart h2').length >= 2,
    );
    expect(await page.$$eval('.probabilities-chart h2', (t) => t.map((e) => e.textContent))).toEqual([
      'Probabilities of circuit alpha',
      'Probabilities of circuit beta',
    ]);
    await page.goto(`${running.url}/#/jobs`);
    await page.waitForSelector(`tr[data-job="${id}"]`);
    const order = await page.$$eval('tr[data-job]', (rows) =>
      rows.map((r) => ({ parent: r.getAttribute('data-parent'), text: r.querySelector('td')?.textContent ?? '' })),
    );
    const at = order.findIndex((r) => r.text === 'two circuits');
    expect(order.slice(at + 1, at + 3)).toEqual([
      { parent: id, text: 'circuit alpha of its job · open' },
      { parent: id, text: 'circuit beta of its job · open' },
    ]);
    expect(order.filter((r) => r.parent === id)).toHaveLength(2);
  });

  it("shows a debiased job's variants and toggles between averaged and sharpened results", async () => {
    const ghz =
      'qubit[3] q; bit[3] c; h q[0]; cx q[0], q[1]; cx q[1], q[2]; c[0] = measure q[0]; c[1] = measure q[1]; c[2] = measure q[2];';
    const { id } = await running.api<{ id: string }>('POST', '/v0.4/jobs', {
      type: 'svc.qasm3.v1',
      backend: 'qpu.aria-1',
      shots: 500,
      input: { data: ghz },
    });
    await page.goto(`${running.url}/#/jobs/${id}`);
    await page.waitForSelector('.job-status [data-status="completed"]', { timeout: 60_000 });
    await page.waitForSelector('table.variants tbody tr');
    expect(await page.$$eval('table.variants tbody tr', (r) => r.length)).toBe(5);
    await page.waitForSelector('.probabilities-chart svg');
    await page.check('input[name="sharpen"]');
    await page.waitForFunction(() =>
      [...document.querySelectorAll('.probabilities-chart [role="img"]')].some((s) =>
        (s.getAttribute('aria-label') ?? '').includes('(sharpened)'),
      ),
    );
    const label = await page.$eval('.probabilities-chart [role="img"]', (s) => s.getAttribute('aria-label') ?? '');
    // Sharpened GHZ: only 000 and 111 remain.
    expect(
      label
        .replace(/^[^:]*: /, '')
        .split(', ')
        .every((bar) => /^(000|111) /.test(bar)),
    ).toBe(true);
  });

  it('made no request beyond the service in all of the above', () => {
    expect(outside).toEqual([]);
  });
});

async function typeProgramOnEditorThen(page: Page, source: string): Promise<void> {
  await page.click('nav.site a[data-page="editor"]');
  await page.waitForSelector('.cm-content');
  await typeProgram(page, source);
  await page.waitForFunction(() => document.querySelector('.lint-status')?.textContent?.startsWith('No problems'));
  await page.click('nav.site a[data-page="circuit"]');
  await page.waitForSelector('#native-circuit svg');
}
