/**
 * What a 400 says, in words: the one mapping from schema errors (Ajv's, one
 * per failed keyword) to sentences a user reads, such as `status must be one
 * of submitted, ready, ...` or `input is required`, never a regex or a schema
 * term. And the one rule on types: a body value is read as the type its
 * schema names, with a single liberty (service-decisions.md section 3): a
 * numeric string where a number is wanted is read as that number. Anything
 * else Ajv would coerce (42 to "42", [1] to "1", null to "") is a 400 here.
 */
import { yieldToEventLoop } from '../event-loop.js';

/** An Ajv error, as Fastify hands it over. */
export interface SchemaError {
  instancePath?: string;
  /** Set by Ajv on errors of a `propertyNames` schema: the offending key. */
  propertyName?: string;
  keyword?: string;
  params?: Record<string, unknown>;
  message?: string;
}

/** A pattern a schema uses and what it allows, in words: schemas take their patterns from here. */
export interface WordedPattern {
  readonly pattern: string;
  readonly words: string;
}

export const PATTERNS = {
  isoDate: {
    // Years 0001-9999: PostgreSQL has no year 0 (issue 24, S6).
    pattern: '^(?!0000)\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?$',
    words: 'must be an ISO 8601 date such as 2026-11-25 or 2026-11-25T10:00:00Z',
  },
  uuid: {
    pattern: '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$',
    words: 'must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6',
  },
  jobName: {
    pattern: '^[A-Za-z0-9 _-]*$',
    words: 'may hold letters, digits, spaces, hyphens and underscores',
  },
} as const satisfies Record<string, WordedPattern>;

const PATTERN_WORDS = new Map<string, string>(Object.values(PATTERNS).map((p) => [p.pattern, p.words]));

const TYPE_WORDS: Readonly<Record<string, string>> = {
  string: 'text (a JSON string)',
  integer: 'a whole number',
  number: 'a number',
  boolean: 'true or false',
  object: 'an object',
  array: 'an array',
  null: 'null',
};

const FORMAT_WORDS: Readonly<Record<string, string>> = {
  uuid: 'must be a UUID such as 3fa85f64-5717-4562-b3fc-2c963f66afa6',
};

const limit = (e: SchemaError) => String(e.params?.limit);
const plural = (n: string, one: string, many: string) => `${n} ${n === '1' ? one : many}`;

/**
 * One sentence (after the key) per schema keyword the routes use; the test of
 * this module checks that every keyword found in a route schema is here.
 */
export const KEYWORD_SENTENCES: Readonly<Record<string, (e: SchemaError) => string>> = {
  required: () => 'is required',
  type: (e) => `must be ${TYPE_WORDS[String(e.params?.type)] ?? String(e.params?.type)}`,
  const: (e) => `must be ${JSON.stringify(e.params?.allowedValue)}`,
  enum: (e) => `must be one of ${(e.params?.allowedValues as unknown[]).map(String).join(', ')}`,
  pattern: (e) => PATTERN_WORDS.get(String(e.params?.pattern)) ?? 'is not in a form this service reads',
  format: (e) => FORMAT_WORDS[String(e.params?.format)] ?? `must be a ${String(e.params?.format)}`,
  minimum: (e) => `must be at least ${limit(e)}`,
  maximum: (e) => `must be at most ${limit(e)}`,
  exclusiveMinimum: (e) => `must be more than ${limit(e)}`,
  exclusiveMaximum: (e) => `must be less than ${limit(e)}`,
  minLength: (e) => `must be at least ${plural(limit(e), 'character', 'characters')} long`,
  maxLength: (e) => `must be at most ${plural(limit(e), 'character', 'characters')} long`,
  minItems: (e) => `must hold at least ${plural(limit(e), 'item', 'items')}`,
  maxItems: (e) => `must hold at most ${plural(limit(e), 'item', 'items')}`,
  minProperties: (e) => `must hold at least ${plural(limit(e), 'key', 'keys')}`,
  maxProperties: (e) => `may hold at most ${plural(limit(e), 'key', 'keys')}`,
  additionalProperties: () => 'is not a field this route reads',
  anyOf: () => 'is not a value this field takes',
};

/** The dotted path of an error's item (`input.circuit.3.target`), missing properties included. */
export function keyOf(e: SchemaError): string {
  const base = (e.instancePath ?? '').split('/').filter(Boolean).map(unescapePointer);
  const missing = e.params?.missingProperty ?? e.params?.additionalProperty;
  return [...base, ...(typeof missing === 'string' ? [missing] : [])].join('.');
}

const unescapePointer = (part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~');

/** One sentence for the errors of one key: allowed values listed together, types joined with "or". */
function sentenceFor(key: string, errors: readonly SchemaError[]): string {
  const named = key || 'the value';
  const constants = errors.filter((e) => e.keyword === 'const').map((e) => String(e.params?.allowedValue));
  if (constants.length > 1) return `${named} must be one of ${constants.join(', ')}`;
  const types = errors.filter((e) => e.keyword === 'type');
  const others = errors.filter((e) => e.keyword !== 'type' && e.keyword !== 'anyOf');
  const nameProblem = others.find((e) => e.propertyName !== undefined);
  if (nameProblem) {
    const keyName = String(nameProblem.propertyName);
    const shown = keyName.length > 40 ? `${keyName.slice(0, 40)}...` : keyName;
    return `${named} keys ${sentenceOf(nameProblem)} (${shown})`;
  }
  // The null branch of an optional value says nothing when the other branch has the real complaint.
  const real = others.find((e) => e.propertyName === undefined);
  if (real) return `${named} ${sentenceOf(real)}`;
  if (types.length) {
    const words = [...new Set(types.map((e) => TYPE_WORDS[String(e.params?.type)] ?? String(e.params?.type)))];
    return `${named} must be ${words.join(' or ')}`;
  }
  return `${named} ${sentenceOf(errors[0] ?? {})}`;
}

function sentenceOf(e: SchemaError): string {
  const sentence = KEYWORD_SENTENCES[e.keyword ?? ''];
  return sentence ? sentence(e) : 'is not valid';
}

/** Where a 400's invalid items were, as the message names it. */
const SOURCE_WORDS: Readonly<Record<string, string>> = {
  payload: 'Invalid payload',
  querystring: 'Invalid query',
  params: 'Invalid path',
  headers: 'Invalid headers',
};

/**
 * The message of a 400 from schema errors: `Invalid payload: shots must be at
 * most 1000000; name may hold letters, ...`, one sentence per invalid item.
 * `rename` maps a key to the name users know (a path's unnamed item is `UUID`).
 */
export function describeValidation(
  errors: readonly SchemaError[],
  source: string,
  rename: (key: string) => string = (k) => k,
): string {
  const keys = errors.map((e) => rename(propertyNamesKey(e) ?? keyOf(e)));
  // A union's own failure (anyOf, its null branch) says nothing when a branch failed at or below its key.
  const unionNoise = (e: SchemaError) => e.keyword === 'anyOf' || (e.keyword === 'type' && e.params?.type === 'null');
  const said = errors.filter((e, i) => {
    const key = keys[i] as string;
    const under = (j: number) => keys[j] === key || (keys[j] as string).startsWith(`${key}.`);
    return !unionNoise(e) || !errors.some((other, j) => j !== i && under(j) && !unionNoise(other));
  });
  const byKey = new Map<string, SchemaError[]>();
  for (const e of said) {
    const key = rename(propertyNamesKey(e) ?? keyOf(e));
    byKey.set(key, [...(byKey.get(key) ?? []), e]);
  }
  const sentences = [...byKey].map(([key, keyed]) => sentenceFor(key, keyed));
  return `${SOURCE_WORDS[source] ?? 'Invalid request'}: ${sentences.join('; ')}`;
}

/** A `propertyNames` failure belongs to the object whose key it is, not to the key. */
function propertyNamesKey(e: SchemaError): string | null {
  if (e.propertyName === undefined && e.keyword !== 'propertyNames') return null;
  return keyOf({ instancePath: e.instancePath ?? '' });
}

/** A JSON schema as the routes' TypeBox schemas are (the parts this walk reads). */
interface Schema {
  type?: string | string[];
  anyOf?: Schema[];
  properties?: Record<string, Schema>;
  patternProperties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  maxItems?: number;
}

const NUMERIC = /^\s*-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/;

function jsonType(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value;
}

/** Whether `schema` takes `value`'s type as it is (an integer is a number), or a numeric string as a number. */
function typeFits(schema: Schema, value: unknown): boolean {
  const type = schema.type;
  if (type === undefined) return true;
  const actual = jsonType(value);
  // One type named, as most schemas do: no list to build.
  if (typeof type === 'string') {
    if (type === actual || (actual === 'integer' && type === 'number')) return true;
    return typeof value === 'string' && (type === 'number' || type === 'integer') && NUMERIC.test(value);
  }
  if (type.includes(actual) || (actual === 'integer' && type.includes('number'))) return true;
  return typeof value === 'string' && NUMERIC.test(value) && (type.includes('number') || type.includes('integer'));
}

/**
 * The values of `value` that Ajv's coercion would turn into another type than
 * they have (other than a numeric string read as a number), as `type` errors
 * at their paths: the body is refused instead of changed.
 */
export function coercedValues(schema: Schema | undefined, value: unknown, path = ''): SchemaError[] {
  const walk = { problems: [] as SchemaError[], visited: 0 };
  const steps = collectCoerced(schema, value, { parent: null, segment: path }, walk);
  while (!steps.next().done);
  return walk.problems;
}

/**
 * The same, letting the event loop run after every {@link VALUES_PER_TURN}
 * values: a 150,000-gate body is read in turns of a few milliseconds. A body
 * read within one turn gets its answer directly, not as a promise.
 */
export function coercedValuesYielding(
  schema: Schema | undefined,
  value: unknown,
): SchemaError[] | Promise<SchemaError[]> {
  const walk = { problems: [] as SchemaError[], visited: 0 };
  const steps = collectCoerced(schema, value, { parent: null, segment: '' }, walk);
  // A body read in one turn (nearly every body) is answered at once: no promise for each request.
  if (steps.next().done) return walk.problems;
  return (async () => {
    do await yieldToEventLoop();
    while (!steps.next().done);
    return walk.problems;
  })();
}

/** Values read between two turns of the event loop. */
const VALUES_PER_TURN = 10_000;

interface Walk {
  readonly problems: SchemaError[];
  visited: number;
}

/**
 * Where a value sits, as a chain to its parent: the JSON pointer is written
 * out only for a value in error, so a 150,000-gate body costs no 450,000
 * path strings (it cost 0.5 s of the event loop, issue 24).
 */
interface At {
  readonly parent: At | null;
  /** The pointer segment (escaped), or the whole prefix at the root. */
  readonly segment: string;
}

function pointer(at: At): string {
  const parts: string[] = [];
  for (let a: At | null = at; a !== null; a = a.parent) parts.push(a.segment);
  return parts.reverse().join('/');
}

/** Whether `schema` reads inside a value: an object's fields or an array's items. */
const readsInside = (schema: Schema) =>
  schema.anyOf !== undefined ||
  schema.items !== undefined ||
  schema.properties !== undefined ||
  schema.patternProperties !== undefined ||
  typeof schema.additionalProperties === 'object';

/** Collects the coerced values under `value`; yields when {@link VALUES_PER_TURN} values were read since the last turn. */
function* collectCoerced(schema: Schema | undefined, value: unknown, at: At, walk: Walk): Generator<void, void> {
  const problems = walk.problems;
  if (!schema || value === undefined || problems.length >= MAX_COERCION_ERRORS) return;
  if (++walk.visited % VALUES_PER_TURN === 0) yield;
  if (schema.anyOf) {
    const fitting = schema.anyOf.filter((branch) => branch.anyOf !== undefined || typeFits(branch, value));
    if (fitting.length === 0) {
      for (const branch of schema.anyOf) pushBounded(problems, typeError(branch, pointer(at)));
      return;
    }
    let firstFound: SchemaError[] | null = null;
    for (const branch of fitting) {
      const found: Walk = { problems: [], visited: walk.visited };
      yield* collectCoerced(branch, value, at, found);
      walk.visited = found.visited;
      if (found.problems.length === 0) return;
      firstFound ??= found.problems;
    }
    for (const e of firstFound ?? []) pushBounded(problems, e);
    return;
  }
  if (!typeFits(schema, value)) {
    pushBounded(problems, typeError(schema, pointer(at)));
    return;
  }
  if (value === null || typeof value !== 'object' || !readsInside(schema)) return;
  // An array over its maxItems is Ajv's to refuse on its length: its items are not read.
  if (Array.isArray(value)) {
    const items = schema.items;
    if (!items || (schema.maxItems !== undefined && value.length > schema.maxItems)) return;
    const leaf = isLeaf(items);
    for (let i = 0; i < value.length && problems.length < MAX_COERCION_ERRORS; i++)
      if (leaf) {
        if (checkLeaf(items, value[i], at, i, walk)) yield;
      } else yield* collectCoerced(items, value[i], { parent: at, segment: String(i) }, walk);
    return;
  }
  const patterns = schema.patternProperties ? Object.entries(schema.patternProperties) : NO_PATTERNS;
  const rest = typeof schema.additionalProperties === 'object' ? schema.additionalProperties : undefined;
  for (const name in value) {
    if (!Object.hasOwn(value, name)) continue;
    if (problems.length >= MAX_COERCION_ERRORS) break;
    const child = schema.properties?.[name] ?? patterns.find(([p]) => patternOf(p).test(name))?.[1] ?? rest;
    if (!child) continue;
    const field = (value as Record<string, unknown>)[name];
    if (isLeaf(child)) {
      if (checkLeaf(child, field, at, name, walk)) yield;
    } else yield* collectCoerced(child, field, { parent: at, segment: pointerSegment(name) }, walk);
  }
}

/** A key as a JSON pointer segment (RFC 6901: `~` and `/` escaped). */
const pointerSegment = (name: string) => (/[~/]/.test(name) ? name.replace(/~/g, '~0').replace(/\//g, '~1') : name);

/** A schema with nothing to read inside its value and no branches: the value's type is all it checks. */
const isLeaf = (schema: Schema) => schema.anyOf === undefined && !readsInside(schema);

/**
 * {@link collectCoerced} of a leaf schema's value, without a generator or a place of its own unless it is in
 * error: most values of a body are leaves (a Bell body's five of six), and a generator each was most of the
 * walk's cost (400 ns a Bell body). True when the event loop's turn is due.
 */
function checkLeaf(schema: Schema, value: unknown, parent: At, key: string | number, walk: Walk): boolean {
  if (value === undefined || walk.problems.length >= MAX_COERCION_ERRORS) return false;
  if (!typeFits(schema, value)) {
    const segment = typeof key === 'number' ? String(key) : pointerSegment(key);
    pushBounded(walk.problems, typeError(schema, pointer({ parent, segment })));
  }
  return ++walk.visited % VALUES_PER_TURN === 0;
}

const NO_PATTERNS: [string, Schema][] = [];

function pushBounded(problems: SchemaError[], e: SchemaError): void {
  if (problems.length < MAX_COERCION_ERRORS) problems.push(e);
}

/** Each pattern of a schema compiled once. */
const compiledPatterns = new Map<string, RegExp>();
function patternOf(source: string): RegExp {
  let compiled = compiledPatterns.get(source);
  if (!compiled) compiledPatterns.set(source, (compiled = new RegExp(source, 'u')));
  return compiled;
}

/** Type errors collected from one body, at most: enough to name 20 keys and count the rest of a small body. */
const MAX_COERCION_ERRORS = 5_000;

function typeError(schema: Schema, path: string): SchemaError {
  const type = Array.isArray(schema.type) ? schema.type.join(',') : (schema.type ?? 'value');
  return { instancePath: path, keyword: 'type', params: { type } };
}
