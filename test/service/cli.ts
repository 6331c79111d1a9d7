/**
 * The CLI around the service: `keys create` prints the key alone, `serve`
 * prints `listening on ...` first and JSON logs on standard error, holds its
 * data directory against a second process, and stops on SIGTERM with exit 0.
 * Run by pglite.test.ts on the data directory its suite initialised (an
 * embedded store takes seconds to create).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const CLI = ['--import', 'tsx', join(ROOT, 'src', 'cli', 'main.ts')];

export function defineCliTests(dataDir: string): void {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [...CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });

  describe('qasm3-preflight serve, keys', () => {
    let serve: ChildProcess | null = null;
    afterAll(() => {
      if (serve && serve.exitCode === null) serve.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('creates a key, serves on a free port, refuses a second process on the data directory, stops on SIGTERM', async () => {
      const created = run('keys', 'create', '--user', 'cli-user', '--project', 'cli-project', '--data', dataDir);
      expect(created.status, created.stderr).toBe(0);
      const key = created.stdout.trim();
      expect(created.stdout).toMatch(/^q3p_[A-Za-z0-9_-]{32}\n$/);

      serve = spawn(process.execPath, [...CLI, 'serve', '--port', '0', '--data', dataDir], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      serve.stdout?.on('data', (d) => (stdout += d));
      serve.stderr?.on('data', (d) => (stderr += d));
      const firstLine = await new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no listening line; stderr: ${stderr}`)), 90_000);
        serve?.stdout?.on('data', () => {
          if (stdout.includes('\n')) {
            clearTimeout(timer);
            resolve(stdout.split('\n')[0] as string);
          }
        });
      });
      expect(firstLine).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
      const url = firstLine.slice('listening on '.length);

      const health = await fetch(`${url}/health`);
      expect(await health.json()).toEqual({ status: 'ok' });
      const job = await fetch(`${url}/v0.4/jobs`, {
        method: 'POST',
        headers: { Authorization: `apiKey ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'svc.qasm3.v1', dry_run: true, input: { data: 'qubit[1] q; h q[0];' } }),
      });
      expect(job.status).toBe(201);

      const second = run('keys', 'list', '--data', dataDir);
      expect(second.status).toBe(2);
      expect(second.stderr).toContain(`is in use by process ${serve.pid}`);

      serve.kill('SIGTERM');
      const code = await new Promise<number | null>((resolve) => serve?.once('exit', (c) => resolve(c)));
      expect(code).toBe(0);
      const lines = stderr.trim().split('\n');
      expect(lines.length).toBeGreaterThan(2);
      for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
      expect(stderr).not.toContain(key);

      const listed = run('keys', 'list', '--data', dataDir);
      expect(listed.status, listed.stderr).toBe(0);
      expect(listed.stdout).toContain('cli-user  cli-project');
      expect(listed.stdout).not.toContain(key);
    }, 300_000);
  });
}
