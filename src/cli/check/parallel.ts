/**
 * Spreads files over worker threads through a shared queue of small
 * batches: each thread, the main one included, takes the next batch when it
 * is done with the last. A worker spends a good part of a second loading
 * modules and building the parser before its first file, so it asks for work
 * only once warm; until then the main thread carries on alone, and a worker
 * still starting when the queue runs dry is stopped unused. A worker that
 * fails only costs speed: its batch is checked on the main thread.
 */
import { Worker } from 'node:worker_threads';
import { availableParallelism, loadavg } from 'node:os';
import type { CheckOptions, Validator } from './check-source.js';
import { checkFiles, type FileToCheck } from './check-files.js';
import type { FileReport } from './report.js';

export interface WorkerSetup {
  readonly options: CheckOptions;
}

/** Main -> worker: a batch to check. */
export interface BatchRequest {
  readonly batch: number;
  readonly files: readonly FileToCheck[];
}

/** Worker -> main: `'ready'` once warm, then each batch's reports. */
export interface BatchReply {
  readonly batch: number;
  readonly reports: FileReport[];
}

/**
 * Below this many files per extra thread, a worker's start-up (loading and
 * building the parser) costs more than it saves; measured with
 * bench/cli-many-files.bench.ts.
 */
export const MIN_FILES_PER_THREAD = 300;
const BATCH_SIZE = 16;

/**
 * Threads to use for `fileCount` files when the user asked for `jobs`
 * (undefined: automatic). Automatic counts only the cores other processes
 * leave idle (by the one-minute load average): on a busy machine a worker's
 * start-up competes with the main thread and makes the run slower.
 */
export function threadsFor(fileCount: number, jobs: number | undefined, load: number = loadavg()[0] ?? 0): number {
  if (jobs !== undefined) return Math.max(1, Math.min(jobs, Math.ceil(fileCount / BATCH_SIZE)));
  const idleCores = Math.max(1, availableParallelism() - Math.floor(load));
  return Math.max(1, Math.min(idleCores, Math.floor(fileCount / MIN_FILES_PER_THREAD)));
}

export async function checkFilesInParallel(
  validator: Validator,
  files: readonly FileToCheck[],
  options: CheckOptions,
  threads: number,
): Promise<FileReport[]> {
  if (threads <= 1) return checkFiles(validator, files, options);
  const batches: FileToCheck[][] = [];
  for (let i = 0; i < files.length; i += BATCH_SIZE) batches.push(files.slice(i, i + BATCH_SIZE));
  const results = new Array<FileReport[]>(batches.length);
  const queue = batches.map((_, i) => i);

  const workers = Array.from({ length: threads - 1 }, () => startWorker(batches, queue, results, options));
  // The main thread takes batches too, yielding between them so worker messages are handled promptly.
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    results[next] = checkFiles(validator, batches[next] as FileToCheck[], options);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  // Workers still starting up have nothing left to do; busy ones finish their batch.
  for (const worker of workers) worker.stopIfIdle();
  await Promise.all(workers.map((w) => w.done));
  // Batches a failed worker held are done here, so no file is ever lost.
  batches.forEach((batch, i) => {
    results[i] ??= checkFiles(validator, batch, options);
  });
  return results.flat();
}

interface RunningWorker {
  readonly done: Promise<void>;
  stopIfIdle(): void;
}

/**
 * Starts a worker that asks for work only once it is warm (modules loaded,
 * parser built), so no batch ever waits on a cold thread; it takes batches
 * from the queue until the queue is empty.
 */
function startWorker(
  batches: readonly FileToCheck[][],
  queue: number[],
  results: FileReport[][],
  options: CheckOptions,
): RunningWorker {
  let busy = false;
  let stop = () => {};
  const done = new Promise<void>((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./worker.js', import.meta.url), { workerData: { options } satisfies WorkerSetup });
    } catch {
      resolve();
      return;
    }
    stop = () => void worker.terminate().then(() => resolve());
    const feed = () => {
      const next = queue.shift();
      busy = next !== undefined;
      if (next === undefined) stop();
      else worker.postMessage({ batch: next, files: batches[next] as FileToCheck[] } satisfies BatchRequest);
    };
    worker.on('message', (message: BatchReply | 'ready') => {
      if (message !== 'ready') results[message.batch] = message.reports;
      feed();
    });
    worker.once('error', () => resolve());
    worker.once('exit', () => resolve());
  });
  return { done, stopIfIdle: () => (busy ? undefined : stop()) };
}
