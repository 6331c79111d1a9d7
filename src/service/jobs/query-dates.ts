/**
 * Dates a query may name: the instants PostgreSQL's timestamptz holds and
 * `toISOString` writes in four-digit years (issue 24, S6). A date the
 * pattern lets through but the calendar does not, or one an offset moves
 * out of the years 0001-9999, is a 400 in words, never a 500 from the store.
 */
import { invalid } from './problems.js';

/** Latest instant a date query may name: 9999-12-31T23:59:59.999Z, in Unix milliseconds. */
export const LAST_MS = Date.parse('9999-12-31T23:59:59.999Z');
/** Earliest: 0001-01-01T00:00:00.000Z (PostgreSQL has no year 0). */
export const FIRST_MS = Date.parse('0001-01-01T00:00:00.000Z');

/** The date of an ISO 8601 query parameter, or the 400 naming `key`. */
export function queryDate(value: string | undefined, key: string): Date | undefined {
  if (value === undefined) return undefined;
  const date = new Date(value);
  const shown = value.slice(0, 40);
  if (Number.isNaN(date.getTime()))
    throw invalid(`Invalid ${key}: ${shown} is not an ISO 8601 date`, [key], 'querystring');
  if (date.getTime() < FIRST_MS || date.getTime() > LAST_MS)
    throw invalid(`Invalid ${key}: ${shown} is outside the years 0001 to 9999`, [key], 'querystring');
  return date;
}
