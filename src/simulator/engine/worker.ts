/** A simulator worker thread: runs its share of a chunk's blocks, then counts itself done (parallel.ts). */
import { platform } from '../../platform/index.js';
import type { WorkerTask } from './parallel.js';
import { runProgram } from './program.js';
import { adoptStateMemory, type WasmMemory } from '../kernels/wasm.js';

/**
 * The last state memory received, by the pool's id for it: a memory posted
 * again arrives as a new object, and a new object would get a new module
 * instance and a new scratch region every task. One is enough: a run evolves
 * one state at a time, and keeping more would keep freed states alive.
 */
let last: { readonly id: number; readonly memory: WasmMemory } | null = null;

function adopt(task: WorkerTask): void {
  if (!task.memory) return;
  if (last?.id !== task.memoryId) last = { id: task.memoryId, memory: task.memory };
  adoptStateMemory(last.memory, task.re.buffer);
}

const parentPort = platform.simulatorThreadPort;

parentPort?.on('message', (message: unknown) => {
  // The pool (parallel.ts) posts nothing else to its threads.
  const task = message as WorkerTask;
  try {
    adopt(task);
    runProgram(task.program, task.re, task.im, task.qubits, task.first, task.end);
  } finally {
    // Always signal, so the waiting main thread never hangs.
    Atomics.add(task.done, 0, 1);
    Atomics.notify(task.done, 0);
  }
});

// Every import above is loaded: tell the pool this worker can take tasks.
parentPort?.postMessage('ready');
