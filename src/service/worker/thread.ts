/**
 * Worker-thread entry: runs jobs posted by worker/threads.ts, so simulation
 * never blocks the HTTP event loop.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { prepareWorkers } from '../../index.js';
import { execute, type ExecuteRequest } from './execute.js';
import type { ThreadSettings } from './threads.js';

const settings = (workerData ?? { splitPasses: false }) as ThreadSettings;

parentPort?.on('message', (message: { id: number; request: ExecuteRequest }) => {
  let reply: { id: number; result?: unknown; error?: string };
  try {
    reply = { id: message.id, result: execute(message.request, { parallel: settings.splitPasses }) };
  } catch (error) {
    reply = { id: message.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
// One small run before taking jobs, so the first job does not pay for loading and compiling the simulator.
execute({
  kind: 'qasm3',
  program: 'qubit[2] q; bit[2] c; h q[0]; cx q[0], q[1]; c[0] = measure q[0]; c[1] = measure q[1];',
  backend: 'simulator',
  shots: 10,
  noise: { model: 'aria-1', seed: 1, characterization: null },
  debiasing: false,
  dryRun: false,
});
// The simulator's workers are ready before the first job, so that a wide first job already uses every core.
if (settings.splitPasses) await prepareWorkers();
parentPort?.postMessage({ ready: true });
