/**
 * A fixed pool of worker threads that run jobs (`--workers n` of them). A
 * run whose job was canceled is abandoned by terminating its thread, which is
 * replaced at once.
 */
import { Worker } from 'node:worker_threads';
import type { ExecuteRequest, ExecuteResult } from './execute.js';

/** The built thread.js; from TypeScript sources (tests, tsx) thread.ts through tsx's loader. */
function startThread(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./thread.js', import.meta.url));
  const tsx = import.meta.resolve('tsx/esm/api');
  const script = new URL('./thread.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then((api) => { api.register(); return import(${JSON.stringify(script)}); });`;
  return new Worker(boot, { eval: true });
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

  constructor(readonly size: number) {
    for (let i = 0; i < size; i++) this.slots.push(this.spawn());
  }

  private spawn(): Slot {
    const worker = startThread();
    const slot: Slot = { worker, ready: Promise.resolve(), busy: null };
    slot.ready = new Promise((resolve) => {
      const onReady = (message: { ready?: boolean }) => {
        if (message.ready) {
          worker.off('message', onReady);
          resolve();
        }
      };
      worker.on('message', onReady);
    });
    worker.on('message', (message: { id?: number; result?: ExecuteResult; error?: string }) => {
      const busy = slot.busy;
      if (!busy || message.id !== busy.id) return;
      slot.busy = null;
      if (message.error !== undefined) busy.reject(new Error(message.error));
      else busy.resolve(message.result as ExecuteResult);
    });
    worker.on('error', (error) => this.replace(slot, error));
    worker.on('exit', () => this.replace(slot, new Error('The worker thread exited')));
    worker.unref();
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
    void slot.ready.then(() => {
      if (slot.busy?.id === id) slot.worker.postMessage({ id, request });
    });
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
