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
 */
import { AjvCompiler, type ValidatorFactory } from '@fastify/ajv-compiler';

/** Arrays items and object entries of a failing body, at most, for which every problem is listed. */
export const MAX_VALUES_FOR_EVERY_ERROR = 5_000;

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
    const validate: ValidateFunction = (data) => {
      if (quick(data) === true) return true;
      if (holdsMoreValuesThan(data, MAX_VALUES_FOR_EVERY_ERROR)) {
        validate.errors = Object.assign([...(quick.errors ?? [])], { [FIRST_ERROR_ONLY]: true });
        return false;
      }
      const ok = full(data);
      validate.errors = full.errors ?? null;
      return ok;
    };
    return validate as never;
  };
};
