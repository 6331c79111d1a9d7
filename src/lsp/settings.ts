/**
 * Which target a document is checked for: a leading comment
 * `// qasm3-preflight target: qpu.aria-1` in the file wins over the
 * workspace setting `qasm3Preflight.target`, which wins over the library's
 * default (`simulator`).
 */

/** The workspace settings the server reads (section `qasm3Preflight`). */
export interface ServerSettings {
  readonly target?: string;
}

/** A target named by the file itself, with the offsets of the name (for diagnostics about it). */
export interface FileTarget {
  readonly name: string;
  readonly start: number;
  readonly end: number;
}

const TARGET_COMMENT = /^\/\/\s*qasm3-preflight\s+target\s*:\s*(\S+)/;

/**
 * The target named in the comments that lead the file (before the first
 * statement): only those count, so a comment further down cannot silently
 * change how the whole file is judged.
 */
export function fileTarget(text: string): FileTarget | null {
  let offset = 0;
  while (offset < text.length) {
    const rest = text.slice(offset, offset + 4096);
    const space = /^\s+/.exec(rest);
    if (space) {
      offset += space[0].length;
      continue;
    }
    if (rest.startsWith('//')) {
      const lineEnd = rest.search(/[\r\n]/);
      const line = lineEnd < 0 ? rest : rest.slice(0, lineEnd);
      const match = TARGET_COMMENT.exec(line);
      if (match) {
        const name = match[1] as string;
        const start = offset + line.lastIndexOf(name);
        return { name, start, end: start + name.length };
      }
      offset += line.length;
      continue;
    }
    if (rest.startsWith('/*')) {
      const close = text.indexOf('*/', offset + 2);
      if (close < 0) return null;
      offset = close + 2;
      continue;
    }
    return null;
  }
  return null;
}

/** The target to check a document for. */
export function chooseTarget(text: string, settings: ServerSettings): string | undefined {
  return fileTarget(text)?.name ?? nonEmpty(settings.target);
}

function nonEmpty(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}
