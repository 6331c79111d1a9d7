/** Worker thread entry: checks each batch it is sent and replies with the batch's reports. */
import { parentPort, workerData } from 'node:worker_threads';
import { checkFiles } from './check-files.js';
import type { BatchReply, BatchRequest, WorkerSetup } from './parallel.js';
import { libraryValidator } from './validator.js';

const { options } = workerData as WorkerSetup;
parentPort?.on('message', (request: BatchRequest) => {
  parentPort?.postMessage({ batch: request.batch, reports: checkFiles(libraryValidator, request.files, options) } satisfies BatchReply);
});
