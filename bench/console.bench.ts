/**
 * The web console in Chromium: page weight of the first load (gzip), time
 * from a keystroke to its diagnostics on a 1,000-line program (goal < 50 ms),
 * and simulate in the console's Web Worker at 20 qubits, beside the same
 * work in Node in the same run.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { simulate, validate } from '../src/index.js';
import { ensureBrowserBuild, launchChromium, ROOT, staticServer } from '../test/console/browser.js';
import { BENCH_SIZE, median, medianMs, printTable } from './lib.js';

const KEYSTROKES = BENCH_SIZE === 'full' ? 25 : 9;
const SIM_REPEATS = BENCH_SIZE === 'full' ? 5 : 3;
const GOAL_MS = 50;
/** The editor's lint debounce (src/console/pages/editor.ts). */
const LINT_DELAY = 0;
/** The editor's pause before compiling (src/console/pages/editor.ts). */
const COMPILE_PAUSE = 150;

function longProgram(lines: number): string {
  const body: string[] = ['OPENQASM 3.0;', 'qubit[8] q;', 'bit[8] c;'];
  for (let i = 0; body.length < lines - 9; i++) {
    const q = i % 8;
    body.push(
      i % 3 === 0 ? `rz(pi/${(i % 7) + 2}) q[${q}];` : i % 3 === 1 ? `cx q[${q}], q[${(q + 1) % 8}];` : `h q[${q}];`,
    );
  }
  for (let q = 0; q < 8; q++) body.push(`c[${q}] = measure q[${q}];`);
  body.push('h q[0];');
  return body.join('\n');
}

function ghz(n: number): string {
  return [`qubit[${n}] q;`, 'h q[0];', ...Array.from({ length: n - 1 }, (_, i) => `cx q[${i}], q[${i + 1}];`)].join(
    '\n',
  );
}

function dense(n: number): string {
  const lines = [`qubit[${n}] q;`];
  for (let i = 0; i < n; i++) lines.push(`h q[${i}];`);
  for (let i = 0; i < n; i++) lines.push(`cz q[${i}], q[${(i + 1) % n}];`);
  for (let i = 0; i < n; i++) lines.push(`rx(pi/${i + 2}) q[${i}];`);
  return lines.join('\n');
}

await ensureBrowserBuild('console');
const dist = join(ROOT, 'dist', 'console');
const server = await staticServer(dist);
const chrome = await launchChromium();
try {
  // Page weight: every response of the first load of the editor, the worker included.
  const page = await chrome.browser.newPage();
  const loaded: { url: string; bytes: number; gzip: number }[] = [];
  page.on('response', async (response) => {
    if (response.status() !== 200) return;
    const body = await response.body().catch(() => null);
    if (body)
      loaded.push({
        url: new URL(response.url()).pathname,
        bytes: body.length,
        gzip: gzipSync(body, { level: 9 }).length,
      });
  });
  await page.goto(`${server.url}/#/editor`);
  await page.waitForFunction(() => document.querySelector('.lint-status')?.textContent?.startsWith('No problems'));
  await page.waitForLoadState('networkidle');
  const kind = (url: string) =>
    url.endsWith('.html') || url === '/'
      ? 'page'
      : url.includes('/worker-')
        ? 'worker (library)'
        : url.endsWith('.css')
          ? 'styles'
          : 'script (editor)';
  const rows = [...new Map(loaded.map((l) => [l.url, l])).values()].map(
    (l) => [kind(l.url), l.url.replace(/^.*\//, ''), l.bytes / 1024, l.gzip / 1024] as [string, string, number, number],
  );
  const total = rows.reduce<[number, number]>((t, r) => [t[0] + r[2], t[1] + r[3]], [0, 0]);
  const plotChunk = readdirSync(join(dist, 'assets')).filter(
    (f) => f.endsWith('.js') && !loaded.some((l) => l.url.endsWith(f)),
  );
  const lazy =
    plotChunk.reduce((t, f) => t + gzipSync(readFileSync(join(dist, 'assets', f)), { level: 9 }).length, 0) / 1024;
  printTable(
    'Console first load (editor page), KiB',
    ['part', 'file', 'raw', 'gzip'],
    [
      ...rows,
      ['total', '', total[0], total[1]],
      ['loaded later (charts, other pages)', `${plotChunk.length} files`, '', lazy],
    ],
  );

  // Keystroke to diagnostics on a 1,000-line program.
  const program = longProgram(1000);
  await page.focus('.cm-content');
  await page.keyboard.press('Control+A');
  await page.keyboard.insertText(program);
  await page.waitForFunction(() => document.querySelector('.lint-status')?.textContent?.startsWith('No problems'));
  await page.keyboard.press('End');
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  const timeKey = async (key: string, errorsAfter: number) => {
    await page.evaluate((expected) => {
      const w = window as unknown as { t0?: number; t1?: number };
      w.t0 = undefined;
      w.t1 = undefined;
      const content = document.querySelector('.cm-content') as HTMLElement;
      content.addEventListener('keydown', () => (w.t0 = performance.now()), { capture: true, once: true });
      const observer = new MutationObserver(() => {
        if (document.querySelectorAll('.cm-lintRange-error').length === expected && w.t0 !== undefined) {
          w.t1 = performance.now();
          observer.disconnect();
        }
      });
      observer.observe(content, { subtree: true, childList: true, attributes: true });
    }, errorsAfter);
    await page.keyboard.press(key);
    await page.waitForFunction(() => (window as unknown as { t1?: number }).t1 !== undefined);
    return page.evaluate(() => {
      const w = window as unknown as { t0: number; t1: number };
      return {
        total: w.t1 - w.t0,
        validate: Number(document.querySelector<HTMLElement>('.lint-status')?.dataset.validateMs),
      };
    });
  };
  const appear: { total: number; validate: number }[] = [];
  const vanish: { total: number; validate: number }[] = [];
  const afterPause: { total: number; validate: number }[] = [];
  for (let i = 0; i < KEYSTROKES; i++) {
    appear.push(await timeKey('x', 1));
    vanish.push(await timeKey('Backspace', 0));
  }
  // A pause long enough for the compile of the valid text to start in the other worker, then a keystroke.
  for (let i = 0; i < KEYSTROKES; i++) {
    await page.waitForTimeout(COMPILE_PAUSE + 100);
    afterPause.push(await timeKey('x', 1));
    await timeKey('Backspace', 0);
  }
  const nodeValidate = await medianMs(() => validate(program), 9, 2);
  const row = (name: string, runs: { total: number; validate: number }[]) => {
    const total = median(runs.map((r) => r.total));
    return [name, total, median(runs.map((r) => r.validate)), GOAL_MS, total / GOAL_MS];
  };
  printTable(
    `Keystroke to diagnostics, 1,000-line program (${KEYSTROKES} keystrokes each, median ms; includes the ${LINT_DELAY} ms debounce)`,
    ['case', 'keystroke to squiggle', 'validate in worker', 'goal', 'ratio to goal'],
    [
      row('error appears (type x: unknown gate hx)', appear),
      row('error goes (Backspace)', vanish),
      row(`error appears, typed ${COMPILE_PAUSE + 100} ms after the last change (the compile worker busy)`, afterPause),
      ['peer: validate() of the same text in Node', '', nodeValidate, '', ''],
    ],
  );

  // simulate in the console's worker (the built worker chunk), 20 qubits.
  const workerFile = readdirSync(join(dist, 'assets')).find((f) => f.startsWith('worker-')) as string;
  // tsx keeps function names with a helper the page does not have.
  await page.evaluate('window.__name = (f) => f');
  const inWorker = async (source: string, repeats: number) =>
    page.evaluate(
      async ({ url, source, repeats }) => {
        const worker = new Worker(url, { type: 'module' });
        const run = (id: number) => {
          const started = performance.now();
          return new Promise<{ ok: boolean; states: number; simulateMs: number; roundTrip: number }>((resolve) => {
            worker.onmessage = (event: MessageEvent<{ value: { ok: boolean; states: number; simulateMs: number } }>) =>
              resolve({ ...event.data.value, roundTrip: performance.now() - started });
            worker.postMessage({ id, request: { kind: 'simulate', source, maxStates: 64 } });
          });
        };
        const cold = await run(0);
        const warm = [];
        for (let i = 1; i <= repeats; i++) warm.push(await run(i));
        worker.terminate();
        return { cold, warm, isolated: crossOriginIsolated };
      },
      { url: `${server.url}/assets/${workerFile}`, source, repeats },
    );
  const simRows: (string | number)[][] = [];
  let isolated = false;
  for (const [name, source] of [
    ['GHZ, 20 qubits', ghz(20)],
    ['H layer, CZ ring, RX layer, 20 qubits', dense(20)],
  ] as const) {
    const { cold, warm, isolated: coi } = await inWorker(source, SIM_REPEATS);
    isolated = coi;
    if (!cold.ok || !warm.every((r) => r.ok)) throw new Error(`${name}: simulate failed in the worker`);
    const node = await medianMs(() => simulate(source), SIM_REPEATS, 1);
    const inside = median(warm.map((r) => r.simulateMs));
    simRows.push([
      name,
      cold.states,
      cold.roundTrip,
      median(warm.map((r) => r.roundTrip)),
      inside,
      node,
      inside / node,
    ]);
  }
  printTable(
    `simulate in the console's Web Worker (warm: median of ${SIM_REPEATS}; cross-origin isolated: ${isolated})`,
    [
      'program',
      'states',
      'first call, round trip ms',
      'warm round trip ms',
      'warm simulate in worker ms',
      'simulate in Node ms',
      'worker / Node',
    ],
    simRows,
  );
} finally {
  await chrome.close();
  await server.close();
}
