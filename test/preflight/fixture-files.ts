/** Listing fixture programs, shared by the fixtures and conventions tests. */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Every `.qasm` file under `dir`, sorted, depth first; none when `dir` does not exist. */
export function qasmFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? qasmFiles(path) : path.endsWith('.qasm') ? [path] : [];
    });
}
