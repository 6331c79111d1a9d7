/**
 * Worker-thread entry: runs jobs posted by worker/threads.ts, so simulation
 * never blocks the HTTP event loop.
 */
import { parentPort } from 'node:worker_threads';
import { execute, type ExecuteRequest } from './execute.js';

parentPort?.on('message', (message: { id: number; request: ExecuteRequest }) => {
  let reply: { id: number; result?: unknown; error?: string };
  try {
    reply = { id: message.id, result: execute(message.request) };
  } catch (error) {
    reply = { id: message.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(reply);
});
parentPort?.postMessage({ ready: true });
