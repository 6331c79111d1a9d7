/**
 * Long work of one request done in turns (issue 24, S7): between two turns
 * the event loop runs other requests and `/health`, so no request blocks the
 * server for more than a few milliseconds at a time.
 */

/** Resolves after the event loop has run what was waiting (I/O callbacks included: `setImmediate`, not a microtask). */
export const yieldToEventLoop = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));
