/**
 * What the library asks of its host: the few facts and services that differ
 * between Node and a browser. `index.ts` is the Node host; `browser.ts` takes
 * its place in browser bundles (the package's `browser` field and the Vite
 * config map one file to the other), so no stage checks where it runs.
 */

/** A thread that runs simulator blocks (see simulator/engine/parallel.ts), as the pool uses it. */
export interface SimulatorThread {
  postMessage(message: unknown): void;
  once(event: 'message' | 'error', listener: (value: unknown) => void): unknown;
  /** Lets the process exit while the thread idles. */
  unref(): void;
  terminate(): Promise<number>;
}

/** The simulator thread's side of the channel: where tasks arrive and readiness is announced. */
export interface SimulatorThreadPort {
  on(event: 'message', listener: (message: unknown) => void): unknown;
  postMessage(message: unknown): void;
}

export interface Platform {
  /** Threads that may run at once (1: the simulator stays on the calling thread). */
  availableParallelism(): number;
  /** Cores not busy now: the cores less the one-minute load average, rounded down (0 at least). */
  idleCores(): number;
  /** Bytes of memory the machine has; the simulator's default budget is half of it. */
  totalMemoryBytes(): number;
  /** Starts one simulator thread running simulator/worker; only called when availableParallelism() > 1. */
  startSimulatorThread(): SimulatorThread;
  /** Inside a simulator thread: its port to the pool; null elsewhere. */
  readonly simulatorThreadPort: SimulatorThreadPort | null;
}
