/** A simulator worker thread: claims and runs pieces of a pass until none is left (parallel.ts). */
import { platform } from '../../platform/index.js';
import { runPieces, type WorkerTask } from './parallel.js';
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
  adopt(task);
  runPieces(task);
});

// Every import above is loaded: tell the pool this worker can take tasks.
parentPort?.postMessage('ready');
