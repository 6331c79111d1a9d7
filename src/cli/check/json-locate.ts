/**
 * Where each value of a JSON document stands in its text, by the JSON path
 * the circuit checker names (`circuit[3].phases[1]`; the document is `''`),
 * so diagnostics about JSON input can point at a line and column (code frames,
 * SARIF regions, GitHub annotations) instead of 1:1. Only called on text that
 * JSON.parse accepted, so the scanner can be simple; anything unexpected just
 * ends the scan with what was found so far.
 */

/** [start, end) UTF-16 offsets of each value, by path. */
export type JsonLocations = ReadonlyMap<string, readonly [number, number]>;

export function locateJsonValues(text: string): JsonLocations {
  const found = new Map<string, readonly [number, number]>();
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i] as string)) i++;
  };
  const readString = (): string => {
    const start = i;
    i++;
    while (i < text.length && text[i] !== '"') i += text[i] === '\\' ? 2 : 1;
    i++;
    return JSON.parse(text.slice(start, i)) as string;
  };
  const child = (path: string, key: string | number) =>
    typeof key === 'number' ? `${path}[${key}]` : path === '' ? key : `${path}.${key}`;
  const value = (path: string, depth: number): void => {
    skipSpace();
    const start = i;
    const c = text[i];
    if (depth > 200) throw new Error('too deep');
    if (c === '{') {
      i++;
      skipSpace();
      while (text[i] !== '}') {
        skipSpace();
        const key = readString();
        skipSpace();
        i++; // ':'
        value(child(path, key), depth + 1);
        skipSpace();
        if (text[i] === ',') i++;
        skipSpace();
      }
      i++;
    } else if (c === '[') {
      i++;
      skipSpace();
      for (let index = 0; text[i] !== ']'; index++) {
        value(child(path, index), depth + 1);
        skipSpace();
        if (text[i] === ',') i++;
        skipSpace();
      }
      i++;
    } else if (c === '"') readString();
    else while (i < text.length && !',]} \t\r\n'.includes(text[i] as string)) i++;
    if (i <= start) throw new Error('no progress');
    found.set(path, [start, i]);
  };
  try {
    value('', 0);
  } catch {
    // A partial map still locates what was scanned.
  }
  return found;
}

/** The location of `path`, or of its nearest ancestor that exists (a missing field points at its object). */
export function locatePath(locations: JsonLocations, path: string): readonly [number, number] | undefined {
  for (let p = path; ; p = parentPath(p)) {
    const at = locations.get(p);
    if (at !== undefined || p === '') return at;
  }
}

function parentPath(path: string): string {
  const cut = Math.max(path.lastIndexOf('.'), path.lastIndexOf('['));
  return cut <= 0 ? '' : path.slice(0, cut);
}
