/**
 * Answers a client can read (issue 24, S8, S9).
 *
 * - A request answered before its body was read (413, 415, a parse error)
 *   has its body read and discarded, up to a bound, before the answer goes
 *   out: closing at once made the client's upload fail with EPIPE before it
 *   read the 413.
 * - Node's `clientError` answers (431 headers too large, 408, 400) in the
 *   one error shape, and with headers only to a HEAD request.
 */
import { STATUS_CODES, type IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** Bytes of an unread body discarded before an early answer; a larger upload is cut. */
export const DRAIN_BYTES = 32 * 1024 * 1024;
/** Time spent discarding an unread body, at most. */
export const DRAIN_MS = 10_000;

/** The request's body was read to its end (or the request is gone): there is nothing left to drain. */
export const bodyFinished = (request: IncomingMessage): boolean =>
  request.complete || request.readableEnded || request.destroyed;

/** Reads and discards the rest of a request body; resolves at its end, or when a bound is reached. */
export function drainRequest(request: IncomingMessage, maxBytes = DRAIN_BYTES, maxMs = DRAIN_MS): Promise<void> {
  if (bodyFinished(request)) return Promise.resolve();
  return new Promise((resolve) => {
    let received = 0;
    const finish = () => {
      clearTimeout(timer);
      request.off('data', onData);
      request.off('end', finish);
      request.off('close', finish);
      request.off('error', finish);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > maxBytes) finish();
    };
    const timer = setTimeout(finish, maxMs);
    request.on('data', onData);
    request.on('end', finish);
    request.on('close', finish);
    request.on('error', finish);
    request.resume();
  });
}

/** Node's own status for a `clientError`, as Fastify's default handler chooses it. */
function statusOf(code: string | undefined): number {
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  return 400;
}

const MESSAGES: Readonly<Record<number, string>> = {
  408: 'The request did not arrive in time',
  431: 'The request headers (with the URL) are larger than 16 KB',
  400: 'The request is not valid HTTP',
};

/** Fastify's `clientErrorHandler`: the error shape, no body for HEAD, then the socket is closed. */
export function answerClientError(error: Error & { code?: string; rawPacket?: unknown }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = statusOf(error.code);
  const body = JSON.stringify({
    statusCode: status,
    error: STATUS_CODES[status] ?? 'Error',
    message: MESSAGES[status] ?? 'Client error',
  });
  const packet = error.rawPacket;
  const isHead = Buffer.isBuffer(packet) && packet.subarray(0, 5).toString('latin1') === 'HEAD ';
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${isHead ? '' : body}`,
    );
  }
  socket.destroy(error);
}
