/**
 * The embedded store's client (store/pglite-client.ts) on a stand-in thread
 * that refuses the first LISTEN: a failed LISTEN must leave nothing behind,
 * or every later listener of that channel would trust a LISTEN that never
 * happened and hear no notification.
 */
import { EventEmitter } from 'node:events';
import type { Worker } from 'node:worker_threads';
import { describe, expect, it } from 'vitest';
import { threadDb } from '../../src/service/store/pglite-client.js';
import type { StoreReply, StoreRequest } from '../../src/service/store/pglite-protocol.js';

/** A thread that answers every request, refusing the first `failures` LISTENs; it records the LISTENs it got. */
function standInThread(failures: number) {
  const thread = new EventEmitter() as EventEmitter & { listens: string[] };
  thread.listens = [];
  let refuse = failures;
  const reply = (message: StoreReply) => setImmediate(() => thread.emit('message', message));
  Object.assign(thread, {
    postMessage(request: StoreRequest) {
      if (request.op === 'listen') {
        thread.listens.push(request.channel);
        if (refuse-- > 0) {
          reply({ kind: 'error', id: request.id, error: { message: 'LISTEN refused', fields: {} } });
          return;
        }
      }
      reply({ kind: 'done', id: request.id });
    },
    terminate: async () => 0,
  });
  return thread;
}

describe('threadDb.listen', () => {
  it('sends LISTEN again after one failed, and the new listener hears its notifications', async () => {
    const thread = standInThread(1);
    const db = threadDb(thread as unknown as Worker, () => undefined);
    const heard: string[] = [];
    // Two listeners at once share the LISTEN, and both hear that it failed.
    const [first, second] = await Promise.allSettled([
      db.listen('jobs', (payload) => heard.push(`first ${payload}`)),
      db.listen('jobs', (payload) => heard.push(`second ${payload}`)),
    ]);
    expect([first.status, second.status]).toEqual(['rejected', 'rejected']);
    expect(thread.listens).toEqual(['jobs']);
    const stop = await db.listen('jobs', (payload) => heard.push(`third ${payload}`));
    expect(thread.listens).toEqual(['jobs', 'jobs']);
    thread.emit('message', { kind: 'notify', channel: 'jobs', payload: 'p' } satisfies StoreReply);
    expect(heard).toEqual(['third p']);
    await stop();
    thread.emit('message', { kind: 'notify', channel: 'jobs', payload: 'q' } satisfies StoreReply);
    expect(heard).toEqual(['third p']);
    await db.close();
  });
});
