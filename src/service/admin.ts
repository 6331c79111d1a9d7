/**
 * The admin path of a `serve` on the embedded store: `keys create|list|revoke`
 * while the server holds the data directory. An embedded store serves one
 * process, so the keys commands ask the running service instead of opening
 * the store themselves. The path is a Unix socket in the data directory,
 * `admin.sock`, readable and writable by its owner only (mode 0600): no API
 * key is needed, and nothing on another machine can reach it (docs/service.md,
 * "Keys while serve runs").
 */
import { chmodSync, existsSync, rmSync } from 'node:fs';
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { join } from 'node:path';
import type { Queryable } from './store/db.js';
import { createKey, listKeys, revokeKey, type KeyListing } from './store/catalog.js';

export const ADMIN_SOCKET = 'admin.sock';

/** The admin socket of an embedded data directory. */
export const adminSocketPath = (dataDir: string): string => join(dataDir, ADMIN_SOCKET);

/** A key listing as it travels over the socket (dates as ISO text). */
interface KeyListingJson {
  readonly id: string;
  readonly user_id: string;
  readonly project_id: string;
  readonly created_at: string;
  readonly revoked_at: string | null;
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  const value: unknown = text ? JSON.parse(text) : {};
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function send(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** Serves the admin socket of `dataDir` for the store `db`; resolves to the function that closes it. */
export async function startAdminSocket(db: Queryable, dataDir: string): Promise<() => Promise<void>> {
  const path = adminSocketPath(dataDir);
  // The caller holds the data directory's lock: a socket file left here is a dead holder's.
  rmSync(path, { force: true });
  const server = createServer((request, response) => {
    void answer(request, response).catch((error: unknown) =>
      send(response, 500, { message: error instanceof Error ? error.message : String(error) }),
    );
  });
  const answer = async (request: IncomingMessage, response: ServerResponse) => {
    const route = `${request.method ?? ''} ${request.url ?? ''}`;
    if (route === 'POST /keys') {
      const body = await readJson(request);
      if (typeof body.user !== 'string' || typeof body.project !== 'string')
        return send(response, 400, { message: 'user and project are required' });
      return send(response, 201, await createKey(db, body.user, body.project));
    }
    if (route === 'GET /keys') return send(response, 200, await listKeys(db));
    const revoke = /^POST \/keys\/([0-9a-f-]{36})\/revoke$/i.exec(route);
    if (revoke) return send(response, 200, { revoked: await revokeKey(db, revoke[1] as string) });
    return send(response, 404, { message: `No admin route ${route}` });
  };
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(path, 0o600);
  // The socket must not keep a stopping process alive on its own: the HTTP server and signals do that.
  server.unref();
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(path, { force: true });
    });
}

/** Calls the admin socket of a running serve; rejects when none answers there. */
function call<T>(dataDir: string, method: string, path: string, body?: unknown): Promise<T> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { socketPath: adminSocketPath(dataDir), method, path, headers: { 'content-type': 'application/json' } },
      (response) => {
        let text = '';
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
        response.on('end', () => {
          try {
            const value = JSON.parse(text) as T & { message?: string };
            if ((response.statusCode ?? 500) >= 400) reject(new Error(value.message ?? text));
            else resolve(value);
          } catch (error) {
            reject(error instanceof Error ? error : new Error(String(error)));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

/** The keys commands through a running serve's admin socket. */
export interface AdminClient {
  createKey(userId: string, projectId: string): Promise<{ id: string; key: string }>;
  listKeys(): Promise<KeyListing[]>;
  revokeKey(id: string): Promise<boolean>;
}

/** A client of the admin socket of `dataDir`, or null when there is no socket file. */
export function adminClient(dataDir: string): AdminClient | null {
  if (!existsSync(adminSocketPath(dataDir))) return null;
  return {
    createKey: (user, project) => call(dataDir, 'POST', '/keys', { user, project }),
    listKeys: async () =>
      (await call<KeyListingJson[]>(dataDir, 'GET', '/keys')).map((k) => ({
        ...k,
        created_at: new Date(k.created_at),
        revoked_at: k.revoked_at === null ? null : new Date(k.revoked_at),
      })),
    revokeKey: async (id) =>
      (await call<{ revoked: boolean }>(dataDir, 'POST', `/keys/${encodeURIComponent(id)}/revoke`)).revoked,
  };
}
