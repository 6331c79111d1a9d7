/** One process per embedded data directory: the lock file refuses a live holder and takes over from a dead one. */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireLock, DataDirLockedError, LOCK_FILE } from '../../src/service/store/lock.js';

/** The pid of a process that has exited. */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))'], { encoding: 'utf8' });
  return Number(child.stdout);
}

describe('data directory lock', () => {
  const dir = mkdtempSync(join(tmpdir(), 'qasm3-preflight-lock-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a live holder by pid and takes over from a dead one', () => {
    writeFileSync(join(dir, LOCK_FILE), String(process.ppid));
    expect(() => acquireLock(dir)).toThrow(DataDirLockedError);
    expect(() => acquireLock(dir)).toThrow(`The data directory ${dir} is in use by process ${process.ppid}`);
    writeFileSync(join(dir, LOCK_FILE), String(deadPid()));
    const release = acquireLock(dir);
    expect(() => acquireLock(join(dir))).not.toThrow(); // our own pid: a second open in this process is the caller's business
    release();
  });
});
