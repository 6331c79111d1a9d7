/**
 * PostgreSQL text and jsonb cannot hold the NUL character (`\u0000`): a body
 * carrying one would fail at the store. It is a 400 naming the fields instead.
 */
import { Problem } from '../jobs/problems.js';

/** An escaped NUL in JSON text: `\u0000` not itself preceded by an escaping backslash. */
const ESCAPED_NUL = /(?:^|[^\\])(?:\\\\)*\\u0000/;

/** Dotted paths of the strings and keys holding NUL (at most 20). */
function nulPaths(value: unknown, path: string[] = [], found: string[] = []): string[] {
  if (found.length >= 20) return found;
  if (typeof value === 'string') {
    if (value.includes('\0')) found.push(path.join('.'));
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => nulPaths(item, [...path, String(i)], found));
  } else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\0')) found.push([...path, key].join('.'));
      nulPaths(item, [...path, key], found);
    }
  }
  return found;
}

/** Throws the 400 when the parsed body of `text` holds NUL characters. */
export function refuseNul(text: string, body: unknown): void {
  if (!ESCAPED_NUL.test(text)) return;
  const keys = nulPaths(body);
  if (keys.length > 0)
    throw new Problem(
      'invalid',
      `Invalid payload: ${keys.join(', ')} (the NUL character \\u0000 cannot be stored)`,
      keys,
      'payload',
    );
}

/** The same for a query string: a NUL in any parameter is a 400 naming it. */
export function refuseNulInQuery(query: unknown): void {
  const keys = nulPaths(query);
  if (keys.length > 0)
    throw new Problem(
      'invalid',
      `Invalid querystring: ${keys.join(', ')} (the NUL character cannot be stored or searched)`,
      keys,
      'querystring',
    );
}
