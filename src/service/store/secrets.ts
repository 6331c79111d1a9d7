/**
 * Secrets the processes sharing one store must agree on (the list cursors'
 * signing key): made by whichever process asks first, kept in service_meta.
 */
import { randomBytes } from 'node:crypto';
import type { Queryable } from './db.js';

export async function sharedSecret(q: Queryable, name: string): Promise<Buffer> {
  await q.query('INSERT INTO service_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
    name,
    randomBytes(32).toString('base64'),
  ]);
  const rows = await q.query<{ value: string }>('SELECT value FROM service_meta WHERE key = $1', [name]);
  return Buffer.from(rows[0]?.value ?? '', 'base64');
}
