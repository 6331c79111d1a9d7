/**
 * The CLI around the service: `keys create` prints the key alone, `serve`
 * prints `listening on ...` first and JSON logs on standard error, holds its
 * data directory against a second serve, answers `keys create|list|revoke`
 * through its admin socket while it runs, and stops on SIGTERM with exit 0.
 * Run by pglite.test.ts on the data directory its suite initialised.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT, SOURCE_CLI, StartFailed, startServe, type CliProcess } from '../support/processes.js';

export function defineCliTests(dataDir: string): void {
  const run = (...args: string[]) =>
    spawnSync(process.execPath, [...SOURCE_CLI, ...args], { cwd: ROOT, encoding: 'utf8', timeout: 240_000 });

  describe('qasm3-preflight serve, keys', () => {
    let serve: CliProcess | null = null;
    afterAll(async () => {
      await serve?.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    });

    it('creates a key, serves on a free port, refuses a second serve on the data directory, stops on SIGTERM', async () => {
      const created = run('keys', 'create', '--user', 'cli-user', '--project', 'cli-project', '--data', dataDir);
      expect(created.status, created.stderr).toBe(0);
      const key = created.stdout.trim();
      expect(created.stdout).toMatch(/^q3p_[A-Za-z0-9_-]{32}\n$/);

      serve = await startServe(['--data', dataDir], { cli: SOURCE_CLI });
      expect(serve.stdout().split('\n')[0]).toMatch(/^listening on http:\/\/127\.0\.0\.1:\d+$/);
      const url = serve.url;

      const health = await fetch(`${url}/health`);
      expect(await health.json()).toEqual({ status: 'ok' });
      const job = await fetch(`${url}/v0.4/jobs`, {
        method: 'POST',
        headers: { Authorization: `apiKey ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ type: 'svc.qasm3.v1', dry_run: true, input: { data: 'qubit[1] q; h q[0];' } }),
      });
      expect(job.status).toBe(201);

      const second = await startServe(['--data', dataDir], { cli: SOURCE_CLI }).catch((error: unknown) => error);
      expect(second).toBeInstanceOf(StartFailed);
      expect((second as StartFailed).exit).toBe(2);
      expect((second as StartFailed).stderr).toContain(`is in use by process ${serve.pid}`);

      const stderr = serve.logs();
      expect(await serve.kill('SIGTERM')).toBe(0);
      const lines = stderr.trim().split('\n');
      expect(lines.length).toBeGreaterThan(2);
      for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
      expect(stderr).not.toContain(key);
      expect(existsSync(join(dataDir, 'admin.sock'))).toBe(false);

      const listed = run('keys', 'list', '--data', dataDir);
      expect(listed.status, listed.stderr).toBe(0);
      expect(listed.stdout).toContain('cli-user  cli-project');
      expect(listed.stdout).not.toContain(key);
    }, 300_000);

    it('keys create, list and revoke work while serve holds the store, through its owner-only admin socket', async () => {
      serve = await startServe(['--data', dataDir, '--workers', '0'], { cli: SOURCE_CLI });
      const socket = join(dataDir, 'admin.sock');
      expect(statSync(socket).isSocket()).toBe(true);
      expect(statSync(socket).mode & 0o777).toBe(0o600);

      const created = run('keys', 'create', '--user', 'late-user', '--project', 'late-project', '--data', dataDir);
      expect(created.status, created.stderr).toBe(0);
      const key = created.stdout.trim();
      const jobs = () => fetch(`${serve?.url}/v0.4/jobs`, { headers: { Authorization: `apiKey ${key}` } });
      expect((await jobs()).status).toBe(200);

      const listed = run('keys', 'list', '--data', dataDir);
      expect(listed.status, listed.stderr).toBe(0);
      const line = listed.stdout.split('\n').find((l) => l.includes('late-user  late-project')) as string;
      expect(line).toBeDefined();
      const id = line.split(' ')[0] as string;

      const revoked = run('keys', 'revoke', id, '--data', dataDir);
      expect(revoked.status, revoked.stderr).toBe(0);
      expect(revoked.stdout).toBe(`revoked ${id}\n`);
      expect(run('keys', 'list', '--data', dataDir).stdout).toMatch(
        new RegExp(`${id}  late-user  late-project  \\S+  revoked `),
      );
      // The service caches a key for 5 s: a revoked key stops working within that time.
      let status = 200;
      for (const deadline = Date.now() + 30_000; status !== 401 && Date.now() < deadline;) {
        await new Promise((r) => setTimeout(r, 250));
        status = (await jobs()).status;
      }
      expect(status).toBe(401);
      expect(await serve.kill('SIGTERM')).toBe(0);
    }, 300_000);
  });
}
