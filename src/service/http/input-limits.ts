/**
 * The one input sanitiser at the edge (issue 24, S2-S4): what PostgreSQL
 * refuses to store is a 400 naming the dotted key, before authentication or
 * validation costs anything.
 *
 * - Depth: a JSON body nests at most {@link MAX_JSON_DEPTH} arrays and
 *   objects. Checked on the text, by a scan with an explicit stack, before
 *   `JSON.parse` (which takes seconds on ten million open brackets) and
 *   before any walk that recurses (`JSON.stringify` at the store).
 * - Length: no array in a body holds more than {@link MAX_ARRAY_ITEMS}
 *   items (the spec's 150,000 gates a job; no other list a client sends
 *   comes near). Checked in the same scan, which stops at the first array
 *   past it: a 10 MB body of five million bad gates is refused after reading
 *   300 KB of it, and is never given to `JSON.parse` (1.5 s of one blocked
 *   event loop on this machine, issue 24 S7).
 * - Text: no string or key holds NUL (`\u0000`: text and jsonb cannot hold
 *   it) or a lone surrogate (`\ud800` without its pair: not valid UTF-8, so
 *   PostgreSQL refuses the row).
 *
 * Every walk here is a loop over an explicit stack: a hostile body cannot
 * exhaust the call stack.
 */
import { circuitJsonLimits } from '../../index.js';
import { MAX_REPORTED_KEYS, Problem } from '../jobs/problems.js';

/** Arrays and objects nested in a body, at most (the deepest body a client of the real service sends has 9). */
export const MAX_JSON_DEPTH = 64;
/** Items of one array in a body, at most: the spec's gates a job, the longest list a client sends. */
export const MAX_ARRAY_ITEMS = circuitJsonLimits.maxGatesPerJob;
/** Characters of one key segment quoted in an answer. */
const MAX_SEGMENT_LENGTH = 100;

/** A lone surrogate: a high one not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
/** A JSON escape that can produce NUL or a surrogate: the parsed body is walked only when one occurs. */
const RISKY_ESCAPE = /\\u(?:0000|[dD][89a-fA-F])/;

const QUOTE = 34;
const BACKSLASH = 92;
const OPEN_BRACE = 123;
const CLOSE_BRACE = 125;
const OPEN_BRACKET = 91;
const CLOSE_BRACKET = 93;
const COMMA = 44;
const COLON = 58;

interface Frame {
  readonly isObject: boolean;
  /** The key or index under which this container sits in its parent. */
  readonly segment: string | null;
  /** Objects: the last key read; arrays: the index of the current item. */
  key: string;
  index: number;
  expectingKey: boolean;
}

/** Where JSON text first passes a limit of its shape: nesting depth, or the items of one array. */
export interface ShapeProblem {
  readonly kind: 'depth' | 'items';
  /** Dotted path of the value nested too deep, or of the array with too many items. */
  readonly path: string;
}

/**
 * The first place JSON text nests deeper than `maxDepth` or holds an array
 * of more than `maxItems` items, or null. Linear in the text and stops there;
 * keys are decoded only for the path. Text that is not JSON is scanned as
 * well as it goes and left to the parser.
 */
export function shapeProblem(text: string, maxDepth = MAX_JSON_DEPTH, maxItems = MAX_ARRAY_ITEMS): ShapeProblem | null {
  const stack: Frame[] = [];
  const length = text.length;
  for (let i = 0; i < length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      const start = i;
      for (i++; i < length; i++) {
        const d = text.charCodeAt(i);
        if (d === BACKSLASH) i++;
        else if (d === QUOTE) break;
      }
      const top = stack[stack.length - 1];
      if (top?.isObject && top.expectingKey)
        top.key = text.slice(start, Math.min(i + 1, start + 4 * MAX_SEGMENT_LENGTH));
    } else if (c === OPEN_BRACE || c === OPEN_BRACKET) {
      const parent = stack[stack.length - 1];
      const segment = parent === undefined ? null : parent.isObject ? decodeKey(parent.key) : String(parent.index);
      if (stack.length >= maxDepth) return { kind: 'depth', path: dotted([...stack.map((f) => f.segment), segment]) };
      stack.push({ isObject: c === OPEN_BRACE, segment, key: '', index: 0, expectingKey: c === OPEN_BRACE });
    } else if (c === CLOSE_BRACE || c === CLOSE_BRACKET) {
      stack.pop();
    } else if (c === COMMA) {
      const top = stack[stack.length - 1];
      if (top === undefined) continue;
      if (top.isObject) top.expectingKey = true;
      else if (++top.index >= maxItems) return { kind: 'items', path: dotted(stack.map((f) => f.segment)) };
    } else if (c === COLON) {
      const top = stack[stack.length - 1];
      if (top?.isObject) top.expectingKey = false;
    }
  }
  return null;
}

function decodeKey(quoted: string): string {
  try {
    const key: unknown = JSON.parse(quoted.endsWith('"') ? quoted : `${quoted}"`);
    return typeof key === 'string' ? key : quoted;
  } catch {
    return quoted.slice(1);
  }
}

/** Path segments as a dotted key, each segment cut to a readable length. */
export function dotted(segments: readonly (string | null)[]): string {
  return segments
    .filter((s): s is string => s !== null)
    .map((s) => (s.length > MAX_SEGMENT_LENGTH ? `${s.slice(0, MAX_SEGMENT_LENGTH)}…` : s))
    .join('.');
}

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

/** Throws the 400 when a parsed body holds text PostgreSQL cannot store; `text` is its JSON, to skip clean bodies fast. */
export function refuseUnstorableText(text: string, body: unknown): void {
  if (!RISKY_ESCAPE.test(text)) return;
  const problems = textProblems(body);
  if (problems.keys.length > 0) throw refusal('payload', problems);
}

/** Throws the 400 when JSON text nests too deep or holds too long an array; call it before parsing. */
export function refuseBadShape(text: string): void {
  const problem = shapeProblem(text);
  if (problem === null) return;
  const where = problem.path || 'the body';
  throw new Problem(
    'invalid',
    problem.kind === 'depth'
      ? `Invalid payload: ${where} nests arrays and objects more than ${MAX_JSON_DEPTH} deep, the most this service stores`
      : `Invalid payload: ${where} must hold at most ${MAX_ARRAY_ITEMS} items`,
    [problem.path],
    'payload',
  );
}

/** The same text check for a query string or path parameters: each parameter is one string. */
export function refuseUnstorableParameters(values: unknown, source: 'querystring' | 'params'): void {
  const problems = textProblems(values);
  if (problems.keys.length > 0) throw refusal(source, problems);
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
