/**
 * Request validation whose cost does not grow with the number of mistakes
 * (issue 24, S7). Ajv with `allErrors` builds one error object per invalid
 * item: a 2 MB body of a million bad gates took seconds and answered 45 MB.
 *
 * Every request is checked first by Ajv stopping at the first error (linear
 * in the body, no error list). Only a body that fails, and holds at most
 * {@link MAX_VALUES_FOR_EVERY_ERROR} values, is checked again with
 * `allErrors` so that its 400 names every problem (the error handler shows
 * the first 20 and counts the rest). A larger failing body is answered with
 * its first problem. Both compilers take the server's Ajv options.
 *
 * A larger body is checked in turns, the event loop free between them: Ajv
 * checks its envelope (the schema without the items of the arrays that may
 * hold more than {@link MAX_VALUES_FOR_EVERY_ERROR}, such as a job's 150,000
 * gates), then each item of those arrays is checked by Ajv on the items'
 * schema, {@link ITEMS_PER_TURN} at a time. The answer is the same first
 * problem, at the same path.
 */
import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';
import { yieldToEventLoop } from '../event-loop.js';

/** Arrays items and object entries of a failing body, at most, for which every problem is listed. */
export const MAX_VALUES_FOR_EVERY_ERROR = 5_000;

/** Items of a large array checked between two turns of the event loop (a few milliseconds). */
export const ITEMS_PER_TURN = 5_000;

/** What Ajv's compiled functions take besides the data: where the data sits (errors' paths, coercion in place). */
interface DataContext {
  readonly instancePath?: string;
  readonly parentData?: unknown;
  readonly parentDataProperty?: string | number;
  readonly rootData?: unknown;
}

type AjvFunction = ((data: unknown, context?: DataContext) => unknown) & { errors?: unknown[] | null };
type ValidateFunction = ((data: unknown) => unknown) & { errors?: unknown[] | null };

/** True when `root` holds more than `limit` array items and object entries (walks at most `limit` of them). */
export function holdsMoreValuesThan(root: unknown, limit: number): boolean {
  let seen = 0;
  const stack: unknown[] = [root];
  while (stack.length > 0) {
    const value = stack.pop();
    if (value === null || typeof value !== 'object') continue;
    const items = Array.isArray(value) ? (value as unknown[]) : Object.values(value);
    seen += items.length;
    if (seen > limit) return true;
    for (const item of items) if (item !== null && typeof item === 'object') stack.push(item);
  }
  return false;
}

/** Marks the errors of a body too large to list every problem of: the handler says only the first is named. */
export const FIRST_ERROR_ONLY = Symbol('first error only');

const firstErrorOnly = (errors: readonly unknown[] | null | undefined) =>
  Object.assign([...(errors ?? [])], { [FIRST_ERROR_ONLY]: true });

/** The parts of a JSON schema the split reads. */
interface Schema {
  readonly type?: unknown;
  readonly maxItems?: number;
  readonly items?: unknown;
  readonly properties?: Readonly<Record<string, unknown>>;
}

/** An array left out of the envelope: where it is (`*` for every item of an array on the way) and its items' schema. */
interface LargeArray {
  readonly path: readonly string[];
  readonly items: object;
}

const isSchema = (value: unknown): value is Schema =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/**
 * `schema` without the items of the arrays reached through `properties` and
 * `items` that may hold more than {@link MAX_VALUES_FOR_EVERY_ERROR} (their
 * type and length stay); each such array is added to `large`. Unions are
 * left whole. Unchanged parts are shared, changed ones copied.
 */
function withoutLargeItems(schema: unknown, path: readonly string[], large: LargeArray[]): unknown {
  if (!isSchema(schema)) return schema;
  if ((schema.maxItems ?? Infinity) > MAX_VALUES_FOR_EVERY_ERROR && isSchema(schema.items)) {
    large.push({ path, items: schema.items });
    const { items: _items, ...envelope } = schema;
    return envelope;
  }
  let result: Schema = schema;
  if (isSchema(schema.properties)) {
    const properties = Object.fromEntries(
      Object.entries(schema.properties).map(([key, value]) => [key, withoutLargeItems(value, [...path, key], large)]),
    );
    if (Object.keys(properties).some((key) => properties[key] !== schema.properties?.[key]))
      result = { ...result, properties };
  }
  if (isSchema(schema.items)) {
    const items = withoutLargeItems(schema.items, [...path, '*'], large);
    if (items !== schema.items) result = { ...result, items };
  }
  return result;
}

/** The arrays at `path` in `data` (several when the path crosses an array: `*`), each with its JSON pointer. */
function arraysAt(data: unknown, path: readonly string[]): { readonly array: unknown[]; readonly pointer: string }[] {
  let found: { value: unknown; pointer: string }[] = [{ value: data, pointer: '' }];
  for (const segment of path) {
    const next: { value: unknown; pointer: string }[] = [];
    for (const { value, pointer } of found) {
      if (segment === '*') {
        if (Array.isArray(value)) value.forEach((item, i) => next.push({ value: item, pointer: `${pointer}/${i}` }));
      } else if (isSchema(value) && Object.hasOwn(value, segment))
        next.push({
          value: (value as Record<string, unknown>)[segment],
          pointer: `${pointer}/${segment.replace(/~/g, '~0').replace(/\//g, '~1')}`,
        });
    }
    found = next;
  }
  return found.flatMap(({ value, pointer }) => (Array.isArray(value) ? [{ array: value as unknown[], pointer }] : []));
}

/** A `schemaController.compilersFactory.buildValidator` for Fastify: first error always, every error for small bodies. */
export const boundedValidatorFactory: ValidatorFactory = (externalSchemas, options) => {
  const pool = AjvCompiler();
  const custom = options?.mode === 'JTD' ? {} : (options?.customOptions ?? {});
  const withErrors = (allErrors: boolean) =>
    pool(externalSchemas, { ...options, mode: undefined, customOptions: { ...custom, allErrors } });
  const first = withErrors(false);
  const every = withErrors(true);
  return (route) => {
    const quick = first(route) as ValidateFunction;
    const full = every(route) as ValidateFunction;
    const large: LargeArray[] = [];
    const envelopeSchema = withoutLargeItems(route.schema, [], large);
    const envelope = large.length > 0 ? (first({ ...route, schema: envelopeSchema as object }) as AjvFunction) : null;
    const itemChecks = large.map(({ path, items }) => ({
      path,
      check: first({ ...route, schema: items }) as AjvFunction,
    }));

    /** A large body: the envelope at once, the large arrays' items in turns; resolves as Ajv answers. */
    const inTurns = async (data: unknown): Promise<boolean> => {
      if ((envelope as AjvFunction)(data) !== true) {
        validate.errors = firstErrorOnly((envelope as AjvFunction).errors);
        return false;
      }
      let sinceTurn = 0;
      for (const { path, check } of itemChecks)
        for (const { array, pointer } of arraysAt(data, path))
          for (let i = 0; i < array.length; i++) {
            const context = {
              instancePath: `${pointer}/${i}`,
              parentData: array,
              parentDataProperty: i,
              rootData: data,
            };
            if (check(array[i], context) !== true) {
              validate.errors = firstErrorOnly(check.errors);
              return false;
            }
            if (++sinceTurn === ITEMS_PER_TURN) {
              sinceTurn = 0;
              await yieldToEventLoop();
            }
          }
      validate.errors = null;
      return true;
    };

    const validate: ValidateFunction = (data) => {
      if (envelope && holdsMoreValuesThan(data, MAX_VALUES_FOR_EVERY_ERROR)) return inTurns(data);
      if (quick(data) === true) return true;
      if (holdsMoreValuesThan(data, MAX_VALUES_FOR_EVERY_ERROR)) {
        validate.errors = firstErrorOnly(quick.errors);
        return false;
      }
      const ok = full(data);
      validate.errors = full.errors ?? null;
      return ok;
    };
    return validate as never;
  };
};
