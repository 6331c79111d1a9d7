/**
 * The browser host (see types.ts), swapped in for index.ts by browser
 * bundles. The simulator stays on its calling thread: the pool blocks the
 * caller with Atomics.wait, which a page's main thread may not do, and the
 * console already runs simulate in a Web Worker of its own.
 */
import type { Platform } from './types.js';

export type { Platform, SimulatorThread, SimulatorThreadPort } from './types.js';

const GIB = 2 ** 30;
/** Without navigator.deviceMemory (Chromium only, capped at 8), assume a small device. */
const ASSUMED_DEVICE_GIB = 4;

function totalMemoryBytes(): number {
  const reported = (globalThis as { navigator?: { deviceMemory?: number } }).navigator?.deviceMemory;
  return (typeof reported === 'number' && reported > 0 ? reported : ASSUMED_DEVICE_GIB) * GIB;
}

export const platform: Platform = {
  availableParallelism: () => 1,
  idleCores: () => 1,
  totalMemoryBytes,
  startSimulatorThread: () => {
    throw new Error('simulator threads are not available in the browser build');
  },
  simulatorThreadPort: null,
};
