/** A simulator worker thread: runs its share of a chunk's blocks, then counts itself done (parallel.ts). */
import { parentPort } from 'node:worker_threads';
import type { WorkerTask } from './parallel.js';
import { runProgram } from './program.js';

parentPort?.on('message', (task: WorkerTask) => {
  try {
    runProgram(task.program, task.re, task.im, task.qubits, task.first, task.end);
  } finally {
    // Always signal, so the waiting main thread never hangs.
    Atomics.add(task.done, 0, 1);
    Atomics.notify(task.done, 0);
  }
});

// Every import above is loaded: tell the pool this worker can take tasks.
parentPort?.postMessage('ready');
