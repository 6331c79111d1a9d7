/**
 * Runs the built CLI (`node dist/cli/main.js`) as a child process, as a user
 * would. Builds first when dist is missing or older than src; a lock folder
 * keeps parallel test files from building at the same time.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const ROOT = join(import.meta.dirname, '..', '..');
export const CLI = join(ROOT, 'dist', 'cli', 'main.js');
export const FIXTURES = join(import.meta.dirname, 'fixtures');
const LOCK = join(ROOT, 'dist', '.cli-test-build-lock');

export interface CliResult {
  readonly stdout: string;
  readonly stderr: string;
  readonly code: number | null;
}

export interface RunOptions {
  readonly cwd?: string;
  readonly stdin?: string;
  readonly env?: Record<string, string | undefined>;
}

/** Runs the CLI with `args`; colour variables are cleared unless the test sets them. */
export function runCli(args: readonly string[], options: RunOptions = {}): Promise<CliResult> {
  const env: Record<string, string | undefined> = {
    ...process.env,
    NO_COLOR: undefined,
    FORCE_COLOR: undefined,
    ...options.env,
  };
  for (const key of Object.keys(env)) if (env[key] === undefined) delete env[key];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd: options.cwd ?? ROOT, env: env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => resolve({ stdout, stderr, code }));
    child.stdin.end(options.stdin ?? '');
  });
}

/** Builds dist when it is missing or stale. Other agents' type errors do not stop tsc from emitting. */
export async function ensureBuilt(): Promise<void> {
  if (isFresh()) return;
  for (;;) {
    try {
      mkdirSync(join(ROOT, 'dist'), { recursive: true });
      mkdirSync(LOCK);
      break;
    } catch {
      // A lock left behind by a killed test run must not block the next one forever.
      if (existsSync(LOCK) && Date.now() - statSync(LOCK).mtimeMs > 180_000) rmdirSync(LOCK);
      await new Promise((r) => setTimeout(r, 200));
      if (!existsSync(LOCK) && isFresh()) return;
    }
  }
  try {
    if (!isFresh())
      spawnSync(
        process.execPath,
        [join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json'],
        { cwd: ROOT, stdio: 'ignore' },
      );
  } finally {
    rmdirSync(LOCK);
  }
  if (!existsSync(CLI)) throw new Error('npm run build did not produce dist/cli/main.js');
}

function isFresh(): boolean {
  if (!existsSync(CLI)) return false;
  const built = statSync(CLI).mtimeMs;
  return newestMtime(join(ROOT, 'src')) <= built;
}

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs);
  }
  return newest;
}
