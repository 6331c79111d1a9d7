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
