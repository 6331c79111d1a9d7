/**
 * `Authorization: apiKey <key>` (or `Bearer <key>`) to the key's user and
 * project. Lookups are cached for a few seconds per process, so a burst of
 * requests costs one query; a revoked key stops working within that time.
 * The routes that need a key read who asks from `request.caller`, set once
 * by the `onRequest` hook `requireKey` adds to their scope (the request is
 * decorated as the fastify/demo application decorates its own).
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

  async owner(key: string): Promise<KeyOwner | null> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.until > now) return hit.owner;
    const owner = await findKey(this.db, key);
    if (this.entries.size >= CACHE_MAX) this.entries.clear();
    this.entries.set(key, { owner, until: now + CACHE_MS });
    return owner;
  }

  /** Whoever the request's Authorization header names, or a 401. */
  async caller(request: FastifyRequest): Promise<Caller> {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? HEADER.exec(header) : null;
    const owner = match ? await this.owner(match[2] as string) : null;
    if (!owner) throw new Problem('unauthorized', AUTH_MESSAGE);
    return { userId: owner.userId, projectId: owner.projectId };
  }
}

/**
 * Every route registered on `scope` needs a key: its caller is looked up once,
 * before the body is read, and a request without a valid key is a 401.
 */
export function requireKey(scope: App, keys: KeyCache): void {
  scope.decorateRequest('caller');
  scope.addHook('onRequest', async (request) => {
    request.caller = await keys.caller(request);
  });
}
