/**
 * The fault suites run the built CLI as real processes: build it first when
 * dist/ is missing or older than a source file (CI's `npm ci` has built it).
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../', import.meta.url));

function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

export default function setup(): void {
  let built: number;
  try {
    built = statSync(join(root, 'dist/cli/main.js')).mtimeMs;
  } catch {
    built = 0;
  }
  if (built >= newest(join(root, 'src'))) return;
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
