/**
 * A large JSON body parsed in pieces, with the event loop free between them
 * (issue 24: a valid 150,000-gate body, 6.8 MB, was one `JSON.parse` and
 * blocked `/health` for seconds with the checks after it).
 *
 * The shape scan (json-shape.ts) marks every array or object of more than
 * {@link SLICE_BYTES} of text as a {@link Slice}, with cuts at its commas
 * about that many bytes apart. Each run of items between two cuts is parsed
 * alone as `[...]` or `{...}`, a `setImmediate` between runs; a slice inside
 * a run is parsed the same way first and stands in the run's text as a
 * marker string, replaced by its value afterwards (found by its path, as
 * `JSON.parse` would place it). The pieces are cut at commas of the
 * structure itself, so each piece is valid JSON exactly when the whole body
 * is; still, if any piece fails, or the scan saw brackets that do not pair,
 * the caller parses the body whole, which gives the parser's own answer.
 * Each piece goes through the same parser (Fastify's, prototype poisoning
 * removed), and an object's runs are merged in order, so a repeated key
 * ends as `JSON.parse` ends it: the last one wins.
 */
import { randomBytes } from 'node:crypto';
import type { Cut, Slice } from './json-shape.js';
import { yieldToEventLoop } from '../event-loop.js';

/** Parses one piece of JSON text; throws when it is no JSON. */
export type PieceParser = (text: string) => unknown;

type Container = Record<string, unknown> | unknown[];

const isContainer = (value: unknown): value is Container => value !== null && typeof value === 'object';

/** Thrown when a piece parses but cannot be the body's (an empty run: `[,` or a trailing comma). */
export class NotJson extends Error {}

/** The body `bytes`, whose scan found `slices` at its top, parsed piece by piece. */
export async function parseInSlices(bytes: Buffer, slices: readonly Slice[], parse: PieceParser): Promise<unknown> {
  const marker = `q3p-slice-${randomBytes(16).toString('hex')}-`;
  const text = (from: number, to: number) => bytes.toString('utf8', from, to);

  /** The text from `from` to `to`, each slice of `holes` (all inside it, in order) parsed first and put in place. */
  async function parseWithHoles(
    from: number,
    to: number,
    holes: readonly Slice[],
    wrap: readonly [string, string],
    pathIn: (hole: Slice) => readonly string[],
  ): Promise<unknown> {
    const parts: string[] = [wrap[0]];
    const values: unknown[] = [];
    let at = from;
    for (const [n, hole] of holes.entries()) {
      values.push(await parseSlice(hole));
      parts.push(text(at, hole.start), JSON.stringify(marker + n));
      at = hole.end + 1;
    }
    parts.push(text(at, to), wrap[1]);
    let value = parse(parts.join(''));
    for (const [n, hole] of holes.entries()) value = place(value, pathIn(hole), marker + n, values[n]);
    return value;
  }

  /** One slice: its runs parsed one by one, the loop free in between. */
  async function parseSlice(slice: Slice): Promise<unknown> {
    const bounds = [slice.start, ...slice.cuts.map((c) => c.at), slice.end];
    const depth = slice.path.length;
    const result: Container = slice.isObject ? {} : [];
    let next = 0;
    for (let run = 0; run + 1 < bounds.length; run++) {
      const to = bounds[run + 1] as number;
      const holes: Slice[] = [];
      while (next < slice.inner.length && (slice.inner[next] as Slice).start < to)
        holes.push(slice.inner[next++] as Slice);
      // Within a run of an array, items count from the run's first.
      const first = run === 0 ? 0 : (slice.cuts[run - 1] as Cut).index;
      const pathIn = (hole: Slice) => {
        const rest = hole.path.slice(depth);
        return slice.isObject ? rest : [String(Number(rest[0]) - first), ...rest.slice(1)];
      };
      const wrap: [string, string] = slice.isObject ? ['{', '}'] : ['[', ']'];
      const from = (bounds[run] as number) + 1;
      // An empty run parses (`[]`) though the text around it (`[,1]`, `[1,]`) is no JSON.
      if (blank(bytes, from, to)) throw new NotJson();
      const piece = await parseWithHoles(from, to, holes, wrap, pathIn);
      if (Array.isArray(result) && Array.isArray(piece)) for (const item of piece) result.push(item);
      else if (!Array.isArray(result) && isContainer(piece) && !Array.isArray(piece))
        for (const key of Object.keys(piece)) result[key] = piece[key];
      else throw new NotJson();
      await yieldToEventLoop();
    }
    return result;
  }

  return parseWithHoles(0, bytes.length, slices, ['', ''], (hole) => hole.path);
}

/** Whether `bytes` from `from` to `to` are JSON whitespace only. */
function blank(bytes: Buffer, from: number, to: number): boolean {
  for (let i = from; i < to; i++) {
    const c = bytes[i];
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return false;
  }
  return true;
}

/**
 * `root` with `value` where the marker string `mark` stands at `path` (the
 * root itself when the path is empty); unchanged when a later repeat of a
 * key on the way replaced the marker, as it replaced the value in the text.
 */
function place(root: unknown, path: readonly string[], mark: string, value: unknown): unknown {
  if (path.length === 0) return root === mark ? value : root;
  let at: unknown = root;
  for (const segment of path.slice(0, -1)) {
    if (!isContainer(at) || !Object.hasOwn(at, segment)) return root;
    at = (at as Record<string, unknown>)[segment];
  }
  const last = path[path.length - 1] as string;
  if (isContainer(at) && Object.hasOwn(at, last) && (at as Record<string, unknown>)[last] === mark)
    (at as Record<string, unknown>)[last] = value;
  return root;
}
