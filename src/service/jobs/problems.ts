/**
 * What can go wrong with a request, said without HTTP: the http layer maps
 * each kind to its status and error body (service-decisions.md section 3).
 */
export type ProblemKind = 'invalid' | 'not-found' | 'conflict' | 'unauthorized';

export class Problem extends Error {
  constructor(
    readonly kind: ProblemKind,
    message: string,
    /** Dotted paths of the invalid items (kind `invalid`). */
    readonly keys: readonly string[] = [],
    /** Where the invalid items were: payload, querystring or params. */
    readonly source: 'payload' | 'querystring' | 'params' = 'payload',
  ) {
    super(message);
    this.name = 'Problem';
  }
}

export const invalid = (message: string, keys: readonly string[], source: Problem['source'] = 'payload') =>
  new Problem('invalid', message, keys, source);
export const jobNotFound = (id: string) => new Problem('not-found', `Job ${id} not found`);

/** Keys (and messages) named in one 400, at most: the rest are counted (issue 24, S7). */
export const MAX_REPORTED_KEYS = 20;

/** One 400 for several invalid items: the first {@link MAX_REPORTED_KEYS} named, with how many more there were. */
export function invalidItems(problems: readonly { key: string; message: string }[]): Problem {
  const keys = [...new Set(problems.map((p) => p.key))];
  const shown = problems.slice(0, MAX_REPORTED_KEYS).map((p) => p.message);
  const more = problems.length - shown.length;
  const tail = more > 0 ? `; and ${more} more invalid item${more === 1 ? '' : 's'}` : '';
  return invalid(shown.join('; ') + tail, keys.slice(0, MAX_REPORTED_KEYS));
}
