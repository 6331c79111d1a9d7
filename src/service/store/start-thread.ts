/**
 * Starts one of the service's worker-thread modules (the store's own thread
 * and the job threads; it lives in store/ because the store imports nothing
 * from above it): the built `.js` beside
 * the caller, or, when the service runs from its TypeScript sources (tests,
 * tsx), the `.ts` through tsx's loader, which a worker does not inherit.
 */
import { Worker } from 'node:worker_threads';

/** Starts the module `name` (no extension) found beside `callerUrl` (the caller's `import.meta.url`). */
export function startThread(callerUrl: string, name: string, workerData: unknown): Worker {
  if (!callerUrl.endsWith('.ts')) return new Worker(new URL(`./${name}.js`, callerUrl), { workerData });
  const tsx = import.meta.resolve('tsx/esm/api');
  const script = new URL(`./${name}.ts`, callerUrl).href;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(script)}); });`;
  return new Worker(boot, { eval: true, workerData });
}
