/**
 * Per-key rate limiting with @fastify/rate-limit (docs/service.md, "Rate
 * limit"). A client is its API key (its SHA-256 digest), or its address when
 * it sends none. On a PostgreSQL server the counters live in the database, so
 * the limit holds across every serve process sharing it; the embedded store
 * serves one process, which counts in memory. Over the limit: 429 in the
 * service's error shape (the app's error handler), with Retry-After.
 */
import rateLimit from '@fastify/rate-limit';
import type { Db } from '../store/db.js';
import { digestOf } from '../store/catalog.js';
import { countRequest, dropStaleCounters } from '../store/rate-limits.js';
import type { App } from './types.js';

export interface RateLimitOptions {
  /** Requests a client may send per window. */
  readonly max: number;
  /** Window length in ms (default 60 s). */
  readonly windowMs?: number;
}

const KEY_HEADER = /^(?:apikey|bearer)\s+(\S{1,200})\s*$/i;
/** Routes a load balancer or a status page polls: never limited. */
const UNLIMITED = new Set(['/health']);
/** Every this many counted requests, one also drops stale counters. */
const SWEEP_EVERY = 1000;

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** A @fastify/rate-limit store whose counters are rows of `rate_limits`. */
function databaseStore(db: Db) {
  let counted = 0;
  return class DatabaseStore {
    incr(key: string, callback: Callback, windowMs: number): void {
      countRequest(db, key, windowMs).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
      if (++counted % SWEEP_EVERY === 0) void dropStaleCounters(db, 10 * windowMs).catch(() => undefined);
    }

    child(): DatabaseStore {
      return this;
    }
  };
}

export async function registerRateLimit(app: App, db: Db, options: RateLimitOptions): Promise<void> {
  await app.register(rateLimit, {
    global: true,
    max: options.max,
    timeWindow: options.windowMs ?? 60_000,
    hook: 'onRequest',
    // The store being down must answer 503 from the route, not fail the limit check.
    skipOnError: true,
    allowList: (request) => UNLIMITED.has(request.url.split('?')[0] ?? ''),
    keyGenerator: (request) => {
      const header = request.headers.authorization;
      const key = typeof header === 'string' ? KEY_HEADER.exec(header)?.[1] : undefined;
      return key ? `key:${digestOf(key)}` : `ip:${request.ip}`;
    },
    ...(db.kind === 'pg' ? { store: databaseStore(db) } : {}),
    errorResponseBuilder: (_request, context) =>
      Object.assign(
        new Error(
          `Rate limit exceeded: at most ${context.max} requests per ${context.after}; retry in ${Math.max(1, Math.ceil(context.ttl / 1000))} s`,
        ),
        {
          statusCode: 429,
        },
      ),
  });
}
