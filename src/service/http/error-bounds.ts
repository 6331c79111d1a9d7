/**
 * The bound on what one 400 reports (issue 24, S7): at most the first 20
 * keys, each cut to a readable length, and how many more there were; a body
 * too large to list every problem of says that only the first is named.
 */
import { MAX_REPORTED_KEYS } from '../jobs/problems.js';
import { dotted } from './json-shape.js';
import { FIRST_ERROR_ONLY, MAX_VALUES_FOR_EVERY_ERROR } from './validator.js';

export interface BoundedKeys {
  readonly keys: string[];
  readonly more: number;
}

export function boundKeys(keys: readonly string[]): BoundedKeys {
  return {
    keys: keys.slice(0, MAX_REPORTED_KEYS).map((k) => dotted(k.split('.'))),
    more: Math.max(0, keys.length - MAX_REPORTED_KEYS),
  };
}

/** Errors looked at to put the named keys in words, at most (their order follows the body's). */
const MAX_DESCRIBED_ERRORS = 1_000;

/** The errors of the first {@link MAX_REPORTED_KEYS} keys (`keyOf` names an error's key), from the first 1,000. */
export function reportedErrors<E>(
  errors: readonly E[],
  keys: readonly string[],
  keyOf: (error: E) => string | undefined,
): E[] {
  const named = new Set(keys.slice(0, MAX_REPORTED_KEYS));
  return errors.slice(0, MAX_DESCRIBED_ERRORS).filter((e) => {
    const key = keyOf(e);
    return key !== undefined && named.has(key);
  });
}

/** What the message adds about the keys left out. */
export function moreText(bounded: BoundedKeys, errors: object): string {
  if (FIRST_ERROR_ONLY in errors)
    return `; in a body of more than ${MAX_VALUES_FOR_EVERY_ERROR.toLocaleString('en-US')} values only the first problem is named`;
  return bounded.more > 0 ? `; and ${bounded.more} more invalid item${bounded.more === 1 ? '' : 's'}` : '';
}
