/**
 * The embedded store runs PostgreSQL on a thread of its own
 * (store/pglite-thread.ts): the service's event loop keeps turning while a
 * large statement runs, PostgreSQL's errors arrive with their fields,
 * transactions commit and roll back, notifications arrive, and a thread that
 * dies fails every call with the message the HTTP layer answers with 503.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../src/service/store/db.js';
import { openPglite, PGLITE_START_PARAMS } from '../../src/service/store/pglite.js';
import { startStoreThread, threadDb } from '../../src/service/store/pglite-client.js';
import { ensureStoreTemplate } from './store-template-fixture.js';

/** Counts the event loop's turns (setImmediate callbacks) until `work` settles. */
async function turnsDuring<T>(work: Promise<T>): Promise<{ turns: number; result: T }> {
  let turns = 0;
  let running = true;
  const turn = (): void => {
    turns++;
    if (running) setImmediate(turn);
  };
  setImmediate(turn);
  try {
    const result = await work;
    return { turns, result };
  } finally {
    running = false;
  }
}

describe('the embedded store on its own thread', () => {
  const dirs: string[] = [];
  let db: Db;
  beforeAll(async () => {
    await ensureStoreTemplate();
    const dir = mkdtempSync(join(tmpdir(), 'q3p-pglite-thread-'));
    dirs.push(dir);
    db = await openPglite(dir);
    await db.query('CREATE TABLE probe (id int PRIMARY KEY, body jsonb)');
  }, 600_000);
  afterAll(async () => {
    await db.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('keeps the event loop turning while a 6 MB text becomes jsonb', async () => {
    const gates = Array.from({ length: 120_000 }, (_, i) => ({ gate: 'rx', target: i % 25, rotation: i / 7 }));
    const body = JSON.stringify({ qubits: 25, circuit: gates });
    expect(body.length).toBeGreaterThan(5_000_000);
    const { turns, result } = await turnsDuring(
      db.query<{ gates: number }>(
        "INSERT INTO probe VALUES (1, $1::jsonb) RETURNING jsonb_array_length(body->'circuit') AS gates",
        [body],
      ),
    );
    expect(result).toEqual([{ gates: 120_000 }]);
    // On the service's own thread the conversion ran in one turn; here the loop turns throughout.
    expect(turns).toBeGreaterThan(50);
  }, 300_000);

  it("passes PostgreSQL's errors with their fields, and rolls a failed transaction back", async () => {
    await db.query("INSERT INTO probe VALUES (2, '{}')");
    const duplicate = await db.query("INSERT INTO probe VALUES (2, '{}')").catch((error: unknown) => error);
    expect(duplicate).toBeInstanceOf(Error);
    expect(duplicate).toMatchObject({ code: '23505', message: expect.stringContaining('probe_pkey') as unknown });

    await expect(
      db.tx(async (q) => {
        await q.query("INSERT INTO probe VALUES (3, '{}')");
        throw new Error('the work failed');
      }),
    ).rejects.toThrow('the work failed');
    expect(await db.query('SELECT id FROM probe WHERE id = 3')).toEqual([]);

    const committed = await db.tx(async (q) => {
      await q.query("INSERT INTO probe VALUES (4, '{}')");
      return (await q.query<{ n: number }>('SELECT count(*)::int AS n FROM probe WHERE id = 4'))[0]?.n;
    });
    expect(committed).toBe(1);
    expect(await db.query('SELECT id FROM probe WHERE id = 4')).toEqual([{ id: 4 }]);
  }, 120_000);

  it('serves queries sent while a transaction holds the database after it, in order', async () => {
    const order: string[] = [];
    const inside = db.tx(async (q) => {
      await q.query("INSERT INTO probe VALUES (5, '{}')");
      order.push('tx');
    });
    const outside = db.query<{ id: number }>('SELECT id FROM probe WHERE id = 5').then((rows) => {
      order.push('outside');
      return rows;
    });
    await inside;
    expect(await outside).toEqual([{ id: 5 }]);
    expect(order).toEqual(['tx', 'outside']);
  }, 120_000);

  it('delivers notifications to every listener until each stops', async () => {
    const first: string[] = [];
    const second: string[] = [];
    const stopFirst = await db.listen('probe_channel', (payload) => first.push(payload));
    const stopSecond = await db.listen('probe_channel', (payload) => second.push(payload));
    await db.query("NOTIFY probe_channel, 'one'");
    await expect.poll(() => second, { timeout: 60_000 }).toEqual(['one']);
    await stopFirst();
    await db.query("NOTIFY probe_channel, 'two'");
    await expect.poll(() => second, { timeout: 60_000 }).toEqual(['one', 'two']);
    expect(first).toEqual(['one']);
    await stopSecond();
  }, 120_000);

  it('fails every call with "PGlite is closed" once its thread has died', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'q3p-pglite-thread-'));
    dirs.push(dir);
    const seeded = await openPglite(dir);
    await seeded.close();
    const thread = await startStoreThread({ dataDir: dir, startParams: PGLITE_START_PARAMS });
    let released = 0;
    const dying = threadDb(thread, () => released++);
    expect(await dying.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await thread.terminate();
    await expect(dying.query('SELECT 1')).rejects.toThrow(/^PGlite is closed: its thread exited/);
    await dying.close();
    expect(released).toBe(1);
  }, 300_000);
});
