/**
 * Spreads files over worker threads through a shared queue of small
 * batches: each thread, the main one included, takes the next batch when it
 * is done with the last. A worker spends most of a second building the parser
 * before its first file, so a fixed split would leave the main thread idle
 * while slow starters hold their share; with the queue, whoever is ready
 * works. A worker that fails only costs speed: its batch goes back in the
 * queue.
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

/** Worker -> main: that batch's reports. */
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

export async function checkFilesInParallel(validator: Validator, files: readonly FileToCheck[], options: CheckOptions, threads: number): Promise<FileReport[]> {
  if (threads <= 1) return checkFiles(validator, files, options);
  const batches: FileToCheck[][] = [];
  for (let i = 0; i < files.length; i += BATCH_SIZE) batches.push(files.slice(i, i + BATCH_SIZE));
  const results: FileReport[][] = new Array(batches.length);
  const queue = batches.map((_, i) => i);

  const workers = Array.from({ length: threads - 1 }, () => runWorker(batches, queue, results, options));
  // The main thread takes batches too, yielding between them so worker replies are handled promptly.
  for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
    results[next] = checkFiles(validator, batches[next] as FileToCheck[], options);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  await Promise.all(workers);
  // Batches a failed worker held are done here, so no file is ever lost.
  batches.forEach((batch, i) => {
    results[i] ??= checkFiles(validator, batch, options);
  });
  return results.flat();
}

/** Feeds one worker from the queue until the queue is empty; resolves when the worker is done or has failed. */
function runWorker(batches: readonly FileToCheck[][], queue: number[], results: FileReport[][], options: CheckOptions): Promise<void> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(new URL('./worker.js', import.meta.url), { workerData: { options } satisfies WorkerSetup });
    } catch {
      resolve();
      return;
    }
    const feed = () => {
      const next = queue.shift();
      if (next === undefined) {
        void worker.terminate().then(() => resolve());
        return;
      }
      worker.postMessage({ batch: next, files: batches[next] as FileToCheck[] } satisfies BatchRequest);
    };
    worker.on('message', (reply: BatchReply) => {
      results[reply.batch] = reply.reports;
      feed();
    });
    worker.once('error', () => resolve());
    worker.once('exit', () => resolve());
    feed();
  });
}
