/**
 * One process per embedded data directory. The lock file holds the holder's
 * pid: a live holder is refused with a message saying what to do; the file of
 * a dead one (a process killed with -9) is taken over.
 */
import { openSync, readFileSync, rmSync, writeSync, closeSync } from 'node:fs';
import { join } from 'node:path';

export const LOCK_FILE = 'qasm3-preflight.lock';

/** Thrown when another live process holds the data directory. */
export class DataDirLockedError extends Error {
  constructor(dataDir: string, pid: number) {
    super(
      `The data directory ${dataDir} is in use by process ${pid}. Stop that process, or give this one another --data directory, ` +
        'or run several processes against one PostgreSQL server with --database.',
    );
    this.name = 'DataDirLockedError';
  }
}

/** Whether `pid` runs, and (where /proc tells) runs node: a dead holder's pid reused by another program does not hold the lock. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
  try {
    return /node/.test(readFileSync(`/proc/${pid}/cmdline`, 'utf8'));
  } catch {
    return true;
  }
}

/** Takes the directory's lock; returns the function that releases it. */
export function acquireLock(dataDir: string): () => void {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(path, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number.parseInt(readFileSync(path, 'utf8').trim(), 10);
      if (Number.isInteger(holder) && holder > 0 && holder !== process.pid && alive(holder))
        throw new DataDirLockedError(dataDir, holder);
      rmSync(path, { force: true });
    }
  }
  throw new Error(`Could not take the lock file ${path}`);
}
