/**
 * Test support for the console: the builds it needs (fresh when src changed),
 * Debian's Chromium driven by playwright-core (nothing downloads a browser),
 * and a static server on a free loopback port for pages that need no service.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmdirSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { ISOLATION_HEADERS } from '../../src/service/http/console.js';
import { BUILT_CLI, startServe as startCliServe } from '../support/processes.js';

export const ROOT = join(import.meta.dirname, '..', '..');
export const CHROMIUM = '/usr/bin/chromium';
export const SCREENSHOTS = join(ROOT, 'docs', 'console');
const LOCK = join(ROOT, 'dist', '.console-test-build-lock');

function newest(dir: string): number {
  let time = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    time = Math.max(time, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return time;
}

function fresh(output: string): boolean {
  return (
    existsSync(output) &&
    statSync(output).mtimeMs >= Math.max(newest(join(ROOT, 'src')), statSync(join(ROOT, 'vite.config.ts')).mtimeMs)
  );
}

/** Runs `vite build` (the console) or `vite build --mode library` when its output is older than src; one test file at a time. */
export async function ensureBrowserBuild(which: 'console' | 'library'): Promise<void> {
  const marker = join(ROOT, 'dist', which === 'console' ? 'console/index.html' : 'browser/index.js');
  if (fresh(marker)) return;
  mkdirSync(join(ROOT, 'dist'), { recursive: true });
  for (;;) {
    try {
      mkdirSync(LOCK);
      break;
    } catch {
      if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > 180_000) rmdirSync(LOCK);
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  try {
    if (!fresh(marker)) {
      const args = [
        join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
        'build',
        '--logLevel',
        'warn',
        ...(which === 'library' ? ['--mode', 'library'] : []),
      ];
      const run = spawnSync(process.execPath, args, { cwd: ROOT, encoding: 'utf8' });
      if (run.status !== 0) throw new Error(`vite build failed:\n${run.stderr}`);
    }
  } finally {
    rmdirSync(LOCK);
  }
}

/** Debian's Chromium, headless, with a fresh profile removed on close. */
export async function launchChromium(): Promise<{ browser: BrowserContext; close: () => Promise<void> }> {
  if (!existsSync(CHROMIUM))
    throw new Error(`${CHROMIUM} is missing: run npm run ensure-chromium (apt-get install -y chromium)`);
  const profile = mkdtempSync(join(tmpdir(), 'qasm3-preflight-chromium-'));
  // A persistent context on a fresh directory is Chromium's --user-data-dir (playwright passes it itself).
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    viewport: { width: 1280, height: 800 },
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    browser,
    close: async () => {
      await browser.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

/** Serves `dir` on 127.0.0.1 with a free port and the service's isolation headers; anything else is a 404 (as a service without the API would answer). */
export async function staticServer(dir: string): Promise<{ url: string; close: () => Promise<void> }> {
  const server: Server = createServer((request, response) => {
    const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname)).replace(
      /^(\.\.[/\\])+/,
      '',
    );
    const file = join(dir, path.endsWith('/') ? `${path}index.html` : path);
    if (!file.startsWith(dir) || !existsSync(file) || statSync(file).isDirectory()) {
      response
        .writeHead(404, { 'content-type': 'application/json' })
        .end('{"statusCode":404,"error":"Not Found Error","message":"not found"}');
      return;
    }
    response
      .writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream', ...ISOLATION_HEADERS })
      .end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

export interface RunningService {
  readonly url: string;
  readonly key: string;
  /** Calls the service's API from the test, as the console's user. */
  api<T>(method: string, path: string, body?: unknown): Promise<T>;
  close(): Promise<void>;
}

/**
 * `qasm3-preflight keys create` then `qasm3-preflight serve --port 0` on a
 * fresh data directory, as a user would run them (the built CLI). Waits for
 * the listening line however long a loaded machine takes; a failure to start
 * reports the process's standard error.
 */
export async function startServe(options: { workers: number }): Promise<RunningService> {
  const data = mkdtempSync(join(tmpdir(), 'qasm3-preflight-console-data-'));
  const created = spawnSync(
    process.execPath,
    [...BUILT_CLI, 'keys', 'create', '--user', 'console-user', '--project', 'console-project', '--data', data],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (created.status !== 0) throw new Error(`keys create exited ${created.status}: ${created.stderr}`);
  const key = created.stdout.trim();
  const serve = await startCliServe(['--data', data, '--workers', String(options.workers)]);
  const url = serve.url;
  return {
    url,
    key,
    async api<T>(method: string, path: string, body?: unknown) {
      const response = await fetch(url + path, {
        method,
        headers: {
          Authorization: `apiKey ${key}`,
          ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    async close() {
      await Promise.race([serve.kill('SIGTERM'), new Promise((r) => setTimeout(r, 30_000))]);
      await serve.kill('SIGKILL');
      rmSync(data, { recursive: true, force: true });
    },
  };
}

/** Where the run's screenshots go: the test output, and docs/console when UPDATE_SCREENSHOTS=1 (what docs/console.md shows). */
export function screenshotPaths(name: string): string[] {
  const output = join(ROOT, '.test-output', 'console');
  mkdirSync(output, { recursive: true });
  const paths = [join(output, `${name}.png`)];
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    mkdirSync(SCREENSHOTS, { recursive: true });
    paths.push(join(SCREENSHOTS, `${name}.png`));
  }
  return paths;
}

/** Replaces the editor's text by keyboard: select all, delete, then the text as typed input. */
export async function typeProgram(page: Page, text: string): Promise<void> {
  await page.mouse.move(0, 0);
  await page.focus('.cm-content');
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(text);
}
