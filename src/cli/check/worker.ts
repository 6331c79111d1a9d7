/** Worker thread entry: warms up, says `ready`, then checks each batch it is sent and replies with its reports. */
import { parentPort, workerData } from 'node:worker_threads';
import { checkFiles } from './check-files.js';
import type { BatchReply, BatchRequest, WorkerSetup } from './parallel.js';
import { libraryValidator } from './validator.js';

const { options } = workerData as WorkerSetup;
// Build the parser before asking for work, so no batch waits on a cold thread.
libraryValidator('', { ...options, filename: 'warm-up.qasm' });
parentPort?.postMessage('ready');
parentPort?.on('message', (request: BatchRequest) => {
  parentPort?.postMessage({
    batch: request.batch,
    reports: checkFiles(libraryValidator, request.files, options),
  } satisfies BatchReply);
});
