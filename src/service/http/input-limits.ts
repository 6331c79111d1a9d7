/**
 * The one input sanitiser at the edge (issue 24, S2-S4): what PostgreSQL
 * refuses to store is a 400 naming the dotted key, before authentication or
 * validation costs anything.
 *
 * - Shape: depth (at most {@link MAX_JSON_DEPTH}), the items of one array
 *   and of all arrays together, counted on the raw bytes as they arrive,
 *   before `JSON.parse` (json-shape.ts, json-body.ts); {@link badShape}
 *   puts a passed limit in words.
 * - Text: no string or key holds NUL (`\u0000`: text and jsonb cannot hold
 *   it) or a lone surrogate (`\ud800` without its pair: not valid UTF-8, so
 *   PostgreSQL refuses the row).
 *
 * Every walk here is a loop over an explicit stack: a hostile body cannot
 * exhaust the call stack.
 */
import { MAX_REPORTED_KEYS, Problem } from '../jobs/problems.js';
import {
  dotted,
  MAX_ARRAY_ITEMS,
  MAX_CIRCUITS,
  MAX_JSON_DEPTH,
  MAX_TOTAL_ITEMS,
  type ShapeProblem,
} from './json-shape.js';

/** A lone surrogate: a high one not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/**
 * Whether JSON text holds an escape that can produce NUL or a surrogate
 * (`\u0000`, `\ud800`-`\udfff`): the parsed body is walked only when one
 * occurs. Read on the bytes, so a 10 MB body is not decoded to a second
 * string for it (issue 24, S7: that was 10-130 ms of the event loop).
 */
function holdsRiskyEscape(bytes: Buffer): boolean {
  for (let at = bytes.indexOf(UNICODE_ESCAPE); at !== -1; at = bytes.indexOf(UNICODE_ESCAPE, at + 2))
    if (RISKY_ESCAPE.test(bytes.toString('latin1', at, at + 6))) return true;
  return false;
}
/** The bytes that open a `\\u` escape, encoded once (a text needle is encoded at every search). */
const UNICODE_ESCAPE = Buffer.from('\\u');
const RISKY_ESCAPE = /^\\u(?:0000|[dD][89a-fA-F][0-9a-fA-F]{2})$/;

/** What a stored string must not hold, in words; null when it may be stored. */
function textProblem(value: string): 'nul' | 'surrogate' | null {
  if (value.includes('\0')) return 'nul';
  return LONE_SURROGATE.test(value) ? 'surrogate' : null;
}

interface TextProblems {
  readonly keys: string[];
  readonly more: number;
  readonly kinds: Set<'nul' | 'surrogate'>;
}

/** Dotted paths of the strings and keys holding NUL or a lone surrogate: the first 20 and how many more. */
export function textProblems(root: unknown): TextProblems {
  const found: TextProblems = { keys: [], more: 0, kinds: new Set() };
  const note = (kind: 'nul' | 'surrogate', item: WalkItem) => {
    found.kinds.add(kind);
    if (found.keys.length < MAX_REPORTED_KEYS) found.keys.push(dotted(pathOf(item)));
    else (found as { more: number }).more++;
  };
  // Pre-order, as a recursive walk would report: for each entry its key, then its value. Items link to
  // their parent instead of carrying a path, so a million strings cost no million arrays.
  const stack: WalkItem[] = [{ value: root, parent: null, segment: null }];
  while (stack.length > 0) {
    const item = stack.pop() as WalkItem;
    const value = item.value;
    if (item.badKey !== undefined) note(item.badKey, item);
    else if (typeof value === 'string') {
      const kind = textProblem(value);
      if (kind) note(kind, item);
    } else if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) {
        const child: unknown = value[i];
        // Numbers, booleans and null hold no text: not pushed at all.
        if (child !== null && (typeof child === 'string' || typeof child === 'object'))
          stack.push({ value: child, parent: item, segment: String(i) });
      }
    } else if (value !== null && typeof value === 'object') {
      const entries = Object.entries(value);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [key, child] = entries[i] as [string, unknown];
        stack.push({ value: child, parent: item, segment: key });
        const kind = textProblem(key);
        if (kind) stack.push({ value: undefined, parent: item, segment: key, badKey: kind });
      }
    }
  }
  return found;
}

interface WalkItem {
  readonly value: unknown;
  readonly parent: WalkItem | null;
  /** The key or index of this value in its parent. */
  readonly segment: string | null;
  /** Set on the entry that reports a faulty key (under the key's own path). */
  readonly badKey?: 'nul' | 'surrogate';
}

function pathOf(item: WalkItem): string[] {
  const path: string[] = [];
  for (let at: WalkItem | null = item; at !== null; at = at.parent) if (at.segment !== null) path.push(at.segment);
  return path.reverse();
}

function refusal(source: 'payload' | 'querystring' | 'params', problems: TextProblems): Problem {
  const what = [...problems.kinds]
    .map((k) =>
      k === 'nul' ? 'the NUL character \\u0000' : 'a lone UTF-16 surrogate (\\ud800-\\udfff without its pair)',
    )
    .join(' or ');
  const more = problems.more > 0 ? ` and ${problems.more} more` : '';
  return new Problem(
    'invalid',
    `Invalid ${source}: ${problems.keys.join(', ')}${more} (${what} cannot be stored; send text as valid Unicode without NUL)`,
    problems.keys,
    source,
  );
}

/** Throws the 400 when a parsed body holds text PostgreSQL cannot store; `bytes` is its JSON, to skip clean bodies fast. */
export function refuseUnstorableText(bytes: Buffer, body: unknown): void {
  if (!holdsRiskyEscape(bytes)) return;
  const problems = textProblems(body);
  if (problems.keys.length > 0) throw refusal('payload', problems);
}

/** What each limit of a body's shape says in a 400 (`where` is the dotted key, or "the body"). */
const SHAPE_MESSAGES: Readonly<Record<ShapeProblem['kind'], (where: string) => string>> = {
  depth: (where) => `${where} nests arrays and objects more than ${MAX_JSON_DEPTH} deep, the most this service stores`,
  items: (where) => `${where} must hold at most ${MAX_ARRAY_ITEMS} items`,
  circuits: (where) => `${where} must hold at most ${MAX_CIRCUITS} circuits`,
  gates: (where) => `the circuits of a job must hold at most ${MAX_ARRAY_ITEMS} gates in all (passed at ${where})`,
  total: (where) =>
    `the arrays of a body must hold at most ${MAX_TOTAL_ITEMS} items in all (passed at ${where}), ` +
    `enough for the largest job: ${MAX_ARRAY_ITEMS} gates with their targets, controls and phases`,
};

/** The 400 for a body whose shape passes a limit: found while its chunks arrive, before it is parsed. */
export function badShape(problem: ShapeProblem): Problem {
  const where = problem.path || 'the body';
  return new Problem('invalid', `Invalid payload: ${SHAPE_MESSAGES[problem.kind](where)}`, [problem.path], 'payload');
}

/** The same text check for a query string or path parameters: each parameter is one string. */
export function refuseUnstorableParameters(values: unknown, source: 'querystring' | 'params'): void {
  // Most requests have no query and a create no path parameter: nothing to walk.
  if (isEmptyObject(values)) return;
  const problems = textProblems(values);
  if (problems.keys.length > 0) throw refusal(source, problems);
}

/** No parameter at all: null, undefined, or an object without own keys. */
function isEmptyObject(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value !== 'object') return false;
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

/** A numeric query schema: `{ type: 'integer' | 'number' }` (TypeBox's Optional keeps the type). */
interface QuerySchema {
  readonly properties?: Readonly<Record<string, { readonly type?: unknown }>>;
}

/**
 * `Infinity` and `-Infinity` pass Ajv's coercion of a numeric query parameter
 * and then its range checks (Ajv 8 compares them as coerced strings), so they
 * reached PostgreSQL as an out-of-range number: a 400 in words instead.
 */
export function refuseNonFiniteQueryNumbers(query: unknown, schema: QuerySchema | undefined): void {
  if (query === null || typeof query !== 'object' || !schema?.properties) return;
  const keys = Object.entries(query as Record<string, unknown>)
    .filter(([key, value]) => {
      const type = schema.properties?.[key]?.type;
      const values = Array.isArray(value) ? (value as unknown[]) : [value];
      return (
        (type === 'integer' || type === 'number') &&
        values.some((v) => typeof v === 'string' && /^\s*[+-]?infinity\s*$/i.test(v))
      );
    })
    .map(([key]) => key);
  if (keys.length > 0)
    throw new Problem(
      'invalid',
      `Invalid query: ${keys.join(', ')} must be a finite number within the documented range`,
      keys,
      'querystring',
    );
}
