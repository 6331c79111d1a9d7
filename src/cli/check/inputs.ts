/**
 * Turns the `check` arguments into the files to read: a file as given, every
 * `*.qasm` below a directory (skipping `node_modules` and dot-folders), the
 * matches of a glob pattern, and `-` for standard input. Paths that exist are
 * never read as patterns, so a file named `a[1].qasm` still works.
 */
import { statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { globSync, isDynamicPattern } from 'tinyglobby';

export type CheckInput =
  | { readonly kind: 'file'; readonly path: string; readonly display: string }
  | { readonly kind: 'stdin'; readonly display: string };

export interface CollectedInputs {
  readonly inputs: readonly CheckInput[];
  /** Arguments that named no readable file: a missing path, an empty directory, a pattern matching nothing. */
  readonly problems: readonly { readonly argument: string; readonly message: string }[];
}

const IGNORED = ['**/node_modules/**', '**/.*/**'];

export function collectInputs(args: readonly string[], cwd: string, stdinName: string): CollectedInputs {
  const inputs: CheckInput[] = [];
  const problems: { argument: string; message: string }[] = [];
  const seen = new Set<string>();
  const add = (path: string, display: string) => {
    const key = resolve(cwd, path);
    if (seen.has(key)) return;
    seen.add(key);
    inputs.push({ kind: 'file', path: key, display });
  };
  for (const arg of args) {
    if (arg === '-') {
      if (!seen.has('-')) inputs.push({ kind: 'stdin', display: stdinName });
      seen.add('-');
      continue;
    }
    const stats = statOrUndefined(resolve(cwd, arg));
    if (stats?.isDirectory()) {
      const found = globSync('**/*.qasm', { cwd: resolve(cwd, arg), ignore: IGNORED, dot: false }).sort();
      if (found.length === 0) problems.push({ argument: arg, message: `no .qasm files in directory ${arg}` });
      for (const rel of found) add(join(arg, rel), join(arg, rel));
    } else if (stats) {
      add(arg, arg);
    } else if (isDynamicPattern(arg)) {
      const found = globSync(arg, { cwd, ignore: IGNORED, onlyFiles: true }).sort();
      if (found.length === 0) problems.push({ argument: arg, message: `no files match the pattern ${arg}` });
      for (const rel of found) add(rel, rel);
    } else {
      // Still a file input: reading it reports "no such file" in that file's entry, beside the others.
      add(arg, arg);
    }
  }
  return { inputs, problems };
}

function statOrUndefined(path: string): ReturnType<typeof statSync> | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}
