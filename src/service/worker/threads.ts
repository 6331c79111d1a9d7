/**
 * A fixed pool of worker threads that run jobs (`--workers n` of them). A
 * run whose job was canceled is abandoned by terminating its thread, which is
 * replaced at once.
 */
import type { Worker } from 'node:worker_threads';
import { startThread } from '../store/start-thread.js';
import type { ExecuteRequest, ExecuteResult } from './execute.js';

/** What a job thread is told at start (thread.ts reads it as workerData). */
export interface ThreadSettings {
  /** Split the passes of wide states over a simulator worker pool of the thread's own (see {@link ThreadPool}). */
  readonly splitPasses: boolean;
}

/** The built thread.js; from TypeScript sources (tests, tsx) thread.ts through tsx's loader. */
function startJobThread(settings: ThreadSettings): Worker {
  return startThread(import.meta.url, 'thread', settings);
}

export class AbandonedError extends Error {
  constructor() {
    super('The run was abandoned');
    this.name = 'AbandonedError';
  }
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: { id: number; resolve: (r: ExecuteResult) => void; reject: (e: unknown) => void } | null;
}

export class ThreadPool {
  private readonly slots: Slot[] = [];
  private nextId = 1;
  private closed = false;

  /**
   * A single job thread splits the passes of wide states over the machine's cores (the simulator's own pool, started
   * with the thread); several job threads already share the cores between their jobs, so each stays on one.
   */
  private readonly settings: ThreadSettings;

  constructor(readonly size: number) {
    this.settings = { splitPasses: size === 1 };
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const worker = startJobThread(this.settings);
    const slot: Slot = { worker, ready: Promise.resolve(), busy: null };
    // A thread stays referenced until it has loaded the library: until then it may be the only
    // thing the process waits for (serve awaits ready() before it listens), and an unreferenced
    // one let Node end the process with exit code 13 and no word when start-up was slow.
    slot.ready = new Promise((resolve, reject) => {
      const onReady = (message: { ready?: boolean }) => {
        if (!message.ready) return;
        settle();
        worker.unref();
        resolve();
      };
      const onFailure = (error: unknown) => {
        settle();
        reject(
          new Error(`A worker thread failed while starting: ${error instanceof Error ? error.message : String(error)}`),
        );
      };
      const onExit = (code: number) => onFailure(new Error(`it exited with code ${code}`));
      const settle = () => {
        worker.off('message', onReady);
        worker.off('error', onFailure);
        worker.off('exit', onExit);
      };
      worker.on('message', onReady);
      worker.on('error', onFailure);
      worker.on('exit', onExit);
    });
    // A replaced or closed slot's start-up failure is reported by ready() only while it is awaited.
    slot.ready.catch(() => undefined);
    worker.on('message', (message: { id?: number; result?: ExecuteResult; error?: string }) => {
      const busy = slot.busy;
      if (!busy || message.id !== busy.id) return;
      slot.busy = null;
      if (message.error !== undefined) busy.reject(new Error(message.error));
      else busy.resolve(message.result as ExecuteResult);
    });
    worker.on('error', (error) => this.replace(slot, error));
    worker.on('exit', () => this.replace(slot, new Error('The worker thread exited')));
    return slot;
  }

  private replace(slot: Slot, error: unknown): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    slot.busy?.reject(error);
    slot.busy = null;
    if (this.closed) return;
    this.slots[index] = this.spawn();
  }

  /** Free slots: how many more runs can start now. */
  get idle(): number {
    return this.slots.filter((s) => !s.busy).length;
  }

  /** Resolves when every thread has loaded the library. */
  async ready(): Promise<void> {
    await Promise.all(this.slots.map((s) => s.ready));
  }

  /** Runs a job on an idle thread; `abandon()` on the returned handle stops it (the promise rejects with AbandonedError). */
  run(request: ExecuteRequest): { result: Promise<ExecuteResult>; abandon: () => void } {
    const slot = this.slots.find((s) => !s.busy);
    if (!slot) throw new Error('No idle worker thread');
    const id = this.nextId++;
    const result = new Promise<ExecuteResult>((resolve, reject) => {
      slot.busy = { id, resolve, reject };
    });
    // A thread that fails to start exits, and its exit handler rejects this run.
    slot.ready.then(
      () => {
        if (slot.busy?.id === id) slot.worker.postMessage({ id, request });
      },
      () => undefined,
    );
    const abandon = () => {
      if (slot.busy?.id !== id) return;
      const busy = slot.busy;
      slot.busy = null;
      busy.reject(new AbandonedError());
      const index = this.slots.indexOf(slot);
      if (index >= 0 && !this.closed) this.slots[index] = this.spawn();
      void slot.worker.terminate();
    };
    return { result, abandon };
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((s) => s.worker.terminate()));
  }
}
