/**
 * The Node host (see types.ts): cores and memory from node:os, simulator
 * threads from node:worker_threads. Browser bundles use browser.ts instead.
 */
import { availableParallelism as nodeParallelism, loadavg, totalmem } from 'node:os';
import { parentPort, Worker } from 'node:worker_threads';
import type { Platform, SimulatorThread } from './types.js';

export type { Platform, SimulatorThread, SimulatorThreadPort } from './types.js';

/** The built simulator/engine/worker.js; from TypeScript sources (tests, benches) worker.ts through tsx's loader. */
function startSimulatorThread(): SimulatorThread {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('../simulator/engine/worker.js', import.meta.url));
  const tsx = import.meta.resolve('tsx/esm/api');
  const script = new URL('../simulator/engine/worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(script)}); });`;
  return new Worker(boot, { eval: true });
}

export const platform: Platform = {
  availableParallelism: nodeParallelism,
  idleCores: () => Math.max(0, nodeParallelism() - Math.floor(loadavg()[0] ?? 0)),
  totalMemoryBytes: totalmem,
  startSimulatorThread,
  simulatorThreadPort: parentPort,
};
