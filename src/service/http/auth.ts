/**
 * `Authorization: apiKey <key>` (or `Bearer <key>`) to the key's user and
 * project. Lookups are cached for a few seconds per process, so a burst of
 * requests costs one query; a revoked key stops working within that time.
 * The routes that need a key read who asks from `request.caller`, set once
 * by the hooks `requireKey` adds to their scope (the request is decorated as
 * the fastify/demo application decorates its own).
 */
import type { FastifyRequest } from 'fastify';
import type { Db } from '../store/db.js';
import { findKey, type KeyOwner } from '../store/catalog.js';
import { Problem } from '../jobs/problems.js';
import { AUTH_MESSAGE } from './errors.js';
import type { Caller } from '../jobs/model.js';
import type { App } from './types.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** Who is asking: set before anything else on every route that needs a key (`requireKey`). */
    caller: Caller;
  }
}

const CACHE_MS = 5000;
const CACHE_MAX = 10_000;
const HEADER = /^(apikey|bearer)\s+(\S{1,200})\s*$/i;

export class KeyCache {
  private readonly entries = new Map<string, { owner: KeyOwner | null; until: number }>();

  constructor(private readonly db: Db) {}

  /** The key's owner: from the cache when it holds the key (no promise), else from the store. */
  owner(key: string): KeyOwner | null | Promise<KeyOwner | null> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.owner;
    return findKey(this.db, key).then((owner) => {
      if (this.entries.size >= CACHE_MAX) this.entries.clear();
      this.entries.set(key, { owner, until: now + CACHE_MS });
      return owner;
    });
  }

  /** Whoever the request's Authorization header names, or a 401; without a promise when the key is cached. */
  caller(request: FastifyRequest): Caller | Promise<Caller> {
    const key = keyOf(request);
    const owner = key === null ? null : this.owner(key);
    return owner instanceof Promise ? owner.then(callerOf) : callerOf(owner);
  }
}

function callerOf(owner: KeyOwner | null): Caller {
  if (!owner) throw new Problem('unauthorized', AUTH_MESSAGE);
  return { userId: owner.userId, projectId: owner.projectId, keyId: owner.keyId };
}

/** The key an Authorization header carries, read without any lookup; null when there is none to look up. */
function keyOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  const match = typeof header === 'string' ? HEADER.exec(header) : null;
  return match ? (match[2] as string) : null;
}

/**
 * Every route registered on `scope` needs a key. A request without one in
 * the header's form is a 401 before its body is read; a key is looked up
 * (a query) only once the body has passed the input sanitiser (the content
 * parser, input-limits.ts, and the root's preValidation hooks), so a body
 * the store would refuse is a 400 before authentication costs anything
 * (issue 24, S2-S4). An unknown key is a 401 then, before the schema.
 */
export function requireKey(scope: App, keys: KeyCache): void {
  scope.decorateRequest('caller');
  scope.addHook('onRequest', (request, _reply, done) => {
    done(keyOf(request) === null ? new Problem('unauthorized', AUTH_MESSAGE) : undefined);
  });
  scope.addHook('preValidation', (request, _reply, done) => {
    let caller: Caller | Promise<Caller>;
    try {
      caller = keys.caller(request);
    } catch (error) {
      return done(error as Error);
    }
    if (!(caller instanceof Promise)) {
      request.caller = caller;
      return done();
    }
    caller.then((known) => {
      request.caller = known;
      done();
    }, done);
  });
}
