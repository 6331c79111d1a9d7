/**
 * Every error answer in one shape, `{statusCode, error, message}` plus
 * `validation` on a 400 (service-decisions.md section 3). No stack trace or
 * SQL text reaches a client: anything unexpected is a 500 with a fixed message.
 */
import type { FastifyError } from 'fastify';
import { StoreUnavailableError } from '../store/db.js';
import { Problem } from '../jobs/problems.js';
import { boundKeys, moreText, reportedErrors } from './error-bounds.js';
import { describeValidation } from './validation.js';

export const ERROR_NAMES: Readonly<Record<number, string>> = {
  400: 'Bad Request',
  401: 'Unauthorized Error',
  404: 'Not Found Error',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  415: 'Unsupported Media Type',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  503: 'Service Unavailable',
};

export const AUTH_MESSAGE =
  'Authentication failed: send the header Authorization: apiKey <API_KEY> (see /docs#authentication)';
export const INTERNAL_MESSAGE = 'An internal error occurred; see the service status page';

export interface ErrorAnswer {
  statusCode: number;
  error: string;
  message: string;
  validation?: { source: string; keys: string[] };
}

export function errorAnswer(statusCode: number, message: string, validation?: ErrorAnswer['validation']): ErrorAnswer {
  return { statusCode, error: ERROR_NAMES[statusCode] ?? 'Error', message, ...(validation ? { validation } : {}) };
}

interface AjvError {
  instancePath?: string;
  /** Set by Ajv on errors of a `propertyNames` schema: the offending key. */
  propertyName?: string;
  keyword?: string;
  params?: Record<string, unknown>;
  message?: string;
}

const SOURCES: Readonly<Record<string, string>> = {
  body: 'payload',
  querystring: 'querystring',
  params: 'params',
  headers: 'headers',
};

/**
 * Dotted paths of every invalid item, each once; the null branch of an
 * optional value adds nothing of its own. Linear in the errors (a 400 of a
 * large body has thousands).
 */
export function validationKeys(errors: readonly AjvError[]): string[] {
  const keyOf = (e: AjvError) => {
    const base = (e.instancePath ?? '').split('/').filter(Boolean).map(unescapePointer);
    const extra = e.params?.missingProperty ?? e.propertyName ?? e.params?.propertyName;
    return [...base, ...(typeof extra === 'string' ? [extra] : [])].join('.');
  };
  const relevant = errors.filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'propertyNames');
  const keys = relevant.map(keyOf);
  const counts = new Map<string, number>();
  const prefixes = new Set<string>();
  for (const key of keys) {
    counts.set(key, (counts.get(key) ?? 0) + 1);
    for (let dot = key.indexOf('.'); dot >= 0; dot = key.indexOf('.', dot + 1)) prefixes.add(key.slice(0, dot));
  }
  const kept = relevant.filter((e, i) => {
    const isNullBranch = e.keyword === 'type' && e.params?.type === 'null';
    const key = keys[i] as string;
    return !isNullBranch || ((counts.get(key) ?? 0) < 2 && !prefixes.has(key));
  });
  return [...new Set(kept.map(keyOf))];
}

const unescapePointer = (part: string) => part.replace(/~1/g, '/').replace(/~0/g, '~');

/** Maps anything thrown while answering to its status and body; `internal` says whether to log it as a fault. */
export function toErrorAnswer(error: unknown): { answer: ErrorAnswer; internal: boolean } {
  if (error instanceof Problem) {
    const status = { invalid: 400, 'not-found': 404, conflict: 409, unauthorized: 401 }[error.kind];
    const validation = error.kind === 'invalid' ? { source: error.source, keys: [...error.keys] } : undefined;
    return { answer: errorAnswer(status, error.message, validation), internal: false };
  }
  if (error instanceof StoreUnavailableError)
    return { answer: errorAnswer(503, 'The job store cannot be reached; try again shortly'), internal: true };
  const fastifyError = error as FastifyError & { validation?: AjvError[]; validationContext?: string };
  if (Array.isArray(fastifyError.validation)) {
    const source = SOURCES[fastifyError.validationContext ?? 'body'] ?? 'payload';
    const keys = validationKeys(fastifyError.validation);
    const rename = (key: string) => boundKeys([source === 'params' ? key || 'UUID' : key]).keys[0] as string;
    const bounded = boundKeys(keys.map(rename));
    // Only the errors of the keys named are put in words: the rest are counted.
    const message =
      describeValidation(
        reportedErrors(fastifyError.validation, keys, (e) => validationKeys([e])[0]),
        source,
        rename,
      ) + moreText(bounded, fastifyError.validation);
    return { answer: errorAnswer(400, message, { source, keys: bounded.keys }), internal: false };
  }
  switch (fastifyError.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return { answer: errorAnswer(413, 'The request body is larger than 10 MB'), internal: false };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { answer: errorAnswer(415, 'Send the body as JSON with Content-Type: application/json'), internal: false };
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return {
        answer: errorAnswer(400, 'The body is not valid JSON', { source: 'payload', keys: [] }),
        internal: false,
      };
  }
  if (error instanceof SyntaxError || fastifyError.code === 'FST_ERR_CTP_INVALID_CONTENT_LENGTH') {
    return { answer: errorAnswer(400, 'The body is not valid JSON', { source: 'payload', keys: [] }), internal: false };
  }
  const status = fastifyError.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500)
    return { answer: errorAnswer(status, fastifyError.message), internal: false };
  if (isStoreDown(error))
    return { answer: errorAnswer(503, 'The job store cannot be reached; try again shortly'), internal: true };
  return { answer: errorAnswer(500, INTERNAL_MESSAGE), internal: true };
}

/** PGlite reports a closed database with a plain Error. */
function isStoreDown(error: unknown): boolean {
  return error instanceof Error && /PGlite is closed|database is closed/i.test(error.message);
}
