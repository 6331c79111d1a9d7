/**
 * The web console (src/console, built by Vite into dist/console) at `/`.
 * One route per built file (no wildcard), so every other path, the API's
 * included, keeps the API's own routes and its JSON 404. Without a build
 * (a checkout that never ran `npm run build`) the API runs alone.
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { App } from './types.js';

/** dist/console beside the built service; from TypeScript sources (tests), the repository's dist/console. */
export const ISOLATION_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
} as const;

export function consoleDirectory(): string {
  const relative = import.meta.url.endsWith('.ts') ? '../../../dist/console/' : '../../console/';
  return fileURLToPath(new URL(relative, import.meta.url));
}

export async function consoleRoutes(app: App, directory = consoleDirectory()): Promise<void> {
  if (!existsSync(`${directory}index.html`)) {
    app.log.warn({ directory }, 'web console not built (npm run build): serving the API only');
    return;
  }
  await app.register(fastifyStatic, {
    root: directory,
    prefix: '/',
    wildcard: false,
    decorateReply: false,
    setHeaders: (response, path) => {
      // Hashed asset names change with their content; the page itself is checked every time.
      response.setHeader('cache-control', path.endsWith('.html') ? 'no-cache' : 'public, max-age=31536000, immutable');
      // Cross-origin isolation: SharedArrayBuffer, so the simulator's WebAssembly kernels run in the console's worker.
      for (const [name, value] of Object.entries(ISOLATION_HEADERS)) response.setHeader(name, value);
    },
  });
}
